package org.msgdlab.core.stats;

/**
 * A location estimate with one-sided Student-t bounds:
 * <pre>
 *   lower(alpha) = estimate - t_{1-alpha, df} SE,   upper(alpha) = estimate + t_{1-alpha, df} SE.
 * </pre>
 * {@link TrimmedMean} (Tukey-McLaughlin bounds on a trimmed mean) and {@link PairedDifferences} (Student's on a mean) give
 * one; {@link Location} names the two.
 */
public interface TBounds {

    /** @return the point estimate */
    double estimate();

    /** @return its standard error */
    double standardError();

    /** @return the degrees of freedom of its t */
    int degreesOfFreedom();

    /**
     * One-sided lower bound at level 1 - alpha.
     *
     * @param alpha the one-sided level, in (0, 0.5)
     * @return estimate - t_{1-alpha, df} SE
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
     */
    default double lower(double alpha) {
        return estimate() - PairedDifferences.tQuantile(alpha, degreesOfFreedom()) * standardError();
    }

    /**
     * One-sided upper bound at level 1 - alpha.
     *
     * @param alpha the one-sided level, in (0, 0.5)
     * @return estimate + t_{1-alpha, df} SE
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
     */
    default double upper(double alpha) {
        return estimate() + PairedDifferences.tQuantile(alpha, degreesOfFreedom()) * standardError();
    }
}
