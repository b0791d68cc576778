package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Worlds resampled from observed seeds (deep/results/support-study/sizing/size.py): "the empirical law of that
 * claim's per-seed value ... shifted so that its trimmed mean is the world's truth"; "dips" worlds add, on top, a
 * 3-7-point dip to one side of 4% of the seeds.
 */
class ResampledWorldTest {

    /** Nine seeds at 0 and one at 10: its law's 10%-trimmed mean is 0 (the top tenth is the 10), its mean 1. */
    static final double[] ONE_FAR = {0, 0, 0, 0, 0, 0, 0, 0, 0, 10};

    @Test
    void theCentreIsTheWorldsLocationInTheRulesOwnSense() {
        ResampledWorld w = ResampledWorld.of(ONE_FAR, ResampledWorld.Dips.NONE);
        // 2,000,000 draws: the 10s beyond the cut number about sd(Binomial(2e6, 0.1)) = 424, 10 each over 1.6e6 kept
        assertEquals(0, w.centre(Location.TRIMMED_MEAN, 1), 0.02);
        assertEquals(1, w.centre(Location.MEAN, 1), 0.01);
        ResampledWorld at = w.at(-0.42, Location.TRIMMED_MEAN, 1);
        assertEquals(-0.42, at.centre(Location.TRIMMED_MEAN, 2) + at.shift(), 0.02, "shifted, the truth asked for");
    }

    @Test
    void aDipFreeWorldsLawCentreIsExactAndTheReferenceSampleEstimatesIt() {
        ResampledWorld w = ResampledWorld.of(ONE_FAR, ResampledWorld.Dips.NONE);
        assertEquals(0, w.lawCentre(Location.TRIMMED_MEAN), 0, "the 10 is the top tenth, trimmed whole");
        assertEquals(1, w.lawCentre(Location.MEAN), 1e-15);
        // k = 100: the law's trimmed mean is the sample's own (no shift when a world is centred at the estimate)
        double[] skewed = new double[100];
        for (int i = 0; i < skewed.length; i++) {
            skewed[(31 * i) % 100] = Math.exp(i / 25.0) - 3;
        }
        assertEquals(TrimmedMean.of(skewed).estimate(), ResampledWorld.of(skewed, ResampledWorld.Dips.NONE)
                .lawCentre(Location.TRIMMED_MEAN), 1e-12);
        // k = 95, not a multiple of 10: the law trims 9.5 values a side, the sample's estimator 9; the 2,000,000-draw
        // reference sample agrees with the law (its sd here about 0.011, so 0.05 is 4.5 sd), not with the sample,
        // which lies 0.106 from the law
        double[] k95 = java.util.Arrays.copyOf(skewed, 95);
        ResampledWorld w95 = ResampledWorld.of(k95, ResampledWorld.Dips.NONE);
        double law = w95.lawCentre(Location.TRIMMED_MEAN);
        assertEquals(law, w95.centre(Location.TRIMMED_MEAN, 7), 0.05);
        assertTrue(Math.abs(law - TrimmedMean.of(k95).estimate()) > 0.1, law + " against the sample's "
                + TrimmedMean.of(k95).estimate());
        ResampledWorld dipped = ResampledWorld.of(ONE_FAR, new ResampledWorld.Dips(0.04, 3, 7));
        assertThrows(IllegalStateException.class, () -> dipped.lawCentre(Location.MEAN));
        assertThrows(IllegalArgumentException.class, () -> Location.TRIMMED_MEAN.ofLaw(new double[]{1}));
        assertThrows(IllegalArgumentException.class, () -> Location.MEAN.ofLaw(new double[]{1, Double.NaN}));
    }

    @Test
    void dipsOfEitherSignKeepASymmetricWorldsCentreAndWidenIt() {
        double[] v = {-1, -0.5, 0, 0.5, 1};
        ResampledWorld dips = ResampledWorld.of(v, new ResampledWorld.Dips(0.04, 3, 7));
        assertEquals(0, dips.centre(Location.MEAN, 3), 0.01);
        assertEquals(0, dips.centre(Location.TRIMMED_MEAN, 3), 0.01);
        VerdictRates plain = ResampledWorld.of(v, ResampledWorld.Dips.NONE)
                .rates(LookRuleTest.RULE, new BandClaim.Equivalence(0.3), 2_000, 5);
        VerdictRates dipped = dips.rates(LookRuleTest.RULE, new BandClaim.Equivalence(0.3), 2_000, 5);
        assertTrue(dipped.pass() < plain.pass(), "dips cost power: " + dipped + " against " + plain);
    }

    @Test
    void ratesAreTheSameForTheSameSeedAndCarryTheirMonteCarloError() {
        ResampledWorld w = ResampledWorld.of(new double[]{-1.2, 0.3, 0.1, 0.8, -0.4, 2.5, -0.2}, ResampledWorld.Dips.NONE)
                .centredAt(0, 0.1);
        VerdictRates a = w.rates(LookRuleTest.RULE, LookRuleTest.BELOW, 3_000, 11);
        VerdictRates b = w.rates(LookRuleTest.RULE, LookRuleTest.BELOW, 3_000, 11);
        assertEquals(a, b);
        assertEquals(Math.sqrt(a.pass() * (1 - a.pass()) / 3_000), a.passSe(), 1e-15);
        assertEquals(3_000, a.studies());
    }

    @Test
    void badInputIsRefusedInOneLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> ResampledWorld.of(new double[]{1}, ResampledWorld.Dips.NONE));
        assertEquals("resampled world: 1 observed values; at least 2 are needed", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ResampledWorld.of(new double[]{1, Double.NaN},
                ResampledWorld.Dips.NONE));
        assertEquals("resampled world: observed value 1 is NaN; every value must be finite", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new ResampledWorld.Dips(1.5, 3, 7));
        assertEquals("dips: share=1.5 must be in [0, 1)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ResampledWorld.of(ONE_FAR, ResampledWorld.Dips.NONE)
                .rates(LookRuleTest.RULE, LookRuleTest.BELOW, 1, 1));
        assertEquals("studies=1 must be >= 2 (a standard error needs two)", e.getMessage());
    }
}
