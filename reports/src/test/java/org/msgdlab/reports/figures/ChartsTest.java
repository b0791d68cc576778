package org.msgdlab.reports.figures;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

public class ChartsTest {

    @Test
    public void aSignedNumberHasATrueMinusAndAPlus() {
        assertEquals("+0.33", Charts.signed(0.3349, 2));
        assertEquals("−0.04", Charts.signed(-0.04, 2));
        assertEquals("−1.250", Charts.signed(-1.25, 3));
        assertEquals("+12", Charts.signed(12.2, 0));
    }

    @Test
    public void aValueThatRoundsToZeroCarriesNoSign() {
        // %+.2f alone prints "-0.00" and "+0.00": a sign the digits do not show
        assertEquals("0.00", Charts.signed(-0.003, 2));
        assertEquals("0.00", Charts.signed(0.004, 2));
        assertEquals("0.00", Charts.signed(-0.0, 2));
        assertEquals("0.000", Charts.signed(-4e-4, 3));
        assertEquals("−0.01", Charts.signed(-0.005, 2)); // HALF_UP: rounds away from zero, so it keeps its sign
        assertEquals("0", Charts.signed(-0.4, 0));
    }
}
