package org.msgdlab.deep.report;

import org.msgdlab.deep.train.Method;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.deep.study.Collapse;
import org.msgdlab.deep.study.NoiseClassCalibration;
import org.msgdlab.deep.study.NoiseClassClaim;
import org.msgdlab.deep.study.NoiseClassVerdicts;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.train.BitProvenance;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.SummaryFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The noise-class study's tables (deep/results/noise-class-study/PLAN.md), written next to its runs:
 * {@code verdicts.md} (the twelve claims, the collapse table, the recovery rule's error rates and power
 * on the study's own seeds, the seeds used and left out), {@code verdicts.csv} (one row per claim),
 * {@code calibration.csv} (the rule's rates, one row per noise) and {@code runs.csv} (one row per completed
 * run, with its statistic, its collapse verdict and what computed it).
 */
public final class NoiseClassSummary {

    /** The study's one statement of its error control, repeated with every verdict table. */
    public static final String ALPHA_LINE = "One family-wise probability of a wrong verdict for the whole study: 0.05,"
            + " Bonferroni over its 12 claims (0.05/12 each); a recovery claim splits its share over the looks at 20, 40"
            + " and 60 paired seeds (one-sided 0.05/12/3 = 0.00139 per look and side), a collapse claim is decided once"
            + " at 60 (one-sided 0.05/12 = 0.00417).";

    /** What R is, once, above the verdict table (issue 42: it is not the mean share). */
    public static final String R_LINE = "R is the ratio at which the signed-rank contrasts (X - GD) - R (SGD-50 - GD) of the"
            + " window test accuracies centre (their Hodges-Lehmann pseudo-median is 0): a pseudo-median ratio, not the mean"
            + " share mean(X - GD) / mean(SGD-50 - GD) of SGD-50's advantage, from which it differs when the contrasts are"
            + " skewed. A PASS puts R's set inside [0.5, 1.5]: the noise keeps at least half of SGD-50's advantage, in"
            + " this sense.";

    private NoiseClassSummary() {
    }

    /**
     * Writes the four files into {@code dir}.
     *
     * @param runs        the completed runs of the noise-class plan
     * @param seeds       the seeds that count
     * @param results     the twelve verdicts
     * @param calibration the recovery rule's rates on the study's own seeds
     * @param reference   the same rates' yardstick: worlds of as many seeds drawn from normal errors
     * @param dir         the folder written
     * @throws IOException when a file cannot be written or a run.json read
     */
    public static void write(StudyRuns runs, NoiseClassVerdicts.Seeds seeds, List<NoiseClassVerdicts.Result> results,
                             List<NoiseClassCalibration.Row> calibration, NoiseClassCalibration.Reference reference,
                             Path dir) throws IOException {
        Files.createDirectories(dir);
        SummaryFile.writeUnlessSame(dir.resolve("verdicts.md"), table(seeds, results) + "\n" + collapseTable(runs, seeds)
                + "\n" + calibrationTable(calibration, reference)
                + "\nWritten by msgd-lab commit " + Provenance.currentCommit() + "; each run's build, CPU and instruction set"
                + " are in its run.json (\"bits\") and in runs.csv.\n", "Written by msgd-lab commit");
        StringBuilder v = new StringBuilder("claim,verdict,look,seeds_used,estimate,set,n10,n01,reason\n");
        for (NoiseClassVerdicts.Result r : results) {
            v.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%s,%s,%d,%d,%s\n", r.claim().id(), r.verdict(), r.look(), r.used(),
                    Double.isFinite(r.estimate()) ? String.format(Locale.ROOT, "%.6f", r.estimate()) : "",
                    cell(NoiseClassVerdicts.sets(r.set())), r.n10(), r.n01(), cell(r.reason())));
        }
        AtomicFiles.writeString(dir.resolve("verdicts.csv"), v.toString());
        StringBuilder cal = new StringBuilder("claim,seeds,collapsed,wrong_pass_at_0.5,wrong_pass_at_1.5,wrong_fail_at_0.5,"
                + "wrong_fail_at_1.5,wrong_fail_at_1,pass_at_1,fail_at_0,alpha_reps,power_reps,seed\n");
        for (NoiseClassCalibration.Row r : calibration) {
            NoiseClassCalibration.Rates q = r.rates();
            cal.append(String.format(Locale.ROOT, "%s,%d,%d,%.5f,%.5f,%.5f,%.5f,%.5f,%.4f,%.4f,%d,%d,%d\n", r.claim().id(), r.seeds(),
                    r.collapsed(), q.wrongPassLower(), q.wrongPassUpper(), q.wrongFailLower(), q.wrongFailUpper(),
                    q.wrongFailAtOne(), q.passAtOne(), q.failAtZero(), NoiseClassCalibration.ALPHA_REPS,
                    NoiseClassCalibration.POWER_REPS, NoiseClassCalibration.SEED));
        }
        AtomicFiles.writeString(dir.resolve("calibration.csv"), cal.toString());
        StringBuilder c = new StringBuilder("method,method_id,seed,window_test_accuracy,final_test_accuracy,wall_seconds,"
                + "collapsed,collapse_reason,train_accuracy_at_end,commit,cpu,isa,seed_used\n");
        for (Map.Entry<String, Map<Integer, StudyRuns.Run>> e : runs.byMethod().entrySet()) {
            for (StudyRuns.Run r : e.getValue().values()) {
                Collapse k = Collapse.of(r.rows(), runs.plan().iterations());
                var bits = BitProvenance.recordedIn(runs.plan().runDir(e.getKey(), r.seed()));
                c.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.1f,%s,%s,%.6f,%s,%s,%s,%s\n", e.getKey(),
                        runs.plan().method(e.getKey()).id(), r.seed(), r.statistic(), r.finalAccuracy(), r.seconds(),
                        k.collapsed(), cell(k.reason()), r.rows().get(r.rows().size() - 1).trainAccuracy(),
                        cell(bits.map(b -> Provenance.shortCommit(b.commit())).orElse("unrecorded")),
                        cell(bits.map(BitProvenance::cpu).orElse("unrecorded")), cell(bits.map(BitProvenance::isa).orElse("unrecorded")),
                        seeds.used().contains(r.seed())));
            }
        }
        AtomicFiles.writeString(dir.resolve("runs.csv"), c.toString());
    }

    /**
     * The verdict table in Markdown.
     *
     * @param seeds   the seeds that count
     * @param results the twelve verdicts
     * @return the table, its alpha line and the notes on seeds
     */
    public static String table(NoiseClassVerdicts.Seeds seeds, List<NoiseClassVerdicts.Result> results) {
        StringBuilder t = new StringBuilder();
        t.append(String.format(Locale.ROOT, "Noise-class study (authors-code, plan: PLAN.md): %d paired seeds used of the"
                + " cap of %d.%n%n", seeds.used().size(), StudyPlan.NOISE_CLASS_CAP));
        t.append(ALPHA_LINE).append("\n\n");
        t.append(R_LINE).append("\n\n");
        t.append("| claim (recovery: R in [0.5, 1.5]; collapse: at most 0.1 more often) | verdict | look | seeds used"
                + " | estimate | set | collapsed alone: noise / SGD-50 |\n");
        t.append("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (NoiseClassVerdicts.Result r : results) {
            boolean rec = r.claim().kind() == NoiseClassClaim.Kind.RECOVERY;
            t.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %s | %s | %d / %d |%n", r.claim().label(),
                    r.verdict() == org.msgdlab.core.claims.Verdict.NOT_RUN ? "not yet" : "**" + r.verdict() + "**",
                    r.look() == 0 ? "-" : String.valueOf(r.look()), r.used(),
                    Double.isFinite(r.estimate()) ? String.format(Locale.ROOT, rec ? "R = %.2f" : "%.3f", r.estimate()) : "-",
                    rec ? NoiseClassVerdicts.sets(r.set()) : "-", r.n10(), r.n01()));
        }
        t.append("\n");
        for (NoiseClassVerdicts.Result r : results) {
            t.append("* `").append(r.claim().id()).append("`: ").append(r.reason()).append('\n');
        }
        for (String n : seeds.notes()) {
            t.append("* ").append(n).append('\n');
        }
        return t.toString();
    }

    /**
     * The recovery rule's wrong-verdict rates and power in worlds resampled from the study's own seeds, in Markdown.
     *
     * @param rows      one per noise ({@link NoiseClassCalibration#of})
     * @param reference worlds of as many seeds drawn from normal errors ({@link NoiseClassCalibration#reference})
     * @return the section
     */
    public static String calibrationTable(List<NoiseClassCalibration.Row> rows, NoiseClassCalibration.Reference reference) {
        StringBuilder t = new StringBuilder("### The recovery rule on this study's own seeds\n\n");
        t.append(String.format(Locale.ROOT, "Each noise's settled seeds resampled with replacement (each seed's pair and"
                + " collapse kept together), X shifted so that the world's R is exactly the value named; the whole rule,"
                + " looks at 20, 40 and 60, run on %,d simulated studies per wrong-verdict rate and %,d per power"
                + " (`NoiseClassCalibration`, seed %d). It describes the rule, not the noise, and decides nothing."
                + " The claim's alpha is %.5f.%n%n", NoiseClassCalibration.ALPHA_REPS, NoiseClassCalibration.POWER_REPS,
                NoiseClassCalibration.SEED, NoiseClassClaim.claimAlpha()));
        t.append("| noise | seeds (collapsed) | wrong PASS at R = 0.5 / 1.5 | wrong FAIL at R = 0.5 / 1 / 1.5"
                + " | worst | P(PASS) at R = 1 | P(FAIL) at R = 0 |\n| --- | --- | --- | --- | --- | --- | --- |\n");
        for (NoiseClassCalibration.Row r : rows) {
            NoiseClassCalibration.Rates q = r.rates();
            t.append(String.format(Locale.ROOT, "| %s | %d (%d) | %.4f / %.4f | %.4f / %.4f / %.4f | %.4f | %.2f | %.2f |%n",
                    Method.shortName(r.claim().noise()), r.seeds(), r.collapsed(), q.wrongPassLower(),
                    q.wrongPassUpper(), q.wrongFailLower(), q.wrongFailAtOne(), q.wrongFailUpper(), r.worstWrong(),
                    q.passAtOne(), q.failAtZero()));
        }
        t.append(String.format(Locale.ROOT, "%nA world of %d seeds has its own sampling skew, so its rates scatter around"
                        + " the rule's: %d worlds of %d seeds drawn from normal errors (where the rule keeps its alpha) have"
                        + " worst rates %.4f on average (sd %.4f, %,d studies per rate); one more stays below %.4f with"
                        + " probability %.3f (a t prediction bound).", reference.seeds(), NoiseClassCalibration.REFERENCE_WORLDS,
                reference.seeds(), reference.mean(), reference.sd(), NoiseClassCalibration.REFERENCE_REPS, reference.bound(),
                1 - NoiseClassCalibration.REFERENCE_ALPHA));
        double worst = rows.stream().mapToDouble(NoiseClassCalibration.Row::worstWrong).max().orElse(Double.NaN);
        if (!rows.isEmpty()) {
            t.append(String.format(Locale.ROOT, " The noises' largest worst rate is %.4f: %s%n", worst,
                    worst <= reference.bound() ? "the data's shape is not measurably worse for the rule than normal errors."
                            : "ABOVE that bound: on the data's shape the rule may not keep its alpha (PLAN.md: amend the"
                            + " rule before a verdict is read)."));
        }
        return t.toString();
    }

    /**
     * Per used seed and method: the collapses, with their reasons and where the run ended (its window accuracy and
     * its training accuracy at the end), so that a dip the run came back from reads as one.
     */
    static String collapseTable(StudyRuns runs, NoiseClassVerdicts.Seeds seeds) {
        StringBuilder t = new StringBuilder("### Collapses (PLAN.md's definition)\n\n");
        t.append("A run counts as collapsed when any of the plan's three conditions holds, one evaluation below 0.3"
                + " included; where it ended (the window accuracy, the mean test accuracy over the evaluations in the last"
                + " fifth of the run, and the training accuracy at the end) says whether it came back.\n\n");
        int any = 0;
        for (NoiseClassVerdicts.Seed s : seeds.seeds()) {
            for (Map.Entry<String, Collapse> e : s.collapses().entrySet()) {
                if (e.getValue().collapsed()) {
                    StudyRuns.Run run = runs.byMethod().get(e.getKey()).get(s.seed());
                    t.append(String.format(Locale.ROOT, "* paired seed %d, %s: %s; window accuracy %.3f, training accuracy"
                                    + " %.3f at the end%s%n", s.seed(), Method.shortName(e.getKey()),
                            e.getValue().reason(), run.statistic(), run.rows().get(run.rows().size() - 1).trainAccuracy(),
                            seeds.used().contains(s.seed()) ? "" : " (seed not used yet)"));
                    any++;
                }
            }
        }
        if (any == 0) {
            t.append("No completed run has collapsed.\n");
        }
        return t.toString();
    }

    private static String cell(String s) {
        return CsvSummary.quote(s);
    }
}
