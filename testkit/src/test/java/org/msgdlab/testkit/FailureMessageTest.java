package org.msgdlab.testkit;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.opentest4j.AssertionFailedError;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;
import static org.msgdlab.testkit.NoiseAssertions.assertMean;

/**
 * A failure says what failed and by how much: for each compared statistic its estimate, reference,
 * standard error, tolerance and power against the named alternative, then the settings that
 * reproduce it.
 */
class FailureMessageTest {

    /** With-replacement draws, documented with the without-replacement covariance. */
    static final SamplingNoise LIAR = new LyingNoise(new SgdWithReplacement(50, 5), new SgdWithoutReplacement(50, 5).covariance());

    @Test
    void aNoiseThatLiesAboutItsCovarianceFailsWithEstimateReferenceSeToleranceAndPower() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> assertCovariance(LIAR)
                .against("with replacement", new SgdWithReplacement(50, 5).covariance()).samples(20_000).seed(42).check());
        String m = e.getMessage();
        System.out.println(m);
        assertTrue(m.startsWith("assertCovariance(lying SGD-5 (with replacement), n=50) failed: "), m);
        String failedLine = Arrays.stream(m.split("\n")).filter(l -> l.strip().startsWith("FAILED")).findFirst().orElseThrow();
        for (String field : new String[] {"estimate=", "reference=", "SE=", "tolerance=", "tolerances, power="}) {
            assertTrue(failedLine.contains(field), field + " missing from: " + failedLine);
        }
        assertTrue(m.contains("power against the alternative \"with replacement\": "), m);
        assertTrue(m.contains("falseAlarm=1.0E-7 split over 4 statistics (Bonferroni)"), m);
        assertTrue(m.contains("samples=20000, seed=42"), m);
        assertTrue(m.contains("(the noise's own covariance())"), m);
        assertTrue(e.isExpectedDefined() && e.isActualDefined(), "IDEs show expected and actual");
        assertNotEquals(e.getExpected().getValue(), e.getActual().getValue());
    }

    @Test
    void withoutANamedAlternativeThePowerIsSaidToBeUnknown() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> assertCovariance(LIAR).samples(20_000).check());
        assertTrue(e.getMessage().contains("power=n/a"), e.getMessage());
        assertTrue(e.getMessage().contains("no alternative named"), e.getMessage());
    }

    @Test
    void theSameSeedGivesTheSameFailure() {
        CovarianceAssertion a = assertCovariance(LIAR).samples(5_000).seed(7);
        String first = assertThrows(AssertionFailedError.class, a::check).getMessage();
        String again = assertThrows(AssertionFailedError.class, a::check).getMessage();
        String other = assertThrows(AssertionFailedError.class, () -> a.seed(8).check()).getMessage();
        assertEquals(first, again);
        assertNotEquals(first, other);
    }

    @Test
    void aBiasedNoiseFailsTheMeanAssertionWithTheSameFields() {
        SamplingNoise sgd = new SgdWithoutReplacement(20, 4);
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> assertMean(new Biased(sgd)).samples(5_000).check());
        String m = e.getMessage();
        System.out.println(m);
        assertTrue(m.startsWith("assertMean("), m);
        for (String field : new String[] {"FAILED", "estimate=", "reference=", "SE=", "tolerance=", "power=",
                "power against the alternative \"E[W] = 0"}) {
            assertTrue(m.contains(field), field + " missing from: " + m);
        }
    }

    /** Adds 0.5/n to the first entry of every draw: E[W_1] = 1.5/n. */
    record Biased(SamplingNoise noise) implements SamplingNoise {
        @Override
        public int dimension() {
            return noise.dimension();
        }

        @Override
        public String paperName() {
            return "biased " + noise.paperName();
        }

        @Override
        public String formula() {
            return noise.formula() + ", first entry + 0.5/n";
        }

        @Override
        public ExchangeableCovariance covariance() {
            return noise.covariance();
        }

        @Override
        public NoiseSampler sampler(UniformRandomProvider rng) {
            NoiseSampler s = noise.sampler(rng);
            double shift = 0.5 / noise.dimension();
            return v -> {
                s.sample(v);
                v[0] += shift;
            };
        }
    }

    /** SGD without replacement whose sampler writes NaN into the entry {@code bad} of every draw. */
    record NaNAt(SamplingNoise inner, int bad, double value) implements SamplingNoise {
        @Override
        public int dimension() {
            return inner.dimension();
        }

        @Override
        public String paperName() {
            return "broken " + inner.paperName();
        }

        @Override
        public String formula() {
            return inner.formula();
        }

        @Override
        public ExchangeableCovariance covariance() {
            return inner.covariance();
        }

        @Override
        public NoiseSampler sampler(UniformRandomProvider rng) {
            NoiseSampler s = inner.sampler(rng);
            return v -> {
                s.sample(v);
                v[bad] = value;
            };
        }
    }

    @Test
    void aNoiseDrawingNaNOrInfinityFailsNamingTheDrawNotATolerance() {
        SamplingNoise nan = new NaNAt(new SgdWithoutReplacement(50, 5), 7, Double.NaN);
        AssertionFailedError c = assertThrows(AssertionFailedError.class, () -> assertCovariance(nan).check());
        assertEquals("assertCovariance(broken SGD-5 (without replacement), n=50) failed: broken SGD-5 (without replacement) (n=50)"
                + " drew a non-finite value, V[7] = NaN: a sampling noise must draw finite values", c.getMessage());
        SamplingNoise inf = new NaNAt(new SgdWithoutReplacement(50, 5), 3, Double.NEGATIVE_INFINITY);
        AssertionFailedError m = assertThrows(AssertionFailedError.class, () -> assertMean(inf).check());
        assertEquals("assertMean(broken SGD-5 (without replacement), n=50) failed: broken SGD-5 (without replacement) (n=50)"
                + " drew a non-finite value, W[3] = -Infinity: a sampling noise must draw finite values", m.getMessage());
    }
}
