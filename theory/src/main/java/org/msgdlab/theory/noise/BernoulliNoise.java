package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * MSGD-Bernoulli (Section 4.3): i.i.d. components with
 * {@code P(v_i = 1/b - 1/n) = b/n}, {@code P(v_i = -1/n) = (n-b)/n}, i.e. each sample is kept
 * independently with probability b/n and weighted 1/b. The paper states
 * <pre>
 *   E[V_B] = 0,   Var[V_B] = (n-b)/(b n^2) I = diag(Var[V_sgd]).
 * </pre>
 * The first equality is exact; the second holds exactly for the without-replacement V_sgd and up
 * to the factor (n-b)/(n-1) for the with-replacement one.
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param n the number of samples, the dimension of V
 * @param b the batch size: each sample is kept with probability b/n
 */
public record BernoulliNoise(int n, int b) implements SamplingNoise {

    /**
     * Validates the parameters.
     *
     * @param n the number of samples
     * @param b the batch size
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code 1 <= b <= n}
     */
    public BernoulliNoise {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "MSGD-Bernoulli";
    }

    @Override
    public String formula() {
        return "v_i i.i.d.: 1/b - 1/n with probability b/n, -1/n otherwise";
    }

    @Override
    public ExchangeableCovariance covariance() {
        return ExchangeableCovariance.isotropic(n, (double) (n - b) / ((double) b * n * n));
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final double p = (double) b / n;
        final double kept = 1.0 / b - 1.0 / n;
        final double dropped = -1.0 / n;
        return v -> {
            for (int i = 0; i < n; i++) {
                v[i] = rng.nextDouble() < p ? kept : dropped;
            }
        };
    }
}
