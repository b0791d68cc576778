package org.msgdlab.core.stats;

import org.hipparchus.util.CombinatoricsUtils;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The collapse claims of the noise-class study (deep/results/noise-class-study/PLAN.md): "X collapses no
 * more often than SGD-50", 60 paired seeds, one look at one-sided 0.05/12, margin 0.1. Their error rates
 * are computed exactly, by summing the trinomial law of (n10, n01) over every outcome, not simulated.
 */
class PairedEventRatesTest {

    static final int N = 60;
    static final double ALPHA = 0.05 / 12;
    static final double MARGIN = 0.1;

    /** P(outcome) when a seed is "only X" with probability q10 and "only Y" with q01, exactly. */
    static double probability(double q10, double q01, PairedHypothesis.Outcome outcome) {
        return probability(N, q10, q01, outcome);
    }

    /** The same at m paired seeds: every (n10, n01) of the trinomial law, decided one by one. */
    static double probability(int m, double q10, double q01, PairedHypothesis.Outcome outcome) {
        double total = 0;
        for (int a = 0; a <= m; a++) {
            for (int b = 0; a + b <= m; b++) {
                if (new PairedEventRates(m, a, b, MARGIN).decide(ALPHA) != outcome) {
                    continue;
                }
                double logP = CombinatoricsUtils.factorialLog(m) - CombinatoricsUtils.factorialLog(a)
                        - CombinatoricsUtils.factorialLog(b) - CombinatoricsUtils.factorialLog(m - a - b)
                        + (a == 0 ? 0 : a * Math.log(q10)) + (b == 0 ? 0 : b * Math.log(q01))
                        + (m - a - b == 0 ? 0 : (m - a - b) * Math.log1p(-q10 - q01));
                total += Math.exp(logP);
            }
        }
        return total;
    }

    @Test
    void aWrongFailIsAtMostAlphaWhenXCollapsesAsOftenAsSgd() {
        for (double q : new double[]{0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.45}) {
            double wrong = probability(q, q, PairedHypothesis.Outcome.CONTRADICTED);
            assertTrue(wrong <= ALPHA, "q10 = q01 = " + q + ": P(FAIL) = " + wrong + " must be <= " + ALPHA);
        }
    }

    @Test
    void aWrongPassIsAtMostAlphaWhenXCollapsesOneSeedInTenMore() {
        for (double q01 : new double[]{0, 0.05, 0.2}) {
            double wrong = probability(MARGIN, q01, PairedHypothesis.Outcome.SUPPORTED);
            assertTrue(wrong <= ALPHA, "q10 = " + MARGIN + ", q01 = " + q01 + ": P(PASS) = " + wrong + " must be <= " + ALPHA);
        }
    }

    @Test
    void itPassesANoiseThatNeverCollapsesAndFailsOneThatCollapsesHalfTheTime() {
        assertEquals(1.0, probability(0, 0, PairedHypothesis.Outcome.SUPPORTED), 1e-12);
        assertTrue(probability(0.5, 0, PairedHypothesis.Outcome.CONTRADICTED) > 0.999);
        // a rare collapse (2% of seeds) passes only when none of the 60 seeds shows it: 0.98^60 = 0.30
        assertEquals(Math.pow(0.98, 60), probability(0.02, 0, PairedHypothesis.Outcome.SUPPORTED), 1e-9);
        // the bounds PLAN.md quotes: no collapse in 60 seeds, 0.087; one, 0.120
        assertEquals(0.087, new PairedEventRates(N, 0, 0, MARGIN).upperBoundOnlyX(ALPHA), 0.0005);
        assertEquals(0.120, new PairedEventRates(N, 1, 0, MARGIN).upperBoundOnlyX(ALPHA), 0.0005);
    }

    @Test
    void anUndecidedComparisonStatesTheSeedsItWouldNeedAtTheObservedRates() {
        // no event in 30 seeds: PASS once 1 - alpha^(1/m) < 0.1, i.e. m > ln(alpha)/ln(0.9) = 52.02
        assertEquals(new PairedEventRates.Projection(53, 0, 0, PairedHypothesis.Outcome.SUPPORTED),
                new PairedEventRates(30, 0, 0, MARGIN).projectedDecision(ALPHA, 10_000).orElseThrow());
        // 4 lone events of X against none in 60: FAIL once round(4m/60) >= 8 (2^-8 <= alpha < 2^-7), m = 113
        assertEquals(new PairedEventRates.Projection(113, 8, 0, PairedHypothesis.Outcome.CONTRADICTED),
                new PairedEventRates(N, 4, 0, MARGIN).projectedDecision(ALPHA, 10_000).orElseThrow());
        // one each in 60 (undecided at the cap): PASS at 73 seeds, still one each (an independent recount in
        // exact fractions, recount.py's collapse_rule, gives 73 too)
        assertEquals(new PairedEventRates.Projection(73, 1, 1, PairedHypothesis.Outcome.SUPPORTED),
                new PairedEventRates(N, 1, 1, MARGIN).projectedDecision(ALPHA, 10_000).orElseThrow());
        // a comparison already decided needs no more seeds
        assertEquals(N, new PairedEventRates(N, 0, 0, MARGIN).projectedDecision(ALPHA, 10_000).orElseThrow().seeds());
        // X alone at exactly the margin's rate, Y as often: nothing decides it
        assertTrue(new PairedEventRates(10, 1, 1, MARGIN).projectedDecision(ALPHA, 2_000).isEmpty());
        // every seed discordant, the scaled counts both rounding up (1.5 + 1.5 of 3): held to 2 + 1, undecided, no error
        assertTrue(new PairedEventRates(2, 1, 1, MARGIN).projectedDecision(ALPHA, 3).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> new PairedEventRates(N, 1, 1, MARGIN).projectedDecision(0.7, 10));
    }

