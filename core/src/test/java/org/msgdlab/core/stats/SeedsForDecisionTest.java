package org.msgdlab.core.stats;

import org.hipparchus.distribution.continuous.NormalDistribution;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * PLAN.md amendment 3 of the support study: "the smallest m, in steps of 10 paired seeds, for which a fresh study of m
 * paired seeds, decided at one look at this rule's one-sided alpha per claim (0.005), PASSes or FAILs with probability at
 * least 0.8 in worlds resampled from this study's complete seeds ...; searched up to 1,000 seeds".
 */
class SeedsForDecisionTest {

    static final double ALPHA = 0.005;
    static final SeedsForDecision SEARCH = new SeedsForDecision(0.8, 10, 300, 4_000);

    /** A world of 2,000 seeds at the normal quantiles of sd 1, shifted to {@code truth} (its trimmed mean). */
    static ResampledWorld normal(double truth) {
        NormalDistribution z = new NormalDistribution(0, 1);
        double[] v = new double[2_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = z.inverseCumulativeProbability((i + 0.5) / v.length);
        }
        return ResampledWorld.of(v, ResampledWorld.Dips.NONE).centredAt(truth, 0);
    }

    /**
     * Normal theory for the one-sided test "theta &lt; 0" by a 10%-trimmed mean: m = ((t_{1-alpha} + z_{power}) / |theta|)^2 / e,
     * e = 0.94 its efficiency against the mean at the normal; with t_{0.995} about 2.61 at these m.
     */
    static double normalTheory(double theta, double t, double zPower) {
        return Math.pow((t + zPower) / Math.abs(theta), 2) / 0.94;
    }

    @Test
    void theSearchFindsTheSmallestGridPointThatAScanOfEveryGridPointFinds() {
        ResampledWorld w = normal(-0.5);
        BandClaim below = new BandClaim.Below();
        SeedsForDecision.Projection p = SEARCH.find(w, Location.TRIMMED_MEAN, below, ALPHA, 7);
        int scanned = 0;
        for (int m = 10; m <= 300 && scanned == 0; m += 10) {
            VerdictRates r = SEARCH.rates(w, Location.TRIMMED_MEAN, below, ALPHA, m, 7);
            if (r.pass() + r.fail() >= 0.8) {
                scanned = m;
            }
        }
        assertTrue(p.found());
        assertEquals(scanned, p.seeds(), "bisection against the scan, same streams: " + p.text());
        assertTrue(p.decision() >= 0.8);
        assertTrue(p.before().orElseThrow().pass() + p.before().orElseThrow().fail() < 0.8);
    }

    @Test
    void itLandsWhereNormalTheoryPutsTheOneSidedTestAndAWrongLevelWouldNot() {
        // theta = -0.3, sd 1: normal theory m = ((2.61 + 0.84) / 0.3)^2 / 0.94 = 141 (found: 150, P 0.827 there and 0.794 at
        // 140); +-15 allows the grid's 10 and the shares' Monte Carlo sd. At alpha 0.05 by mistake it would be
        // ((1.66 + 0.84) / 0.3)^2 / 0.94 = 74 (found: 80), far outside
        double want = normalTheory(-0.3, 2.61, 0.8416);
        SeedsForDecision.Projection p = SEARCH.find(normal(-0.3), Location.TRIMMED_MEAN, new BandClaim.Below(), ALPHA, 3);
        assertTrue(Math.abs(p.seeds() - want) <= 15, p.text() + " against normal theory " + want);
        SeedsForDecision.Projection wrong = SEARCH.find(normal(-0.3), Location.TRIMMED_MEAN, new BandClaim.Below(), 0.05, 3);
        assertTrue(wrong.seeds() < want - 40, "a tenfold level needs far fewer seeds: " + wrong.text());
    }

    @Test
    void equivalenceNeedsBothBoundsInsideTheMargin() {
        // theta = 0, margin 0.42: P(PASS) needs -0.42 < L and U < 0.42; normal theory ((t + z_{0.9}) / 0.42)^2 / 0.94 = 92
        // (found: 100, P 0.843 there and 0.769 at 90)
        double want = normalTheory(0.42, 2.63, 1.2816);
        SeedsForDecision.Projection p = SEARCH.find(normal(0), Location.TRIMMED_MEAN, new BandClaim.Equivalence(0.42), ALPHA, 5);
        assertTrue(Math.abs(p.seeds() - want) <= 15, p.text() + " against normal theory " + want);
        assertEquals(0, p.rates().fail(), 0.001, "a world at the band's centre is almost never FAILed");
    }

