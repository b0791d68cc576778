package org.msgdlab.onlineregression;

import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.problem.RegressionProblem;

import java.util.List;
import java.util.Objects;

/**
 * Declares a {@link RegressionPlan} part by part, so that each of its twenty numbers and lists is named
 * where it is given (the plan has runs of adjacent numbers of one type: steps, trajectories, step sizes).
 * Every part is required; {@link #build} names the first one missing, and the plan's constructor
 * validates the values. Not thread-safe; the plan it builds is.
 */
public final class RegressionPlanBuilder {

    private final String label;
    private List<RegressionProblem> simulated;
    private List<RegressionProblem> swept;
    private Integer b;
    private List<Integer> largeBatches;
    private List<NoiseClass> classes;
    private Double eta;
    private Integer nMax;
    private Integer perDecade;
    private Long runs;
    private Double smallEta;
    private Double smallEtaSigma2;
    private Integer smallEtaNMax;
    private Long smallEtaRuns;
    private List<Integer> sweepBatches;
    private List<Integer> sweepLargeFactors;
    private List<Double> etaFractions;
    private List<Double> sigma2s;
    private Integer exactNMax;
    private Long weightDraws;

    RegressionPlanBuilder(String label) {
        this.label = Objects.requireNonNull(label, "label");
    }

    /** A builder holding every part of {@code plan}, under {@code label} (to change some of them). */
    RegressionPlanBuilder(RegressionPlan plan, String label) {
        this(label);
        this.simulated = plan.simulated();
        this.swept = plan.swept();
        this.b = plan.b();
        this.largeBatches = plan.largeBatches();
        this.classes = plan.classes();
        this.eta = plan.eta();
        this.nMax = plan.nMax();
        this.perDecade = plan.perDecade();
        this.runs = plan.runs();
        this.smallEta = plan.smallEta();
        this.smallEtaSigma2 = plan.smallEtaSigma2();
        this.smallEtaNMax = plan.smallEtaNMax();
        this.smallEtaRuns = plan.smallEtaRuns();
        this.sweepBatches = plan.sweepBatches();
        this.sweepLargeFactors = plan.sweepLargeFactors();
        this.etaFractions = plan.etaFractions();
        this.sigma2s = plan.sigma2s();
        this.exactNMax = plan.exactNMax();
        this.weightDraws = plan.weightDraws();
    }

    /**
     * @param simulated the problems simulated by Monte Carlo
     * @return this builder
     */
    public RegressionPlanBuilder simulated(List<RegressionProblem> simulated) {
        this.simulated = simulated;
        return this;
    }

    /**
     * @param swept the problems of the exact sweep
     * @return this builder
     */
    public RegressionPlanBuilder swept(List<RegressionProblem> swept) {
        this.swept = swept;
        return this;
    }

    /**
     * @param b the small batch of the Monte Carlo
     * @return this builder
     */
    public RegressionPlanBuilder b(int b) {
        this.b = b;
        return this;
    }

    /**
     * @param largeBatches the large batches B of the Monte Carlo, each {@code > b}
     * @return this builder
     */
    public RegressionPlanBuilder largeBatches(List<Integer> largeBatches) {
        this.largeBatches = largeBatches;
        return this;
    }

    /**
     * @param classes the noise classes of MSGD
     * @return this builder
     */
    public RegressionPlanBuilder classes(List<NoiseClass> classes) {
        this.classes = classes;
        return this;
    }

    /**
     * @param eta the main Monte Carlo's step size
     * @return this builder
     */
    public RegressionPlanBuilder eta(double eta) {
        this.eta = eta;
        return this;
    }

    /**
     * @param nMax the main Monte Carlo's steps
     * @return this builder
     */
    public RegressionPlanBuilder nMax(int nMax) {
        this.nMax = nMax;
        return this;
    }

    /**
     * @param perDecade checkpoints per decade
     * @return this builder
     */
    public RegressionPlanBuilder perDecade(int perDecade) {
        this.perDecade = perDecade;
        return this;
    }

