package org.msgdlab.core.stats;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.PairedHypothesis.Equivalence;
import org.msgdlab.core.stats.PairedHypothesis.Outcome;
import org.msgdlab.core.stats.PairedHypothesis.Superiority;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paired tests and the sequential rule of the deep study, checked by simulation on synthetic
 * test-accuracy curves: a seed effect shared by both methods (initial weights, data), a
 * method-and-seed effect, and autocorrelated evaluation noise; the statistic is the mean over the
 * last 20% of the curve, as pre-registered. Each rate is compared with its stated value at a
 * meta-test false-fail probability of 1e-3 (z = 3.09 binomial standard errors).
 */
class PairedDesignTest {

    private static final double Z_META = 3.09;
    private static final int EVALS = 101;            // iterations 0, 100, ..., 10,000
    private static final int WINDOW_FROM = 80;       // the last 20%: evaluations 80..100

    /** Synthetic curves of two methods under common random numbers; returns per-seed statistic differences. */
    static final class Curves {
        final double gap;           // true difference of the plateaus (method x minus method y)
        final double seedSd;        // shared by both methods of a seed: cancels in the pairing
        final double methodSd;      // per method and seed
        final double evalSd;        // per evaluation, AR(1) with coefficient 0.8

        Curves(double gap, double seedSd, double methodSd, double evalSd) {
            this.gap = gap;
            this.seedSd = seedSd;
            this.methodSd = methodSd;
            this.evalSd = evalSd;
        }

        double[] differences(UniformRandomProvider rng, int seeds) {
            ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(rng);
            double[] d = new double[seeds];
            for (int s = 0; s < seeds; s++) {
                double shared = seedSd * z.sample();
                d[s] = statistic(z, 0.78 + gap + shared) - statistic(z, 0.78 + shared);
            }
            return d;
        }

        private double statistic(ZigguratSampler.NormalizedGaussian z, double plateau) {
            double level = plateau + methodSd * z.sample();
            double ar = 0;
            double sum = 0;
            for (int k = 0; k < EVALS; k++) {
                ar = 0.8 * ar + Math.sqrt(1 - 0.64) * evalSd * z.sample();
                double a = level - 0.5 * Math.exp(-k / 10.0) + ar;
                if (k >= WINDOW_FROM) {
                    sum += a;
                }
            }
            return sum / (EVALS - WINDOW_FROM);
        }

        /** sd of one paired difference of the statistic (measured on many seeds). */
        double sd(long seed) {
            return new PairedDifferences(differences(Streams.create(seed), 20_000)).sd();
        }
    }

    private static double rate(int hits, int reps) {
        return (double) hits / reps;
    }

    private static double slack(double p, int reps) {
        return Z_META * Math.sqrt(p * (1 - p) / reps);
    }

    @Test
    void pairedBoundsAreTheStudentTBoundsOfTheMeanDifference() {
        PairedDifferences d = PairedDifferences.of(new double[] {0.80, 0.79, 0.81, 0.78}, new double[] {0.77, 0.78, 0.79, 0.76});
        // differences 0.03, 0.01, 0.02, 0.02: mean 0.02, sd sqrt(0.0002/3)
        assertEquals(0.02, d.mean(), 1e-12);
        assertEquals(Math.sqrt(0.0002 / 3), d.sd(), 1e-12);
        assertEquals(d.sd() / 2, d.standardError(), 1e-15);
        assertEquals(2.353363434801823, d.t(0.05), 1e-9, "t_{0.95, 3}");
        assertEquals(0.02 - 2.353363434801823 * d.standardError(), d.lower(0.05), 1e-12);
        assertEquals(0.02 + 2.353363434801823 * d.standardError(), d.upper(0.05), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> PairedDifferences.of(new double[] {1, 2}, new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> new PairedDifferences(new double[] {1}));
        assertThrows(IllegalArgumentException.class, () -> new PairedDifferences(new double[] {1, Double.NaN}));
    }

    @Test
    void theOneSidedLowerBoundExceedsTheTruthWithProbabilityAlpha() {
        Curves c = new Curves(0.01, 0.02, 0.004, 0.003);
        UniformRandomProvider rng = Streams.create(11);
        int reps = 20_000;
        double alpha = 0.05;
        int above = 0;
        for (int r = 0; r < reps; r++) {
            if (new PairedDifferences(c.differences(rng, 5)).lower(alpha) > c.gap) {
                above++;
            }
        }
        assertEquals(alpha, rate(above, reps), slack(alpha, reps), "coverage of the one-sided bound");
    }

    @Test
    void theNoncentralTPowerApproximationMatchesSimulation() {
        UniformRandomProvider rng = Streams.create(12);
        ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(rng);
        Superiority h = new Superiority(0.01);
        double sd = 0.008;
        for (int n : new int[] {4, 8, 15}) {
            for (double alpha : new double[] {0.05, 0.005}) {
                int reps = 20_000;
                int supported = 0;
                for (int r = 0; r < reps; r++) {
                    double[] d = new double[n];
                    for (int i = 0; i < n; i++) {
                        d[i] = 0.01 + sd * z.sample();
                    }
                    if (h.decide(new PairedDifferences(d), alpha) == Outcome.SUPPORTED) {
                        supported++;
                    }
                }
                double measured = rate(supported, reps);
                double predicted = h.powerToSupport(sd, n, alpha);
                assertEquals(measured, predicted, 0.02, "power at n=" + n + ", alpha=" + alpha);
            }
        }
    }

    /** Fraction of {@code reps} normal samples (mean d, sd, n seeds) on which {@code h} decides at {@code alpha}. */
    private static double decisionRate(PairedHypothesis h, double d, double sd, int n, double alpha, int reps,
                                       ZigguratSampler.NormalizedGaussian z) {
        int decided = 0;
        for (int r = 0; r < reps; r++) {
            double[] x = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = d + sd * z.sample();
            }
            if (h.decide(new PairedDifferences(x), alpha) != Outcome.UNRESOLVED) {
                decided++;
            }
        }
        return rate(decided, reps);
    }

