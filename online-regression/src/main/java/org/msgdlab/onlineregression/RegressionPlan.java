package org.msgdlab.onlineregression;

import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.bound.BoundInputs;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.sim.Checkpoints;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How much the regression study computes at one budget, and on what.
 *
 * <p><b>Monte Carlo</b> (per problem in {@code simulated}): at step {@code eta}, small batch b,
 * SGD-b, large-batch MSGD for every B in {@code largeBatches} and every noise class, and large-batch
 * SGD-B, {@code runs} independent trajectories of {@code nMax} steps; and at the small step
 * {@code smallEta}, SGD-b and MSGD at the smallest B, {@code smallEtaRuns} trajectories of
 * {@code smallEtaNMax} steps (problem noise {@code smallEtaSigma2}).
 *
 * <p><b>Exact sweep</b> (per problem in {@code swept}, every sigma^2 in {@code sigma2s}, every
 * small batch in {@code sweepBatches}, every step {@code eta = f * eta_max} for f in
 * {@code etaFractions}, where {@code eta_max = min(2/kappa, 1/lambda)} is the largest step the proof
 * allows): the exact expected risk at every n up to {@code exactNMax}, against both bounds.
 * MSGD at every B and noise class shares the moments of SGD-b, so one exact curve per
 * {@code (problem, b, eta, sigma^2)} serves them all; the B-sweep is checked exactly by the
 * equality claim.
 *
 * <p>Declared through {@link #builder}, each part named. Immutable (lists are copied) and thread-safe.
 *
 * @param label            budget label
 * @param simulated        problems simulated by Monte Carlo
 * @param swept            problems of the exact sweep
 * @param b                small batch of the Monte Carlo
 * @param largeBatches     B values of the Monte Carlo, each {@code > b}
 * @param classes          noise classes of MSGD
 * @param eta              main Monte Carlo step size
 * @param nMax             main Monte Carlo steps
 * @param perDecade        checkpoints per decade
 * @param runs             main Monte Carlo trajectories per algorithm
 * @param smallEta         small step size of the second Monte Carlo
 * @param smallEtaSigma2   noise variance of the second Monte Carlo
 * @param smallEtaNMax     its steps
 * @param smallEtaRuns     its trajectories
 * @param sweepBatches     small batches b of the exact sweep
 * @param sweepLargeFactors B/b factors of the exact equality sweep (B = b is included)
 * @param etaFractions     step sizes of the exact sweep, as fractions of eta_max, each in (0, 1)
 * @param sigma2s          noise variances of the exact sweep
 * @param exactNMax        steps of the exact sweep
 * @param weightDraws      draws of W per (class, B) for the constants claim
 */
public record RegressionPlan(String label, List<RegressionProblem> simulated, List<RegressionProblem> swept, int b,
                             List<Integer> largeBatches, List<NoiseClass> classes, double eta, int nMax, int perDecade,
                             long runs, double smallEta, double smallEtaSigma2, int smallEtaNMax, long smallEtaRuns,
                             List<Integer> sweepBatches, List<Integer> sweepLargeFactors, List<Double> etaFractions,
                             List<Double> sigma2s, int exactNMax, long weightDraws) {

    /**
     * Validates the plan and copies its lists.
     *
     * @param label             budget label
     * @param simulated         problems simulated by Monte Carlo
     * @param swept             problems of the exact sweep
     * @param b                 small batch of the Monte Carlo
     * @param largeBatches      B values of the Monte Carlo
     * @param classes           noise classes of MSGD
     * @param eta               main Monte Carlo step size
     * @param nMax              main Monte Carlo steps
     * @param perDecade         checkpoints per decade
     * @param runs              main Monte Carlo trajectories per algorithm
     * @param smallEta          small step size of the second Monte Carlo
     * @param smallEtaSigma2    noise variance of the second Monte Carlo
     * @param smallEtaNMax      its steps
     * @param smallEtaRuns      its trajectories
     * @param sweepBatches      small batches b of the exact sweep
     * @param sweepLargeFactors B/b factors of the exact equality sweep
     * @param etaFractions      step sizes of the exact sweep, as fractions of eta_max
     * @param sigma2s           noise variances of the exact sweep
     * @param exactNMax         steps of the exact sweep
     * @param weightDraws       draws of W per (class, B) for the constants claim
     * @throws IllegalArgumentException if no problem is simulated; {@code b < 1}; there is no large batch or
     *                                  no noise class; a large batch is {@code <= b}; eta or smallEta is not
     *                                  finite and &gt; 0 or violates a step-size condition of the proof
     *                                  ({@code eta kappa < 2}, {@code eta lambda <= 1}) on a simulated
     *                                  problem; a step count is below 10; runs or smallEtaRuns is below 128;
     *                                  a step fraction is outside (0, 1); a sweep batch or large-batch factor
     *                                  is below 1; or {@code weightDraws < 1000}
     */
    public RegressionPlan {
        simulated = List.copyOf(simulated);
        swept = List.copyOf(swept);
        largeBatches = List.copyOf(largeBatches);
        classes = List.copyOf(classes);
        sweepBatches = List.copyOf(sweepBatches);
        sweepLargeFactors = List.copyOf(sweepLargeFactors);
        etaFractions = List.copyOf(etaFractions);
        sigma2s = List.copyOf(sigma2s);
        if (simulated.isEmpty()) {
            throw new IllegalArgumentException("plan " + label + ": at least one simulated problem is needed");
        }
        if (b < 1) {
            throw new IllegalArgumentException("small batch size b=" + b + " must be >= 1");
        }
        if (largeBatches.isEmpty() || classes.isEmpty()) {
            throw new IllegalArgumentException("plan " + label + ": at least one large batch B and one noise class are needed");
        }
        for (int big : largeBatches) {
            if (big <= b) {
                throw new IllegalArgumentException("small batch size b=" + b + " must be < large batch size B=" + big);
            }
        }
        for (double[] e : new double[][] {{eta}, {smallEta}}) {
            if (!(e[0] > 0) || !Double.isFinite(e[0])) {
                throw new IllegalArgumentException("step size eta=" + e[0] + " must be finite and > 0");
            }
        }
        for (RegressionProblem p : simulated) {
            // a step size outside the proof's condition is refused here, before anything runs
            BoundInputs.of(p.assumptions(), b, eta).condition().require();
            BoundInputs.of(p.assumptions(), b, smallEta).condition().require();
        }
        if (nMax < 10 || smallEtaNMax < 10 || exactNMax < 10) {
            throw new IllegalArgumentException("step counts nMax=" + nMax + ", smallEtaNMax=" + smallEtaNMax + ", exactNMax=" + exactNMax
                    + " must be >= 10");
        }
        if (runs < 128 || smallEtaRuns < 128) {
            throw new IllegalArgumentException("runs=" + runs + ", smallEtaRuns=" + smallEtaRuns
                    + " must be >= 128 (two per Monte Carlo chunk for the jackknife)");
        }
        for (double f : etaFractions) {
            if (!(f > 0 && f < 1)) {
                throw new IllegalArgumentException("step-size fraction " + f + " of the largest allowed step must be in (0, 1)");
            }
        }
        for (int bb : sweepBatches) {
            if (bb < 1) {
                throw new IllegalArgumentException("small batch size b=" + bb + " must be >= 1");
            }
        }
        for (int f : sweepLargeFactors) {
            if (f < 1) {
                throw new IllegalArgumentException("large-batch factor B/b=" + f + " must be >= 1");
            }
        }
        if (weightDraws < 1000) {
            throw new IllegalArgumentException("weightDraws=" + weightDraws + " must be >= 1000");
        }
    }

    /**
     * The problem family of the study: lambda_k = k^-alpha, theta_0 = 0, theta_* = 0.5 * 1, sigma^2 = 1.
     *
     * @return the Gaussian problem with alpha = 1, d = 10
     */
    public static RegressionProblem gaussianA1() {
        return RegressionProblem.powerLaw("gaussian-a1-d10", org.msgdlab.onlineregression.problem.Design.GAUSSIAN, 10, 1.0, 1.0, 0.5);
    }

    /** @return the bounded (Rademacher) problem of the family with alpha = 1, d = 10 */
    public static RegressionProblem boundedA1() {
        return RegressionProblem.powerLaw("bounded-a1-d10", org.msgdlab.onlineregression.problem.Design.RADEMACHER, 10, 1.0, 1.0, 0.5);
    }

    /** @return the Gaussian problem of the family with alpha = 2, d = 50 */
    public static RegressionProblem gaussianA2() {
        return RegressionProblem.powerLaw("gaussian-a2-d50", org.msgdlab.onlineregression.problem.Design.GAUSSIAN, 50, 2.0, 1.0, 0.5);
    }

    /**
     * A non-diagonal covariance, {@code Sigma_ij = 0.7^|i-j|} (AR(1)), diagonalized by the factory.
     *
     * @return the Gaussian problem with d = 8, theta_* = (0.5, -0.5, ...), theta_0 = 0, sigma^2 = 1
     */
    public static RegressionProblem gaussianAr1() {
        int d = 8;
        double[][] s = new double[d][d];
        double[] star = new double[d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                s[i][j] = Math.pow(0.7, Math.abs(i - j));
            }
            star[i] = (i % 2 == 0 ? 0.5 : -0.5);
        }
        return RegressionProblem.gaussian("gaussian-ar1-d8", s, 1.0, star, new double[d]);
    }

    /**
     * Starts a plan, every part named where it is given ({@link RegressionPlanBuilder}).
     *
     * @param label the budget label
     * @return the builder
     */
    public static RegressionPlanBuilder builder(String label) {
        return new RegressionPlanBuilder(label);
    }

    /**
     * A builder holding this plan's parts under another label, to change some of them.
     *
     * @param label the new plan's label
     * @return the builder
     */
    public RegressionPlanBuilder toBuilder(String label) {
        return new RegressionPlanBuilder(this, label);
    }

    /** @return the plan at the quick budget */
    public static RegressionPlan quick() {
        return builder("quick")
                .simulated(List.of(gaussianA1(), boundedA1()))
                .swept(List.of(gaussianA1(), boundedA1(), gaussianA2(), gaussianAr1()))
                .b(2).largeBatches(List.of(8, 32)).classes(List.of(NoiseClass.values()))
                .eta(0.3).nMax(1000).perDecade(4).runs(640)
                .smallEta(0.01).smallEtaSigma2(0.01).smallEtaNMax(1000).smallEtaRuns(640)
                .sweepBatches(List.of(1, 2, 8, 32)).sweepLargeFactors(List.of(1, 4, 16, 64))
                .etaFractions(List.of(1e-3, 1e-2, 0.03, 0.1, 0.3, 0.6, 0.9, 0.99))
                .sigma2s(List.of(0.0, 0.01, 1.0)).exactNMax(10_000)
                .weightDraws(20_000)
                .build();
    }

    /** @return the plan at the full budget */
    public static RegressionPlan full() {
        return builder("full")
                .simulated(List.of(gaussianA1(), boundedA1()))
                .swept(List.of(gaussianA1(), boundedA1(), gaussianA2(), gaussianAr1()))
                .b(2).largeBatches(List.of(8, 32, 128)).classes(List.of(NoiseClass.values()))
                .eta(0.3).nMax(5_000).perDecade(5).runs(1024)
                .smallEta(0.01).smallEtaSigma2(0.01).smallEtaNMax(10_000).smallEtaRuns(1024)
                .sweepBatches(List.of(1, 2, 4, 8, 32, 128)).sweepLargeFactors(List.of(1, 4, 16, 64, 256))
                .etaFractions(List.of(1e-3, 3e-3, 1e-2, 0.03, 0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9, 0.99))
                .sigma2s(List.of(0.0, 0.01, 0.1, 1.0)).exactNMax(100_000)
                .weightDraws(200_000)
                .build();
    }

    /** @return SGD-b, MSGD at every B and class, SGD-B, in that order */
    public List<Algorithm> mainAlgorithms() {
        List<Algorithm> a = new ArrayList<>();
        a.add(new Algorithm.SmallBatchSgd(b));
        for (int big : largeBatches) {
            for (NoiseClass c : classes) {
                a.add(new Algorithm.LargeBatchMsgd(b, big, c));
            }
        }
        for (int big : largeBatches) {
            a.add(new Algorithm.LargeBatchSgd(big));
        }
        return a;
    }

    /** @return SGD-b and MSGD at the smallest B, every class */
    public List<Algorithm> smallEtaAlgorithms() {
        List<Algorithm> a = new ArrayList<>();
        a.add(new Algorithm.SmallBatchSgd(b));
        for (NoiseClass c : classes) {
            a.add(new Algorithm.LargeBatchMsgd(b, largeBatches.get(0), c));
        }
        return a;
    }

    /**
     * The checkpoints of the main Monte Carlo.
     *
     * @return {@code perDecade} log-spaced step counts per decade up to nMax
     * @throws IllegalArgumentException if {@code perDecade < 1}
     */
    public Checkpoints checkpoints() {
        return Checkpoints.logSpaced(nMax, perDecade);
    }

    /**
     * The checkpoints of the small-step Monte Carlo.
     *
     * @return {@code perDecade} log-spaced step counts per decade up to smallEtaNMax
     * @throws IllegalArgumentException if {@code perDecade < 1}
     */
    public Checkpoints smallEtaCheckpoints() {
        return Checkpoints.logSpaced(smallEtaNMax, perDecade);
    }

    /** @return the plan's parameters for evidence (problems and perDecade left out), a new map */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("budget", label);
        m.put("b", b);
        m.put("largeBatches", largeBatches.toString());
        m.put("noiseClasses", classes.stream().map(NoiseClass::label).toList().toString());
        m.put("eta", eta);
        m.put("nMax", nMax);
        m.put("runs", runs);
        m.put("smallEta", smallEta);
        m.put("smallEtaSigma2", smallEtaSigma2);
        m.put("smallEtaNMax", smallEtaNMax);
        m.put("smallEtaRuns", smallEtaRuns);
        m.put("sweepBatches", sweepBatches.toString());
        m.put("sweepLargeFactors", sweepLargeFactors.toString());
        m.put("etaFractionsOfLargestStep", etaFractions.toString());
        m.put("sigma2s", sigma2s.toString());
        m.put("exactNMax", exactNMax);
        return m;
    }
}
