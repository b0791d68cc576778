package org.msgdlab.core.claims;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A claim whose statement has no meaning for the object it would check (verdict
 * {@link Verdict#NOT_APPLICABLE}); {@code reason} says why, e.g. "infinite variance: Var[V] does
 * not exist".
 *
 * @param ref        the claim's id, paper reference and statement
 * @param parameters the parameters of the object it would check, by name (copied)
 * @param reason     why the statement does not apply
 */
public record NotApplicableClaim(ClaimRef ref, Map<String, Object> parameters, String reason)
        implements ClaimWithRef {

    /**
     * Copies the parameters and checks that there is a reason.
     *
     * @param ref        the claim's id, paper reference and statement
     * @param parameters the parameters of the object it would check, by name
     * @param reason     why the statement does not apply
     * @throws IllegalArgumentException when {@code reason} is null or blank
     */
    public NotApplicableClaim {
        parameters = new LinkedHashMap<>(parameters);
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("claim " + ref.id() + ": reason='" + reason + "' must say why it does not apply");
        }
    }

    /**
     * Reports that the statement does not apply; computes nothing.
     *
     * @param context not read
     * @return evidence with verdict {@link Verdict#NOT_APPLICABLE}, the parameters and the reason
     */
    @Override
    public Evidence check(CheckContext context) {
        return Evidence.notApplicable(ref, parameters, reason);
    }
}
