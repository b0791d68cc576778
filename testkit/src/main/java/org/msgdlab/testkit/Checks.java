package org.msgdlab.testkit;

import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.SamplingNoise;

/** Parameter checks of the assertions: one line naming the parameter, its value and the rule. */
final class Checks {

    private Checks() {
    }

    static SamplingNoise requireNoise(SamplingNoise noise) {
        if (noise == null) {
            throw new IllegalArgumentException("noise=null must be a SamplingNoise");
        }
        return noise;
    }

    /** {@code 0 < value < 1}; NaN is refused. */
    static double requireOpenUnit(String name, double value) {
        if (!(value > 0 && value < 1)) {
            throw new IllegalArgumentException(name + "=" + value + " must be in (0, 1)");
        }
        return value;
    }

    static long requireSamples(long samples) {
        if (samples < NoiseAssertions.MIN_SAMPLES) {
            throw new IllegalArgumentException("samples=" + samples + " must be >= " + NoiseAssertions.MIN_SAMPLES
                    + " (the smallest sample size at which the tolerance's false-alarm probability is calibrated)");
        }
        return samples;
    }

    /** A covariance of the noise's dimension. */
    static ExchangeableCovariance requireCovariance(String name, ExchangeableCovariance c, SamplingNoise noise) {
        if (c == null) {
            throw new IllegalArgumentException(name + "=null must be an ExchangeableCovariance");
        }
        if (c.n() != noise.dimension()) {
            throw new IllegalArgumentException(name + " has dimension n=" + c.n() + ", must equal the noise's dimension n="
                    + noise.dimension() + " (" + noise.paperName() + ")");
        }
        return c;
    }

    /**
     * The covariance the noise states, the default reference; a noise that states none (its
     * {@code covariance()} throws {@link UnsupportedOperationException}) needs {@code matches(...)}.
     */
    static ExchangeableCovariance ownCovariance(SamplingNoise noise) {
        ExchangeableCovariance own;
        try {
            own = noise.covariance();
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException("expected=unset: the noise " + noise.paperName()
                    + " states no covariance (" + e.getMessage() + "), so matches(expected) must give one");
        }
        return requireCovariance("the noise's own covariance()", own, noise);
    }

    static String requireName(String name, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + "='" + value + "' must be a non-blank name");
        }
        return value.strip();
    }
}
