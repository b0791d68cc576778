package org.msgdlab.core.claims;

import org.msgdlab.core.stats.SampleExperiment;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Declares a {@link MonteCarloClaim} part by part, so that the paper's, the derived and the wrong
 * values, and the two sample counts, are named where they are given. Every part but the parameters
 * (none) and the discrepancy ({@link Discrepancy#none()}) is required. Not thread-safe; the claim it
 * builds is.
 */
public final class MonteCarloClaimBuilder {

    private final ClaimRef ref;
    private Map<String, Object> parameters = Map.of();
    private List<String> names;
    private double[] paper;
    private double[] derived;
    private MonteCarloClaim.WrongFormula wrong;
    private Discrepancy discrepancy = Discrepancy.none();
    private long quick;
    private long full;
    private double roundOffScale = Double.NaN;
    private int termsPerSample;
    private SampleExperiment.Factory experiment;

    MonteCarloClaimBuilder(ClaimRef ref) {
        this.ref = Objects.requireNonNull(ref, "claim reference");
    }

    /**
     * @param parameters the parameters of the object checked, by name (copied by the claim)
     * @return this builder
     */
    public MonteCarloClaimBuilder parameters(Map<String, Object> parameters) {
        this.parameters = parameters;
        return this;
    }

    /**
     * @param names the names of the k statistics
     * @return this builder
     */
    public MonteCarloClaimBuilder statistics(List<String> names) {
        this.names = names;
        return this;
    }

    /**
     * @param values the paper's formula, one value per statistic (not copied)
     * @return this builder
     */
    public MonteCarloClaimBuilder paper(double... values) {
        this.paper = values;
        return this;
    }

    /**
     * @param values the exact values derived here, one per statistic
     * @return this builder
     */
    public MonteCarloClaimBuilder derived(double... values) {
        this.derived = values;
        return this;
    }

    /**
     * @param formula the plausible wrong formula the check must reject, in words
     * @param values  its values, one per statistic (not copied)
     * @return this builder
     */
    public MonteCarloClaimBuilder wrong(String formula, double... values) {
        this.wrong = new MonteCarloClaim.WrongFormula(formula, values);
        return this;
    }

    /**
     * @param discrepancy what is known of the gap between the paper's and the derived formula
     * @return this builder
     */
    public MonteCarloClaimBuilder discrepancy(Discrepancy discrepancy) {
        this.discrepancy = discrepancy;
        return this;
    }

    /**
     * @param quick samples at {@link Budget#QUICK}, at least 1000
     * @param full  samples at {@link Budget#FULL}, at least {@code quick}
     * @return this builder
     */
    public MonteCarloClaimBuilder samples(long quick, long full) {
        this.quick = quick;
        this.full = full;
        return this;
    }

    /**
     * @param scale          magnitude of the products accumulated per statistic
     * @param termsPerSample number of terms summed per sample
     * @return this builder
     */
    public MonteCarloClaimBuilder roundOff(double scale, int termsPerSample) {
        this.roundOffScale = scale;
        this.termsPerSample = termsPerSample;
        return this;
    }

    /**
     * @param experiment creates the experiment of one chunk, bound to its generator
     * @return this builder
     */
    public MonteCarloClaimBuilder experiment(SampleExperiment.Factory experiment) {
        this.experiment = experiment;
        return this;
    }

    /**
     * @return the claim
     * @throws IllegalStateException    naming the first required part not given
     * @throws IllegalArgumentException as {@link MonteCarloClaim}'s constructor
     */
    public MonteCarloClaim build() {
        require(names, "statistics");
        require(paper, "paper");
        require(derived, "derived");
        require(wrong, "wrong");
        require(experiment, "experiment");
        if (Double.isNaN(roundOffScale)) {
            throw new IllegalStateException("claim " + ref.id() + ": roundOff(scale, termsPerSample) not given");
        }
        return new MonteCarloClaim(ref, parameters, new MonteCarloClaim.Statistics(names, paper, derived), wrong,
                Objects.requireNonNull(discrepancy, "discrepancy"),
                new MonteCarloClaim.Sampling(quick, full, roundOffScale, termsPerSample), experiment);
    }

    private void require(Object part, String name) {
        if (part == null) {
            throw new IllegalStateException("claim " + ref.id() + ": " + name + "(...) not given");
        }
    }
}
