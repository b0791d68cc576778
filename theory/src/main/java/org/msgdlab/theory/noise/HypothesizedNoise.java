package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A noise's own draws under a hypothesized covariance, in place of the one the noise states. The
 * covariance claims ({@code NoiseClaims.covariance}) take their exact ("derived") values from
 * {@link SamplingNoise#covariance()} and compute the power with them as the truth; wrapped, the
 * truth is the hypothesis under test, so that the power is the probability of rejecting the
 * alternative when the hypothesis holds. Used by the test kit's assertions and by the plug-in
 * claims for noises that declare no covariance.
 */
public record HypothesizedNoise(SamplingNoise noise, ExchangeableCovariance covariance) implements SamplingNoise {

    public HypothesizedNoise {
        java.util.Objects.requireNonNull(noise, "noise");
        if (covariance.n() != noise.dimension()) {
            throw new IllegalArgumentException("hypothesized covariance has dimension n=" + covariance.n() + ", the noise has n="
                    + noise.dimension() + ": they must be equal");
        }
    }

    @Override
    public int dimension() {
        return noise.dimension();
    }

    @Override
    public String paperName() {
        return noise.paperName();
    }

    @Override
    public String formula() {
        return noise.formula();
    }

    @Override
    public double mean() {
        return noise.mean();
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        return noise.sampler(rng);
    }
}