    @Test
    void theProjectedProbabilityOfADecisionAtTheObservedMeanIsALowerBoundAndCloseWhereOneVerdictDominates() {
        ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(Streams.create(15));
        double alpha = 0.05 / 7 / 3;      // Figure 1(a)'s per-look alpha
        int reps = 20_000;
        Superiority sup = new Superiority(0.01);
        Equivalence eq = new Equivalence(0.01);
        // {hypothesis 0 = superiority / 1 = equivalence, d, sd, n, 1 if one verdict dominates}
        double[][] cases = {
            {0, 0.001, 0.007, 10, 1},     // near no gap: CONTRADICTED dominates
            {0, 0.009, 0.007, 15, 1},     // near the gap worth detecting: SUPPORTED dominates
            {0, 0.004, 0.007, 15, 0},     // between: both verdicts possible, even together
            {1, -0.006, 0.007, 34, 1},    // inside the margin: SUPPORTED dominates
            {1, -0.020, 0.007, 5, 1},     // twice the margin: CONTRADICTED dominates
        };
        for (double[] c : cases) {
            PairedHypothesis h = c[0] == 0 ? sup : eq;
            int n = (int) c[3];
            double measured = decisionRate(h, c[1], c[2], n, alpha, reps, z);
            double predicted = h.powerToDecide(c[1], c[2], n, alpha);
            String at = h + " at d=" + c[1] + ", sd=" + c[2] + ", n=" + n + ": predicted " + predicted + ", simulated " + measured;
            // 0.02: the accuracy of the A&S noncentral-t approximation (theNoncentralTPowerApproximationMatchesSimulation)
            assertTrue(predicted <= measured + 0.02 + slack(measured, reps), "a lower bound: " + at);
            if (c[4] == 1) {
                assertEquals(measured, predicted, 0.02 + slack(measured, reps), "close: " + at);
            }
        }
        // the seeds it names do decide: the authors-code MSGD-[Fisher-10] vs SGD-50 numbers at the cap
        int n = eq.seedsToDecide(-0.0061, 0.0068, 0.8, alpha, 1000);
        assertTrue(n > 15, "15 seeds did not decide it; n=" + n);
        double measured = decisionRate(eq, -0.0061, 0.0068, n, alpha, reps, z);
        assertTrue(measured >= 0.8 - 0.02 - slack(0.8, reps), n + " seeds decide with probability " + measured);
        double fewer = decisionRate(eq, -0.0061, 0.0068, n - 5, alpha, reps, z);
        assertTrue(fewer < 0.8, "five seeds fewer fall short: " + fewer);
        // on the margin itself no number of seeds decides; bad input is named
        assertEquals(1001, eq.seedsToDecide(0.01, 0.007, 0.8, alpha, 1000));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sup.powerToDecide(0.001, 0, 10, alpha));
        assertEquals("sd=0.0 must be finite and > 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sup.powerToDecide(Double.NaN, 0.007, 10, alpha));
        assertThrows(IllegalArgumentException.class, () -> eq.powerToDecide(0.001, 0.007, 1, alpha));
    }

    @Test
    void sequentialSuperiorityKeepsItsFalseAlarmRateAtBothBoundaries() {
        double delta = 0.01;
        double alpha = 0.05;
        SequentialDesign design = new SequentialDesign(3, 3, 15, alpha);
        Superiority h = new Superiority(delta);
        int reps = 4000;
        UniformRandomProvider rng = Streams.create(13);
        // d = 0: SUPPORTED is wrong; d = delta: CONTRADICTED is wrong
        for (double truth : new double[] {0, delta}) {
            Curves c = new Curves(truth, 0.02, 0.006, 0.003);
            int wrong = 0;
            for (int r = 0; r < reps; r++) {
                Outcome o = design.status(h, c.differences(rng, 15)).outcome();
                if (truth == 0 ? o == Outcome.SUPPORTED : o == Outcome.CONTRADICTED) {
                    wrong++;
                }
            }
            assertTrue(rate(wrong, reps) <= alpha + slack(alpha, reps),
                    "wrong verdicts at d = " + truth + ": " + rate(wrong, reps) + " > alpha " + alpha);
        }
    }

