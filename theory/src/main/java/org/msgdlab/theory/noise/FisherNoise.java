package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/**
 * MSGD-Fisher (Section 4.2): {@code V_F = (bn)^(-1/2) eps}, eps ~ N(0, I_n), so that the gradient
 * noise {@code grad L V_F ~ N(0, F/b)} with the Fisher {@code F = grad L grad L^T / n}.
 * {@code Var[V_F] = I/(bn)}.
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param n the number of samples, the dimension of V
 * @param b the batch size of the SGD whose magnitude the noise matches
 */
public record FisherNoise(int n, int b) implements SamplingNoise {

    /**
     * Validates the parameters.
     *
     * @param n the number of samples
     * @param b the batch size
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code 1 <= b <= n}
     */
    public FisherNoise {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "MSGD-Fisher";
    }

    @Override
    public String formula() {
        return "V_F = (bn)^(-1/2) eps";
    }

    @Override
    public ExchangeableCovariance covariance() {
        return ExchangeableCovariance.isotropic(n, 1.0 / ((double) b * n));
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final double scale = 1.0 / Math.sqrt((double) b * n);
        final ContinuousSampler eps = StandardizedDriver.GAUSSIAN.sampler(rng);
        return v -> {
            for (int i = 0; i < n; i++) {
                v[i] = scale * eps.sample();
            }
        };
    }
}
