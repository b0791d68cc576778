package org.msgdlab.onlineregression.problem;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

/**
 * The law of the input x of problem (P), given its covariance {@code Sigma = diag(lambda)} in its
 * eigenbasis, and the law of the well-specified noise {@code epsilon = y - x^T theta_*}
 * (independent of x, mean 0, variance sigma^2). Each design states the two quantities the proof of
 * Theorem 1 and the exact risk recursion need:
 * <ul>
 *   <li>the smallest R^2 of assumption (A1) {@code E[||x||^2 x x^T] <= R^2 Sigma};</li>
 *   <li>the fourth-moment operator {@code F(A) = E[x x^T A x x^T]}, on diagonal matrices.</li>
 * </ul>
 * With independent, mean-zero epsilon, (A2) {@code E[epsilon^2 x x^T] <= sigma^2 Sigma} holds with
 * equality (the remark after (A3)). The constants are immutable; the samplers they create are not
 * thread-safe.
 */
public enum Design {

    /**
     * {@code x ~ N(0, Sigma)}, {@code epsilon ~ N(0, sigma^2)}. Isserlis' theorem gives
     * {@code F(A) = 2 Sigma A Sigma + tr(A Sigma) Sigma} (the formula), hence
     * {@code E[||x||^2 x x^T] = 2 Sigma^2 + tr(Sigma) Sigma} and the smallest
     * {@code R^2 = tr(Sigma) + 2 lambda_max}. Unbounded: (A1) holds, but not because of a.s. boundedness.
     */
    GAUSSIAN("Gaussian design x ~ N(0, Sigma), epsilon ~ N(0, sigma^2)", false) {
        @Override
        public double r2(Spectrum s) {
            return s.trace() + 2 * s.max();
        }

        @Override
        public void fourthMomentDiagonal(double[] lambda, double[] p, double[] out) {
            double t = dot(lambda, p);
            for (int i = 0; i < lambda.length; i++) {
                out[i] = 2 * lambda[i] * lambda[i] * p[i] + lambda[i] * t;
            }
        }

        @Override
        public RowSampler rows(UniformRandomProvider rng, double[] sqrtLambda) {
            ContinuousSampler g = ZigguratSampler.NormalizedGaussian.of(rng);
            int d = sqrtLambda.length;
            return (x, offset) -> {
                for (int k = 0; k < d; k++) {
                    x[offset + k] = sqrtLambda[k] * g.sample();
                }
            };
        }

        @Override
        public ContinuousSampler standardNoise(UniformRandomProvider rng) {
            return ZigguratSampler.NormalizedGaussian.of(rng);
        }
    },

    /**
     * Bounded design {@code x_k = sqrt(lambda_k) xi_k}, xi_k i.i.d. +-1, and bounded noise
     * {@code epsilon = sigma * (+-1)}. Then {@code ||x||^2 = tr(Sigma)} surely, so (A1) holds with
     * {@code R^2 = tr(Sigma)} (the remark after (A3): {@code ||x|| <= R} a.s.), which is also the
     * smallest R^2. For symmetric A, {@code E[x x^T A x x^T] = tr(A Sigma) Sigma + 2 Sigma A Sigma
     * - 2 diag(lambda_i^2 A_ii)}; on diagonal A only {@code tr(A Sigma) Sigma} remains.
     */
    RADEMACHER("bounded design x_k = sqrt(lambda_k) (+-1), epsilon = sigma (+-1)", true) {
        @Override
        public double r2(Spectrum s) {
            return s.trace();
        }

        @Override
        public void fourthMomentDiagonal(double[] lambda, double[] p, double[] out) {
            double t = dot(lambda, p);
            for (int i = 0; i < lambda.length; i++) {
                out[i] = lambda[i] * t;
            }
        }

        @Override
        public RowSampler rows(UniformRandomProvider rng, double[] sqrtLambda) {
            int d = sqrtLambda.length;
            return (x, offset) -> {
                long bits = 0;
                for (int k = 0; k < d; k++) {
                    if ((k & 63) == 0) {
                        bits = rng.nextLong();
                    }
                    // sign from the lowest bit, without a branch: +1 for bit 0, -1 for bit 1
                    x[offset + k] = sqrtLambda[k] * (1 - 2 * (int) (bits & 1L));
                    bits >>>= 1;
                }
            };
        }

        @Override
        public ContinuousSampler standardNoise(UniformRandomProvider rng) {
            return () -> rng.nextBoolean() ? 1.0 : -1.0;
        }
    };

    /** Draws one input row x (length d) into {@code x[offset .. offset+d)}. Not thread-safe. */
    @FunctionalInterface
    public interface RowSampler {
        /**
         * Draws one row.
         *
         * @param x      the destination
         * @param offset where the row starts in {@code x}
         */
        void sample(double[] x, int offset);
    }

    private final String description;
    private final boolean bounded;

    Design(String description, boolean bounded) {
        this.description = description;
        this.bounded = bounded;
    }

    /** @return the design in words, for evidence */
    public String description() {
        return description;
    }

    /** @return whether x (and epsilon) are almost surely bounded */
    public boolean bounded() {
        return bounded;
    }

    /**
     * The smallest R^2 with {@code E[||x||^2 x x^T] <= R^2 Sigma} (assumption (A1)).
     *
     * @param s the eigenvalues of Sigma
     * @return R^2
     */
    public abstract double r2(Spectrum s);

    /**
     * The diagonal of {@code F(A) = E[x x^T A x x^T]} for the diagonal matrix {@code A = diag(p)},
     * written into {@code out}; for both designs F maps diagonal matrices to diagonal matrices.
     *
     * @param lambda the eigenvalues of Sigma, length d
     * @param p      the diagonal of A, length d
     * @param out    the destination, length d
     */
    public abstract void fourthMomentDiagonal(double[] lambda, double[] p, double[] out);

    /**
     * A sampler of input rows, from {@code rng}, given {@code sqrt(lambda_k)}.
     *
     * @param rng        the random stream
     * @param sqrtLambda {@code sqrt(lambda_k)}, length d (used, not copied)
     * @return a new row sampler, not thread-safe
     */
    public abstract RowSampler rows(UniformRandomProvider rng, double[] sqrtLambda);

    /**
     * A sampler of the standardized noise epsilon/sigma (mean 0, variance 1).
     *
     * @param rng the random stream
     * @return a new sampler, not thread-safe
     */
    public abstract ContinuousSampler standardNoise(UniformRandomProvider rng);

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
