package org.msgdlab.reports.figures;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    public void theAsciiFormKeepsTheSameDigitsWithAHyphenMinus() {
        // verdicts.md is ASCII: "-0.039", and a bound that rounds to zero is "0.000", not "-0.000"
        assertEquals("-0.039", Charts.signedAscii(-0.0391, 3));
        assertEquals("+0.325", Charts.signedAscii(0.3249, 3));
        assertEquals("0.000", Charts.signedAscii(-2e-4, 3));
        assertEquals("0.000", Charts.signedAscii(3e-4, 3));
        assertEquals("NaN", Charts.signedAscii(Double.NaN, 3));
        for (double v : new double[] {-12.3456, -0.0004, 0.0, 0.0006, 7.5}) {
            assertEquals(Charts.signedAscii(v, 3).replace('-', '−'), Charts.signed(v, 3));
        }
    }

    @Test
    public void decimalsOutsideZeroToNineAreRefusedInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Charts.signed(1.0, 10));
        assertTrue(e.getMessage().contains("decimals must be 0 to 9, got 10"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Charts.signedAscii(1.0, -1));
    }
}
