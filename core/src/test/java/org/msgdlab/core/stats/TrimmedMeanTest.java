package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The support study's estimand (deep/results/support-study/PLAN.md, "Statistic"): "the 10%-trimmed mean of the
 * study's d_s (floor(0.1 k) seeds cut from each end at k seeds), with Yuen's interval (winsorized variance,
 * k - 2 floor(0.1 k) - 1 degrees of freedom)", the interval amendment 2 names: the one-sample Tukey-McLaughlin bound,
 * SE = s_w sqrt(k) / h with h = k - 2g, not Yuen's 1974 form.
 */
class TrimmedMeanTest {

    /**
     * A sample of k = 10 worked by hand. Sorted: -4, -1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 10; g = 1.
     * Trimmed: -1 .. 3, sum 9.5 over 8 values: m_t = 1.1875.
     * Winsorized: -1, -1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 3: sum 11.5, mean 1.15; squared deviations
     * 2 x 4.6225 + 1.3225 + 0.4225 + 0.0225 + 0.1225 + 0.7225 + 1.8225 + 2 x 3.4225 = 20.525;
     * s_w^2 = 20.525 / 9 = 2.2805556, s_w = 1.5101508.
     * SE = s_w / ((1 - 2/10) sqrt 10) = 1.5101508 / 2.5298221 = 0.5969395; df = 10 - 2 - 1 = 7;
     * t_{0.95, 7} = 1.8945786 (tables); bounds 1.1875 -+ 1.1309489 = 0.0565511 and 2.3184489.
     */
    @Test
    void aSampleOfTenWorkedByHand() {
        TrimmedMean t = TrimmedMean.of(new double[]{3, -1, 0.5, 2, 10, 1, -4, 1.5, 0, 2.5});
        assertEquals(1, t.cut());
        assertEquals(1.1875, t.estimate(), 1e-15);
        assertEquals(Math.sqrt(20.525 / 9), t.winsorizedSd(), 1e-14);
        assertEquals(0.5969395, t.standardError(), 1e-7);
        assertEquals(7, t.degreesOfFreedom());
        assertEquals(0.0565511, t.lower(0.05), 1e-7);
        assertEquals(2.3184489, t.upper(0.05), 1e-7);
    }

    /**
     * The first look's size, k = 50 (g = 5, df = 39), against the plan's sizing script (size.py's {@code trimmed}
     * and {@code bounds}, numpy and scipy) on x_i = 3 sin(1.7 i), minus 5 at every seventh seed (a skewed sample),
     * i = 0..49: a second implementation, not this one's arithmetic.
     */
    @Test
    void theFirstLooksBoundsAgreeWithThePlansSizingScript() {
        double[] x = new double[50];
        for (int i = 0; i < 50; i++) {
            x[i] = 3 * Math.sin(1.7 * i) + (i % 7 == 0 ? -5 : 0);
        }
        TrimmedMean t = TrimmedMean.of(x);
        assertEquals(5, t.cut());
        assertEquals(39, t.degreesOfFreedom());
        assertEquals(-0.449210285165, t.estimate(), 1e-10);
        assertEquals(-1.901908505185, t.lower(0.001), 1e-9);
        assertEquals(1.003487934856, t.upper(0.001), 1e-9);
        assertEquals(-1.675063989022, t.lower(0.004), 1e-9);
        assertEquals(0.776643418692, t.upper(0.004), 1e-9);
        // the plain t on the mean, size.py --plain-t: the named wrong variant
        TBounds m = Location.MEAN.of(x, 50);
        assertEquals(-0.742420807479, m.estimate(), 1e-10);
        assertEquals(-2.106838129533, m.lower(0.001), 1e-9);
        assertEquals(0.413052197433, m.upper(0.004), 1e-9);
    }

    @Test
    void gIsTheFloorOfATenthOfKAndTheFirstNValuesAreALooksSample() {
        assertEquals(0, TrimmedMean.of(new double[9]).cut());
        assertEquals(1, TrimmedMean.of(new double[19]).cut());
        assertEquals(2, TrimmedMean.of(new double[20]).cut());
        assertEquals(10, TrimmedMean.of(new double[100]).cut());
        assertEquals(100 - 20 - 1, Location.TRIMMED_MEAN.degreesOfFreedom(100));
        double[] seeds = {1, 2, 3, 4, 5, 99, 99};
        assertEquals(3, TrimmedMean.of(seeds, 5).estimate(), 1e-15, "the look at 5 sees seeds 0..4 only");
    }

    @Test
    void onASymmetricSampleTheTrimmedMeanIsTheMeanAndOneFarValueMovesItLittle() {
        double[] sym = {-3, -1, -0.5, 0, 0.1, 0.3, 0.4, 0.9, 1.4, 3.4};   // symmetric about 0.2
        assertEquals(0.2, TrimmedMean.of(sym).estimate(), 1e-12);
        assertEquals(0.2, Location.MEAN.of(sym, sym.length).estimate(), 1e-12);
        double[] far = sym.clone();
        far[0] = -60;
        assertEquals(0.2, TrimmedMean.of(far).estimate(), 1e-12, "the cut value's size does not enter");
        assertTrue(Location.MEAN.of(far, far.length).estimate() < -5, "the mean follows it");
    }

    @Test
    void badInputIsRefusedInOneLineNamingTheParameter() {
        var e = assertThrows(IllegalArgumentException.class, () -> TrimmedMean.of(new double[1]));
        assertEquals("trimmed mean: sample size k=1 must be in [2, 1] (the values given)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TrimmedMean.of(new double[]{1, Double.NaN}));
        assertEquals("trimmed mean: value NaN must be finite", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new TrimmedMean(10, 2, 0, 1));
        assertEquals("trimmed mean: cut g=2 must be floor(k/10) = 1 at k=10", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> TrimmedMean.of(new double[]{1, 2}).lower(0.7));
        assertTrue(e.getMessage().contains("alpha=0.7 must be in (0, 0.5)"), e.getMessage());
    }
}
