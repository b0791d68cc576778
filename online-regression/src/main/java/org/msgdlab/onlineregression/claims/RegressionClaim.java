package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Claim;

/**
 * What every claim of the Theorem 1 study has in common: its fixed id, paper reference and
 * statement, and the shared simulations ({@link Simulations}) it reads its numbers from.
 */
abstract class RegressionClaim implements Claim {

    private final String id;
    private final String paperRef;
    private final String statement;
    /** The shared computations the claim reads its numbers from. */
    protected final Simulations sims;

    RegressionClaim(String id, String paperRef, String statement, Simulations sims) {
        this.id = id;
        this.paperRef = paperRef;
        this.statement = statement;
        this.sims = sims;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String paperRef() {
        return paperRef;
    }

    @Override
    public final String statement() {
        return statement;
    }
}
