package org.msgdlab.testkit;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;
import static org.msgdlab.testkit.NoiseAssertions.assertMean;

/**
 * A bad parameter is refused where it is given, with one line naming the parameter, its value and
 * the rule (an IllegalArgumentException: a misuse, not a failed assertion).
 */
class BadInputTest {

    static final SamplingNoise NOISE = new SgdWithoutReplacement(10, 3);

    private static void refused(String message, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertEquals(message, e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 1, -0.1, 1.5, Double.NaN})
    void aFalseAlarmProbabilityOutsideTheOpenUnitIntervalIsRefused(double alpha) {
        refused("falseAlarm=" + alpha + " must be in (0, 1)", () -> assertCovariance(NOISE).falseAlarm(alpha));
        refused("falseAlarm=" + alpha + " must be in (0, 1)", () -> assertMean(NOISE).falseAlarm(alpha));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 1, 2})
    void aRequiredPowerOutsideTheOpenUnitIntervalIsRefused(double power) {
        refused("minPower=" + power + " must be in (0, 1)", () -> assertCovariance(NOISE).minPower(power, NOISE.covariance().scaled(2)));
        refused("minPower=" + power + " must be in (0, 1)", () -> assertMean(NOISE).minPower(power));
    }

    @ParameterizedTest
    @ValueSource(longs = {-5, 0, 1, 2, 999})
    void fewerSamplesThanTheCalibratedMinimumAreRefused(long samples) {
        String rule = "samples=" + samples + " must be >= 1000 (the smallest sample size at which the tolerance's"
                + " false-alarm probability is calibrated)";
        refused(rule, () -> assertCovariance(NOISE).samples(samples));
        refused(rule, () -> assertMean(NOISE).samples(samples));
    }

    @Test
    void aCovarianceOfAnotherDimensionIsRefused() {
        ExchangeableCovariance five = ExchangeableCovariance.isotropic(5, 1);
        refused("expected has dimension n=5, must equal the noise's dimension n=10 (SGD-3 (without replacement))",
                () -> assertCovariance(NOISE).matches(five));
        refused("alternative has dimension n=5, must equal the noise's dimension n=10 (SGD-3 (without replacement))",
                () -> assertCovariance(NOISE).minPower(0.9, five));
        refused("alternative has dimension n=5, must equal the noise's dimension n=10 (SGD-3 (without replacement))",
                () -> assertCovariance(NOISE).against("five", five));
    }

    @Test
    void aNoiseThatStatesNoCovarianceMustBeGivenOne() {
        SamplingNoise silent = new SamplingNoise() {
            @Override
            public int dimension() {
                return 10;
            }

            @Override
            public String paperName() {
                return "silent";
            }

            @Override
            public String formula() {
                return "-";
            }

            @Override
            public ExchangeableCovariance covariance() {
                throw new UnsupportedOperationException("infinite variance");
            }

            @Override
            public NoiseSampler sampler(UniformRandomProvider rng) {
                return NOISE.sampler(rng);
            }
        };
        refused("expected=unset: the noise silent states no covariance (infinite variance), so matches(expected) must give one",
                () -> assertCovariance(silent).samples(1000).check());
        assertCovariance(silent).matches(NOISE.covariance()).samples(1000).check();
    }

    @Test
    void missingArgumentsAreRefused() {
        refused("noise=null must be a SamplingNoise", () -> assertCovariance(null));
        refused("noise=null must be a SamplingNoise", () -> assertMean(null));
        refused("expected=null must be an ExchangeableCovariance", () -> assertCovariance(NOISE).matches(null));
        refused("alternative=null must be an ExchangeableCovariance", () -> assertCovariance(NOISE).minPower(0.9, null));
        refused("alternative name=' ' must be a non-blank name",
                () -> assertCovariance(NOISE).against(" ", NOISE.covariance()));
    }
}
