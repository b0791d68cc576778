package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * The i.i.d. mean-0, variance-1 variables that drive a noise; the driver decides the noise class
 * (Gaussian, or a two-point law) while the covariance stays fixed. The constants are immutable;
 * the samplers they create are not thread-safe.
 */
public enum StandardizedDriver {
    /** The white noise epsilon ~ N(0, 1) of the paper (Ziggurat sampler). */
    GAUSSIAN("Gaussian") {
        @Override
        public ContinuousSampler sampler(UniformRandomProvider rng) {
            return ZigguratSampler.NormalizedGaussian.of(rng);
        }
    },
    /** Rademacher: +1 or -1 with probability 1/2 each; bounded, not Gaussian. */
    RADEMACHER("Rademacher") {
        @Override
        public ContinuousSampler sampler(UniformRandomProvider rng) {
            return () -> rng.nextBoolean() ? 1.0 : -1.0;
        }
    };

    private final String label;

    StandardizedDriver(String label) {
        this.label = label;
    }

    /** @return the law's name for reports, e.g. {@code "Gaussian"} */
    public String label() {
        return label;
    }

    /**
     * A sampler of the standardized variable.
     *
     * @param rng the random stream it draws from
     * @return a new sampler, not thread-safe
     */
    public abstract ContinuousSampler sampler(UniformRandomProvider rng);
}
