package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The support study's rule (deep/results/support-study/PLAN.md, "Claims" and "Error control"): the two kinds of
 * claim, one family-wise alpha of 0.05 over 6 claims run at 0.6 of each share and spent 0.2 / 0.8 at 50 and 100
 * paired seeds, and "the first look that decides fixes a claim's verdict; undecided at 100, INCONCLUSIVE".
 */
class LookRuleTest {

    static final AlphaSpending PLAN = new AlphaSpending(0.05, 6, 0.6, new double[]{0.2, 0.8}, new int[]{50, 100});
    static final LookRule RULE = new LookRule(PLAN, Location.TRIMMED_MEAN);
    static final BandClaim EQUIVALENCE = new BandClaim.Equivalence(0.42);
    static final BandClaim BELOW = new BandClaim.Below();

    @Test
    void aClaimsShareIsTheFamilys0_05OverSixAndTheRuleSpends0_001And0_004() {
        assertEquals(0.05 / 6, PLAN.claimShare(), 1e-15);
        assertEquals(0.001, PLAN.alpha(0), 1e-15);
        assertEquals(0.004, PLAN.alpha(1), 1e-15);
        assertEquals(100, PLAN.cap());
        assertEquals(0.005, PLAN.ruleAlpha(), 1e-15, "the rule's whole level, 0.001 + 0.004");
    }

    /**
     * One look at 0.005 over 100 seeds: narrower bounds than the support rule's second look at 0.004 over the same
     * seeds (t_{0.995, 79} = 2.64 against t_{0.996, 79} = 2.72).
     */
    @Test
    void aOneLookStudyBoundsItsSeedsAtTheWholeLevel() {
        LookRule one = LookRule.oneLook(0.005, 100, Location.TRIMMED_MEAN);
        assertEquals(100, one.spending().cap());
        assertEquals(0.005, one.spending().alpha(0), 1e-15);
        assertEquals(0.005, one.spending().ruleAlpha(), 1e-15);
        double[] d = alternating(100, 1);
        LookRule.Look look = one.decide(EQUIVALENCE, d).last();
        LookRule.Look two = RULE.decide(EQUIVALENCE, d).last();
        assertEquals(100, look.seeds());
        assertTrue(look.upper() < two.upper() && look.lower() > two.lower(), "a larger level, narrower bounds: "
                + look.upper() + " against " + two.upper());
        assertThrows(IllegalArgumentException.class, () -> LookRule.oneLook(0.6, 100, Location.MEAN));
        assertThrows(IllegalArgumentException.class, () -> LookRule.oneLook(0.005, 2, Location.MEAN));
    }

    @Test
    void equivalencePassesWithBothBoundsInsideTheMarginAndFailsWithOneBeyondIt() {
        assertEquals(Verdict.PASS, EQUIVALENCE.decide(-0.41, 0.41));
        assertEquals(Verdict.FAIL, EQUIVALENCE.decide(-0.9, -0.43), "U < -Delta");
        assertEquals(Verdict.FAIL, EQUIVALENCE.decide(0.43, 0.9), "L > Delta");
        assertEquals(Verdict.INCONCLUSIVE, EQUIVALENCE.decide(-0.43, 0.2));
        assertEquals(Verdict.INCONCLUSIVE, EQUIVALENCE.decide(-0.42, 0.1), "-Delta < L is strict");
        assertEquals(Verdict.INCONCLUSIVE, EQUIVALENCE.decide(0.1, 0.42), "U < Delta is strict");
        assertEquals("PASS when -0.42 < L and U < 0.42, FAIL when U < -0.42 or L > 0.42", EQUIVALENCE.rule());
    }

    @Test
    void belowPassesWithTheUpperBoundBelowZeroAndFailsWithTheLowerAboveIt() {
        assertEquals(Verdict.PASS, BELOW.decide(-1, -0.01));
        assertEquals(Verdict.FAIL, BELOW.decide(0.01, 1));
        assertEquals(Verdict.INCONCLUSIVE, BELOW.decide(-1, 0), "U < 0 is strict");
        assertEquals(Verdict.INCONCLUSIVE, BELOW.decide(0, 1), "L > 0 is strict");
    }

