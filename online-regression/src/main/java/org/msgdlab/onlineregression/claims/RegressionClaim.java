package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.ClaimWithRef;
import org.msgdlab.core.claims.Evidence;

/**
 * What every claim of the Theorem 1 study has in common: its fixed reference, the shared simulations
 * ({@link Simulations}) it reads its numbers from, and the preamble of a check, done here once: a
 * claim checks a {@link RegressionRun} (budget, seed, plan, shared computations, clock).
 */
abstract class RegressionClaim implements ClaimWithRef {

    private final ClaimRef ref;
    /** The shared computations the claim reads its numbers from. */
    protected final Simulations sims;

    RegressionClaim(ClaimRef ref, Simulations sims) {
        this.ref = ref;
        this.sims = sims;
    }

    @Override
    public final ClaimRef ref() {
        return ref;
    }

    @Override
    public final Evidence check(CheckContext context) {
        return check(RegressionRun.start(context, sims));
    }

    /**
     * Runs the check.
     *
     * @param run the budget, seed, plan and shared computations of this check, and when it started
     * @return the evidence, with its verdict
     */
    abstract Evidence check(RegressionRun run);
}
