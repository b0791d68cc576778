package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The SGD sampling noise for a mini-batch of b indices drawn uniformly and independently (with
 * replacement) from n: {@code W = (c_1, ..., c_n)/b} with c the multinomial counts, and
 * {@code V = W - 1/n}. Proposition 1 (second case):
 * <pre>
 *   E[V'] = 0,   Var[V'] = 1/(b n) * (I - 11^T/n).
 * </pre>
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param n the number of samples, the dimension of V
 * @param b the batch size, the number of draws (may exceed n)
 */
public record SgdWithReplacement(int n, int b) implements SamplingNoise {

    /**
     * Validates the parameters.
     *
     * @param n the number of samples
     * @param b the batch size
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code b >= 1}
     */
    public SgdWithReplacement {
        Validation.requireSampleCount(n);
        if (b < 1) {
            throw new IllegalArgumentException("batch size b=" + b + " must be >= 1");
        }
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "SGD-" + b + " (with replacement)";
    }

    @Override
    public String formula() {
        return "V'_sgd = W - 1/n, W = counts/b of b uniform draws with replacement";
    }

    /** @return Proposition 1's covariance {@code 1/(bn) (I - 11^T/n)} */
    @Override
    public ExchangeableCovariance covariance() {
        return ExchangeableCovariance.centring(n, 1.0 / ((double) b * n));
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final double base = -1.0 / n;
        final double weight = 1.0 / b;
        return v -> {
            java.util.Arrays.fill(v, 0, n, base);
            for (int k = 0; k < b; k++) {
                v[rng.nextInt(n)] += weight;
            }
        };
    }
}
