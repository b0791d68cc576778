package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.testing.Rejections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One compared statistic: relative discrepancy, agreement and rejection. */
class StatisticCheckTest {

    @Test
    void theRelativeDiscrepancyIsDerivedMinusPaperOverAbsPaperOrAbsoluteWhenThePaperSaysZero() {
        // Bernoulli vs the with-replacement diagonal: (n-b)/(n-1) - 1 at n = 1000, b = 50.
        double paper = 999.0 / (50.0 * 1000 * 1000);
        double derived = 950.0 / (50.0 * 1000 * 1000);
        StatisticCheck s = StatisticCheck.of("diag", derived, 1e-9, paper, derived, 1e-8);
        assertEquals(950.0 / 999 - 1, s.relativeDiscrepancy(), 1e-15);
        assertEquals(0.001, StatisticCheck.of("gap", 0.0011, 1e-5, 0.0, 0.001, 1e-4).relativeDiscrepancy());
        // A negative paper value: the sign follows derived - paper (off-diagonal -x -> 0 gives +1).
        assertEquals(1.0, StatisticCheck.of("off", 0, 0, -2e-8, 0.0, 0).relativeDiscrepancy());
        assertEquals(0.0011, StatisticCheck.of("gap", 0.0011, 1e-5, 0.0, 0.001, 1e-4).measuredDiscrepancy());
        assertEquals(0.5, StatisticCheck.of("x", 3, 0, 2, 2, 0).measuredDiscrepancy());
    }

    @Test
    void agreementIsWithinTheToleranceInclusiveAndRejectionBeyondIt() {
        StatisticCheck s = StatisticCheck.of("x", 1.0, 0.1, 1.5, 0.5, 0.5);
        assertTrue(s.agreesWithPaper());
        assertTrue(s.agreesWithDerived());
        assertFalse(s.rejects(1.5));
        assertTrue(s.rejects(Math.nextUp(1.5)));
        assertFalse(StatisticCheck.of("x", 1.0, 0.1, 1.6, 1.0, 0.5).agreesWithPaper());
    }

    @Test
    void aToleranceMustBeANonNegativeNumber() {
        Rejections.assertRejects(() -> StatisticCheck.of("x", 1, 0, 1, 1, -1e-9), "tolerance=-1.0E-9");
        Rejections.assertRejects(() -> StatisticCheck.of("x", 1, 0, 1, 1, Double.NaN), "tolerance=NaN");
    }
}
