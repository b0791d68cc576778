package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.stats.FalseAlarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The power of a check against a named wrong formula, and the strongest of several chances. */
class PowerCheckTest {

    private static final StatisticCheck NEAR = StatisticCheck.of("near", 1.01, 0.01, 1.0, 1.0, 0.05);
    private static final StatisticCheck SHARP = StatisticCheck.of("sharp", 1.001, 0.001, 1.0, 1.0, 0.005);

    @Test
    void thePowerIsTheNormalApproximationWithTheDerivedValueAsTruth() {
        PowerCheck p = PowerCheck.of("wrong", NEAR, 1.05);
        assertEquals(FalseAlarm.power(1.0, 1.05, 0.01, 0.05), p.power(), 0);
        assertFalse(p.rejected(), "1.01 is within 0.05 of 1.05");
        assertTrue(PowerCheck.of("wrong", NEAR, 1.2).rejected());
        PowerCheck diverging = PowerCheck.of("diverging", NEAR, Double.POSITIVE_INFINITY);
        assertTrue(diverging.rejected());
        assertEquals(1.0, diverging.power());
    }

    @Test
    void theStrongestChanceNamesItsStatisticAndAnyRejectionCounts() {
        PowerCheck.Strongest s = new PowerCheck.Strongest("wrong");
        assertFalse(s.any());
        assertThrows(IllegalStateException.class, s::result);
        s.add(NEAR, 1.2);      // rejected here, power ~1
        s.add(SHARP, 1.006);   // power below 1, not rejected
        PowerCheck r = s.result();
        assertTrue(s.any());
        assertTrue(r.rejected(), "rejected by one statistic is rejected");
        assertEquals("near", r.statistic());
        assertEquals(1.2, r.wrongValue());
        assertEquals(PowerCheck.of("wrong", NEAR, 1.2).power(), r.power(), 0);
    }
}
