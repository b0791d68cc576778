package org.msgdlab.theory.claims;

/**
 * One scalar statistic of a claim compared with two reference values: the value the paper's
 * formula gives, and the exact value derived here (equal to the paper's value when the paper is
 * exact). The tolerance is {@code z * standardError} plus a floating-point round-off bound, with
 * {@code z} set by the claim's false-alarm probability (shared over its statistics, Bonferroni).
 *
 * @param name                 what is estimated, e.g. {@code "diagonal mean E[V_i^2]"}
 * @param estimate             Monte Carlo estimate (or exactly computed value)
 * @param standardError        standard error of the estimate (0 for an exact computation)
 * @param paperValue           the paper's formula
 * @param derivedValue         the exact value derived here
 * @param tolerance            acceptance half-width around a reference
 * @param relativeDiscrepancy  deterministic (derived - paper) / |paper|; 0 when the paper is exact;
 *                             when the paper's value is 0 the absolute discrepancy is used
 */
public record StatisticCheck(
        String name,
        double estimate,
        double standardError,
        double paperValue,
        double derivedValue,
        double tolerance,
        double relativeDiscrepancy) {

    public StatisticCheck {
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("tolerance=" + tolerance + " must be >= 0 (statistic " + name + ")");
        }
    }

    /** Builds the check, computing the deterministic relative discrepancy from the two references. */
    public static StatisticCheck of(String name, double estimate, double standardError,
                                    double paperValue, double derivedValue, double tolerance) {
        double disc = paperValue == 0 ? derivedValue : (derivedValue - paperValue) / Math.abs(paperValue);
        return new StatisticCheck(name, estimate, standardError, paperValue, derivedValue, tolerance, disc);
    }

    public boolean agreesWithPaper() {
        return Math.abs(estimate - paperValue) <= tolerance;
    }

    public boolean agreesWithDerived() {
        return Math.abs(estimate - derivedValue) <= tolerance;
    }

    /** Measured discrepancy from the paper, relative to |paper| (absolute when the paper's value is 0). */
    public double measuredDiscrepancy() {
        return paperValue == 0 ? estimate : (estimate - paperValue) / Math.abs(paperValue);
    }

    /** Whether the estimate rejects a reference value {@code wrong} at this check's tolerance. */
    public boolean rejects(double wrong) {
        return Math.abs(estimate - wrong) > tolerance;
    }
}
