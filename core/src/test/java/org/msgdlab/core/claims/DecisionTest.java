package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** A {@link Decision} names the inputs of {@link Evidence#decide} and decides by the same rule; the runner sets the time. */
class DecisionTest {

    private static final ClaimRef REF = new ClaimRef("test.claim", "Proposition 1", "statement");

    @Test
    void namedInputsGiveThePositionalRulesEvidenceWithoutATime() {
        List<StatisticCheck> stats = List.of(StatisticCheck.of("mean", 1.0, 0.1, 3.0, 1.0, 0.5),
                StatisticCheck.of("variance", 2.0, 0.1, 2.0, 2.0, 0.5));
        List<PowerCheck> power = List.of(new PowerCheck("wrong", "mean", 0, true, 1));
        Discrepancy gap = Discrepancy.vanishing("factor (n-b)/(n-1) -> 1");
        List<Series> none = List.of();
        Evidence positional = Evidence.decide("test.claim", "Proposition 1", "statement", Map.of("n", 10), 1e-7, stats,
                power, gap, 1000, 2.5, none);
        Evidence named = Decision.of(REF).parameters(Map.of("n", 10)).falseAlarmProbability(1e-7).statistics(stats)
                .power(power).discrepancy(gap).samples(1000).decide();
        assertEquals(Verdict.APPROXIMATE, named.verdict(), named.verdictReason());
        assertEquals(0.0, named.seconds(), "a decision takes no time of its own");
        assertEquals(positional, named.withSeconds(2.5));
    }

    @Test
    void aDecisionNeedsAStatistic() {
        assertEquals("claim test.claim: a verdict needs at least one statistic",
                assertThrows(IllegalArgumentException.class, () -> Decision.of(REF).decide()).getMessage());
    }
}
