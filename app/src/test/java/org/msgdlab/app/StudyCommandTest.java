package org.msgdlab.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.deep.train.MetricsFile;
import org.msgdlab.deep.train.Trainer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code msgd study} on generated Fashion-MNIST-format files with 10-iteration runs. */
class StudyCommandTest {

    @TempDir
    Path tmp;

    @Test
    void trainsPairedSeedsAndWritesVerdictsRunsAndFigures() throws IOException {
        Path data = GeneratedFashionMnist.write(tmp.resolve("fm"));
        Path dir = tmp.resolve("study");
        CommandRun r = CommandRun.msgd("study", "--protocol", "authors-code", "--seeds", "2", "--methods", "gd,sgd-50",
                "--iterations", "10", "--eval-every", "2", "--dir", dir.toString(), "--data", data.toString());
        assertEquals(0, r.code(), r.err());
        Path p = dir.resolve("authors-code");
        assertTrue(r.out().contains("| sgd-50-above-gd | NOT_RUN | 2 |"), r.out());
        List<String> runs = Files.readAllLines(p.resolve("runs.csv"));
        assertEquals(5, runs.size(), "header and gd, sgd-50 at seeds 0 and 1: " + runs);
        assertTrue(runs.get(3).startsWith("sgd-50,sgd-50-wor,0,"), runs.get(3));
        assertTrue(runs.get(0).endsWith(",train_accuracy_at_window_end,train_loss_at_window_end"), runs.get(0));
        List<Trainer.Row> metrics = MetricsFile.read(p.resolve("sgd-50-wor/seed-0/metrics.csv"));
        Trainer.Row end = metrics.get(metrics.size() - 1);
        String[] row = runs.get(3).split(",");
        assertEquals(10, end.iteration(), "the window ends at the study's last iteration");
        assertEquals(end.trainAccuracy(), Double.parseDouble(row[row.length - 2]), 5e-7,
                "training accuracy at the window's end, from the run's own metrics");
        assertEquals(end.trainLoss(), Double.parseDouble(row[row.length - 1]), 5e-7,
                "training loss at the window's end");
        assertTrue(Files.readString(p.resolve("verdicts.md")).contains("Completed runs"));
        assertTrue(Files.size(p.resolve("figures/curves-figure-1a.png")) > 10_000);
        assertTrue(Files.size(p.resolve("figures/forest.png")) > 10_000, "two paired seeds: a pilot forest");
        assertTrue(Files.isRegularFile(p.resolve("sgd-50-wor/seed-1/run.json")));
    }

    /**
     * The support plan (deep/results/support-study/PLAN.md) fixes its protocol, iterations and methods, refusing others
     * in one line; with nothing trained it says so and computes no verdict before its first look.
     */
    @Test
    void theSupportPlanRefusesWhatItsPlanFixesAndComputesNoVerdictBeforeItsFirstLook() throws IOException {
        Path dir = tmp.resolve("support");
        CommandRun protocol = CommandRun.msgd("study", "--plan", "support", "--protocol", "paper-text", "--seeds", "0",
                "--dir", dir.toString());
        assertEquals(2, protocol.code(), protocol.err());
        assertTrue(protocol.err().contains("--protocol=paper-text: the support plan is pre-registered under authors-code only"),
                protocol.err());
        CommandRun iterations = CommandRun.msgd("study", "--plan", "support", "--iterations", "10", "--seeds", "0",
                "--dir", dir.toString());
        assertEquals(2, iterations.code(), iterations.err());
        assertTrue(iterations.err().contains("the support plan fixes them (5000 and 200)"), iterations.err());
        CommandRun methods = CommandRun.msgd("study", "--plan", "support", "--methods", "gd", "--seeds", "0",
                "--dir", dir.toString());
        assertEquals(2, methods.code(), methods.err());
        assertTrue(methods.err().contains("the support plan trains whole paired seeds"), methods.err());
        CommandRun cap = CommandRun.msgd("study", "--plan", "support", "--seeds", "101", "--dir", dir.toString());
        assertEquals(2, cap.code(), cap.err());
        assertTrue(cap.err().contains("--seeds=101 must be in [0, 100] (the plan's cap)"), cap.err());
        CommandRun missing = CommandRun.msgd("study", "--plan", "support", "--seeds", "0", "--dir", dir.toString());
        assertEquals(1, missing.code(), "--seeds 0 reads a study and trains none: a folder that does not exist is an error");
        assertEquals("msgd study: --dir=" + dir + ": no such directory (--seeds 0 and --replicate read a study's runs and"
                + " train none; give the study's folder, or --seeds N to start a study there)", missing.err().strip());
        assertFalse(Files.exists(dir), "and it is not created");
        Files.createDirectories(dir);
        CommandRun none = CommandRun.msgd("study", "--plan", "support", "--seeds", "0", "--dir", dir.toString());
        assertEquals(0, none.code(), none.err());
        assertTrue(none.out().contains("support study: 0 complete paired seeds") && none.out().contains("looks at 50 and 100"),
                none.out());
    }

