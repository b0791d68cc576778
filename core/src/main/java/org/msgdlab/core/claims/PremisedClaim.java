package org.msgdlab.core.claims;

import java.util.Objects;

/**
 * A claim computed from a premise that another claim checks (Theorem 1's risk from a plug-in's
 * declared covariance, which {@code plugin.NAME.covariance.as-declared} checks against the draws):
 * its verdict is its own only when the premise holds (PASS or APPROXIMATE). When the premise FAILs,
 * errs or is inconclusive, the claim is INCONCLUSIVE with the premise's verdict and reason, and is
 * not computed: a verdict computed from a false premise would read as a verdict on the object.
 * The claim's statement should say what it rests on. The premise is checked through {@code premise.check}: pass a {@link MemoizedClaim} that the study
 * also runs, so that it is computed once. Thread-safe when both claims are.
 *
 * @param claim   the claim computed from the premise
 * @param premise the claim that checks the premise
 */
public record PremisedClaim(Claim claim, Claim premise) implements ClaimWithRef {

    /** The parameter that names the premise and its verdict in the evidence, {@code "rests on"}. */
    public static final String RESTS_ON = "rests on";

    /**
     * Checks the arguments.
     *
     * @param claim   the claim computed from the premise
     * @param premise the claim that checks the premise
     * @throws NullPointerException if an argument is null
     */
    public PremisedClaim {
        Objects.requireNonNull(claim, "claim");
        Objects.requireNonNull(premise, "premise");
    }

    /** @return the id, paper reference and statement of the claim computed from the premise */
    @Override
    public ClaimRef ref() {
        return ClaimRef.of(claim);
    }

    /**
     * Checks the premise, then the claim when the premise holds.
     *
     * @param context the check's context, for both
     * @return the claim's evidence, its reason naming the premise's verdict; or INCONCLUSIVE (NOT_RUN when the
     *         premise did not run) with the premise's verdict and reason
     */
    @Override
    public Evidence check(CheckContext context) {
        Evidence p = premise.check(context);
        String premiseLine = premise.id() + " is " + p.verdict();
        if (p.verdict() == Verdict.PASS || p.verdict() == Verdict.APPROXIMATE) {
            Evidence own = claim.check(context);
            java.util.Map<String, Object> params = new java.util.LinkedHashMap<>(own.parameters());
            params.put(RESTS_ON, premiseLine);
            return own.toBuilder().parameters(params).build().withDetail("its premise " + premiseLine);
        }
        Verdict v = p.verdict() == Verdict.NOT_RUN ? Verdict.NOT_RUN : Verdict.INCONCLUSIVE;
        return Evidence.builder(ClaimRef.of(this))
                .verdict(v, "not decided: it rests on " + premise.id() + ", which is " + p.verdict() + " (" + p.verdictReason()
                        + "); a verdict computed from a premise that does not hold would say nothing of the object checked")
                .parameters(java.util.Map.of(RESTS_ON, premiseLine)).build();
    }
}
