package org.msgdlab.core.claims;

import java.util.ArrayList;
import java.util.List;

/**
 * The content of {@code results.json}: provenance and the studies (DESIGN.md, "Results file").
 * Immutable and thread-safe.
 *
 * @param provenance where the results came from
 * @param studies    the studies' results
 */
public record Results(Provenance provenance, List<StudyResult> studies) {
    /**
     * Copies the list of studies.
     *
     * @param provenance where the results came from
     * @param studies    the studies' results
     */
    public Results {
        studies = List.copyOf(studies);
    }

    /**
     * These results with {@code study} added, or replacing a study of the same id.
     *
     * @param study the study's results
     * @return new results: {@code study} in the place of the one with its id, else last
     */
    public Results with(StudyResult study) {
        List<StudyResult> all = new ArrayList<>();
        boolean replaced = false;
        for (StudyResult s : studies) {
            if (s.id().equals(study.id())) {
                all.add(study);
                replaced = true;
            } else {
                all.add(s);
            }
        }
        if (!replaced) {
            all.add(study);
        }
        return new Results(provenance, all);
    }
}
