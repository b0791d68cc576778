package org.msgdlab.deep.plan;

import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.io.TextCells;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A look's verdicts as a user reads them: a terminal table, and {@code plan-look.md} and {@code plan-look.csv} in the
 * study's protocol folder ({@code <plan folder>/<protocol>/}).
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanVerdictTable {

    /** The Markdown file a look writes. */
    public static final String MARKDOWN = "plan-look.md";
    /** The CSV file a look writes. */
    public static final String CSV = "plan-look.csv";

    private PlanVerdictTable() {
    }

    /**
     * The look as a terminal table: one row per claim (id, verdict, look, estimate, bounds), then the seeds' notes.
     *
     * @param look the look
     * @return the text
     */
    public static String text(PlanLook.Look look) {
        StringBuilder s = new StringBuilder(header(look)).append('\n');
        int w = look.results().stream().mapToInt(r -> r.id().length()).max().orElse(5);
        s.append(String.format(Locale.ROOT, "%-" + w + "s  %-12s  %5s  %-15s  %s%n", "claim", "verdict", "look", "estimate",
                "set or bounds"));
        for (PlanLook.Result r : look.results()) {
            s.append(String.format(Locale.ROOT, "%-" + w + "s  %-12s  %5s  %-15s  %s%n", r.id(), r.verdict(),
                    r.look() == 0 ? "-" : r.look(), r.estimate(), r.bounds()));
        }
        for (String n : look.seeds().notes()) {
            s.append("note: ").append(n).append('\n');
        }
        return s.toString();
    }

    /**
     * Writes {@value #MARKDOWN} (the table, each verdict in words, the plan's digest) and {@value #CSV}.
     *
     * @param look the look
     * @return the folder written
     * @throws IOException when a file cannot be written
     */
    public static Path write(PlanLook.Look look) throws IOException {
        PlanFile plan = look.plan();
        Path out = plan.dir().resolve(plan.protocol().name());
        Files.createDirectories(out);
        StringBuilder md = new StringBuilder("# ").append(plan.title()).append(": look\n\n").append(header(look))
                .append("\n\n| claim | verdict | look | estimate | set or bounds |\n| --- | --- | --- | --- | --- |\n");
        StringBuilder csv = new StringBuilder("claim,kind,verdict,look,seeds_counted,estimate,unit,set_or_bounds\n");
        for (PlanLook.Result r : look.results()) {
            md.append("| `").append(r.id()).append("` | **").append(r.verdict()).append("** | ")
                    .append(r.look() == 0 ? "-" : r.look()).append(" | ").append(r.estimate()).append(" | ")
                    .append(r.bounds()).append(" |\n");
            csv.append(String.join(",", TextCells.csv(r.id()), r.claim().kind(), r.verdict().name(), "" + r.look(),
                    "" + look.seeds().counted().size(), Double.isFinite(r.value()) ? Double.toString(r.value()) : "",
                    TextCells.csv(r.unit()), TextCells.csv(r.bounds()))).append('\n');
        }
        md.append('\n');
        for (PlanLook.Result r : look.results()) {
            md.append("* `").append(r.id()).append("`: ").append(r.reason()).append('\n');
        }
        if (!look.seeds().notes().isEmpty()) {
            md.append('\n');
            look.seeds().notes().forEach(n -> md.append("* ").append(n).append('\n'));
        }
        AtomicFiles.writeString(out.resolve(MARKDOWN), md.toString());
        AtomicFiles.writeString(out.resolve(CSV), csv.toString());
        return out;
    }

    private static String header(PlanLook.Look look) {
        PlanFile plan = look.plan();
        return String.format(Locale.ROOT, "Study %s (plan %s, sha256 %s...): %d paired seeds count of the cap of %d; looks at %s;"
                        + " family-wise alpha %s over %d claims.", plan.name(), plan.file().getFileName(),
                plan.sha256().substring(0, 12), look.seeds().counted().size(), plan.cap(), plan.looks(),
                plan.alpha().family(), plan.claims().size());
    }
}
