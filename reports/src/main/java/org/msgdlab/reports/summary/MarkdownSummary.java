package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.io.TextCells;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * Renders {@code results.json} as {@code summary.md}: one Markdown table row per claim (study,
 * claim id, verdict, estimate, reference, discrepancy, power), preceded by the provenance and
 * followed by one line on why for each claim that is not PASS and the count of each verdict.
 */
public final class MarkdownSummary {

    /** The file name. */
    public static final String NAME = "summary.md";

    private MarkdownSummary() {
    }

    /**
     * The summary of {@code results} as Markdown text (ends with a newline).
     *
     * @param results the verification results
     * @return the Markdown text
     */
    public static String render(Results results) {
        StringBuilder md = new StringBuilder();
        Provenance p = results.provenance();
        md.append("# msgd verification summary\n\n");
        // provenance is text a user can edit in results.json: one line each, no '<' at all, even in a code span (TextCells)
        md.append("- command: `").append(TextCells.markdownCode(text(p.command()))).append("`\n");
        md.append("- seed: ").append(p.seed()).append(", budget: ").append(text(p.budget())).append('\n');
        md.append("- git commit: ").append(text(p.gitCommit())).append('\n');
        md.append("- started: ").append(text(String.valueOf(p.startedAt()))).append(", finished: ")
                .append(p.finishedAt() == null ? "(not finished)" : text(String.valueOf(p.finishedAt()))).append('\n');
        md.append('\n');
        md.append("| study | claim id | verdict | estimate | reference | discrepancy | power |\n");
        md.append("|---|---|---|---:|---:|---:|---:|\n");
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                md.append("| ").append(cell(s.id()))
                        .append(" | ").append(cell(e.claimId()))
                        .append(" | ").append(e.verdict())
                        .append(" | ").append(g4(e.estimate()))
                        .append(" | ").append(g4(e.reference()))
                        .append(" | ").append(g4(e.discrepancy()))
                        .append(" | ").append(g4(minimumPower(e)))
                        .append(" |\n");
            }
        }
        md.append('\n');
        List<String> notPass = new ArrayList<>();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                if (e.verdict() != Verdict.PASS) {
                    notPass.add("- **" + e.verdict() + "** `" + TextCells.markdownCode(text(e.claimId())) + "`: "
                            + text(Verdicts.why(e)) + "\n");
                }
            }
        }
        if (!notPass.isEmpty()) {
            md.append("Claims that are not PASS:\n\n");
            notPass.forEach(md::append);
            md.append('\n');
        }
        md.append("Verdicts: ").append(counts(results)).append("\n\n");
        md.append("Discrepancy is (estimate - reference) / |reference| (absolute when the reference is 0). ")
                .append("Power is the smallest probability, over the named wrong variants of the claim, ")
                .append("that the check rejects the wrong variant at this budget.\n");
        md.append("The full report with figures is index.html beside this file.\n");
        return md.toString();
    }

    /**
     * Writes the summary of {@code results} to {@code dir/summary.md} (atomically) and returns it.
     *
     * @param dir     the folder of results.json
     * @param results the verification results
     * @return the file written
     * @throws java.io.UncheckedIOException when the file cannot be written (the message names it)
     */
    public static Path write(Path dir, Results results) {
        return SummaryFile.write(dir, NAME, render(results));
    }

    /**
     * "PASS 3, APPROXIMATE 1, FAIL 0, ERROR 0, NOT_RUN 0": every verdict, in enum order.
     *
     * @param results the verification results
     * @return the counts in one line
     */
    public static String counts(Results results) {
        StringJoiner j = new StringJoiner(", ");
        Verdicts.counts(results).forEach((v, k) -> j.add(v + " " + k));
        return j.toString();
    }

    /**
     * A number as {@code %.4g}, or "-" when it is NaN (not measured).
     *
     * @param x the number
     * @return its text
     */
    public static String g4(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.4g", x);
    }

    /** The weakest power over a claim's applicable wrong variants; NaN when the claim has none. */
    static double minimumPower(Evidence e) {
        return e.power().stream().filter(p -> Verdicts.applicable(p, e)).mapToDouble(PowerCheck::power).min().orElse(Double.NaN);
    }

    private static String cell(String text) {
        return TextCells.markdownCell(text);
    }

    /**
     * Text from results.json made inert where Markdown renders HTML ({@link TextCells#markdown}):
     * {@code <script>} or an {@code onerror=} attribute pasted into a page shows as text, and a
     * newline cannot open a heading or a table.
     */
    static String text(String s) {
        return TextCells.markdown(s);
    }
}
