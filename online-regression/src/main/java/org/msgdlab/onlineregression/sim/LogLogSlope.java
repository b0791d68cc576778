package org.msgdlab.onlineregression.sim;

import org.hipparchus.stat.regression.SimpleRegression;

/**
 * Least-squares slope of {@code log(risk)} on {@code log(n+1)} over a range of checkpoints: the
 * exponent p of a decay {@code risk ~ C (n+1)^p}; Theorem 1 predicts p = -1 once the
 * {@code C2/(n+1)^2} term is negligible.
 */
public final class LogLogSlope {

    private LogLogSlope() {
    }

    /** Slope over checkpoints {@code from..to-1} (Hipparchus {@code SimpleRegression}); every risk must be {@code > 0}. */
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

    /** Index of the first checkpoint {@code >= n}. */
    public static int firstAtLeast(int[] steps, int n) {
        for (int j = 0; j < steps.length; j++) {
            if (steps[j] >= n) {
                return j;
            }
        }
        return steps.length;
    }
}
