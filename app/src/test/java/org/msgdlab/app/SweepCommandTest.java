package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.sweep.TrainingRunKind;
import org.msgdlab.deep.train.Cancellation;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.SweepPlan;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code msgd sweep plan|run|status} through the command line, on generated Fashion-MNIST-format files. */
class SweepCommandTest {

    @TempDir
    Path tmp;

    private static CommandRun msgd(String... args) {
        return CommandRun.msgd(args);
    }

    @Test
    void badPlansAreRefusedInOneLineBeforeAnythingIsWritten() {
        Path dir = tmp.resolve("sweep");
        String[][] bad = {
                {"--methods", "adam", "--seeds", "0"}, {"--methods", "gd", "--seeds", ","},
                {"--methods", "gd,gd", "--seeds", "0"}, {"--methods", "gd", "--seeds", "3-1"},
                {"--methods", "gd", "--seeds", "0", "--presets", "mnist-tiny"}, {"--methods", "gd", "--seeds", "0", "--vary", "lr"},
                {"--methods", "gd", "--seeds", "0", "--threads", "1"}};
        String[] expected = {"adam", "empty", "planned twice", "A <= B", "mnist-tiny", "KEY=V1", "INTRA,INTER"};
        for (int i = 0; i < bad.length; i++) {
            List<String> args = new java.util.ArrayList<>(List.of("sweep", "plan", dir.toString()));
            args.addAll(List.of(bad[i]));
            CommandRun r = msgd(args.toArray(String[]::new));
            assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
            assertTrue(r.err().startsWith("msgd sweep plan: ") && r.err().contains(expected[i]), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(Files.exists(dir.resolve(SweepPlan.FILE)), "nothing planned: " + String.join(" ", bad[i]));
        }
        CommandRun none = msgd("sweep", "status", dir.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), none.code(), "a missing input, as a missing --data (issue 47)");
        assertEquals("msgd sweep status: " + dir.resolve(SweepPlan.FILE) + ": no such file (make one with msgd sweep plan)",
                none.err().strip());
    }

    @Test
    void aPlanOfTooManySeedsIsRefusedStatingTheLimitBeforeExpandingIt() {
        Path dir = tmp.resolve("huge");
        CommandRun r = msgd("sweep", "plan", dir.toString(), "--methods", "gd", "--seeds", "0-99999999");
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertEquals("msgd sweep plan: --seeds=0-99999999 gives 100000000 seeds: a plan holds at most 10000 runs"
                + " (see 'msgd sweep plan --help')", r.err().strip());
        CommandRun product = msgd("sweep", "plan", dir.toString(), "--methods", "gd,sgd-50", "--seeds", "0-5000");
        assertEquals(ExitCode.USAGE.code(), product.code(), product.err());
        assertTrue(product.err().contains("= 10002 runs: a plan holds at most 10000"), product.err());
        assertFalse(Files.exists(dir.resolve(SweepPlan.FILE)));
    }

