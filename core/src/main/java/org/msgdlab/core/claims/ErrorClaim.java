package org.msgdlab.core.claims;

/**
 * A claim that could not even be built (the object it would check failed when asked for its
 * parameters): checking it gives ERROR evidence with the reason, so that the rest of the run goes on.
 *
 * @param ref    the claim's id, paper reference and the statement it would check
 * @param reason why it could not be built, in one line
 */
public record ErrorClaim(ClaimRef ref, String reason) implements ClaimWithRef {

    /**
     * Checks that there is a reason.
     *
     * @param ref    the claim's id, paper reference and the statement it would check
     * @param reason why it could not be built
     * @throws IllegalArgumentException when {@code reason} is null or blank
     */
    public ErrorClaim {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("claim " + ref.id() + ": reason='" + reason + "' must say why it could not be built");
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
        return Evidence.error(ref, reason, 0);
    }
}