    @Test
    void withoutTheCorrectionOverLooksTheSameStudyWouldExceedItsRate() {
        // the meta-test has power: looking five times at level alpha each is detected as miscalibrated
        double alpha = 0.05;
        Superiority h = new Superiority(0.01);
        SequentialDesign design = new SequentialDesign(3, 3, 15, alpha);
        Curves c = new Curves(0, 0.02, 0.006, 0.003);
        int reps = 4000;
        UniformRandomProvider rng = Streams.create(14);
        int wrong = 0;
        for (int r = 0; r < reps; r++) {
            double[] d = c.differences(rng, 15);
            for (int n : design.looks()) {
                if (h.decide(new PairedDifferences(java.util.Arrays.copyOf(d, n)), alpha) == Outcome.SUPPORTED) {
                    wrong++;
                    break;
                }
            }
        }
        assertTrue(rate(wrong, reps) > alpha + slack(alpha, reps), "uncorrected looks: " + rate(wrong, reps));
    }

    @Test
    void sequentialEquivalenceKeepsItsRateAtTheMarginAndReachesItsPowerAtTheDesignedCap() {
        double margin = 0.01;
        double alpha = 0.05;
        Equivalence h = new Equivalence(margin);
        int reps = 4000;
        UniformRandomProvider rng = Streams.create(15);
        SequentialDesign design = new SequentialDesign(3, 3, 15, alpha);
        for (double truth : new double[] {-margin, margin}) {
            Curves c = new Curves(truth, 0.02, 0.006, 0.003);
            int wrong = 0;
            for (int r = 0; r < reps; r++) {
                if (design.status(h, c.differences(rng, 15)).outcome() == Outcome.SUPPORTED) {
                    wrong++;
                }
            }
            assertTrue(rate(wrong, reps) <= alpha + slack(alpha, reps), "equivalent at d = " + truth + ": " + rate(wrong, reps));
        }
        // power: the cap chosen from the stated power formula reaches it at d = 0 (support) and d = 2 margin (contradiction)
        Curves equal = new Curves(0, 0.02, 0.006, 0.003);
        double sd = equal.sd(16);
        SequentialDesign exact = null;
        for (int looks = 1; looks <= 20 && exact == null; looks++) {
            SequentialDesign candidate = new SequentialDesign(3, 3, 3 * looks, alpha);
            if (h.seedsFor(sd, 0.8, candidate.alphaPerLook(), 60) <= candidate.cap()) {
                exact = candidate;
            }
        }
        assertTrue(exact != null && exact.cap() < 60, "a cap below 60 seeds meets the stated power");
        for (double truth : new double[] {0, 2 * margin}) {
            Curves c = new Curves(truth, 0.02, 0.006, 0.003);
            int right = 0;
            for (int r = 0; r < reps; r++) {
                Outcome o = exact.status(h, c.differences(rng, exact.cap())).outcome();
                if (truth == 0 ? o == Outcome.SUPPORTED : o == Outcome.CONTRADICTED) {
                    right++;
                }
            }
            assertTrue(rate(right, reps) >= 0.8 - slack(0.8, reps), "power at d = " + truth + " with cap "
                    + exact.cap() + ": " + rate(right, reps));
        }
    }

    @Test
    void theDesignLooksAtTheStatedSeedCountsAndSaysWhenItNeedsMore() {
        SequentialDesign d = new SequentialDesign(5, 5, 20, 0.01);
        assertEquals(java.util.List.of(5, 10, 15, 20), java.util.Arrays.stream(d.looks()).boxed().toList());
        assertEquals(0.0025, d.alphaPerLook(), 1e-15);
        assertEquals(10, d.nextLook(5));
        assertEquals(20, d.nextLook(20));
        Superiority h = new Superiority(0.01);
        assertNull(d.status(h, new double[] {0.01, 0.02}));
        SequentialDesign.Status s = d.status(h, new double[] {0.01, -0.02, 0.03, 0.0, 0.005, 0.01});
        assertEquals(Outcome.UNRESOLVED, s.outcome());
        assertTrue(s.needsMoreSeeds());
        assertEquals(5, s.seedsUsed());
        double[] clear = {0.05, 0.051, 0.049, 0.05, 0.052};
        assertEquals(Outcome.SUPPORTED, d.status(h, clear).outcome());
        double[] none = {0.0, 0.0001, -0.0001, 0.0002, -0.0002};
        assertEquals(Outcome.CONTRADICTED, d.status(h, none).outcome());
        assertThrows(IllegalArgumentException.class, () -> new SequentialDesign(2, 1, 5, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new SequentialDesign(5, 1, 4, 0.05));
        assertThrows(IllegalArgumentException.class, () -> new Superiority(0));
        assertThrows(IllegalArgumentException.class, () -> new Equivalence(-1));
    }
}
