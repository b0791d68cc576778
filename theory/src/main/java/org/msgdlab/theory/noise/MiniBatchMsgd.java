package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The sampling vector of mini-batch MSGD (Algorithm 2): draw a batch S of B distinct samples,
 * then weight them by {@code W_S = 1/B + V_c}, with V_c a compensatory noise on R^B of chosen
 * magnitude ([MSGD-Fisher]-B: {@code V_c = s eps}; [MSGD-Cov]-B: {@code V_c = s (I - 11^T/B) eps}).
 *
 * <p>Seen on all n samples (W = 0 outside S), it is an exchangeable sampling vector with mean 1/n
 * and, for V_c with second moments {@code (d_c, o_c)} (derived here; the paper calls this
 * covariance "hard to calculate" and tunes s):
 * <pre>
 *   E[W_i^2]    = (B/n) (1/B^2 + d_c),
 *   E[W_i W_j]  = B(B-1)/(n(n-1)) (1/B^2 + o_c),
 *   Var[W] = Var[V_sgd(B)] + (B/n) d_c I + B(B-1)/(n(n-1)) o_c (11^T - I)  (entrywise form above).
 * </pre>
 *
 * <p>Immutable and thread-safe when the compensatory noise is; the samplers it creates are not.
 *
 * @param n            the number of samples
 * @param batch        the batch size B
 * @param compensatory the compensatory noise V_c on R^B
 * @param paperName    the paper's name of the method, see {@link #paperName()}
 */
public record MiniBatchMsgd(int n, int batch, SamplingNoise compensatory, String paperName) implements SamplingNoise {

    /**
     * Validates the parameters.
     *
     * @param n            the number of samples
     * @param batch        the batch size B
     * @param compensatory the compensatory noise V_c on R^B
     * @param paperName    the method's name
     * @throws IllegalArgumentException unless {@code n >= 2}, {@code 1 <= B <= n} and the compensatory
     *                                  noise has dimension B
     */
    public MiniBatchMsgd {
        Validation.requireSampleCount(n);
        Validation.requireBatch("B", batch, n);
        if (compensatory.dimension() != batch) {
            throw new IllegalArgumentException("compensatory noise dimension " + compensatory.dimension()
                    + " must equal the batch size B=" + batch);
        }
    }

    /**
     * [MSGD-Fisher]-B: compensatory noise {@code s * eps}, eps ~ N(0, I_B).
     *
     * @param n         the number of samples
     * @param batch     the batch size B
     * @param magnitude the magnitude s
     * @return the sampling noise
     * @throws IllegalArgumentException unless s is finite and &ge; 0, {@code n >= 2} and {@code 1 <= B <= n}
     */
    public static MiniBatchMsgd fisherCompensated(int n, int batch, double magnitude) {
        Validation.requireFiniteNonNegative("compensatory magnitude s", magnitude);
        Validation.requireBatch("B", batch, Math.max(n, 1));
        return new MiniBatchMsgd(n, batch, CenteredExchangeableNoise.of(
                ExchangeableCovariance.isotropic(batch, magnitude * magnitude), StandardizedDriver.GAUSSIAN),
                "[MSGD-Fisher]-" + batch);
    }

    /**
     * [MSGD-Cov]-B: compensatory noise {@code s (I - 11^T/B) eps}, eps ~ N(0, I_B).
     *
     * @param n         the number of samples
     * @param batch     the batch size B
     * @param magnitude the magnitude s
     * @return the sampling noise
     * @throws IllegalArgumentException unless s is finite and &ge; 0, {@code n >= 2} and {@code 1 <= B <= n}
     */
    public static MiniBatchMsgd covCompensated(int n, int batch, double magnitude) {
        Validation.requireFiniteNonNegative("compensatory magnitude s", magnitude);
        Validation.requireBatch("B", batch, Math.max(n, 1));
        return new MiniBatchMsgd(n, batch, CenteredExchangeableNoise.of(
                ExchangeableCovariance.centring(batch, magnitude * magnitude), StandardizedDriver.GAUSSIAN),
                "[MSGD-Cov]-" + batch);
    }

    /**
     * The magnitude s of a Fisher-class compensatory noise for which the variance of each weight,
     * Var[W_i], equals that of SGD with batch b (with replacement, the paper's default):
     * {@code s^2 = (n-1+b)/(b n B) - 1/B^2}.
     *
     * @param n     the number of samples
     * @param b     the SGD batch size to match
     * @param batch the batch size B
     * @return the magnitude s
     * @throws IllegalArgumentException unless {@code n >= 2}, {@code 1 <= b <= n} and {@code 1 <= B <= n},
     *                                  or if {@code s^2 < 0}
     */
    public static double fisherMagnitudeMatchingSgd(int n, int b, int batch) {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
        Validation.requireBatch("B", batch, n);
        double s2 = (double) (n - 1 + b) / ((double) b * n * batch) - 1.0 / ((double) batch * batch);
        if (s2 < 0) {
            throw new IllegalArgumentException("no compensatory magnitude matches SGD-" + b + " with batch B=" + batch
                    + " (needs s^2=" + s2 + " >= 0)");
        }
        return Math.sqrt(s2);
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String formula() {
        return "W_S = 1/B + V_c on a batch S of B distinct samples, 0 elsewhere; V = W - 1/n";
    }

    @Override
    public ExchangeableCovariance covariance() {
        ExchangeableCovariance c = compensatory.covariance();
        double invB2 = 1.0 / ((double) batch * batch);
        double second = (double) batch / n * (invB2 + c.diagonal());
        double cross = (double) batch * (batch - 1) / ((double) n * (n - 1)) * (invB2 + c.offDiagonal());
        double mean2 = 1.0 / ((double) n * n);
        return new ExchangeableCovariance(n, second - mean2, cross - mean2);
    }

    /**
     * Draws the batch form of Algorithm 2: indices S and their weights W_S = 1/B + V_c.
     *
     * @param rng the random stream of both the indices and V_c
     * @return a new batch sampler, not thread-safe
     */
    public BatchSampler batchSampler(UniformRandomProvider rng) {
        final BatchIndices indices = new BatchIndices(n, batch, rng);
        final NoiseSampler c = compensatory.sampler(rng);
        final double base = 1.0 / batch;
        return (idx, w) -> {
            indices.sample(idx);
            c.sample(w);
            for (int k = 0; k < batch; k++) {
                w[k] += base;
            }
        };
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final BatchSampler s = batchSampler(rng);
        final int[] idx = new int[batch];
        final double[] w = new double[batch];
        final double base = -1.0 / n;
        return v -> {
            s.sample(idx, w);
            java.util.Arrays.fill(v, 0, n, base);
            for (int k = 0; k < batch; k++) {
                v[idx[k]] += w[k];
            }
        };
    }

    /** Draws (indices, weights) of one mini-batch step. Not thread-safe. */
    @FunctionalInterface
    public interface BatchSampler {
        /**
         * Writes B distinct indices into {@code indices} and their weights into {@code weights}.
         *
         * @param indices the destination of the indices, of length at least B
         * @param weights the destination of the weights, of length at least B
         */
        void sample(int[] indices, double[] weights);
    }

}