    @Test
    void aWorldOnTheBoundaryIsNotDecidedWithinTheSearchAndSaysSo() {
        SeedsForDecision.Projection p = new SeedsForDecision(0.8, 10, 100, 2_000)
                .find(normal(0), Location.TRIMMED_MEAN, new BandClaim.Below(), ALPHA, 9);
        assertFalse(p.found());
        assertEquals(100, p.seeds());
        assertTrue(p.decision() < 0.05, "at theta = 0 either verdict is a one-sided error: " + p.text());
        assertTrue(p.text().startsWith("more than 100 paired seeds would be needed to decide it with probability 0.8 (P(decision) 0.0"),
                p.text());
        assertEquals(new SeedsForDecision.Needed(100, true), p.needed());
        assertEquals(">100", p.needed().cell());
    }

    /** The cell verdicts.csv and the evidence carry is written and read by one record: "310", ">1000". */
    @Test
    void theSeedsNeededTravelAsACellThatReadsBackToTheSameAnswer() {
        for (SeedsForDecision.Needed n : new SeedsForDecision.Needed[]{new SeedsForDecision.Needed(310, false),
                new SeedsForDecision.Needed(1000, true), new SeedsForDecision.Needed(10, false)}) {
            assertEquals(n, SeedsForDecision.Needed.parse(n.cell()));
        }
        assertEquals("310", new SeedsForDecision.Needed(310, false).cell());
        assertEquals(">1000", new SeedsForDecision.Needed(1000, true).cell());
        // the words the support study's sentence and forest plot print, the count as the cell writes it
        assertEquals("about 310 seeds", new SeedsForDecision.Needed(310, false).words());
        assertEquals("over 1000 seeds", new SeedsForDecision.Needed(1000, true).words());
        for (String bad : new String[]{"", "abc", "0", ">", "about 310", "310.0", "-10", ">>1000", " 310"}) {
            var e = assertThrows(IllegalArgumentException.class, () -> SeedsForDecision.Needed.parse(bad), bad);
            assertEquals("seeds needed: cell '" + bad + "' must be a count of paired seeds, e.g. 310, or '>' and the"
                    + " search's end, e.g. >1000", e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> SeedsForDecision.Needed.parse(null));
    }

    @Test
    void theSameSeedGivesTheSameProjectionAndItsWordsNameTheNeighbour() {
        SeedsForDecision.Projection a = SEARCH.find(normal(-0.5), Location.TRIMMED_MEAN, new BandClaim.Below(), ALPHA, 11);
        SeedsForDecision.Projection b = SEARCH.find(normal(-0.5), Location.TRIMMED_MEAN, new BandClaim.Below(), ALPHA, 11);
        assertEquals(a, b);
        assertTrue(a.text().matches("about \\d+ paired seeds would decide it with probability 0\\.8 \\(P\\(decision\\) 0\\.\\d{3}"
                + " \\(MC sd 0\\.\\d{3}\\) at \\d+, 0\\.\\d{3} at \\d+\\)"), a.text());
        assertEquals("one look at one-sided alpha 0.005, 4,000 simulated studies at each m, m in steps of 10 up to 300",
                a.method());
    }

    @Test
    void badParametersAreRefusedInOneLineNamingThem() {
        var e = assertThrows(IllegalArgumentException.class, () -> new SeedsForDecision(1, 10, 100, 10));
        assertEquals("seeds for a decision: power=1.0 must be in (0, 1)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new SeedsForDecision(0.8, 10, 105, 10));
        assertEquals("seeds for a decision: most=105 must be a multiple of step=10 and >= it", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new SeedsForDecision(0.8, 2, 100, 10));
        assertEquals("seeds for a decision: step=2 must be >= 3", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SEARCH.find(normal(0), Location.MEAN, new BandClaim.Below(), 0.5, 1));
        assertEquals("seeds for a decision: alpha=0.5 must be in (0, 0.5)", e.getMessage());
    }
}
