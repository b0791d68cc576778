package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/**
 * MSGD-[Cov-B], the SGD-covariance counterpart of MSGD-[Fisher-B] (Section 4.4 names it only
 * through its Fisher version; this is the construction used here). Draw a batch S of B distinct
 * samples and eps ~ N(0, I); then
 * <pre>
 *   V_i = (bB)^(-1/2) (eps_i - mean_{j in S} eps_j)  for i in S,   V_i = 0 otherwise,
 * </pre>
 * so the gradient noise is exactly N(0, C_B / b) with C_B the (1/B-normalised) gradient
 * covariance of the batch. Exact moments (derived here):
 * <pre>
 *   Var[V]_ii = (B-1)/(b B n),   Var[V]_ij = -(B-1)/(b B n (n-1)),
 *   i.e. Var[V] = n(B-1)/((n-1)B) * Var[V'_sgd(b)]   (with-replacement SGD covariance).
 * </pre>
 * The factor n(B-1)/((n-1)B) equals 1 at B = n and tends to 1 as B grows.
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param n     the number of samples
 * @param b     the SGD batch size whose magnitude the noise matches
 * @param batch the number B of non-zero entries
 */
public record SparseCovNoise(int n, int b, int batch) implements SamplingNoise {

    /**
     * Validates the parameters.
     *
     * @param n     the number of samples
     * @param b     the SGD batch size
     * @param batch the batch size B
     * @throws IllegalArgumentException unless {@code n >= 2}, {@code 1 <= b <= n} and {@code 1 <= B <= n}
     */
    public SparseCovNoise {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
        Validation.requireBatch("B", batch, n);
    }

    /** @return the factor n(B-1)/((n-1)B) relating Var[V] to the with-replacement Var[V'_sgd(b)] */
    public double factorToSgdCovariance() {
        return (double) n * (batch - 1) / ((double) (n - 1) * batch);
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return "MSGD-[Cov-" + batch + "]";
    }

    @Override
    public String formula() {
        return "V_i = (bB)^(-1/2) (eps_i - mean_S eps) on a batch S of B, 0 elsewhere";
    }

    @Override
    public ExchangeableCovariance covariance() {
        return new SgdWithReplacement(n, b).covariance().scaled(factorToSgdCovariance());
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        return centredOnBatch(n, batch, 1.0 / Math.sqrt((double) b * batch), rng);
    }

    /**
     * The draw both sparse Cov noises share: a batch S of B distinct samples, eps ~ N(0, I), and
     * {@code V_i = scale (eps_i - mean_S eps)} on S, 0 elsewhere.
     *
     * @param n     the number of samples
     * @param batch the batch size B
     * @param scale the factor of the centred eps
     * @param rng   the stream
     * @return the sampler
     */
    static NoiseSampler centredOnBatch(int n, int batch, double scale, UniformRandomProvider rng) {
        final BatchIndices indices = new BatchIndices(n, batch, rng);
        final ContinuousSampler eps = StandardizedDriver.GAUSSIAN.sampler(rng);
        final int[] s = new int[batch];
        final double[] e = new double[batch];
        return v -> {
            java.util.Arrays.fill(v, 0, n, 0.0);
            indices.sample(s);
            double mean = 0;
            for (int k = 0; k < batch; k++) {
                e[k] = eps.sample();
                mean += e[k];
            }
            mean /= batch;
            for (int k = 0; k < batch; k++) {
                v[s[k]] = scale * (e[k] - mean);
            }
        };
    }
}
