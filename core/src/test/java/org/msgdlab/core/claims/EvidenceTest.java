package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.testing.Rejections;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Evidence#decide}: PASS when every statistic agrees with the paper's formula; APPROXIMATE
 * when every statistic agrees with the derived formula and the gap vanishes in the stated limit;
 * FAIL when the gap persists or a statistic agrees with neither (Verdict, DESIGN.md).
 */
class EvidenceTest {

    private static final Discrepancy VANISHING = Discrepancy.vanishing("factor (n-b)/(n-1) -> 1 as n -> infinity");
    private static final Discrepancy PERSISTENT = Discrepancy.persistent("off-diagonal 0 instead of -1/(bn^2) for every n");

    private static Evidence decide(Discrepancy d, StatisticCheck... stats) {
        return Evidence.decide("test.claim", "Proposition 1", "statement", Map.of("n", 10), 1e-7, List.of(stats),
                List.of(new PowerCheck("wrong", "s", 0, true, 1)), d, 1000, 0.1, List.of());
    }

    /** estimate 1.0, SE 0.1, tolerance 0.5 around paper and derived values. */
    private static StatisticCheck stat(String name, double paper, double derived) {
        return StatisticCheck.of(name, 1.0, 0.1, paper, derived, 0.5);
    }

    @Test
    void aHeadlineStatisticGivesTheFiveHeadlineNumbersByName() {
        StatisticCheck head = StatisticCheck.of("variance", 1.25, 0.02, 1.0, 1.2, 0.06);
        Evidence e = Evidence.builder("x.headline", "Eq. 1", "variance").verdict(Verdict.FAIL, "disagrees").headline(head)
                .build();
        assertEquals(1.25, e.estimate());
        assertEquals(1.0, e.reference(), "the paper's value is the reference");
        assertEquals(0.02, e.standardError());
        assertEquals(0.06, e.tolerance());
        assertEquals(head.measuredDiscrepancy(), e.discrepancy());
        Evidence decided = Evidence.decide("x.headline", "Eq. 1", "variance", Map.of(), 1e-3, List.of(head), List.of(),
                Discrepancy.none(), 10, 0.5, List.of());
        assertEquals(e.toBuilder().verdict(decided.verdict(), decided.verdictReason()).falseAlarmProbability(1e-3)
                .discrepancyLimit(Discrepancy.none().limit()).statistics(List.of(head)).samples(10).seconds(0.5).build(), decided,
                "decide builds its evidence through the builder, field for field");
    }

    @Test
    void passWhenEveryStatisticAgreesWithThePaper() {
        Evidence e = decide(Discrepancy.none(), stat("a", 1.2, 1.2), stat("b", 0.6, 0.6));
        assertEquals(Verdict.PASS, e.verdict());
        assertEquals(1.2, e.reference(), "the headline of a PASS is the first statistic");
        assertEquals(1.0, e.estimate());
        assertEquals(0.5, e.tolerance());
        assertEquals(1e-7, e.falseAlarmProbability());
        // The paper agreeing wins even with a (wrong) vanishing discrepancy stated.
        assertEquals(Verdict.PASS, decide(VANISHING, stat("a", 1.0, 3.0)).verdict());
    }

    @Test
    void aOneSidedGapIsPassWhenResolvedFailWhenReversedAndInconclusiveInBetween() {
        StatisticCheck equal = stat("a", 1.2, 1.2);
        assertEquals(Verdict.PASS, decide(Discrepancy.none(), equal, StatisticCheck.above("gap", 0.3, 0.1, 0, 0.2)).verdict());
        Evidence reversed = decide(Discrepancy.none(), equal, StatisticCheck.above("gap", -0.3, 0.1, 0, 0.2));
        assertEquals(Verdict.FAIL, reversed.verdict());
        assertTrue(reversed.verdictReason().contains("gap"), reversed.verdictReason());
        Evidence open = decide(Discrepancy.none(), equal, StatisticCheck.above("gap", 0.1, 0.1, 0, 0.2));
        assertEquals(Verdict.INCONCLUSIVE, open.verdict());
        assertTrue(open.verdictReason().contains("gap"), open.verdictReason());
        // an unresolved gap does not hide another statistic's failure
        assertEquals(Verdict.FAIL, decide(Discrepancy.none(), stat("a", 3.0, 3.0),
                StatisticCheck.above("gap", 0.1, 0.1, 0, 0.2)).verdict());
        // a bound: at most the reference plus the tolerance
        assertEquals(Verdict.PASS, decide(Discrepancy.none(), StatisticCheck.atMost("risk", 1.1, 0.1, 1.0, 0.2)).verdict());
        assertEquals(Verdict.PASS, decide(Discrepancy.none(), StatisticCheck.atMost("risk", 0.1, 0.1, 1.0, 0.2)).verdict());
        assertEquals(Verdict.FAIL, decide(Discrepancy.none(), StatisticCheck.atMost("risk", 1.3, 0.1, 1.0, 0.2)).verdict());
    }

