package org.msgdlab.core.claims;

/**
 * A claim that could not even be built (the object it would check failed when asked for its
 * parameters): checking it gives ERROR evidence with the reason, so that the rest of the run goes on.
 *
 * @param id        a stable, dotted, lower-case id
 * @param paperRef  where the statement is in the paper
 * @param statement the statement the claim would check
 * @param reason    why it could not be built, in one line
 */
public record ErrorClaim(String id, String paperRef, String statement, String reason) implements Claim {

    /**
     * Checks that there is a reason.
     *
     * @param id        a stable, dotted, lower-case id
     * @param paperRef  where the statement is in the paper
     * @param statement the statement the claim would check
     * @param reason    why it could not be built
     * @throws IllegalArgumentException when {@code reason} is null or blank
     */
    public ErrorClaim {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("claim " + id + ": reason='" + reason + "' must say why it could not be built");
        }
    }

    /**
     * Reports the failure; computes nothing.
     *
     * @param context not read
     * @return evidence with verdict {@link Verdict#ERROR} and the reason
     */
    @Override
    public Evidence check(CheckContext context) {
        return Evidence.error(id, paperRef, statement, reason, 0);
    }
}
