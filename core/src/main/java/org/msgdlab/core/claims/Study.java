package org.msgdlab.core.claims;

import java.util.List;

/** A group of claims reported together, in paper order (e.g. "Sampling noises, Section 2 and 4"). */
public record Study(String id, String title, String paperRef, List<Claim> claims) {
    public Study {
        claims = List.copyOf(claims);
    }
}
