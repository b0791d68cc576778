package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * MSGD-[Cov-exact-B]: {@link SparseCovNoise} rescaled so that its covariance is exactly SGD-b's (with
 * replacement), the covariance of MSGD-Cov, for every B >= 2. {@link SparseCovNoise} has
 * {@code n(B-1)/((n-1)B)} of it (0.90 at n = 1000, B = 10); dividing V by the square root of that factor
 * gives, on a batch S of B distinct samples and eps ~ N(0, I),
 * <pre>
 *   V_i = sqrt((n-1) / (b n (B-1))) (eps_i - mean_{j in S} eps_j)  for i in S,   V_i = 0 otherwise,
 * </pre>
 * with {@code Var[V]_ii = (n-1)/(b n^2)} and {@code Var[V]_ij = -1/(b n^2)}: Var[V'_sgd(b)] of Section 3.
 * So MSGD-[Cov-exact-B] and MSGD-Cov differ only in the support of V (B samples against n), not in its
 * first two moments: the sparse twin of MSGD-Cov the support study (deep/results/support-study) needs. Not
 * in the paper; constructed here.
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param n     the number of samples
 * @param b     the SGD batch size whose covariance the noise has
 * @param batch the number B of non-zero entries, at least 2 (at B = 1, V is 0)
 */
public record ExactCovSparseNoise(int n, int b, int batch) implements SamplingNoise {

    /**
     * Validates the parameters.
     *
     * @param n     the number of samples
     * @param b     the SGD batch size
     * @param batch the batch size B
     * @throws IllegalArgumentException unless {@code n >= 2}, {@code 1 <= b <= n} and {@code 2 <= B <= n}
     */
    public ExactCovSparseNoise {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
        Validation.requireBatch("B", batch, n);
        if (batch < 2) {
            throw new IllegalArgumentException("B=" + batch + " must be >= 2: with one sample the centred noise is 0 "
                    + "and no rescaling gives it SGD's covariance");
        }
    }

    /** @return the scale {@code sqrt((n-1)/(b n (B-1)))} of eps_i - mean_S eps */
    public double scale() {
        return Math.sqrt((n - 1.0) / ((double) b * n * (batch - 1)));
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "MSGD-[Cov-exact-" + batch + "]";
    }

    @Override
    public String formula() {
        return "V_i = sqrt((n-1)/(bn(B-1))) (eps_i - mean_S eps) on a batch S of B, 0 elsewhere";
    }

    /** @return Var[V'_sgd(b)], SGD-b's covariance with replacement, exactly */
    @Override
    public ExchangeableCovariance covariance() {
        return new SgdWithReplacement(n, b).covariance();
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        return SparseCovNoise.centredOnBatch(n, batch, scale(), rng);
    }
}
