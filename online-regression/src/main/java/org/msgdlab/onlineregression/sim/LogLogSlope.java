package org.msgdlab.onlineregression.sim;

import org.hipparchus.stat.regression.SimpleRegression;

/**
 * Least-squares slope of {@code log(risk)} on {@code log(n+1)} over a range of checkpoints: the
 * exponent p of a decay {@code risk ~ C (n+1)^p}; Theorem 1 predicts p = -1 once the
 * {@code C2/(n+1)^2} term is negligible. Stateless and thread-safe.
 */
public final class LogLogSlope {

    private LogLogSlope() {
    }

    /**
     * Slope over checkpoints {@code from..to-1} (Hipparchus {@code SimpleRegression}); every risk must be {@code > 0}.
     *
     * @param steps the step counts n
     * @param risk  the risks at those step counts
     * @param from  the first checkpoint used
     * @param to    one past the last checkpoint used
     * @return the fitted slope p
     * @throws IllegalArgumentException if {@code to - from < 2}
     */
    public static double fit(int[] steps, double[] risk, int from, int to) {
        if (to - from < 2) {
            throw new IllegalArgumentException("a slope needs at least 2 checkpoints, got " + (to - from));
        }
        SimpleRegression r = new SimpleRegression();
        for (int j = from; j < to; j++) {
            r.addData(Math.log(steps[j] + 1.0), Math.log(risk[j]));
        }
        return r.getSlope();
    }

    /**
     * Index of the first checkpoint {@code >= n}.
     *
     * @param steps the step counts, ascending
     * @param n     the step count sought
     * @return the index, or {@code steps.length} if every checkpoint is below n
     */
    public static int firstAtLeast(int[] steps, int n) {
        for (int j = 0; j < steps.length; j++) {
            if (steps[j] >= n) {
                return j;
            }
        }
        return steps.length;
    }
}
