package org.msgdlab.theory.claims;

/**
 * Structured per-sample statistics of a vector y in R^n whose second-moment matrix is claimed to
 * be exchangeable, {@code E[y y^T] = diag * I + off * (11^T - I)}. Each costs O(n) and pools many
 * entries, so its standard error is far below that of any single entry of an n x n estimate:
 * <ol start="0">
 *   <li>{@code DIAGONAL}: (1/n) sum_i y_i^2, estimates diag;</li>
 *   <li>{@code OFF_DIAGONAL}: ((sum y)^2 - sum y^2) / (n(n-1)), the mean of all y_i y_j, i != j;
 *       estimates off;</li>
 *   <li>{@code DIAGONAL_FIRST_HALF}: the mean of y_i^2 over i &lt; ceil(n/2); estimates diag, and
 *       catches samplers that favour some indices (the pooled diagonal can be exact by symmetry,
 *       e.g. ||V_sgd||^2 is constant without replacement);</li>
 *   <li>{@code OFF_DIAGONAL_FIRST_HALF}: the mean of y_i y_j over i != j both &lt; ceil(n/2);
 *       estimates off, and catches samplers whose picks are correlated by position (a block of
 *       consecutive indices doubles it).</li>
 * </ol>
 * Each statistic pools enough entries that the events driving it (a sample selected, two samples
 * selected together) happen at a rate of order b or b^2 per draw, never 1/n: a statistic driven by
 * a rare event would need N q &gt;&gt; 1 draws for its normal approximation, which grows with n.
 * Stateless and thread-safe.
 */
public final class ExchangeableStatistics {

    /** The number of statistics, 4. */
    public static final int COUNT = 4;
    /** The statistics' names for reports, in the order above (do not modify the array). */
    public static final String[] NAMES = {
        "diagonal mean of E[y_i^2]",
        "off-diagonal mean of E[y_i y_j]",
        "diagonal mean over the first half of indices",
        "off-diagonal mean over the first half of indices",
    };

    private ExchangeableStatistics() {
    }

    /**
     * Writes the four statistics of {@code y[0..n)} into {@code out[0..4)}.
     *
     * @param y   the vector, at least n entries
     * @param n   its dimension, n &ge; 2
     * @param out the destination, at least 4 entries
     */
    public static void compute(double[] y, int n, double[] out) {
        double sum = 0;
        double sumSq = 0;
        double sumSqHalf = 0;
        double sumHalf = 0;
        int half = (n + 1) / 2;
        for (int i = 0; i < n; i++) {
            double v = y[i];
            sum += v;
            double sq = v * v;
            sumSq += sq;
            if (i < half) {
                sumHalf += v;
                sumSqHalf += sq;
            }
        }
        out[0] = sumSq / n;
        out[1] = (sum * sum - sumSq) / ((double) n * (n - 1));
        out[2] = sumSqHalf / half;
        out[3] = half < 2 ? out[1] : (sumHalf * sumHalf - sumSqHalf) / ((double) half * (half - 1));
    }

    /**
     * The value each statistic estimates under the second-moment matrix (diag, off).
     *
     * @param diagonal    diag, the common {@code E[y_i^2]}
     * @param offDiagonal off, the common {@code E[y_i y_j]}, i != j
     * @return the four expected values, {@code {diag, off, diag, off}}
     */
    public static double[] expected(double diagonal, double offDiagonal) {
        return new double[] {diagonal, offDiagonal, diagonal, offDiagonal};
    }
}
