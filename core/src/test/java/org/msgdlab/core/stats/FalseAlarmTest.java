package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.testing.Rejections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Tolerances from a false-alarm probability, and the power to reject a wrong value. */
class FalseAlarmTest {

    @Test
    void criticalValuesAreTheNormalQuantilesWithBonferroni() {
        assertEquals(1.959963984540054, FalseAlarm.z(0.05, 1), 1e-9);
        assertEquals(2.575829303548901, FalseAlarm.z(0.01, 1), 1e-9);
        assertEquals(FalseAlarm.z(0.01, 1), FalseAlarm.z(0.05, 5), 1e-12, "z(alpha, k) = z(alpha / k, 1)");
        assertEquals(5.326723886383, FalseAlarm.z(1e-7, 1), 1e-6);
        assertTrue(FalseAlarm.PER_CLAIM <= 1e-6, "the promise made to users is alpha <= 1e-6 per claim");
    }

    @Test
    void powerIsAlphaAtTheTruthAndGrowsWithTheGapAndShrinksWithTheStandardError() {
        double se = 0.1;
        double tol = FalseAlarm.z(1e-3, 1) * se;
        // At the truth the "power" is the false-alarm probability itself.
        assertEquals(1e-3, FalseAlarm.power(1.0, 1.0, se, tol), 1e-9);
        double previous = 0;
        for (double gap = 0; gap <= 2; gap += 0.05) {
            double p = FalseAlarm.power(1.0, 1.0 + gap, se, tol);
            assertTrue(p >= previous - 1e-15, "power must not decrease with the gap: " + previous + " then " + p + " at gap " + gap);
            assertEquals(p, FalseAlarm.power(1.0, 1.0 - gap, se, tol), 1e-15, "symmetric in the sign of the gap");
            previous = p;
        }
        assertTrue(previous > 1 - 1e-12);
        previous = 1;
        for (double s = 0.01; s <= 1; s += 0.01) {
            double p = FalseAlarm.power(0.0, 1.0, s, FalseAlarm.z(1e-3, 1) * s);
            assertTrue(p <= previous + 1e-15, "power must not grow with the standard error: " + previous + " then " + p);
            previous = p;
        }
        // An exact statistic (SE 0) rejects exactly the values farther than the tolerance.
        assertEquals(1.0, FalseAlarm.power(0, 1e-9, 0, 1e-10));
        assertEquals(0.0, FalseAlarm.power(0, 1e-11, 0, 1e-10));
    }

    @Test
    void theShapeCorrectionIsSecondOrderCornishFisherAndNeverBelowZ() {
        double z = FalseAlarm.z(1e-7, 4);
        assertEquals(z, FalseAlarm.shapeCorrected(z, 0, 0), "a normal mean needs no correction");
        double g = 0.05;
        double k = 0.01;
        double expected = z + (z * z - 1) * g / 6 + (z * z * z - 3 * z) * k / 24 - (2 * z * z * z - 5 * z) * g * g / 36;
        assertEquals(expected, FalseAlarm.shapeCorrected(z, g, k), 1e-12);
        assertEquals(FalseAlarm.shapeCorrected(z, g, k), FalseAlarm.shapeCorrected(z, -g, k), "either tail may be the heavy one");
        assertEquals(z, FalseAlarm.shapeCorrected(z, 0, -0.5), "a light-tailed law never narrows the tolerance");
        double previous = z;
        for (double skew = 0; skew <= 0.1; skew += 0.005) {
            double w = FalseAlarm.shapeCorrected(z, skew, 0);
            assertTrue(w >= previous, "more skewness, wider tolerance, at small skewness: " + previous + " then " + w);
            previous = w;
        }
    }

    @Test
    void roundOffIsTermsTimes2ToTheMinus52TimesTheScale() {
        assertEquals(1000 * 0x1p-52 * 3.0, FalseAlarm.roundOff(1000, -3.0));
        assertEquals(0.0, FalseAlarm.roundOff(0, 1.0));
    }

    @Test
    void rejectsBadArgumentsNamingThem() {
        Rejections.assertRejects(() -> FalseAlarm.z(0, 1), "alpha=0.0");
        Rejections.assertRejects(() -> FalseAlarm.z(1, 1), "alpha=1.0");
        Rejections.assertRejects(() -> FalseAlarm.z(Double.NaN, 1), "alpha=NaN");
        Rejections.assertRejects(() -> FalseAlarm.z(0.05, 0), "k=0");
    }
}
