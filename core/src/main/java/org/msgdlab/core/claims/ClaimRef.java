package org.msgdlab.core.claims;

import java.util.Objects;

/**
 * What names a claim: its id, where the paper makes the statement, and the statement itself. The one
 * value a claim's factory takes in place of three adjacent strings. Immutable and thread-safe.
 *
 * @param id        a stable, dotted, lower-case id, e.g. {@code prop1.without-replacement.covariance}
 * @param paperRef  where the statement is in the paper, e.g. {@code "Proposition 1"}
 * @param statement the statement as the paper makes it, formulas in plain text
 */
public record ClaimRef(String id, String paperRef, String statement) {

    /**
     * Refuses a missing part.
     *
     * @param id        the claim's id
     * @param paperRef  where the paper states it
     * @param statement the statement
     * @throws NullPointerException naming the part that is null
     */
    public ClaimRef {
        Objects.requireNonNull(id, "claim id");
        Objects.requireNonNull(paperRef, () -> "claim " + id + ": paperRef");
        Objects.requireNonNull(statement, () -> "claim " + id + ": statement");
    }

    /**
     * The id, paper reference and statement of a claim.
     *
     * @param claim the claim
     * @return its reference
     */
    public static ClaimRef of(Claim claim) {
        return new ClaimRef(claim.id(), claim.paperRef(), claim.statement());
    }
}
