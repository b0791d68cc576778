package org.msgdlab.core.claims;

import java.util.ArrayList;
import java.util.List;

/** The content of {@code results.json}: provenance and the studies (DESIGN.md, "Results file"). */
public record Results(Provenance provenance, List<StudyResult> studies) {
    public Results {
        studies = List.copyOf(studies);
    }

    /** These results with {@code study} added, or replacing a study of the same id. */
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