    @Test
    void withVerdictChangesOnlyTheVerdictAndItsReason() {
        Evidence e = decide(Discrepancy.none(), stat("a", 1.2, 1.2));
        Evidence i = e.withVerdict(Verdict.INCONCLUSIVE, "the negation passes too");
        assertEquals(Verdict.INCONCLUSIVE, i.verdict());
        assertEquals("the negation passes too", i.verdictReason());
        assertEquals(e.estimate(), i.estimate());
        assertEquals(e.statistics(), i.statistics());
        assertEquals(e.tolerance(), i.tolerance());
    }

    @Test
    void approximateWhenTheDerivedFormulaFitsAndTheGapVanishes() {
        Evidence e = decide(VANISHING, stat("a", 1.2, 1.2), stat("b", 2.0, 0.9));
        assertEquals(Verdict.APPROXIMATE, e.verdict());
        assertEquals("b", e.statistics().get(1).name());
        assertEquals(2.0, e.reference(), "the headline is the statistic farthest from the paper in tolerances");
        assertEquals(-0.5, e.discrepancy(), 1e-15, "measured (estimate - paper) / |paper|");
        assertEquals(VANISHING.limit(), e.discrepancyLimit());
        assertTrue(e.verdictReason().contains(VANISHING.limit()), e.verdictReason());
    }

    @Test
    void failWhenTheDerivedFormulaFitsButTheGapPersists() {
        Evidence e = decide(PERSISTENT, stat("a", 2.0, 0.9));
        assertEquals(Verdict.FAIL, e.verdict());
        assertTrue(e.verdictReason().contains("does not vanish"), e.verdictReason());
        assertEquals(PERSISTENT.limit(), e.discrepancyLimit());
    }

    @Test
    void failWhenAStatisticAgreesWithNeitherFormulaNamingIt() {
        Evidence e = decide(VANISHING, stat("fine", 1.0, 1.0), stat("broken", 3.0, 3.0));
        assertEquals(Verdict.FAIL, e.verdict());
        assertTrue(e.verdictReason().endsWith("broken"), e.verdictReason());
        assertEquals(3.0, e.reference());
        // Exactly on the tolerance still agrees; just beyond it does not.
        assertEquals(Verdict.PASS, decide(Discrepancy.none(), StatisticCheck.of("edge", 1.5, 0, 1.0, 1.0, 0.5)).verdict());
        assertEquals(Verdict.FAIL, decide(Discrepancy.none(), StatisticCheck.of("edge", Math.nextUp(1.5), 0, 1.0, 1.0, 0.5)).verdict());
    }

    @Test
    void aZeroToleranceStatisticDisagreeingWithThePaperIsTheHeadline() {
        Evidence e = decide(PERSISTENT, stat("loose", 1.4, 1.0), StatisticCheck.of("exact", 1.0, 0, 0.0, 1.0, 0.0));
        assertEquals(Verdict.FAIL, e.verdict());
        assertEquals(0.0, e.reference(), "an exact statistic off the paper has an infinite gap in tolerances");
    }

    @Test
    void errorAndNotRunCarryNoNumbers() {
        Evidence error = Evidence.error("c", "ref", "s", "boom", 1.5);
        assertEquals(Verdict.ERROR, error.verdict());
        assertEquals("boom", error.verdictReason());
        assertTrue(Double.isNaN(error.estimate()) && Double.isNaN(error.tolerance()));
        Evidence notRun = Evidence.notRun("c", "ref", "s", "interrupted");
        assertEquals(Verdict.NOT_RUN, notRun.verdict());
        assertEquals(0, notRun.samples());
    }

    @Test
    void aVerdictNeedsAStatistic() {
        Rejections.assertRejects(() -> decide(Discrepancy.none()), "test.claim");
    }
}
