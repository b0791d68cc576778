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

        /**
         * (1 / (1 - 2g)) * integral over u in [g, 1 - g] of Q(u), g = 1/10, Q the law's quantile function: the sorted
         * x_(i) weighted by the length of [(i-1)/k, i/k] inside [g, 1 - g]. When k is a multiple of 10 it is the
         * sample's own trimmed mean (the weights are 0 or 1/(k - 2k/10)).
         */
        @Override
        public double ofLaw(double[] values) {
            double[] x = checkedSorted(values);
            int k = x.length;
            double g = (double) k / TrimmedMean.TRIM_DIVISOR;
            double sum = 0;
            for (int i = 1; i <= k; i++) {
                double overlap = Math.min(i, k - g) - Math.max(i - 1, g);
                if (overlap > 0) {
                    sum += overlap * x[i - 1];
                }
            }
            return sum / (k - 2 * g);
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

        @Override
        public double ofLaw(double[] values) {
            double sum = 0;
            for (double v : checked(values)) {
                sum += v;
            }
            return sum / values.length;
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

    /**
     * The location of the law that puts mass 1/k on each of the k values: what this estimator converges to on ever
     * larger samples drawn from them with replacement (a dip-free resampled world's centre, exactly,
     * {@link ResampledWorld#lawCentre}).
     *
     * @param values the values (at least 2, finite); not changed
     * @return the law's location
     * @throws IllegalArgumentException when fewer than 2 values are given or one is not finite
     */
    public abstract double ofLaw(double[] values);

    private static double[] checked(double[] values) {
        if (values.length < 2) {
            throw new IllegalArgumentException("location of a law: values k=" + values.length + " must be at least 2");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("location of a law: value " + v + " must be finite");
            }
        }
        return values;
    }

    private static double[] checkedSorted(double[] values) {
        double[] x = checked(values).clone();
        Arrays.sort(x);
        return x;
    }
}
