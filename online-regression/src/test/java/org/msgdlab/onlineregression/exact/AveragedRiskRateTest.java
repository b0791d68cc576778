package org.msgdlab.onlineregression.exact;

import org.junit.jupiter.api.Test;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.bound.BoundInputs;
import org.msgdlab.onlineregression.bound.Theorem1Bound;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.problem.Spectrum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Theorem 1's rate on the exact expected risk: {@code E[f(bar theta_n)] - f_*} decays as {@code C1/(n+1)},
 * and the remark after it, "the bound is optimal as it matches the statistical lower bound": the limit
 * of {@code (n+1) (E[f(bar theta_n)] - f_*)} lies between the statistical lower bound {@code sigma^2 d/(2b)}
 * (n steps of b samples, n b observations) and the re-derived C1, and reaches the lower bound as eta -> 0.
 */
class AveragedRiskRateTest {

    /** sigma^2 = 1, d = 2, b = 2: the statistical lower bound sigma^2 d/(2b) = 1/2. */
    static final int B = 2;
    static final double LOWER = 1.0 * 2 / (2.0 * B);
    static final int N = 1_000_000;

    static RegressionProblem problem(Design design) {
        return new RegressionProblem("rate-" + design, design, new Spectrum(new double[] {1.0, 0.25}), 1.0,
                new double[] {1, -1}, new double[2]);
    }

    /**
     * The limit of {@code (n+1) r(n)} from n and 2n steps, removing the {@code C/(n+1)} term
     * (Richardson): {@code 2 (2n+1) r(2n) - (n+1) r(n)}.
     */
    static double limitOfNTimesRisk(ExactRisk r) {
        double[] v = ExactRisk.collect(r, new int[] {N, 2 * N});
        return 2 * (2 * N + 1.0) * v[1] - (N + 1.0) * v[0];
    }

    @Test
    void nTimesTheAveragedRiskTendsToALimitBetweenTheStatisticalLowerBoundAndC1() {
        for (Design design : Design.values()) {
            RegressionProblem p = problem(design);
            double previousGap = Double.POSITIVE_INFINITY;
            for (double eta : new double[] {0.2, 0.02, 0.002}) {
                double limit = limitOfNTimesRisk(ExactRisk.of(p, WeightMoments.averaging(B), eta));
                double c1 = Theorem1Bound.rederived(BoundInputs.of(p.assumptions(), B, eta)).c1();
                String where = design + " eta=" + eta + ": lim (n+1) risk = " + limit + ", C1 = " + c1;
                // A recursion that forgot the noise's 1/b (a sigma^2 with a = 1) would sit near sigma^2 d/2, above C1;
                // one that dropped the multiplicative noise a F(P) + c Sigma P Sigma would sit on the lower bound exactly.
                assertTrue(limit > LOWER, where);
                assertTrue(limit <= c1, where);
                // The excess over the lower bound is the multiplicative noise's, of order eta: a tenth of the step at
                // least halves it (it is about a tenth: 0.058, 0.0048, 0.00047 for the Gaussian design).
                double gap = limit - LOWER;
                assertTrue(gap < 0.5 * previousGap, where + ", gap " + gap + " after " + previousGap);
                previousGap = gap;
            }
        }
    }

    /** The check can fail: averaging as if the iterates were uncorrelated gives a limit far below what any estimator can reach. */
    @Test
    void theAveragedRiskWithoutCrossMomentsFallsBelowTheStatisticalLowerBound() {
        for (Design design : Design.values()) {
            double limit = limitOfNTimesRisk(ExactRisk.withoutCrossMoments(problem(design), WeightMoments.averaging(B), 0.2));
            assertTrue(limit < 0.1 * LOWER, design + ": " + limit);
        }
    }

    /** With a constant step the last iterate does not converge: its risk settles at a positive level while the average's vanishes. */
    @Test
    void theLastIterateRiskSettlesAboveZeroWhileTheAveragedRiskVanishes() {
        ExactRisk r = ExactRisk.of(problem(Design.GAUSSIAN), WeightMoments.averaging(B), 0.2);
        ExactRisk.collect(r, new int[] {10_000});
        double settled = r.iterateRisk();
        double averaged = r.averagedRisk();
        ExactRisk.collect(r, new int[] {20_000});
        // A recursion without the noise term eta^2 a sigma^2 Sigma would let the last iterate's risk go to 0.
        assertEquals(settled, r.iterateRisk(), 1e-12 * settled);
        assertTrue(settled > 0.01, "stationary last-iterate risk " + settled);
        assertTrue(r.averagedRisk() < 0.51 * averaged, "the average's risk halves when n doubles: " + averaged + " -> " + r.averagedRisk());
        assertTrue(r.iterateSquaredDistance() > 2 * settled, "E||e||^2 = tr P > tr(Sigma P) = 2 f when lambda_max = 1");
    }

    @Test
    void invalidStepsBiasedWeightsAndDescendingCheckpointsAreRefusedWithOneLine() {
        RegressionProblem p = problem(Design.GAUSSIAN);
        WeightMoments sgd = WeightMoments.averaging(B);
        // eta <= 0 alone would let NaN through (NaN <= 0 is false).
        for (double eta : new double[] {0, -0.1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertOneLine("step size eta=" + eta + " must be finite and > 0",
                    assertThrows(IllegalArgumentException.class, () -> ExactRisk.of(p, sgd, eta)).getMessage());
        }
        // Weights summing to 0.9 on average would make the stochastic gradient biased: the recursion no longer holds.
        assertOneLine("weight mean sum_r E[w_r]=0.9 must be 1 (unbiased gradient)",
                assertThrows(IllegalArgumentException.class, () -> ExactRisk.of(p, new WeightMoments(0.9, 0.5, 0.4), 0.1)).getMessage());
        ExactRisk r = ExactRisk.of(p, sgd, 0.1);
        assertOneLine("checkpoints must be ascending, got 5 after 10",
                assertThrows(IllegalArgumentException.class, () -> ExactRisk.collect(r, new int[] {10, 5})).getMessage());
    }

    static void assertOneLine(String expected, String message) {
        assertEquals(expected, message);
        assertFalse(message.contains("\n"), message);
    }
}
