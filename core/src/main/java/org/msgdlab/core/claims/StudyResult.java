package org.msgdlab.core.claims;

import java.util.List;

/**
 * The evidence of every claim of one study, in the study's order. Immutable and thread-safe.
 *
 * @param id       the study's id ({@link Study#id()})
 * @param title    its title
 * @param paperRef where its statements are in the paper
 * @param claims   the evidence of its claims, in the study's order
 */
public record StudyResult(String id, String title, String paperRef, List<Evidence> claims) {
    /**
     * Copies the list of evidence.
     *
     * @param id       the study's id
     * @param title    its title
     * @param paperRef where its statements are in the paper
     * @param claims   the evidence of its claims, in the study's order
     */
    public StudyResult {
        claims = List.copyOf(claims);
    }
}