    /**
     * @param runs the main Monte Carlo's trajectories per algorithm
     * @return this builder
     */
    public RegressionPlanBuilder runs(long runs) {
        this.runs = runs;
        return this;
    }

    /**
     * @param smallEta the small step size of the second Monte Carlo
     * @return this builder
     */
    public RegressionPlanBuilder smallEta(double smallEta) {
        this.smallEta = smallEta;
        return this;
    }

    /**
     * @param smallEtaSigma2 the noise variance of the second Monte Carlo
     * @return this builder
     */
    public RegressionPlanBuilder smallEtaSigma2(double smallEtaSigma2) {
        this.smallEtaSigma2 = smallEtaSigma2;
        return this;
    }

    /**
     * @param smallEtaNMax the second Monte Carlo's steps
     * @return this builder
     */
    public RegressionPlanBuilder smallEtaNMax(int smallEtaNMax) {
        this.smallEtaNMax = smallEtaNMax;
        return this;
    }

    /**
     * @param smallEtaRuns the second Monte Carlo's trajectories
     * @return this builder
     */
    public RegressionPlanBuilder smallEtaRuns(long smallEtaRuns) {
        this.smallEtaRuns = smallEtaRuns;
        return this;
    }

    /**
     * @param sweepBatches the small batches b of the exact sweep
     * @return this builder
     */
    public RegressionPlanBuilder sweepBatches(List<Integer> sweepBatches) {
        this.sweepBatches = sweepBatches;
        return this;
    }

    /**
     * @param sweepLargeFactors the B/b factors of the exact equality sweep (B = b included)
     * @return this builder
     */
    public RegressionPlanBuilder sweepLargeFactors(List<Integer> sweepLargeFactors) {
        this.sweepLargeFactors = sweepLargeFactors;
        return this;
    }

    /**
     * @param etaFractions the exact sweep's step sizes, as fractions of eta_max, each in (0, 1)
     * @return this builder
     */
    public RegressionPlanBuilder etaFractions(List<Double> etaFractions) {
        this.etaFractions = etaFractions;
        return this;
    }

    /**
     * @param sigma2s the noise variances of the exact sweep
     * @return this builder
     */
    public RegressionPlanBuilder sigma2s(List<Double> sigma2s) {
        this.sigma2s = sigma2s;
        return this;
    }

    /**
     * @param exactNMax the exact sweep's steps
     * @return this builder
     */
    public RegressionPlanBuilder exactNMax(int exactNMax) {
        this.exactNMax = exactNMax;
        return this;
    }

    /**
     * @param weightDraws draws of W per (class, B) for the constants claim
     * @return this builder
     */
    public RegressionPlanBuilder weightDraws(long weightDraws) {
        this.weightDraws = weightDraws;
        return this;
    }

    /**
     * @return the plan
     * @throws IllegalStateException    when a part was not given (the message names it)
     * @throws IllegalArgumentException when the plan's rules refuse a value (see {@link RegressionPlan})
     */
    public RegressionPlan build() {
        return new RegressionPlan(label,
                need(simulated, "simulated"),
                need(swept, "swept"),
                need(b, "b"),
                need(largeBatches, "largeBatches"),
                need(classes, "classes"),
                need(eta, "eta"),
                need(nMax, "nMax"),
                need(perDecade, "perDecade"),
                need(runs, "runs"),
                need(smallEta, "smallEta"),
                need(smallEtaSigma2, "smallEtaSigma2"),
                need(smallEtaNMax, "smallEtaNMax"),
                need(smallEtaRuns, "smallEtaRuns"),
                need(sweepBatches, "sweepBatches"),
                need(sweepLargeFactors, "sweepLargeFactors"),
                need(etaFractions, "etaFractions"),
                need(sigma2s, "sigma2s"),
                need(exactNMax, "exactNMax"),
                need(weightDraws, "weightDraws"));
    }

    private <T> T need(T value, String name) {
        if (value == null) {
            throw new IllegalStateException("plan " + label + ": " + name + " is not given");
        }
        return value;
    }
}
