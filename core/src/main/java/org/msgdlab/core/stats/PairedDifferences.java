package org.msgdlab.core.stats;

import org.hipparchus.distribution.continuous.TDistribution;

import java.util.Arrays;

/**
 * Paired differences d_s = x_s - y_s of one statistic of two methods run under common random
 * numbers (seed s fixes the initial weights and the data of both), and the one-sided Student-t
 * bounds on their mean:
 * <pre>
 *   mean = (1/n) sum d_s,   sd^2 = 1/(n-1) sum (d_s - mean)^2,   SE = sd / sqrt(n),
 *   lower(alpha) = mean - t_{1-alpha, n-1} SE,   upper(alpha) = mean + t_{1-alpha, n-1} SE.
 * </pre>
 * Under independent seeds and normal differences, P(lower(alpha) &gt; true mean) = alpha exactly.
 * Immutable and thread-safe: the array is copied in and out.
 *
 * @param differences d_s, one per seed (at least two)
 */
public record PairedDifferences(double[] differences) implements TBounds {

    /**
     * Checks and copies the differences.
     *
     * @param differences d_s, one per seed
     * @throws IllegalArgumentException when there are fewer than two, or one is not finite
     */
    public PairedDifferences {
        if (differences == null || differences.length < 2) {
            throw new IllegalArgumentException("paired differences: n=" + (differences == null ? 0 : differences.length)
                    + " seeds must be >= 2 (a spread needs two)");
        }
        for (double d : differences) {
            if (!Double.isFinite(d)) {
                throw new IllegalArgumentException("paired differences: " + d + " must be finite");
            }
        }
        differences = differences.clone();
    }

    /**
     * The differences x_s - y_s of two equally long per-seed arrays.
     *
     * @param x the first method's statistic, one per seed
     * @param y the second method's, same seeds in the same order
     * @return the differences
     * @throws IllegalArgumentException when the lengths differ, there are fewer than two seeds, or a
     *                                  difference is not finite
     */
    public static PairedDifferences of(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("paired differences: " + x.length + " and " + y.length
                    + " seeds must be equal (every seed runs both methods)");
        }
        double[] d = new double[x.length];
        Arrays.setAll(d, i -> x[i] - y[i]);
        return new PairedDifferences(d);
    }

    /** @return a copy of the differences d_s */
    @Override
    public double[] differences() {
        return differences.clone();
    }

    /** @return n, the number of seeds */
    public int n() {
        return differences.length;
    }

    /** @return n - 1, the degrees of freedom of the t bounds */
    public int degreesOfFreedom() {
        return differences.length - 1;
    }

    /** @return the mean difference, (1/n) sum d_s */
    public double mean() {
        double s = 0;
        for (double d : differences) {
            s += d;
        }
        return s / differences.length;
    }

    /** @return the mean difference, the estimate its t bounds are about ({@link #mean()}) */
    @Override
    public double estimate() {
        return mean();
    }

    /** @return the sample standard deviation of the differences (n - 1 in the denominator) */
    public double sd() {
        double m = mean();
        double ss = 0;
        for (double d : differences) {
            ss += (d - m) * (d - m);
        }
        return Math.sqrt(ss / (differences.length - 1));
    }

    /** @return the standard error of the mean difference, sd / sqrt(n) */
    public double standardError() {
        return sd() / Math.sqrt(differences.length);
    }

    /**
     * One-sided critical value t_{1-alpha, n-1}.
     *
     * @param alpha the one-sided level
     * @return t_{1-alpha, n-1}
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
     */
    public double t(double alpha) {
        return tQuantile(alpha, degreesOfFreedom());
    }

    /**
     * One-sided lower confidence bound at level 1 - alpha.
     *
     * @param alpha the one-sided level
     * @return mean - t_{1-alpha, n-1} SE
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
     */
    public double lower(double alpha) {
        return mean() - t(alpha) * standardError();
    }

    /**
     * One-sided upper confidence bound at level 1 - alpha.
     *
     * @param alpha the one-sided level
     * @return mean + t_{1-alpha, n-1} SE
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
     */
    public double upper(double alpha) {
        return mean() + t(alpha) * standardError();
    }

    /**
     * t_{1-alpha, df}: the one-sided critical value of Student's t.
     *
     * @param alpha the one-sided level
     * @param df    the degrees of freedom
     * @return t_{1-alpha, df}
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5), or {@code df < 1}
     */
    public static double tQuantile(double alpha, int df) {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("one-sided false-alarm probability alpha=" + alpha + " must be in (0, 0.5)");
        }
        if (df < 1) {
            throw new IllegalArgumentException("degrees of freedom df=" + df + " must be >= 1");
        }
        return new TDistribution(df).inverseCumulativeProbability(1 - alpha);
    }
}
