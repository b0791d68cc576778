package org.msgdlab.core.claims;

import java.util.List;

/**
 * A group of claims reported together, in paper order (e.g. "Sampling noises, Section 2 and 4").
 * Immutable (the list is copied); thread-safe when its claims are.
 *
 * @param id       the study's id, e.g. {@code theory.sampling-noise}
 * @param title    its title
 * @param paperRef where its statements are in the paper
 * @param claims   its claims, in paper order
 */
public record Study(String id, String title, String paperRef, List<Claim> claims) {
    /**
     * Copies the list of claims.
     *
     * @param id       the study's id
     * @param title    its title
     * @param paperRef where its statements are in the paper
     * @param claims   its claims, in paper order
     */
    public Study {
        claims = List.copyOf(claims);
    }
}
