package org.msgdlab.core.claims;

/**
 * The outcome of checking one claim (DESIGN.md, "The flow of one verification").
 *
 * <ul>
 *   <li>{@link #PASS}: the estimate agrees with the paper's formula within a tolerance derived
 *       from the estimator's own standard error at a stated false-alarm probability.</li>
 *   <li>{@link #APPROXIMATE}: the estimate disagrees with the paper's formula, agrees with an
 *       exact formula derived here, and the deterministic discrepancy between the two vanishes in
 *       a stated limit (the evidence quantifies it).</li>
 *   <li>{@link #FAIL}: the statement as printed is contradicted: the discrepancy does not vanish
 *       in the paper's regime, or the estimate agrees with neither formula.</li>
 *   <li>{@link #INCONCLUSIVE}: the measurement cannot tell the statement from its negation at
 *       this budget: the estimate lies within its tolerance of both (e.g. a predicted gap smaller
 *       than the seed-to-seed spread), so the claim is neither confirmed nor contradicted. The
 *       evidence says what was resolvable; a larger budget may decide it.</li>
 *   <li>{@link #ERROR}: the check itself failed to run (exception, bad input).</li>
 *   <li>{@link #NOT_RUN}: the check did not run (interrupted, left out by the budget, a tool missing).</li>
 *   <li>{@link #NOT_APPLICABLE}: the statement has no meaning for the object checked, and the reason
 *       says why (e.g. a covariance claim for a noise with infinite variance, or a standard error of
 *       a sample mean whose variance does not exist); neither confirmed nor contradicted.</li>
 * </ul>
 */
public enum Verdict {
    PASS, APPROXIMATE, FAIL, INCONCLUSIVE, ERROR, NOT_RUN, NOT_APPLICABLE
}