    @Test
    void aHandEditedPlanIsRefusedInOneLineNamingFileRunFieldAndRuleByStatusAndRunAlike() throws IOException {
        Path dir = tmp.resolve("edited");
        CommandRun planned0 = msgd("sweep", "plan", dir.toString(), "--methods", "gd,sgd-50", "--seeds", "0",
                "--iterations", "20", "--eval-every", "4", "--data", tmp.resolve("nowhere").toString());
        assertEquals(ExitCode.OK.code(), planned0.code(), planned0.err());
        Path file = dir.resolve(SweepPlan.FILE);
        String planned = Files.readString(file);
        String[][] edits = {
                {"\"method\" : \"sgd-50\"", "\"method\" : \"bogus\"",
                        file + ": run 1 (authors-code/sgd-50-wor/seed-0): method 'bogus' must be one of "},
                {"\"iterations\" : \"20\"", "\"iterations\" : \"-20\"",
                        file + ": run 0 (authors-code/gd/seed-0): iterations=-20 must be >= 1"},
                {"\"iterations\" : \"20\"", "\"iteration\" : \"20\"",
                        file + ": run 0 (authors-code/gd/seed-0): setting 'iteration' is not one of a deep.train run's "}};
        for (String[] edit : edits) {
            Files.writeString(file, planned.replaceFirst(java.util.regex.Pattern.quote(edit[0]), edit[1]));
            for (String command : List.of("status", "run")) {
                CommandRun r = msgd("sweep", command, dir.toString());
                assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), command + ": " + r.err());
                assertTrue(r.err().startsWith("msgd sweep " + command + ": " + edit[2]), r.err());
                assertEquals(1, r.err().strip().lines().count(), r.err());
                assertEquals("", r.out(), "nothing shown or executed");
            }
        }
        Files.writeString(file, planned.substring(0, planned.length() / 2));
        for (String command : List.of("status", "run")) {
            CommandRun r = msgd("sweep", command, dir.toString());
            assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
            assertTrue(r.err().startsWith("msgd sweep " + command + ": " + file + ": not valid JSON at line "), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
        assertFalse(Files.exists(dir.resolve("authors-code")), "nothing trained");
    }

    @Test
    void theLocalExecutorRunsThePlanInTaskProcessesWithTheNumbersOfAnInProcessRunAndSkipsWhatIsDone() throws Exception {
        Path data = GeneratedFashionMnist.write(tmp.resolve("fm"));
        Path dir = tmp.resolve("local");
        String[] plan = {"--methods", "gd,sgd-50", "--seeds", "0", "--iterations", "4", "--eval-every", "2",
                "--data", data.toString()};
        CommandRun planned = msgd(concat(new String[] {"sweep", "plan", dir.toString()}, plan));
        assertEquals(ExitCode.OK.code(), planned.code(), planned.err());
        assertTrue(planned.out().contains("2 runs planned"), planned.out());
        assertEquals(ExitCode.INCOMPLETE.code(), msgd("sweep", "status", dir.toString()).code());

        CommandRun ran = msgd("sweep", "run", dir.toString(), "--jobs", "2");
        assertEquals(ExitCode.OK.code(), ran.code(), ran.out() + ran.err());
        assertTrue(ran.out().contains("2 finished, 0 interrupted, 0 failed; now 2 done"), ran.out());
        CommandRun status = msgd("sweep", "status", dir.toString());
        assertEquals(ExitCode.OK.code(), status.code(), status.out());
        assertTrue(status.out().contains("done        authors-code/sgd-50-wor/seed-0"), status.out());

        // the same plan executed inside this JVM, in this process's environment as the tasks: the same metrics, bit for
        // bit (wall time aside)
        Path here = tmp.resolve("here");
        SweepPlan.read(dir).write(here);
        SweepDirectory inProcess = SweepDirectory.open(here, new TrainingRunKind(Training.context(Cancellation.NEVER)));
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        for (int i = 0; i < 2; i++) {
            assertEquals(SweepDirectory.FINISHED, inProcess.execute(i, false, quiet));
        }
        for (String id : List.of("authors-code/gd/seed-0", "authors-code/sgd-50-wor/seed-0")) {
            assertEquals(withoutWallTime(here.resolve(id)), withoutWallTime(dir.resolve(id)), id);
        }

        CommandRun again = msgd("sweep", "run", dir.toString());
        assertTrue(again.out().contains("2 done; 0 to execute"), again.out());
        String[] twoSeeds = plan.clone();
        twoSeeds[3] = "0-1";
        CommandRun extended = msgd(concat(new String[] {"sweep", "plan", dir.toString()}, twoSeeds));
        assertTrue(extended.out().contains("4 runs planned (2 new)"), extended.out() + extended.err());
        CommandRun compared = msgd("sweep", "compare", dir.toString(), "--baseline", "gd", "--method", "sgd-50", "--out",
                tmp.resolve("gaps.md").toString(), "--figure", tmp.resolve("figures/gaps.png").toString());
        assertEquals(ExitCode.OK.code(), compared.code(), compared.err());
        assertEquals(compared.out(), Files.readString(tmp.resolve("gaps.md")));
        assertTrue(Files.size(tmp.resolve("figures/gaps.png")) > 0 && Files.exists(tmp.resolve("figures/gaps.svg")));
        CommandRun notPng = msgd("sweep", "compare", dir.toString(), "--baseline", "gd", "--method", "sgd-50", "--figure", "gaps.svg");
        assertEquals(ExitCode.USAGE.code(), notPng.code());
        assertTrue(notPng.err().startsWith("msgd sweep compare: --figure gaps.svg: the file name must end in .png"), notPng.err());
        assertTrue(compared.out().contains("| authors-code | 1 of 2 | ") && compared.out().contains(
                "* authors-code: not finished: authors-code/gd/seed-1 (pending), authors-code/sgd-50-wor/seed-1 (pending)"),
                compared.out());
        CommandRun noSuchMethod = msgd("sweep", "compare", dir.toString(), "--baseline", "gd", "--method", "adam");
        assertEquals(ExitCode.USAGE.code(), noSuchMethod.code());
        assertTrue(noSuchMethod.err().startsWith("msgd sweep compare: --method adam: the sweep has no run of it"),
                noSuchMethod.err());
        assertEquals(1, noSuchMethod.err().strip().lines().count(), noSuchMethod.err());
        CommandRun dry = msgd("sweep", "run", dir.toString(), "--executor", "slurm", "--dry-run", "--time", "01:00:00", "--gpus", "1");
        assertEquals(ExitCode.OK.code(), dry.code(), dry.err());
        assertTrue(dry.out().contains("#SBATCH --array=2-3\n") && dry.out().contains("#SBATCH --gres=gpu:1\n")
                && dry.out().contains("#SBATCH --time=01:00:00\n") && dry.out().contains("sweep task " + dir.toAbsolutePath()),
                dry.out());

        // a directory that holds the 4-iteration run is refused for a 10-iteration plan
        Path other = tmp.resolve("other");
        copy(dir.resolve("authors-code/gd/seed-0"), other.resolve("authors-code/gd/seed-0"));
        String[] six = plan.clone();
        six[5] = "10";
        CommandRun conflict = msgd(concat(new String[] {"sweep", "plan", other.toString()}, six));
        assertEquals(ExitCode.USAGE.code(), conflict.code());
        assertTrue(conflict.err().contains("holds a run with other settings (iterations 4 there, 10 asked)"), conflict.err());
        assertFalse(Files.exists(other.resolve(SweepPlan.FILE)));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
    }

    /** A run's metrics.csv without its last column, the wall time. */
    static List<String> withoutWallTime(Path run) throws IOException {
        return Files.readAllLines(run.resolve("metrics.csv")).stream().map(l -> l.substring(0, l.lastIndexOf(','))).toList();
    }

    private static String[] concat(String[] a, String[] b) {
        String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void verifyFromASweepSaysOnTheCommandsStderrThatItsDesignIsShortenedAndWhatIsUnfinished() throws IOException {
        Path data = GeneratedFashionMnist.write(tmp.resolve("fm-from"));
        Path dir = tmp.resolve("from");
        CommandRun planned = msgd("sweep", "plan", dir.toString(), "--methods", "gd,sgd-50", "--seeds", "0", "--iterations", "5",
                "--eval-every", "1", "--data", data.toString());
        assertEquals(ExitCode.OK.code(), planned.code(), planned.err());
        // one of the two runs trained: the other stays pending
        CommandRun ran = msgd("sweep", "task", dir.toAbsolutePath().toString(), "--index", "0");
        assertEquals(ExitCode.OK.code(), ran.code(), ran.out() + ran.err());
        // the notes reach the command's stderr (the context's log), not System.err, where a caller could not see them
        CommandRun r = msgd("verify", "--from", dir.toString(), "--out", tmp.resolve("from-report").toString());
        assertTrue(r.err().contains("verify --from: WARNING: the authors-code runs of ") && r.err().contains("are trained 5 iterations")
                && r.err().contains("verify --from: 1 planned authors-code runs are not finished"), r.err());
    }

    @Test
    void verifyFromASweepWithNothingFinishedIsRefusedAndAnExistingReportStays() throws IOException {
        Path dir = tmp.resolve("unstarted");
        CommandRun planned = msgd("sweep", "plan", dir.toString(), "--methods", "gd,sgd-50", "--seeds", "0",
                "--iterations", "20", "--eval-every", "4", "--data", tmp.resolve("nowhere").toString());
        assertEquals(ExitCode.OK.code(), planned.code(), planned.err());
        Path report = Files.createDirectories(tmp.resolve("report"));
        Files.writeString(report.resolve("index.html"), "the user's earlier report");
        CommandRun r = msgd("verify", "--from", dir.toString(), "--out", report.toString());
        assertEquals(ExitCode.USAGE.code(), r.code(), r.out() + r.err());
        assertTrue(r.err().contains("none of its 2 planned authors-code runs is finished"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals("the user's earlier report", Files.readString(report.resolve("index.html")));
        assertFalse(Files.exists(report.resolve("results.json")), "nothing written");
    }
}
