package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The SGD sampling noise for a mini-batch of b distinct samples drawn uniformly from n
 * (Section 2): the sampling vector W holds exactly b entries 1/b and n-b zeros at random indices,
 * and {@code V = W - 1/n}. Proposition 1 (first case):
 * <pre>
 *   E[V] = 0,   Var[V] = (n-b) / (b n (n-1)) * (I - 11^T/n).
 * </pre>
 * Indices are drawn by Floyd's algorithm in O(b) draws, using the output array itself as the
 * membership marker (no workspace).
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param n the number of samples, the dimension of V
 * @param b the batch size, the number of distinct samples drawn
 */
public record SgdWithoutReplacement(int n, int b) implements SamplingNoise {

    /**
     * Validates the parameters.
     *
     * @param n the number of samples
     * @param b the batch size
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code 1 <= b <= n}
     */
    public SgdWithoutReplacement {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "SGD-" + b + " (without replacement)";
    }

    @Override
    public String formula() {
        return "V_sgd = W_sgd - 1/n, W_sgd has b entries 1/b and n-b zeros (b distinct indices)";
    }

    /** @return Proposition 1's covariance {@code (n-b)/(bn(n-1)) (I - 11^T/n)} */
    @Override
    public ExchangeableCovariance covariance() {
        return ExchangeableCovariance.centring(n, (double) (n - b) / ((double) b * n * (n - 1)));
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final double unselected = -1.0 / n;
        final double selected = 1.0 / b - 1.0 / n;
        return v -> {
            java.util.Arrays.fill(v, 0, n, unselected);
            for (int j = n - b; j < n; j++) {
                int t = rng.nextInt(j + 1);
                if (v[t] == selected) {
                    v[j] = selected;
                } else {
                    v[t] = selected;
                }
            }
        };
    }
}
