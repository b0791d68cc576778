package org.msgdlab.core.claims;

/**
 * One checkable statement of the paper. Checking it at a budget and seed produces
 * {@link Evidence}; the same budget and seed give the same numbers.
 */
public interface Claim {

    /** Stable, dotted, lower-case id, e.g. {@code prop1.without-replacement.covariance}. */
    String id();

    /** Where the statement is in the paper, e.g. {@code "Proposition 1"}. */
    String paperRef();

    /** The statement as the paper makes it, formulas in plain text. */
    String statement();

    /** Runs the check. Must not throw for valid budgets; bad parameters fail at construction. */
    Evidence check(Budget budget, long seed);
}