    /** +-s alternating: trimmed mean 0, winsorized sd about s. */
    static double[] alternating(int n, double s) {
        double[] d = new double[n];
        for (int i = 0; i < n; i++) {
            d[i] = i % 2 == 0 ? s : -s;
        }
        return d;
    }

    /**
     * +-1: at 50 seeds SE = 1.005 / (0.8 sqrt 50) = 0.178 and t_{0.999, 39} = 3.31 put the bounds at +-0.59, wider
     * than the margin; at 100, SE = 0.126 and t_{0.996, 79} = 2.72 put them at +-0.34, inside it.
     */
    @Test
    void undecidedAtTheFirstLookTheSecondDecides() {
        LookRule.Decision d = RULE.decide(EQUIVALENCE, alternating(100, 1));
        assertEquals(Verdict.PASS, d.verdict());
        assertEquals(2, d.looks().size());
        assertEquals(Verdict.INCONCLUSIVE, d.looks().get(0).verdict());
        assertEquals(-0.59, d.looks().get(0).lower(), 0.01);
        assertEquals(0.34, d.last().upper(), 0.01);
        assertEquals(0.004, d.last().alpha(), 1e-15);
        assertTrue(d.capReached() && d.settled());
    }

    @Test
    void theFirstLookThatDecidesFixesTheVerdict() {
        double[] d = alternating(100, 0.1);
        for (int i = 50; i < 100; i++) {
            d[i] = 5 + (i % 3);      // seeds 50..99 would FAIL the claim at the second look
        }
        LookRule.Decision decision = RULE.decide(EQUIVALENCE, d);
        assertEquals(Verdict.PASS, decision.verdict());
        assertEquals(1, decision.looks().size(), "no look after the deciding one");
        assertEquals(50, decision.last().seeds());
        assertTrue(decision.settled());
        assertEquals(Verdict.PASS, RULE.verdict(EQUIVALENCE, d));
        double[] late = new double[100];
        java.util.Arrays.setAll(late, i -> d[50 + i % 50]);
        assertEquals(Verdict.FAIL, RULE.verdict(BELOW, late), "seeds 50..99 alone, twice over: above 0");
    }

    @Test
    void undecidedAtTheCapIsInconclusiveAndBeforeTheFirstLookNothingIsDecided() {
        LookRule.Decision cap = RULE.decide(EQUIVALENCE, alternating(100, 2));
        assertEquals(Verdict.INCONCLUSIVE, cap.verdict());
        assertTrue(cap.capReached() && cap.settled());
        LookRule.Decision between = RULE.decide(EQUIVALENCE, alternating(75, 2));
        assertEquals(Verdict.INCONCLUSIVE, between.verdict());
        assertEquals(1, between.looks().size(), "the look at 100 waits for its 100 seeds");
        assertFalse(between.settled());
        LookRule.Decision before = RULE.decide(EQUIVALENCE, alternating(49, 0.01));
        assertEquals(Verdict.NOT_RUN, before.verdict());
        assertNull(before.last());
    }

    @Test
    void badDesignsAreRefusedInOneLineNamingTheParameter() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> new AlphaSpending(0.05, 6, 0.6, new double[]{0.2, 0.7}, new int[]{50, 100}));
        assertTrue(e.getMessage().contains("spend [0.2, 0.7] must sum to 1"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new AlphaSpending(0.05, 6, 0.6, new double[]{0.2, 0.8}, new int[]{100, 50}));
        assertTrue(e.getMessage().contains("looks [100, 50] must increase"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new AlphaSpending(0.05, 6, 1.2, new double[]{1}, new int[]{50}));
        assertEquals("alpha spending: reserve=1.2 must be in (0, 1]", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new BandClaim.Equivalence(-0.42));
        assertEquals("equivalence margin Delta=-0.42 must be finite and > 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RULE.verdict(BELOW, new double[99]));
        assertTrue(e.getMessage().contains("99 values; a whole study needs the cap's 100"), e.getMessage());
    }
}
