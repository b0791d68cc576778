package org.msgdlab.core.claims;

/**
 * One scalar statistic of a claim compared with two reference values: the value the paper's
 * formula gives, and the exact value derived here (equal to the paper's value when the paper is
 * exact). The tolerance is {@code z * standardError} plus a floating-point round-off bound, with
 * {@code z} set by the claim's false-alarm probability (shared over its statistics, Bonferroni).
 * Immutable and thread-safe.
 *
 * @param name                 what is estimated, e.g. {@code "diagonal mean E[V_i^2]"}
 * @param estimate             Monte Carlo estimate (or exactly computed value)
 * @param standardError        standard error of the estimate (0 for an exact computation)
 * @param paperValue           the paper's formula
 * @param derivedValue         the exact value derived here
 * @param tolerance            acceptance half-width around a reference
 * @param relativeDiscrepancy  deterministic (derived - paper) / |paper|; 0 when the paper is exact;
 *                             when the paper's value is 0 the absolute discrepancy is used
 * @param side                 what agreeing means ({@link Side}); two-sided unless stated
 */
public record StatisticCheck(
        String name,
        double estimate,
        double standardError,
        double paperValue,
        double derivedValue,
        double tolerance,
        double relativeDiscrepancy,
        Side side) {

    /** What agreeing with a reference value r means for the estimate e at tolerance t. */
    public enum Side {
        /** |e - r| <= t: the statistic equals r (the usual case). */
        TWO_SIDED,
        /**
         * e - r > t: the statistic exceeds r (a predicted gap, "SGD above GD"); contradicted when
         * e - r < -t, unresolved in between.
         */
        ABOVE,
        /** e <= r + t: the statistic stays below the bound r; contradicted when e > r + t. */
        AT_MOST
    }

    /**
     * Checks the tolerance; a null side (results files written before sides existed) reads as
     * {@link Side#TWO_SIDED}.
     *
     * @param name                 what is estimated
     * @param estimate             Monte Carlo estimate (or exactly computed value)
     * @param standardError        standard error of the estimate
     * @param paperValue           the paper's formula
     * @param derivedValue         the exact value derived here
     * @param tolerance            acceptance half-width around a reference, at least 0
     * @param relativeDiscrepancy  deterministic (derived - paper) / |paper|
     * @param side                 what agreeing means, or null for two-sided
     * @throws IllegalArgumentException when {@code tolerance} is negative or NaN
     */
    public StatisticCheck {
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("tolerance=" + tolerance + " must be >= 0 (statistic " + name + ")");
        }
        if (side == null) {
            side = Side.TWO_SIDED;   // results files written before sides existed
        }
    }

    /**
     * A two-sided check.
     *
     * @param name                 what is estimated
     * @param estimate             Monte Carlo estimate (or exactly computed value)
     * @param standardError        standard error of the estimate
     * @param paperValue           the paper's formula
     * @param derivedValue         the exact value derived here
     * @param tolerance            acceptance half-width around a reference, at least 0
     * @param relativeDiscrepancy  deterministic (derived - paper) / |paper|
     * @throws IllegalArgumentException when {@code tolerance} is negative or NaN
     */
    public StatisticCheck(String name, double estimate, double standardError, double paperValue, double derivedValue,
                          double tolerance, double relativeDiscrepancy) {
        this(name, estimate, standardError, paperValue, derivedValue, tolerance, relativeDiscrepancy, Side.TWO_SIDED);
    }

    /**
     * Builds the two-sided check, computing the deterministic relative discrepancy from the two
     * references: {@code (derived - paper) / |paper|}, or {@code derived} when the paper's value is 0.
     *
     * @param name          what is estimated
     * @param estimate      the estimate
     * @param standardError its standard error
     * @param paperValue    the paper's formula
     * @param derivedValue  the exact value derived here
     * @param tolerance     acceptance half-width around a reference, at least 0
     * @return the check
     * @throws IllegalArgumentException when {@code tolerance} is negative or NaN
     */
    public static StatisticCheck of(String name, double estimate, double standardError,
                                    double paperValue, double derivedValue, double tolerance) {
        double disc = paperValue == 0 ? derivedValue : (derivedValue - paperValue) / Math.abs(paperValue);
        return new StatisticCheck(name, estimate, standardError, paperValue, derivedValue, tolerance, disc);
    }

    /**
     * A one-sided check: the statistic must exceed {@code reference} by more than {@code tolerance}.
     *
     * @param name          what is estimated
     * @param estimate      the estimate
     * @param standardError its standard error
     * @param reference     the value to exceed, both the paper's and the derived one
     * @param tolerance     the margin, at least 0
     * @return the check, {@link Side#ABOVE}, with relative discrepancy 0
     * @throws IllegalArgumentException when {@code tolerance} is negative or NaN
     */
    public static StatisticCheck above(String name, double estimate, double standardError, double reference,
                                       double tolerance) {
        return new StatisticCheck(name, estimate, standardError, reference, reference, tolerance, 0, Side.ABOVE);
    }

    /**
     * A one-sided check: the statistic must not exceed the bound {@code bound} by more than {@code tolerance}.
     *
     * @param name          what is estimated
     * @param estimate      the estimate
     * @param standardError its standard error
     * @param bound         the bound, both the paper's and the derived value
     * @param tolerance     the margin, at least 0
     * @return the check, {@link Side#AT_MOST}, with relative discrepancy 0
     * @throws IllegalArgumentException when {@code tolerance} is negative or NaN
     */
    public static StatisticCheck atMost(String name, double estimate, double standardError, double bound, double tolerance) {
        return new StatisticCheck(name, estimate, standardError, bound, bound, tolerance, 0, Side.AT_MOST);
    }

    /** @return whether the estimate agrees with the paper's value, as {@link #side()} defines agreeing */
    public boolean agreesWithPaper() {
        return agrees(paperValue);
    }

    /** @return whether the estimate agrees with the derived value, as {@link #side()} defines agreeing */
    public boolean agreesWithDerived() {
        return agrees(derivedValue);
    }

    private boolean agrees(double reference) {
        return switch (side) {
            case TWO_SIDED -> Math.abs(estimate - reference) <= tolerance;
            case ABOVE -> estimate - reference > tolerance;
            case AT_MOST -> estimate - reference <= tolerance;
        };
    }

    /**
     * A one-sided {@link Side#ABOVE} check whose estimate is within its tolerance of the reference: not resolved.
     *
     * @return whether this is such a check: {@code ABOVE} and {@code |estimate - paperValue| <= tolerance}
     */
    public boolean unresolved() {
        return side == Side.ABOVE && Math.abs(estimate - paperValue) <= tolerance;
    }

    /**
     * How the reference is compared, for display.
     *
     * @return {@code "="} (two-sided), {@code ">"} (above) or {@code "≤"} (at most)
     */
    public String relation() {
        return switch (side) {
            case TWO_SIDED -> "=";
            case ABOVE -> ">";
            case AT_MOST -> "≤";
        };
    }

    /**
     * Measured discrepancy from the paper, relative to |paper| (absolute when the paper's value is 0).
     *
     * @return {@code (estimate - paper) / |paper|}, or {@code estimate} when the paper's value is 0
     */
    public double measuredDiscrepancy() {
        return paperValue == 0 ? estimate : (estimate - paperValue) / Math.abs(paperValue);
    }

    /**
     * Whether the estimate rejects a reference value {@code wrong} at this check's tolerance.
     *
     * @param wrong the value to reject
     * @return whether {@code |estimate - wrong| > tolerance}, whatever the side
     */
    public boolean rejects(double wrong) {
        return Math.abs(estimate - wrong) > tolerance;
    }
}