    @Test
    void theProbabilityOfADecisionAtTheObservedRatesIsTheTrinomialSum() {
        // decisionProbability sums by n10 with the McNemar and Clopper-Pearson cut-offs found by bisection; the
        // brute force above decides every (n10, n01) one by one: they must agree, at sizes below, at and above n
        int[][] counts = {{60, 1, 1}, {60, 2, 1}, {60, 4, 0}, {60, 0, 3}, {20, 3, 1}, {60, 9, 1}};
        for (int[] c : counts) {
            PairedEventRates r = new PairedEventRates(c[0], c[1], c[2], MARGIN);
            for (int m : new int[]{1, 30, 60, 73, 124}) {
                for (PairedHypothesis.Outcome o : PairedHypothesis.Outcome.values()) {
                    double want = probability(m, (double) c[1] / c[0], (double) c[2] / c[0], o);
                    assertEquals(want, r.decisionProbability(m, ALPHA, o), 1e-9,
                            "counts " + java.util.Arrays.toString(c) + ", m = " + m + ", " + o);
                }
            }
        }
        // no lone event at all: PASS is certain from 53 seeds on (1 - alpha^(1/m) < 0.1), impossible below
        assertEquals(1.0, new PairedEventRates(N, 0, 0, MARGIN).decisionProbability(53, ALPHA, PairedHypothesis.Outcome.SUPPORTED), 1e-12);
        assertEquals(0.0, new PairedEventRates(N, 0, 0, MARGIN).decisionProbability(52, ALPHA, PairedHypothesis.Outcome.SUPPORTED), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> new PairedEventRates(N, 1, 1, MARGIN)
                .decisionProbability(0, ALPHA, PairedHypothesis.Outcome.SUPPORTED));
    }

    @Test
    void aProjectionIsNearACoinFlipAndPowerPointEightNeedsMoreSeeds() {
        // the noise-class study's two undecided collapse claims, as the independent Python sizing
        // (deep/results/noise-class-study/recount/power.py, scipy's binomial sums, checked there by simulation)
        // gives them: one lone collapse each in 60, projected to PASS at 73, P(PASS) 0.656 there, 0.8 first at 92;
        // two against one, projected at 124, P(PASS) 0.602 there, 0.8 first at 184
        PairedEventRates bernoulli20 = new PairedEventRates(N, 1, 1, MARGIN);
        PairedEventRates sparseCov10 = new PairedEventRates(N, 2, 1, MARGIN);
        PairedHypothesis.Outcome pass = PairedHypothesis.Outcome.SUPPORTED;
        assertEquals(73, bernoulli20.projectedDecision(ALPHA, 1_000).orElseThrow().seeds());
        assertEquals(0.656, bernoulli20.decisionProbability(73, ALPHA, pass), 5e-4);
        assertEquals(92, bernoulli20.seedsForPower(0.8, ALPHA, pass, 1_000).orElseThrow());
        assertEquals(124, sparseCov10.projectedDecision(ALPHA, 1_000).orElseThrow().seeds());
        assertEquals(0.602, sparseCov10.decisionProbability(124, ALPHA, pass), 5e-4);
        assertEquals(184, sparseCov10.seedsForPower(0.8, ALPHA, pass, 1_000).orElseThrow());
        // X alone at the margin's rate never reaches it; a bad power is refused
        assertTrue(new PairedEventRates(10, 1, 1, MARGIN).seedsForPower(0.8, ALPHA, pass, 400).isEmpty());
        assertThrows(IllegalArgumentException.class, () -> bernoulli20.seedsForPower(1.0, ALPHA, pass, 100));
    }

    @Test
    void theMcNemarPValueIsTheBinomialTail() {
        // 3 seeds only X, 0 only Y: 1/8; 10 and 0: 1/1024; 2 and 2: P(Bin(4, 1/2) >= 2) = 11/16
        assertEquals(0.125, new PairedEventRates(20, 3, 0, MARGIN).mcNemarP(), 1e-12);
        assertEquals(1.0 / 1024, new PairedEventRates(20, 10, 0, MARGIN).mcNemarP(), 1e-12);
        assertEquals(11.0 / 16, new PairedEventRates(20, 2, 2, MARGIN).mcNemarP(), 1e-12);
        assertEquals(1.0, new PairedEventRates(20, 0, 5, MARGIN).mcNemarP(), 1e-12);
    }

    @Test
    void countsComeFromThePairedOutcomesAndBadInputIsRefused() {
        PairedEventRates r = PairedEventRates.of(new boolean[]{true, true, false, false}, new boolean[]{true, false, true, false}, MARGIN);
        assertEquals(1, r.n10());
        assertEquals(1, r.n01());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PairedEventRates(5, 4, 2, MARGIN));
        assertTrue(e.getMessage().contains("n10=4"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PairedEventRates(5, 0, 0, 1.5));
        assertTrue(e.getMessage().contains("margin=1.5"), e.getMessage());
    }
}
