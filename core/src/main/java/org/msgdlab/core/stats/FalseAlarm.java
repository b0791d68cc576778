package org.msgdlab.core.stats;

import org.hipparchus.distribution.continuous.NormalDistribution;

/**
 * Tolerances from a false-alarm probability. A claim compares k statistics; each gets the
 * two-sided level alpha/k (Bonferroni), so the probability that a true claim fails is at most
 * alpha under the normal approximation of each estimator. Stateless and thread-safe.
 */
public final class FalseAlarm {

    /**
     * Nominal false-alarm probability per claim. The promise made to users is alpha &le; 1e-6 per
     * claim; the nominal 1e-7 leaves a factor 10 for the remaining error of the normal
     * approximation (after the shape correction of {@link #shapeCorrected}) and of the estimated
     * standard error at the smallest sample sizes used (&ge; 1000).
     */
    public static final double PER_CLAIM = 1e-7;

    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(0, 1);

    private FalseAlarm() {
    }

    /**
     * The critical value z with P(|Z| > z) = alpha / k for a standard normal Z.
     *
     * @param alpha the false-alarm probability of the claim, in (0, 1)
     * @param k     the number of statistics it compares, at least 1
     * @return {@code Phi^-1(1 - alpha / (2k))}
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 1), or {@code k < 1}
     */
    public static double z(double alpha, int k) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("false-alarm probability alpha=" + alpha + " must be in (0, 1)");
        }
        if (k < 1) {
            throw new IllegalArgumentException("number of comparisons k=" + k + " must be >= 1");
        }
        return STANDARD_NORMAL.inverseCumulativeProbability(1 - alpha / (2.0 * k));
    }

    /**
     * The critical value z corrected for the shape of the estimator's law by the second-order
     * Cornish–Fisher expansion of a mean with skewness gamma and excess kurtosis kappa:
     * <pre>
     *   z' = z + (z^2 - 1) |gamma| / 6 + (z^3 - 3z) kappa / 24 - (2 z^3 - 5 z) gamma^2 / 36,
     * </pre>
     * never below z. Skewed or heavy-tailed per-sample statistics (a rare event's indicator, a
     * chi-square with one degree of freedom) have heavier tails than the normal law at small
     * sample sizes; the correction keeps the false-alarm probability near its nominal level, and
     * the estimated standard error's own error is left to the margin of {@link #PER_CLAIM}.
     *
     * @param z                    the critical value under the normal law
     * @param skewnessOfMean       gamma, the skewness of the mean (its sign is ignored)
     * @param excessKurtosisOfMean kappa, the excess kurtosis of the mean
     * @return {@code max(z, z')}
     */
    public static double shapeCorrected(double z, double skewnessOfMean, double excessKurtosisOfMean) {
        double g = Math.abs(skewnessOfMean);
        double k = excessKurtosisOfMean;
        double w = z + (z * z - 1) * g / 6 + (z * z * z - 3 * z) * k / 24 - (2 * z * z * z - 5 * z) * g * g / 36;
        return Math.max(z, w);
    }

    /**
     * Probability that an estimate distributed N(truth, se^2) falls farther than {@code tolerance}
     * from {@code wrong}: the power to reject the wrong value.
     *
     * @param truth     the estimator's mean
     * @param wrong     the wrong value
     * @param se        the estimator's standard error
     * @param tolerance the acceptance half-width
     * @return {@code Phi((|truth - wrong| - tolerance) / se) + Phi((-|truth - wrong| - tolerance) / se)};
     *         for {@code se = 0}, 1 when {@code |truth - wrong| > tolerance}, else 0
     */
    public static double power(double truth, double wrong, double se, double tolerance) {
        double gap = Math.abs(truth - wrong);
        if (se == 0) {
            return gap > tolerance ? 1.0 : 0.0;
        }
        return STANDARD_NORMAL.cumulativeProbability((gap - tolerance) / se)
                + STANDARD_NORMAL.cumulativeProbability((-gap - tolerance) / se);
    }

    /**
     * Bound on the floating-point error of a statistic accumulated from {@code terms} products of
     * magnitude at most {@code scale}: {@code terms * 2^-52 * scale} (the standard recursive
     * summation bound, with a factor 2 for the products). Added to z*SE so that an exact, zero-
     * variance statistic is not failed by round-off.
     *
     * @param terms the number of products accumulated
     * @param scale their largest magnitude (its sign is ignored)
     * @return {@code terms * 2^-52 * |scale|}
     */
    public static double roundOff(double terms, double scale) {
        return terms * 0x1p-52 * Math.abs(scale);
    }
}
