package org.msgdlab.core.stats;

import java.util.Arrays;

/**
 * Which location of the per-seed values a rule estimates and bounds: the 10%-trimmed mean with the Tukey-McLaughlin bounds
 * ({@link TrimmedMean}), or the mean with Student's ({@link PairedDifferences}). The support study's rule uses the
 * trimmed mean; the mean is its named wrong variant (on the second study's skewed differences its bound breaks
 * the level, deep/results/support-study/sizing/plain-t.txt), and the plain description printed beside it.
 */
public enum Location {

    /** The 10%-trimmed mean, Tukey-McLaughlin bounds: df = k - 2 floor(k/10) - 1. */
    TRIMMED_MEAN {
        @Override
        public TBounds of(double[] values, int n) {
            return TrimmedMean.of(values, n);
        }

        @Override
        public int degreesOfFreedom(int n) {
            return n - 2 * (n / TrimmedMean.TRIM_DIVISOR) - 1;
        }
    },

    /** The mean, Student's bounds: df = k - 1. */
    MEAN {
        @Override
        public TBounds of(double[] values, int n) {
            if (n < 2 || n > values.length) {
                throw new IllegalArgumentException("mean: sample size k=" + n + " must be in [2, " + values.length
                        + "] (the values given)");
            }
            return new PairedDifferences(Arrays.copyOf(values, n));
        }

        @Override
        public int degreesOfFreedom(int n) {
            return n - 1;
        }
    };

    /**
     * The estimate and its bounds from the first {@code n} values.
     *
     * @param values the per-seed values in seed order; not changed
     * @param n      how many of them (at least 2)
     * @return the estimate with its t bounds
     * @throws IllegalArgumentException when {@code n} is out of range or a value is not finite
     */
    public abstract TBounds of(double[] values, int n);

    /**
     * The degrees of freedom of the bounds at {@code n} values (the same for every sample of that size).
     *
     * @param n the sample size
     * @return df
     */
    public abstract int degreesOfFreedom(int n);
}
