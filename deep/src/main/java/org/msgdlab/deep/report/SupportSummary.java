package org.msgdlab.deep.report;

import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.io.TextCells;
import org.msgdlab.core.stats.ClopperPearson;
import org.msgdlab.deep.study.LossOrDip;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.SupportClaim;
import org.msgdlab.deep.study.SupportDescription;
import org.msgdlab.deep.study.SupportVerdicts;
import org.msgdlab.deep.train.BitProvenance;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.SummaryFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The support study's tables (deep/results/support-study/PLAN.md, "Reporting"), written next to its runs at and after
 * the look at 50 paired seeds: {@code verdicts.csv} (one row per claim and look made, for the independent recount),
 * {@code verdicts.md} (the verdict table with the plain mean beside each claim, the alpha line, SGD-50 - GD, the dose,
 * the losses and dips) and {@code runs.csv} (one row per run of the look's seeds, with what computed it). Numbers in
 * points (window accuracy x 100) unless named otherwise.
 */
public final class SupportSummary {

    /** verdicts.csv's header: the columns the recount compares. */
    public static final String VERDICTS_HEADER = "claim,kind,look,seeds,trimmed_mean,lower,upper,alpha,verdict,mean,mean_lower,"
            + "mean_upper,seeds_needed";

    private SupportSummary() {
    }

    /**
     * Writes the three files into {@code dir}.
     *
     * @param runs   the completed runs of the support plan
     * @param report the verdicts and descriptions ({@link SupportVerdicts#evaluate})
     * @param dir    the folder written (the study's {@code authors-code})
     * @throws IOException when a file cannot be written or a run.json read
     */
    public static void write(StudyRuns runs, SupportVerdicts.Report report, Path dir) throws IOException {
        Files.createDirectories(dir);
        AtomicFiles.writeString(dir.resolve("verdicts.csv"), verdictsCsv(report));
        SummaryFile.writeUnlessSame(dir.resolve("verdicts.md"), table(report) + "\n" + descriptions(report.description())
                + "\nWritten by msgd-lab commit " + Provenance.currentCommit() + "; each run's build, CPU and instruction set"
                + " are in its run.json (\"bits\") and in runs.csv.\n", "Written by msgd-lab commit");
        AtomicFiles.writeString(dir.resolve("runs.csv"), runsCsv(runs, report.look()));
    }

    /**
     * verdicts.csv: per claim, one row per look made ({@code look}: the look's paired seeds, 50 or 100, as PLAN.md
     * names the looks and the recount reads them; {@code seeds}: the paired seeds the look used, the same number), the
     * verdict that look's bounds give (the claim's verdict is its first PASS or FAIL), the one-sided bounds of the trimmed mean
     * and of the plain mean at the look's alpha; 6 decimals. {@code seeds_needed} (PLAN.md amendment 3) is empty but in the
     * row of a claim undecided at the cap: the seeds a decision would need at power 0.8, or {@code >1000}.
     *
     * @param report the verdicts
     * @return the file's text
     */
    public static String verdictsCsv(SupportVerdicts.Report report) {
        StringBuilder v = new StringBuilder(VERDICTS_HEADER).append('\n');
        for (SupportVerdicts.ClaimResult c : report.claims()) {
            for (SupportVerdicts.LookRow r : c.looks()) {
                String needed = r == c.last() ? c.needed().map(p -> p.needed().cell()).orElse("") : "";
                v.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%.6f,%.6f,%.6f,%.6f,%s,%.6f,%.6f,%.6f,%s%n", c.claim().id(),
                        c.claim().band().kind(), r.look().seeds(), r.look().seeds(), r.look().estimate().estimate(),
                        r.look().lower(), r.look().upper(), r.look().alpha(), r.look().verdict(), r.mean().estimate(),
                        r.meanLower(), r.meanUpper(), needed));
            }
        }
        return v.toString();
    }

    /**
     * The verdict table in Markdown.
     *
     * @param report the verdicts
     * @return the table, the alpha line and each claim's reason
     */
    public static String table(SupportVerdicts.Report report) {
        return table(report, TextCells::markdown);
    }

    /**
     * The verdict table for a terminal: {@link #table}'s lines, each reason as written (a Markdown file escapes
     * {@code <} as {@code &lt;}; a terminal shows what it is given).
     *
     * @param report the verdicts
     * @return the table, the alpha line and each claim's reason
     */
    public static String text(SupportVerdicts.Report report) {
        return table(report, s -> s.replace('\n', ' '));
    }

    private static String table(SupportVerdicts.Report report, java.util.function.UnaryOperator<String> reasonText) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "Support study (authors-code, plan: PLAN.md): the"
                + " look at %d paired seeds (seeds %s; %d count of the cap of %d: complete, each computed alike). Each claim's estimand is the 10%%-trimmed mean"
                + " of its paired difference d_s in points, with its one-sided bounds [L, U] at the look's alpha (Tukey-McLaughlin: standard error s_w sqrt(k) / h,"
                + " h - 1 degrees of freedom; PLAN.md's \"Yuen's interval\", amendment 2); the plain"
                + " mean and its Student-t bounds at the same alpha are a description beside it, with no verdict."
                + " Delta = %.2f points (%.1f x %.2f, SGD-50's advantage over GD in the second study).%n%n",
                report.lookSeeds(), ranges(report.look()), report.seeds().counted().size(), StudyPlan.SUPPORT_CAP, SupportClaim.DELTA, SupportClaim.MARGIN_SHARE,
                SupportClaim.ADVANTAGE));
        t.append(SupportClaim.ALPHA_LINE).append("\n\n");
        t.append("| claim | d_s | kind | verdict | look (paired seeds) | alpha | trimmed mean [L, U] | plain mean [L, U] |\n");
        t.append("| --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (SupportVerdicts.ClaimResult c : report.claims()) {
            SupportVerdicts.LookRow r = c.last();
            t.append(String.format(Locale.ROOT, "| `%s` | %s | %s | **%s**%s | %d | %s | %s | %s |%n",
                    c.claim().name(), TextCells.markdownCell(c.claim().difference()), c.claim().band().kind(), c.verdict(),
                    c.settled() ? "" : " (so far)", r.look().seeds(), SupportVerdicts.alpha(r.look().alpha()),
                    SupportVerdicts.interval(r.look().estimate().estimate(), r.look().lower(), r.look().upper()),
                    SupportVerdicts.interval(r.mean().estimate(), r.meanLower(), r.meanUpper())));
        }
        t.append("\n");
        for (SupportVerdicts.ClaimResult c : report.claims()) {
            t.append("* `").append(c.claim().id()).append("`: ").append(reasonText.apply(c.reason())).append('\n');
        }
        for (String n : report.seeds().leftOut()) {
            t.append("* ").append(reasonText.apply(n)).append('\n');
        }
        return t.toString();
    }

    /**
     * The descriptions in Markdown: no verdict on any of them.
     *
     * @param d the descriptions
     * @return the sections
     */
    public static String descriptions(SupportDescription d) {
        StringBuilder t = new StringBuilder(String.format(Locale.ROOT, "### Described, not claimed (%d paired seeds, 95%%"
                + " intervals: Tukey-McLaughlin's for a trimmed mean, Student's for a mean, exact for a count)%n%n", d.seeds().size()));
        t.append(String.format(Locale.ROOT, "* SGD-50 - GD: trimmed mean %s; mean %s (the margin is built on the second"
                + " study's 1.41 points and is not re-estimated).%n", trimmed(d.sgdOverGd()), mean(d.sgdOverGd())));
        for (SupportDescription.Single s : d.denseVsSgd()) {
            t.append(String.format(Locale.ROOT, "* %s - SGD-50: trimmed mean %s; mean %s.%n", SupportClaim.paperName(s.method()),
                    trimmed(s.difference()), mean(s.difference())));
        }
        for (SupportDescription.Dose dose : d.dose()) {
            t.append(String.format(Locale.ROOT, "* The dose, B = %d: %s - MSGD-Fisher: trimmed mean %s; mean %s.%n",
                    dose.support(), SupportClaim.paperName(dose.method()), trimmed(dose.loss()), mean(dose.loss())));
        }
        t.append(String.format(Locale.ROOT, "* The dose's slope, the per-seed least-squares slope of acc on log10 B over"
                + " B = 10, 50, 250, 1,000 (the dense MSGD-Fisher), points per decade: trimmed mean %s; mean %s.%n%n",
                trimmed(d.slope()), mean(d.slope())));
        t.append("### Losses and dips (PLAN.md: lost = window accuracy below 50 points; dipped = test accuracy below 50% at"
                + " an evaluation from iteration 1,000 on, in a run that did not lose its training)\n\n");
        t.append("| method | runs | lost | lost: 95% exact | dipped | dipped: 95% exact |\n| --- | --- | --- | --- | --- | --- |\n");
        for (SupportDescription.Outcomes o : d.outcomes()) {
            t.append(String.format(Locale.ROOT, "| %s | %d | %d%s | %s | %d | %s |%n", SupportClaim.paperName(o.method()),
                    o.runs(), o.lost().size(), o.lost().isEmpty() ? "" : " (seeds " + o.lost() + ")", interval(o.losses()),
                    o.dips().size(), interval(o.dipped())));
        }
        for (SupportDescription.Outcomes o : d.outcomes()) {
            for (String dip : o.dips()) {
                t.append("* ").append(SupportClaim.paperName(o.method())).append(", ").append(dip).append('\n');
            }
        }
        return t.toString();
    }

    private static String trimmed(SupportDescription.Estimate e) {
        return SupportVerdicts.interval(e.trimmed().estimate(), e.trimmedLower(), e.trimmedUpper());
    }

    private static String mean(SupportDescription.Estimate e) {
        return SupportVerdicts.interval(e.mean().estimate(), e.meanLower(), e.meanUpper());
    }

    private static String interval(ClopperPearson c) {
        return String.format(Locale.ROOT, "[%.3f, %.3f]", c.lower(SupportDescription.LEVEL), c.upper(SupportDescription.LEVEL));
    }

    /** Seeds as ranges, e.g. "0-49" or "0-2, 4-50". */
    static String ranges(java.util.List<Integer> seeds) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < seeds.size(); i++) {
            int j = i;
            while (j + 1 < seeds.size() && seeds.get(j + 1) == seeds.get(j) + 1) {
                j++;
            }
            b.append(b.length() == 0 ? "" : ", ").append(seeds.get(i)).append(j > i ? "-" + seeds.get(j) : "");
            i = j;
        }
        return b.toString();
    }

    /** runs.csv: every run of the look's seeds, its statistic, loss or dip and what computed it. */
    static String runsCsv(StudyRuns runs, java.util.List<Integer> seeds) throws IOException {
        StringBuilder c = new StringBuilder("method,method_id,seed,window_test_accuracy,final_test_accuracy,wall_seconds,"
                + "lost,dipped,dip_depth,dip_iteration,commit,cpu,isa\n");
        for (String m : runs.plan().methods()) {
            for (int s : seeds) {
                StudyRuns.Run r = runs.byMethod().get(m).get(s);
                LossOrDip o = LossOrDip.of(r.rows(), runs.plan().iterations());
                var bits = BitProvenance.recordedIn(runs.plan().runDir(m, s));
                c.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.1f,%s,%s,%s,%s,%s,%s,%s%n", m,
                        runs.plan().method(m).id(), s, r.statistic(), r.finalAccuracy(), r.seconds(), o.lost(), o.dipped(),
                        o.dipped() ? String.format(Locale.ROOT, "%.6f", o.depth()) : "", o.dipped() ? o.iteration() : "",
                        cell(bits.map(b -> Provenance.shortCommit(b.commit())).orElse("unrecorded")),
                        cell(bits.map(BitProvenance::cpu).orElse("unrecorded")), cell(bits.map(BitProvenance::isa).orElse("unrecorded"))));
            }
        }
        return c.toString();
    }

    private static String cell(String s) {
        return CsvSummary.quote(s);
    }
}
