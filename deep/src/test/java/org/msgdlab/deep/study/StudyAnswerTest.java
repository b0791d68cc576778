package org.msgdlab.deep.study;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.core.stats.PairedHypothesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A paired claim's answer states the rule it applied (issue 46): a superiority claim is supported by a lower
 * bound above 0, so its "Yes" says that, not "by at least 1.0 points" (the smallest effect worth detecting,
 * which only a "No" uses).
 */
class StudyAnswerTest {

    private static final PairedDifferences D = new PairedDifferences(new double[] {0.012, 0.018, 0.010, 0.015, 0.013,
            0.016, 0.011, 0.014, 0.017, 0.0124});

    @Test
    void aSupportedSuperiorityAnswerStatesTheLowerBoundAboveZero() {
        double a = 0.0083;
        IntervalAnswer answer = StudyVerdicts.answer(new PairedHypothesis.Superiority(0.01), PairedHypothesis.Outcome.SUPPORTED,
                "authors-code", "SGD-50", "GD", D, D.lower(a), D.upper(a), a, D.differences(), true);
        assertTrue(answer.answer().startsWith("Yes (under the authors-code protocol, does SGD-50 beat GD?): SGD-50 minus GD is"
                + " +1.38 points on average over 10 paired seeds; the lower bound +"), answer.answer());
        assertTrue(answer.answer().contains("is above +0.00 points."), answer.answer());
        assertFalse(answer.answer().contains("at least"), "the rule asks for a lower bound above 0: " + answer.answer());
        assertEquals(D.mean(), answer.estimate());
    }

    @Test
    void aContradictedSuperiorityAnswerNamesTheSmallestEffectFromTheRule() {
        double a = 0.0083;
        IntervalAnswer answer = StudyVerdicts.answer(new PairedHypothesis.Superiority(0.02), PairedHypothesis.Outcome.CONTRADICTED,
                "paper-text", "SGD-50", "GD", D, D.lower(a), D.upper(a), a, D.differences(), false);
        assertTrue(answer.answer().startsWith("No ("), answer.answer());
        assertTrue(answer.answer().contains("is below the smallest effect worth detecting, +2.00 points."), answer.answer());
    }
}
