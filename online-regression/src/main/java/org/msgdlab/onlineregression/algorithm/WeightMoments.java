package org.msgdlab.onlineregression.algorithm;

import org.msgdlab.theory.noise.ExchangeableCovariance;

/**
 * The only moments of a sampling vector W on a batch of m samples that enter the expected risk of
 * online least squares (proof of Theorem 1, "Moments of L(k)" and "Moments of N(k)"): with
 * {@code L = sum_r w_r x_r x_r^T} and {@code N = sum_r w_r epsilon_r x_r},
 * <pre>
 *   E[L]       = mean * Sigma,
 *   E[L A L]   = squares * E[x x^T A x x^T] + cross * Sigma A Sigma,
 *   E[N N^T]   = squares * E[epsilon^2 x x^T],
 * </pre>
 * where {@code mean = sum_r E[w_r]}, {@code squares = sum_r E[w_r^2]} and
 * {@code cross = sum_{r != s} E[w_r w_s]}. For Theorem 1's covariance,
 * {@code squares = B * 1/(bB) = 1/b} and {@code cross = B(B-1) * (b-1)/(bB(B-1)) = (b-1)/b}: B cancels.
 * Immutable and thread-safe.
 *
 * @param mean    {@code sum_r E[w_r]} (1 for every algorithm here: the stochastic gradient is unbiased)
 * @param squares {@code sum_r E[w_r^2]}
 * @param cross   {@code sum_{r != s} E[w_r w_s]}
 */
public record WeightMoments(double mean, double squares, double cross) {

    /**
     * Validates the moments.
     *
     * @param mean    {@code sum_r E[w_r]}
     * @param squares {@code sum_r E[w_r^2]}
     * @param cross   {@code sum_{r != s} E[w_r w_s]}
     * @throws IllegalArgumentException unless all three are finite and {@code squares >= 0}
     */
    public WeightMoments {
        if (!Double.isFinite(mean) || !Double.isFinite(squares) || !Double.isFinite(cross) || squares < 0) {
            throw new IllegalArgumentException("weight moments mean=" + mean + ", squares=" + squares + ", cross=" + cross
                    + " must be finite with squares >= 0");
        }
    }

    /**
     * Plain SGD averaging a batch of m: {@code w_r = 1/m}: (1, 1/m, (m-1)/m).
     *
     * @param m the batch size
     * @return the moments
     * @throws IllegalArgumentException unless {@code m >= 1}
     */
    public static WeightMoments averaging(int m) {
        if (m < 1) {
            throw new IllegalArgumentException("batch size m=" + m + " must be >= 1");
        }
        return new WeightMoments(1.0, 1.0 / m, (m - 1.0) / m);
    }

    /**
     * The moments of {@code W = 1/m + V} for a noise V of exchangeable covariance
     * {@code Var[V]} on m samples: {@code E[w_r^2] = Var_rr + 1/m^2}, {@code E[w_r w_s] = Var_rs + 1/m^2}.
     *
     * @param covariance {@code Var[V]} on m samples
     * @return the moments, with mean 1
     * @throws IllegalArgumentException if the resulting {@code squares} is negative
     */
    public static WeightMoments of(ExchangeableCovariance covariance) {
        int m = covariance.n();
        double base = 1.0 / ((double) m * m);
        return new WeightMoments(1.0, m * (covariance.diagonal() + base), (double) m * (m - 1) * (covariance.offDiagonal() + base));
    }
}