    /**
     * A dress rehearsal of the support study's look at 50 (PLAN.md) on generated run folders, never on the study's
     * own runs: with 49 complete paired seeds the command prints its progress line and writes nothing; with 50 it
     * writes verdicts.csv (the recount's columns), verdicts.md, runs.csv (the look's 450 runs) and both figures.
     */
    @Test
    void theSupportPlanWritesItsVerdictsAtTheLookOf50AndNothingBefore() throws IOException {
        Path dir = tmp.resolve("support");
        org.msgdlab.deep.study.StudyPlan plan = org.msgdlab.deep.study.StudyPlan.support(dir, tmp);
        GeneratedSupportRuns.write(plan, 49, 8);
        CommandRun before = CommandRun.msgd("study", "--plan", "support", "--seeds", "0", "--dir", dir.toString());
        assertEquals(0, before.code(), before.err());
        assertTrue(before.out().startsWith("support study: 49 complete paired seeds (0-48) of the cap of 100")
                && before.out().strip().endsWith("No verdict is computed before the look at 50 (PLAN.md)."), before.out());
        assertEquals(1, before.out().strip().lines().count(), before.out());
        Path out = dir.resolve("authors-code");
        assertTrue(!Files.exists(out.resolve("verdicts.csv")) && !Files.exists(out.resolve("runs.csv")));

        GeneratedSupportRuns.write(plan, 50, 3);
        CommandRun look = CommandRun.msgd("study", "--plan", "support", "--seeds", "0", "--dir", dir.toString());
        assertEquals(0, look.code(), look.err());
        assertTrue(look.out().contains("50 complete paired seeds (0-49)") && look.out().contains("the verdicts of the look at 50"),
                look.out());
        List<String> csv = Files.readAllLines(out.resolve("verdicts.csv"));
        assertEquals("claim,kind,look,seeds,trimmed_mean,lower,upper,alpha,verdict,mean,mean_lower,mean_upper,seeds_needed",
                csv.get(0));
        assertEquals(7, csv.size(), "six claims, each decided at its first look: " + csv);
        String[] fisher = csv.get(2).split(",");
        assertEquals(List.of("deep.support.class.fisher-vs-cov", "equivalence", "50", "50"), List.of(fisher).subList(0, 4));
        assertEquals(1.0, Double.parseDouble(fisher[4]), 0.02, "points: Fisher a point above Cov");
        assertEquals("0.001000", fisher[7]);
        assertEquals("FAIL", fisher[8]);
        assertTrue(fisher[4].matches("-?\\d+\\.\\d{6}") && fisher[11].matches("-?\\d+\\.\\d{6}"), csv.get(2));
        assertEquals(List.of("PASS", "FAIL", "PASS", "PASS", "PASS", "PASS"),
                csv.subList(1, 7).stream().map(l -> l.split(",")[8]).toList());
        String md = Files.readString(out.resolve("verdicts.md"));
        assertTrue(md.contains("| `class.fisher-vs-cov` | acc(MSGD-Fisher) - acc(MSGD-Cov) | equivalence | **FAIL** | 50 | 0.001 |"), md);
        assertTrue(md.contains("6 x 0.0082 < 0.05"), "the alpha line with every verdict table");
        assertTrue(md.contains("MSGD-Cov, seed 7: dipped to 0.310 at iteration 2000"), md);
        assertTrue(md.contains("| MSGD-[Fisher-250] | 50 | 1 (seeds [3]) |"), md);
        assertEquals(1 + 9 * 50, Files.readAllLines(out.resolve("runs.csv")).size(), "the look's runs, not seed 50's");
        assertTrue(Files.size(out.resolve("figures/forest.png")) > 10_000);
        assertTrue(Files.size(out.resolve("figures/dose.png")) > 10_000);
    }

