package org.msgdlab.core.stats;

import org.hipparchus.distribution.continuous.NormalDistribution;

/**
 * The noncentral-t tail the powers of {@link PairedHypothesis} use, by the normal approximation of Abramowitz and
 * Stegun 26.7.10, and the checks of a projection's arguments. Stateless and thread-safe.
 */
final class NoncentralT {
    private static final NormalDistribution Z = new NormalDistribution(0, 1);

    private NoncentralT() {
    }

    /**
     * The one-sided t quantile {@code t_{1-alpha, n-1}}, after checking the arguments of a
     * projection at a true difference.
     *
     * @param d     the true mean difference
     * @param sd    the standard deviation of one difference
     * @param n     the number of seeds
     * @param alpha the level of each one-sided bound
     * @return the quantile
     * @throws IllegalArgumentException when {@code sd} is not finite and &gt; 0, {@code d} is not
     *                                  finite, {@code alpha} is not in (0, 0.5), or {@code n < 2}
     */
    static double checkedQuantile(double d, double sd, int n, double alpha) {
        if (!(sd > 0) || Double.isInfinite(sd)) {
            throw new IllegalArgumentException("sd=" + sd + " must be finite and > 0");
        }
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("true difference d=" + d + " must be finite");
        }
        if (n < 2) {
            throw new IllegalArgumentException("seeds n=" + n + " must be >= 2");
        }
        return PairedDifferences.tQuantile(alpha, n - 1);
    }

    /**
     * P(T' &gt; t) for T' noncentral t with {@code df} degrees of freedom and noncentrality
     * {@code lambda}: Phi((lambda - t (1 - 1/(4 df))) / sqrt(1 + t^2 / (2 df))) (A&amp;S 26.7.10).
     *
     * @param t      the threshold
     * @param df     the degrees of freedom
     * @param lambda the noncentrality
     * @return the approximate tail probability
     */
    public static double tTail(double t, int df, double lambda) {
        double num = lambda - t * (1 - 1.0 / (4 * df));
        double den = Math.sqrt(1 + t * t / (2.0 * df));
        return Z.cumulativeProbability(num / den);
    }
}
