package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;

import java.util.Locale;

import static org.msgdlab.reports.summary.MarkdownSummary.g4;

/**
 * The fixed-width table {@code verify} prints: claim id, verdict, estimate, reference, discrepancy,
 * power against the claim's named wrong formula (marked {@code !} when this run did not reject it),
 * time; preceded by a provenance line.
 */
public final class ResultTable {

    private ResultTable() {
    }

    public static String render(Results results) {
        int idWidth = "claim".length();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                idWidth = Math.max(idWidth, e.claimId().length());
            }
        }
        String row = "%-" + idWidth + "s  %-11s %12s %12s %12s %7s %9s%n";
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, row, "claim", "verdict", "estimate", "reference", "discrepancy", "power", "time"));
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                t.append(String.format(Locale.ROOT, row, e.claimId(), e.verdict(), g4(e.estimate()), g4(e.reference()),
                        g4(e.discrepancy()), power(e), String.format(Locale.ROOT, "%.1f s", e.seconds())));
            }
        }
        return t.toString();
    }

    private static String power(Evidence e) {
        if (e.power().isEmpty()) {
            return "-";
        }
        var p = e.power().get(0);
        return String.format(Locale.ROOT, "%.3f", p.power()) + (p.rejected() ? "" : "!");
    }

    /** One line of provenance: seed, budget, commit, Java, cores. */
    public static String provenance(Results results) {
        var p = results.provenance();
        String commit = Provenance.shortCommit(p.gitCommit());
        return String.format(Locale.ROOT, "seed %d, budget %s, commit %s, Java %s, %d cores, started %s%n", p.seed(), p.budget(),
                commit, p.javaVersion(), p.availableProcessors(), p.startedAt());
    }
}