    /** The commit that wrote the tables, and the one that trained each run, from the same source as run.json's. */
    @Test
    void theTablesAndEveryRunRecordTheMsgdLabCommit() throws IOException {
        Path data = GeneratedFashionMnist.write(tmp.resolve("fm"));
        Path dir = tmp.resolve("study");
        CommandRun r = CommandRun.msgd("study", "--protocol", "paper-text", "--seeds", "1", "--methods", "gd", "--iterations", "10",
                "--eval-every", "2", "--dir", dir.toString(), "--data", data.toString());
        assertEquals(0, r.code(), r.err());
        String commit = Provenance.currentCommit();
        Path p = dir.resolve("paper-text");
        String runJson = new ObjectMapper().readTree(p.resolve("gd/seed-0/run.json").toFile())
                .path("versions").path("msgd-lab commit").asText();
        assertEquals(commit, runJson);
        List<String> runs = Files.readAllLines(p.resolve("runs.csv"));
        assertTrue(runs.get(0).contains(",msgd_lab_commit,kernels,"), runs.get(0));
        assertTrue(runs.get(1).startsWith("gd,gd,0,") && runs.get(1).contains("," + commit + ","
                + org.msgdlab.deep.graph.Kernels.current().id() + ","), runs.get(1));
        assertTrue(Files.readString(p.resolve("verdicts.md")).contains("Written by msgd-lab commit " + commit + ";"));
    }

    @Test
    void damagedMetricsOfACompletedRunAreRefusedInOneLineNotReadAsNotRun() throws IOException {
        Path data = GeneratedFashionMnist.write(tmp.resolve("fm"));
        Path dir = tmp.resolve("study");
        String[] args = {"study", "--protocol", "paper-text", "--seeds", "1", "--methods", "gd", "--iterations", "10",
                "--eval-every", "2", "--dir", dir.toString(), "--data", data.toString()};
        assertEquals(0, CommandRun.msgd(args).code());
        Path metrics = dir.resolve("paper-text/gd/seed-0/metrics.csv");
        List<String> whole = Files.readAllLines(metrics);

        List<String> nan = new java.util.ArrayList<>(whole);
        String[] f = nan.get(4).split(",");
        f[4] = "NaN";
        nan.set(4, String.join(",", f));
        Files.write(metrics, nan);
        CommandRun r = CommandRun.msgd(args);
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("msgd study: " + metrics + ": line 5 '") && r.err().strip()
                .endsWith("column test_accuracy 'NaN' must be a number in [0, 1]"), r.err());

        Files.write(metrics, whole.subList(0, 4));
        r = CommandRun.msgd(args);
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("msgd study: " + metrics + ": run.json says \"completed\" but the rows stop"
                + " at iteration 4, not at the run's last iteration 10"), r.err());
        assertEquals(whole.subList(0, 4), Files.readAllLines(metrics), "nothing the user had is rewritten");
    }

    /**
     * A study that cannot train is never a silent success (issue 47: "gd seed 0 failed" and exit 0): a Fashion-MNIST
     * folder without its files is refused in one line before any run starts; a run that fails (here: files that are not
     * IDX) is reported as it fails, named again at the end, and the command exits 1.
     */
    @Test
    void aStudyWithoutItsDataOrWithAFailedRunExitsOneNamingIt() throws IOException {
        Path none = tmp.resolve("no-data");
        String[] args = {"study", "--dir", tmp.resolve("s").toString(), "--data", none.toString(), "--seeds", "1",
                "--iterations", "5", "--eval-every", "1", "--methods", "gd"};
        CommandRun missing = CommandRun.msgd(args);
        assertEquals(ExitCode.CLAIM_ERROR.code(), missing.code(), missing.err());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        assertTrue(missing.err().startsWith("msgd study: Fashion-MNIST file train-images-idx3-ubyte[.gz] not found; looked for ["
                + none.resolve("train-images-idx3-ubyte.gz")), missing.err());
        assertFalse(Files.exists(tmp.resolve("s/authors-code/gd/seed-0")), "no run started");

        Path broken = Files.createDirectories(none);
        for (String f : List.of("train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte",
                "t10k-labels-idx1-ubyte")) {
            Files.writeString(broken.resolve(f), "not IDX");
        }
        CommandRun failed = CommandRun.msgd(args);
        assertEquals(ExitCode.CLAIM_ERROR.code(), failed.code(), failed.err());
        assertTrue(failed.err().contains("study: gd seed 0 failed: "), failed.err());
        assertTrue(failed.err().strip().endsWith("study: 1 run failed: [gd/0] (reasons above; the same command retries them)"),
                failed.err());
    }

    @Test
    void badInputGetsOneLineNamingTheParameter() {
        assertUsage("--seeds=99 must be in [0, 15]", "study", "--seeds", "99", "--dir", tmp.toString());
        assertUsage("--protocol=authors", "study", "--protocol", "authors", "--dir", tmp.toString());
        assertUsage("--methods: 'sgd-7' must be one of", "study", "--methods", "sgd-7", "--dir", tmp.toString());
        assertUsage("eval-every=5 must be in [1, iterations/5 = 2]",
                "study", "--iterations", "10", "--eval-every", "5", "--dir", tmp.toString());
    }

    private static void assertUsage(String line, String... args) {
        CommandRun r = CommandRun.msgd(args);
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertTrue(r.err().contains(line), r.err());
    }
}
