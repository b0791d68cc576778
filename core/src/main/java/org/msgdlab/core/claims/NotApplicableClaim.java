package org.msgdlab.core.claims;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A claim whose statement has no meaning for the object it would check (verdict
 * {@link Verdict#NOT_APPLICABLE}); {@code reason} says why, e.g. "infinite variance: Var[V] does
 * not exist".
 */
public record NotApplicableClaim(String id, String paperRef, String statement, Map<String, Object> parameters, String reason)
        implements Claim {

    public NotApplicableClaim {
        parameters = new LinkedHashMap<>(parameters);
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("claim " + id + ": reason='" + reason + "' must say why it does not apply");
        }
    }

    @Override
    public Evidence check(CheckContext context) {
        return Evidence.notApplicable(id, paperRef, statement, parameters, reason);
    }
}
