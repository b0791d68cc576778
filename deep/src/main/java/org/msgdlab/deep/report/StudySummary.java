package org.msgdlab.deep.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.deep.study.PairedClaim;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.StudyVerdicts;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.io.TextCells;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.reports.summary.SummaryFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The study's tables, written next to its runs: {@code verdicts.md} (the verdict of every
 * pre-registered claim and the runs behind it, and the msgd-lab commit that wrote it), {@code verdicts.csv}
 * and {@code runs.csv} (one row per completed run: window and final test accuracy, training time, the
 * commit that trained it, and the training accuracy and loss at the window's end, which say whether the run
 * had fit its training set) for notebooks.
 */
public final class StudySummary {

    private StudySummary() {
    }

    /**
     * Writes the three files into {@code dir} (created if needed), each atomically.
     *
     * @param runs    the study's completed runs
     * @param results the verdicts of its claims
     * @param dir     the folder written
     * @throws IOException when the folder or a file cannot be written
     */
    public static void write(StudyRuns runs, List<StudyVerdicts.ClaimResult> results, Path dir) throws IOException {
        Files.createDirectories(dir);
        SummaryFile.writeUnlessSame(dir.resolve("verdicts.md"), table(runs, results) + "\n" + runTable(runs)
                + "\nWritten by msgd-lab commit " + Provenance.currentCommit() + "; the commit that trained each run is"
                + " in its run.json (\"msgd-lab commit\") and in runs.csv (msgd_lab_commit), with the TensorFlow kernels"
                + " (kernels: onednn, eigen, or unrecorded before 2026-11-23 23:00 UTC, which on these machines was eigen).\n", "Written by msgd-lab commit");
        StringBuilder v = new StringBuilder("claim,verdict,family,paired_seeds,seeds_at_decision,mean_difference,sd,"
                + "lower,upper,alpha_per_look,power_support,power_contradict,seeds_for_power_0.8,"
                + "seeds_to_decide_at_observed_mean,mixed_pairs_at_the_look\n");
        for (StudyVerdicts.ClaimResult r : results) {
            v.append(r.evidence().claimId()).append(',').append(r.evidence().verdict()).append(',')
                    .append(r.claim().family()).append(',').append(r.paired());
            if (r.status() == null) {
                v.append(",,,,,,,,,,,\n");
                continue;
            }
            PairedDifferences d = r.status().atDecision();
            double a = StudyVerdicts.design(r.claim()).alphaPerLook();
            v.append(String.format(Locale.ROOT, ",%d,%.6f,%.6f,%.6f,%.6f,%.3g,%.3f,%.3f,%d,%s,%d\n", d.n(), d.mean(), d.sd(),
                    d.lower(a), d.upper(a), a, r.claim().hypothesis().powerToSupport(d.sd(), d.n(), a),
                    r.claim().hypothesis().powerToContradict(d.sd(), d.n(), a),
                    r.claim().hypothesis().seedsFor(d.sd(), StudyVerdicts.TARGET_POWER, a, 1000),
                    csvCell(toDecide(r, d, a)), mixedPairs(runs, r.claim(), d.n()).size()));
        }
        AtomicFiles.writeString(dir.resolve("verdicts.csv"), v.toString());
        StringBuilder c = new StringBuilder("method,method_id,seed,window_test_accuracy,final_test_accuracy,wall_seconds,"
                + "run_iterations,window_test_accuracy_at_run_end,msgd_lab_commit,kernels,train_accuracy_at_window_end,"
                + "train_loss_at_window_end\n");
        for (Map.Entry<String, Map<Integer, StudyRuns.Run>> e : runs.byMethod().entrySet()) {
            for (StudyRuns.Run r : e.getValue().values()) {
                Path runJson = runs.plan().config(e.getKey(), r.seed()).out().resolve("run.json");
                Trainer.Row end = r.rows().get(r.rows().size() - 1);
                c.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.1f,%d,%.6f,%s,%s,%.6f,%.6f\n", e.getKey(),
                        runs.plan().method(e.getKey()).id(), r.seed(), r.statistic(), r.finalAccuracy(), r.seconds(),
                        r.ownIterations(), r.ownStatistic(), csvCell(recordedCommit(runJson)), recordedKernels(runJson),
                        end.trainAccuracy(), end.trainLoss()));
            }
        }
        AtomicFiles.writeString(dir.resolve("runs.csv"), c.toString());
    }

    /** The msgd-lab commit a run's run.json records ("msgd-lab commit"), or "unknown (why)". */
    static String recordedCommit(Path runJson) {
        try {
            String c = new ObjectMapper().readTree(runJson.toFile()).path("versions").path("msgd-lab commit").asText("");
            return c.isBlank() ? "unknown (" + runJson + " records no \"msgd-lab commit\")" : c;
        } catch (IOException e) {
            return "unknown (" + runJson + " could not be read: " + e.getMessage() + ")";
        }
    }

    /**
     * The kernels a run's run.json records ("onednn" or "eigen"), or "unrecorded" for runs made
     * before they were recorded (on this project's AMD machines TensorFlow then ran Eigen's).
     */
    static String recordedKernels(Path runJson) {
        try {
            String k = new ObjectMapper().readTree(runJson.toFile()).path("kernels").asText("");
            return k.isBlank() ? "unrecorded" : csvCell(k);
        } catch (IOException e) {
            return "unrecorded";
        }
    }

    private static String csvCell(String s) {
        return TextCells.csv(s);
    }

    /**
     * The verdict table, Markdown, followed by a paragraph on the statistic and the design.
     *
     * @param runs    the study's completed runs
     * @param results the verdicts of its claims
     * @return the Markdown text
     */
    public static String table(StudyRuns runs, List<StudyVerdicts.ClaimResult> results) {
        StringBuilder sb = new StringBuilder();
        sb.append("### Verdicts, protocol ").append(runs.plan().protocol().name()).append("\n\n");
        sb.append("| claim | verdict | paired seeds trained | look (paired seeds) | mean difference (points) |"
                + " bounds at the look | sd (points) | seeds for power 0.8 | seeds to decide at the observed mean |"
                + " mixed pairs at the look |\n"
                + "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        for (StudyVerdicts.ClaimResult r : results) {
            sb.append("| ").append(r.claim().key()).append(" | ").append(r.evidence().verdict()).append(" | ")
                    .append(r.paired());
            if (r.status() == null) {
                sb.append(" | | | | | | | |\n");
                continue;
            }
            // the statistics are those of the look that decided (or the latest look): a claim decided at
            // 5 seeds keeps its 5-seed numbers however many seeds its methods have since trained
            PairedDifferences d = r.status().atDecision();
            double a = StudyVerdicts.design(r.claim()).alphaPerLook();
            int need = r.claim().hypothesis().seedsFor(d.sd(), StudyVerdicts.TARGET_POWER, a, 1000);
            List<Integer> mixed = mixedPairs(runs, r.claim(), d.n());
            sb.append(String.format(Locale.ROOT, " | %d | %+.2f | [%+.2f, %+.2f] | %.2f | %s | %s | %s |\n", d.n(), 100 * d.mean(),
                    100 * d.lower(a), 100 * d.upper(a), 100 * d.sd(), need > 1000 ? ">1000" : String.valueOf(need),
                    toDecide(r, d, a), mixed.isEmpty() ? "0" : mixed.size() + " (seeds " + mixed + ")"));
        }
        sb.append(String.format(Locale.ROOT, "%nStatistic: mean test accuracy over the last 20%% of %d iterations. Effect"
                        + " worth detecting and equivalence margin: %.0f point. Family-wise alpha %.2f per family of claims"
                        + " (%s; Bonferroni over its claims), split over looks at %s paired seeds.%n",
                runs.plan().iterations(), 100 * PairedClaim.EFFECT, PairedClaim.FAMILY_ALPHA, families(results),
                java.util.Arrays.toString(StudyVerdicts.design(PairedClaim.all().get(0)).looks())));
        sb.append("Mixed pairs: paired seeds at the look whose two runs record another msgd-lab commit or other kernels:"
                + " they were trained in different sessions, so possibly on different machines, which these runs do not"
                + " record; the machine's instruction set moves a run like a new seed, the commit itself never did"
                + " (deep/results/reproducibility). Such a pair is an independent observation without the pairing's"
                + " variance reduction. The verdicts were decided with them, as listed.\n");
        sb.append("Seeds for power 0.8: at the observed spread, where the truth is one of the design's alternatives (no"
                + " gap, or a gap of 1 point). Seeds to decide, for a claim still INCONCLUSIVE: where a PASS or FAIL would"
                + " come with probability 0.8 if the observed mean and spread were the truth (at this design's per-look"
                + " alpha; a projection, not a test).\n");
        return sb.toString();
    }

    /**
     * The paired seeds below {@code n} whose two runs of {@code c} record another commit or other kernels.
     *
     * @param runs the study's runs
     * @param c    the claim
     * @param n    the seeds at the look
     * @return those seeds, in order
     */
    static List<Integer> mixedPairs(StudyRuns runs, PairedClaim c, int n) {
        List<Integer> mixed = new java.util.ArrayList<>();
        for (int s = 0; s < n; s++) {
            Path x = runs.plan().config(c.x(), s).out().resolve("run.json");
            Path y = runs.plan().config(c.y(), s).out().resolve("run.json");
            if (!commitOrUnknown(x).equals(commitOrUnknown(y)) || !recordedKernels(x).equals(recordedKernels(y))) {
                mixed.add(s);
            }
        }
        return mixed;
    }

    private static String commitOrUnknown(Path runJson) {
        String c = recordedCommit(runJson);
        return c.startsWith("unknown") ? "unknown" : c;
    }

    /** The families of {@code results}' claims, by label, in order: "Figure 1(a), Figure 3(a), ...". */
    private static String families(List<StudyVerdicts.ClaimResult> results) {
        return results.stream().map(r -> r.claim().family().label()).distinct()
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** The seeds to decide of an INCONCLUSIVE claim at its latest look; empty for a decided one. */
    private static String toDecide(StudyVerdicts.ClaimResult r, PairedDifferences d, double a) {
        return r.evidence().verdict() == Verdict.INCONCLUSIVE
                ? StudyVerdicts.seedsToDecideCell(r.claim().hypothesis(), d, a) : "";
    }

    private static String runTable(StudyRuns runs) {
        StringBuilder sb = new StringBuilder("\n### Completed runs (window / final test accuracy)\n\n| method | seeds |"
                + " window accuracy per seed | final accuracy per seed | mean wall time |\n| --- | --- | --- | --- | --- |\n");
        for (Map.Entry<String, Map<Integer, StudyRuns.Run>> e : runs.byMethod().entrySet()) {
            if (e.getValue().isEmpty()) {
                continue;
            }
            StringBuilder w = new StringBuilder();
            StringBuilder f = new StringBuilder();
            double sec = 0;
            for (StudyRuns.Run r : e.getValue().values()) {
                w.append(String.format(Locale.ROOT, "%s%d: %.4f", w.length() == 0 ? "" : ", ", r.seed(), r.statistic()));
                f.append(String.format(Locale.ROOT, "%s%d: %.4f", f.length() == 0 ? "" : ", ", r.seed(), r.finalAccuracy()));
                sec += r.seconds();
            }
            sb.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %.0f min |\n", runs.plan().method(e.getKey()).paperName(),
                    e.getValue().size(), w, f, sec / e.getValue().size() / 60));
        }
        return sb.toString();
    }
}
