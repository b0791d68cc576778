package org.msgdlab.core.claims;

import java.util.List;

/** The evidence of every claim of one study, in the study's order. */
public record StudyResult(String id, String title, String paperRef, List<Evidence> claims) {
    public StudyResult {
        claims = List.copyOf(claims);
    }
}
