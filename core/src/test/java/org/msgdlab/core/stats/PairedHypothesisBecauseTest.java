package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.function.DoubleFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An answer states the comparison its rule made, with the rule's own numbers (issue 46). */
class PairedHypothesisBecauseTest {

    private static final DoubleFunction<String> POINTS = x -> String.format(Locale.ROOT, "%+.2f points", 100 * x);

    @Test
    void superiorityIsSupportedByALowerBoundAboveZeroNotByTheSmallestEffect() {
        PairedHypothesis h = new PairedHypothesis.Superiority(0.01);
        assertEquals("the lower bound +0.41 points is above +0.00 points",
                h.because(PairedHypothesis.Outcome.SUPPORTED, 0.0041, 0.0230, POINTS));
        assertEquals("the upper bound +0.80 points is below the smallest effect worth detecting, +1.00 points",
                h.because(PairedHypothesis.Outcome.CONTRADICTED, -0.0030, 0.0080, POINTS));
        assertEquals("the lower bound -0.30 points is not above +0.00 points and the upper bound +1.50 points is not below"
                + " the smallest effect worth detecting, +1.00 points",
                h.because(PairedHypothesis.Outcome.UNRESOLVED, -0.0030, 0.0150, POINTS));
    }

    @Test
    void equivalenceComparesTheIntervalWithTheMargins() {
        PairedHypothesis h = new PairedHypothesis.Equivalence(0.01);
        assertEquals("both bounds [-0.50 points, +0.60 points] lie inside the margins (-1.00 points, +1.00 points)",
                h.because(PairedHypothesis.Outcome.SUPPORTED, -0.005, 0.006, POINTS));
        assertEquals("the interval [+1.20 points, +2.00 points] lies outside the margins (-1.00 points, +1.00 points)",
                h.because(PairedHypothesis.Outcome.CONTRADICTED, 0.012, 0.020, POINTS));
    }
}
