package org.msgdlab.reports.cli;

import org.msgdlab.theory.claims.Evidence;
import org.msgdlab.theory.claims.Results;
import org.msgdlab.theory.claims.StudyResult;

import java.util.Locale;

import static org.msgdlab.reports.summary.MarkdownSummary.g4;

/** The fixed-width table {@code verify} prints: claim id, verdict, estimate, reference, discrepancy, time. */
final class ResultTable {

    private ResultTable() {
    }

    static String render(Results results) {
        int idWidth = "claim".length();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                idWidth = Math.max(idWidth, e.claimId().length());
            }
        }
        String row = "%-" + idWidth + "s  %-11s %12s %12s %12s %9s%n";
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, row, "claim", "verdict", "estimate", "reference", "discrepancy", "time"));
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                t.append(String.format(Locale.ROOT, row, e.claimId(), e.verdict(), g4(e.estimate()), g4(e.reference()),
                        g4(e.discrepancy()), String.format(Locale.ROOT, "%.1f s", e.seconds())));
            }
        }
        return t.toString();
    }
}
