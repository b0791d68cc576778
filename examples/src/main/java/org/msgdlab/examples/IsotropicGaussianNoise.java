package org.msgdlab.examples;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.Validation;

/**
 * Isotropic (Langevin-like) sampling noise with SGD's total variance: {@code V ~ N(0, s I)} with
 * {@code s = (n-1)/(b n^2)}, so that {@code tr Var[V] = (n-1)/(bn) = tr Var[V_sgd]} for the
 * with-replacement {@code Var[V_sgd] = 1/(bn) (I - 11^T/n)} (Proposition 1). Its covariance is
 * declared exactly and differs from SGD's: the off-diagonal is 0 instead of {@code -1/(bn^2)}, and
 * the direction 1 carries variance {@code (n-1)/(bn^2)} instead of 0.
 */
public record IsotropicGaussianNoise(int n, int b) implements SamplingNoise {

    public IsotropicGaussianNoise {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
    }

    /** The per-entry variance s = (n-1)/(b n^2). */
    public double variance() {
        return (n - 1.0) / ((double) b * n * n);
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "MSGD-Isotropic";
    }

    @Override
    public String formula() {
        return "V = ((n-1)/(bn^2))^(1/2) eps, eps ~ N(0, I_n)";
    }

    @Override
    public ExchangeableCovariance covariance() {
        return ExchangeableCovariance.isotropic(n, variance());
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final ContinuousSampler eps = ZigguratSampler.NormalizedGaussian.of(rng);
        final double scale = Math.sqrt(variance());
        return v -> {
            for (int i = 0; i < n; i++) {
                v[i] = scale * eps.sample();
            }
        };
    }
}
