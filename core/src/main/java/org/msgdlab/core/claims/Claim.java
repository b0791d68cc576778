package org.msgdlab.core.claims;

/**
 * One checkable statement of the paper. Checking it in a {@link CheckContext} (budget, seed,
 * folders, log, cancellation, options) produces {@link Evidence}; the same context gives the same
 * numbers. The runner times the check and turns a throw into ERROR evidence; a claim only checks.
 */
public interface Claim {

    /** @return a stable, dotted, lower-case id, e.g. {@code prop1.without-replacement.covariance} */
    String id();

    /** @return where the statement is in the paper, e.g. {@code "Proposition 1"} */
    String paperRef();

    /** @return the statement as the paper makes it, formulas in plain text */
    String statement();

    /**
     * Runs the check. Must not throw for valid budgets; bad parameters fail at construction.
     *
     * @param context what the check may use: budget, seed and named streams, folders, log, cancellation, options
     * @return the evidence, with its verdict
     */
    Evidence check(CheckContext context);

    /**
     * Runs the check with nothing but a budget and a seed ({@link CheckContext#of}).
     *
     * @param budget the computation budget
     * @param seed   the master seed
     * @return the evidence, with its verdict
     */
    default Evidence check(Budget budget, long seed) {
        return check(CheckContext.of(budget, seed));
    }
}
