package org.msgdlab.core.claims;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A claim that computes its evidence once per budget and seed and returns it again after: the
 * premise of {@link PremisedClaim}s, run by its study and consulted by the claims resting on it.
 * The evidence depends on nothing but the budget and the seed (the claim contract); a check that
 * throws is not remembered. Thread-safe.
 */
public final class MemoizedClaim implements ClaimWithRef {

    private final Claim claim;
    private final Map<String, Evidence> done = new HashMap<>();

    /**
     * Wraps a claim.
     *
     * @param claim the claim
     * @throws NullPointerException if {@code claim} is null
     */
    public MemoizedClaim(Claim claim) {
        this.claim = Objects.requireNonNull(claim, "claim");
    }

    /** @return the wrapped claim's id, paper reference and statement */
    @Override
    public ClaimRef ref() {
        return ClaimRef.of(claim);
    }

    /**
     * The claim's evidence at the context's budget and seed, computed on the first call.
     *
     * @param context the check's context
     * @return the evidence
     */
    @Override
    public synchronized Evidence check(CheckContext context) {
        String key = context.budget() + "/" + context.seedFor(claim.id());
        Evidence e = done.get(key);
        if (e == null) {
            e = claim.check(context);
            if (e != null && e.verdict() != Verdict.NOT_RUN) {
                done.put(key, e);
            }
        }
        return e;
    }
}
