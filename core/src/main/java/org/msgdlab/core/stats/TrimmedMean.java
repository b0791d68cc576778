package org.msgdlab.core.stats;

import java.util.Arrays;

/**
 * The 10%-trimmed mean of a sample and the one-sample Student-t bounds on the 10%-trimmed mean of its law of Tukey
 * and McLaughlin (1963, Sankhya A 25; Wilcox, <i>Introduction to Robust Estimation and Hypothesis Testing</i>, 4.4,
 * {@code trimci}), the bounds the support study's plan calls "Yuen's interval" (PLAN.md, amendment 2):
 * <pre>
 *   x_(1) &lt;= ... &lt;= x_(k) the sorted sample,   g = floor(k / 10) values cut from each end,
 *   trimmed mean   m_t = 1/(k - 2g) sum_{i = g+1}^{k-g} x_(i),
 *   winsorized     w_i = min(max(x_i, x_(g+1)), x_(k-g)),   s_w^2 = 1/(k - 1) sum_i (w_i - mean(w))^2,
 *   SE = s_w / ((1 - 2g/k) sqrt k),   df = k - 2g - 1,
 *   lower(alpha) = m_t - t_{1-alpha, df} SE,   upper(alpha) = m_t + t_{1-alpha, df} SE.
 * </pre>
 * With h = k - 2g, SE = s_w sqrt(k) / h. (The one-sample form of Yuen's 1974 two-sample statistic,
 * SE^2 = (k - 1) s_w^2 / (h (h - 1)), is 0.26% wider at k = 50; it is not this one.) When the law is symmetric its
 * trimmed mean is its mean. g is computed in integers (k / 10), so that no rounding of 0.1 k can move it.
 * Immutable and thread-safe.
 *
 * @param n            k, the sample size (at least 2)
 * @param cut          g, the values cut from each end: {@code n / 10}
 * @param estimate     m_t, the trimmed mean
 * @param winsorizedSd s_w, the sample standard deviation of the winsorized sample
 */
public record TrimmedMean(int n, int cut, double estimate, double winsorizedSd) implements TBounds {

    /** The share cut from each end, as the reciprocal of the divisor: g = floor(k / {@value}). */
    public static final int TRIM_DIVISOR = 10;

    /**
     * Checks the summary.
     *
     * @throws IllegalArgumentException when {@code n < 2}, {@code cut} is not {@code n / 10}, or the estimate or the
     *                                  winsorized sd is not finite (the sd also not negative)
     */
    public TrimmedMean {
        if (n < 2) {
            throw new IllegalArgumentException("trimmed mean: sample size k=" + n + " must be >= 2 (a spread needs two)");
        }
        if (cut != n / TRIM_DIVISOR) {
            throw new IllegalArgumentException("trimmed mean: cut g=" + cut + " must be floor(k/10) = " + n / TRIM_DIVISOR
                    + " at k=" + n);
        }
        if (!Double.isFinite(estimate) || !(winsorizedSd >= 0) || !Double.isFinite(winsorizedSd)) {
            throw new IllegalArgumentException("trimmed mean: estimate=" + estimate + " and winsorized sd=" + winsorizedSd
                    + " must be finite (the sd >= 0)");
        }
    }

    /**
     * The trimmed mean of a whole sample.
     *
     * @param sample the values, at least 2, all finite
     * @return its trimmed mean and winsorized sd
     * @throws IllegalArgumentException when fewer than 2 values, or one is not finite
     */
    public static TrimmedMean of(double[] sample) {
        return of(sample, sample.length);
    }

    /**
     * The trimmed mean of the first {@code n} values of {@code sample} (the seeds 0..n-1 of a look).
     *
     * @param sample the values in seed order; the array is not changed
     * @param n      how many of them, 2 &lt;= n &lt;= sample.length
     * @return their trimmed mean and winsorized sd
     * @throws IllegalArgumentException when {@code n} is out of range, or one of the values is not finite
     */
    public static TrimmedMean of(double[] sample, int n) {
        if (n < 2 || n > sample.length) {
            throw new IllegalArgumentException("trimmed mean: sample size k=" + n + " must be in [2, " + sample.length
                    + "] (the values given)");
        }
        double[] x = Arrays.copyOf(sample, n);
        for (double v : x) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("trimmed mean: value " + v + " must be finite");
            }
        }
        Arrays.sort(x);
        int g = n / TRIM_DIVISOR;
        double sum = 0;
        for (int i = g; i < n - g; i++) {
            sum += x[i];
        }
        double lo = x[g];
        double hi = x[n - g - 1];
        // the winsorized sample: the g lowest set to x_(g+1), the g highest to x_(k-g)
        double wsum = g * lo + sum + g * hi;
        double wmean = wsum / n;
        double ss = g * (lo - wmean) * (lo - wmean) + g * (hi - wmean) * (hi - wmean);
        for (int i = g; i < n - g; i++) {
            ss += (x[i] - wmean) * (x[i] - wmean);
        }
        return new TrimmedMean(n, g, sum / (n - 2 * g), Math.sqrt(ss / (n - 1)));
    }

    /** @return SE = s_w / ((1 - 2g/k) sqrt k) = s_w sqrt(k) / h, the trimmed mean's standard error */
    @Override
    public double standardError() {
        return winsorizedSd / ((1 - 2.0 * cut / n) * Math.sqrt(n));
    }

    /** @return df = k - 2g - 1 = h - 1, the degrees of freedom of the bounds' t */
    @Override
    public int degreesOfFreedom() {
        return n - 2 * cut - 1;
    }
}
