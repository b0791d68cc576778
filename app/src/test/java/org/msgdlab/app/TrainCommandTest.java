package org.msgdlab.app;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.io.FolderLock;
import org.msgdlab.deep.train.Trainer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd train} as a user meets it: its usage errors (each one line, exit 2, nothing trained), a refused
 * resume, a damaged or busy run folder (one line, exit 1), and the outcome line of a completed or interrupted run
 * (moved here with the command from deep's TrainerTest, ResumeRequestTest, RunFilesTest and OneWriterPerRunTest).
 */
class TrainCommandTest {

    @TempDir
    static Path tmp;
    static Path data;

    @BeforeAll
    static void writeData() throws IOException {
        data = GeneratedFashionMnist.write(tmp.resolve("fm"));
    }

    /** The result of one {@code msgd train ARGS}. */
    record Run(int code, String out, String err) {
    }

    static Run train(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> all = new ArrayList<>(List.of("train"));
        all.addAll(List.of(args));
        int code = Msgd.commandLine(Modules.standard(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).execute(all.toArray(String[]::new));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static String[] small(Path out, int iterations, String... more) {
        List<String> a = new ArrayList<>(List.of("--preset", "fashion-mnist-small", "--method", "gd", "--data", data.toString(),
                "--iterations", Integer.toString(iterations), "--eval-every", "2", "--checkpoint-every", "2", "--threads", "1,1",
                "--no-progress", "--out", out.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void optionsThatDoNotApplyOrMeanTheDefaultAreRefusedNotIgnored() {
        String[][] bad = {
                {"[msgd-fisher]-100", "--magnitude", "NaN"},
                {"[msgd-fisher]-100", "--magnitude", "Infinity"},
                {"gd", "--magnitude", "0.5"},
                {"gd", "--bernoulli-batch", "20"},
                {"gd", "--steps", "5"},
                {"gd", "--no-pytorch", "--side-by-side"},
                {"gd", "--plugin-timeout", "5"},
                {"gd", "--roofline"},
                {"gd", "--benchmark", "--roofline", "--isa", "AVX2", "--no-pytorch"},
                {"gd", "--benchmark", "--steps", "1"}};
        String[] expected = {
                "msgd train: --magnitude=NaN must be a finite number >= 0 (leave it out for the magnitude matching SGD's noise)",
                "msgd train: --magnitude=Infinity must be a finite number >= 0 (leave it out for the magnitude matching SGD's noise)",
                "msgd train: --magnitude applies to [msgd-fisher]-B and [msgd-cov]-B (Algorithm 2) only, not to --method gd",
                "msgd train: --bernoulli-batch applies to msgd-bernoulli only, not to --method gd",
                "msgd train: --steps applies to --benchmark only",
                "msgd train: --no-pytorch, --side-by-side applies to --benchmark only",
                "msgd train: --plugin-timeout applies to --method plugin:NAME only",
                "msgd train: --roofline applies to --benchmark only",
                "msgd train: --isa, --no-pytorch does not apply to --roofline (it traces this process's step at its own"
                        + " instruction set; set ONEDNN_MAX_CPU_ISA for another)",
                "msgd train: --preset, --method, --iterations, --eval-every, --checkpoint-every, --no-progress, --out does not"
                        + " apply to --benchmark (it times"
                        + " ConvSmall's MSGD-Fisher full-batch step at n = 1000, seed 1; it reads --threads, --data and its"
                        + " own options)"};
        for (int i = 0; i < bad.length; i++) {
            assertRefusedInOneLine("refused-" + i, bad[i][0], Arrays.copyOfRange(bad[i], 1, bad[i].length), expected[i]);
        }
    }

    @Test
    void theRooflinePrintsTheStepsAndTheEvaluationsPartsAndTheLoadsVerdict() {
        Run r = train("--benchmark", "--roofline", "--steps", "1", "--threads", "1,1", "--data", data.toString());
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("roofline of ConvSmall (n=1000)"), r.out());
        // the tests' environment pins oneDNN to AVX2 (the pom's surefire settings, for their reference bits): the peak is AVX2's
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("tensorflow-java, this process: oneDNN at ")
                && l.endsWith("(ONEDNN_MAX_CPU_ISA=AVX2)")), r.out());
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("peak: avx2 FP32 peak ")), r.out());
        assertEquals(2, lines.stream().filter(l -> l.startsWith("bound")).count(), r.out());
        assertTrue(lines.get(lines.size() - 1).startsWith("timing of the roofline's passes: "), r.out());
    }

    @Test
    void aValueRefusedByItsTypeIsOneLineNamingTheOptionTheValueAndTheRule() {
        String[][] bad = {{"--pixels", "bogus"}, {"--init", "normal:-1"}, {"--split", "last"}, {"--sgd-sampling", "maybe"},
                {"--bernoulli-batch", "-3"}, {"--protocol", "authors"}};
        String[] expected = {"msgd train: --pixels=bogus must be unit (x/255) or raw (0-255)",
                "msgd train: --init=normal:-1 must be normal:STD with STD a finite number > 0",
                "msgd train: --split=last must be drawn (seeded) or first (the first n of the pool)",
                "msgd train: --sgd-sampling=maybe must be with or without (replacement within a batch)",
                "msgd train: --bernoulli-batch=-3 must be an integer >= 0 (0: the SGD batch b)",
                "msgd train: --protocol=authors must be paper-text or authors-code"};
        for (int i = 0; i < bad.length; i++) {
            assertRefusedInOneLine("typed-" + i, "gd", bad[i], expected[i]);
        }
    }

    /**
     * {@code msgd train} of a short valid run of {@code method} plus {@code extra} exits 2 with exactly {@code expected}
     * (one line), training nothing.
     */
    private void assertRefusedInOneLine(String folder, String method, String[] extra, String expected) {
        Path out = tmp.resolve(folder);
        List<String> args = new ArrayList<>(List.of(small(out, 2)));
        args.set(args.indexOf("--method") + 1, method);
        args.addAll(List.of(extra));
        Run r = train(args.toArray(String[]::new));
        assertEquals(ExitCode.USAGE.code(), r.code(), String.join(" ", extra) + ": " + r.err());
        assertEquals(expected, r.err().strip());
        assertFalse(Files.exists(out), "nothing trained: " + String.join(" ", extra));
    }

    @Test
    void cliReportsUsageErrors() {
        StringBuilder err = new StringBuilder();
        for (String[] args : new String[][] {{"--preset", "fashion-mnist-small"}, {"--preset", "imagenet", "--method", "gd",
                "--out", "x"}, {"--iterations", "ten"}, {"--bogus"}, {"--preset", "fashion-mnist-small", "--method",
                "sgd-99999999999", "--out", tmp.resolve("never").toString()}, {"--threads", "100000", "--preset",
                "fashion-mnist-small"}, {"--resume", "somewhere", "--seed", "5", "--lr", "0.1"}}) {
            Run r = train(args);
            assertEquals(ExitCode.USAGE.code(), r.code(), String.join(" ", args) + ": " + r.err());
            err.append(r.err());
        }
        String text = err.toString();
        assertTrue(text.contains("'imagenet'") && text.contains("Invalid value for option '--iterations': 'ten' is not an int"), text);
        assertTrue(text.contains("--threads=100000 must be INTRA or INTRA,INTER, each count in [0, "), text);
        Run three = train("--threads", "1,2,3", "--preset", "fashion-mnist-small");
        assertEquals(ExitCode.USAGE.code(), three.code(), three.err());
        assertTrue(three.err().startsWith("msgd train: --threads=1,2,3 must be INTRA or INTRA,INTER"), "names the value given,"
                + " not '1,2': " + three.err());
        assertTrue(text.contains("method 'sgd-99999999999': the batch size 99999999999 is beyond 2147483647"), text);
        assertTrue(text.contains("msgd train: Unknown option: '--bogus' (see 'msgd train --help')"), text);
        assertTrue(text.lines().allMatch(l -> l.startsWith("msgd train: ")), "every usage error is one line: " + text);
        assertTrue(text.contains("--seed, --lr cannot be changed there (only --iterations can, and --no-progress, which"
                + " changes no bit)"), text);
        // a preset whose data are absent says where it looked and where to get them, and writes no run
        Path out = tmp.resolve("no-cifar");
        Run r = train("--preset", "cifar10-vgg11", "--method", "gd", "--data", tmp.resolve("none").toString(), "--out",
                out.toString());
        assertTrue(r.code() != 0 && r.err().contains("not found") && r.err().contains("cs.toronto.edu"), r.code() + ": " + r.err());
    }

    @Test
    void svhnPresetWithoutTheFilesSaysWhereItLookedAndWhereToGetThem() {
        Path missing = tmp.resolve("no-svhn");
        Run r = train("--preset", "svhn-vgg11", "--method", "gd", "--iterations", "1", "--data", missing.toString(), "--out",
                tmp.resolve("svhn-out").toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code());
        assertTrue(r.err().contains("SVHN dataset not found at " + missing.resolve("train_32x32.mat"))
                && r.err().contains("get it from http://ufldl.stanford.edu/housenumbers/"), r.err());
    }

    @Test
    void aResumeThatAsksTooLittleOrANegativeCountIsOneLineAndChangesNothing() throws IOException {
        Path completed = tmp.resolve("completed");
        assertEquals(ExitCode.OK.code(), train(small(completed, 4)).code());
        byte[] checkpoint = Files.readAllBytes(completed.resolve("checkpoint.json"));
        byte[] runJson = Files.readAllBytes(completed.resolve("run.json"));
        Run r = train("--resume", completed.toString(), "--iterations", "2");
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("already at iteration 4") && !r.err().contains("delete"), r.err());
        for (String n : List.of("-5", "0")) {
            r = train("--resume", completed.toString(), "--iterations", n);
            assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
            assertEquals("msgd train: --iterations " + n + " must be >= 1 (the last iteration to reach; leave it out to"
                    + " continue to the run's own)", r.err().strip());
        }
        // a run folder that is not there is a missing input, exit 1 as a missing --data
        r = train("--resume", tmp.resolve("not-there").toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertEquals("msgd train: --resume=" + tmp.resolve("not-there") + ": no such directory (a run folder that holds"
                + " run.json)", r.err().strip());
        // --plugin-timeout limits a plug-in's calls: on a run that calls none it would be ignored, so it is refused
        r = train("--resume", completed.toString(), "--plugin-timeout", "5");
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertEquals("msgd train: --plugin-timeout applies to a plug-in run (--method plugin:NAME) only; the run in "
                + completed + " calls no plug-in", r.err().strip());
        // --no-progress changes no bit: a resume takes it
        r = train("--resume", completed.toString(), "--no-progress");
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        r = train("--resume", completed.toString());
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        assertTrue(r.out().startsWith("completed after 4 iterations") && r.out().contains(" s/step;")
                && !r.out().contains("NaN"), r.out());
        assertTrue(r.err().contains("already completed at iteration 4"), r.err());
        assertArrayEquals(checkpoint, Files.readAllBytes(completed.resolve("checkpoint.json")));
        assertArrayEquals(runJson, Files.readAllBytes(completed.resolve("run.json")), "run.json (its secondsPerStep) kept");
    }

    @Test
    void theCommandLineReportsADamagedRunInOneLineWithExitCode1() throws IOException {
        Path dir = tmp.resolve("cli-damaged");
        assertEquals(ExitCode.OK.code(), train(small(dir, 4)).code());
        Files.writeString(dir.resolve("checkpoint.json"), "{\"iteration\" : \"abc\"}");
        // to 6: the run stopped at 4 of 6 (resuming a completed run to its own end reads no checkpoint)
        Run r = train("--resume", dir.toString(), "--iterations", "6");
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("msgd train: " + dir.resolve("checkpoint.json") + ": 'iteration' is \"abc\""), r.err());
    }

    @Test
    void onTheCommandLineABusyFolderIsOneLineAndExit1AndACompletedRunResumedShowsNoNaN() throws IOException {
        Path out = tmp.resolve("cli");
        String[] args = small(out, 2);
        Run busy;
        try (FolderLock writer = FolderLock.acquire(out, "msgd train")) {
            busy = train(args);
        }
        assertEquals(ExitCode.CLAIM_ERROR.code(), busy.code(), busy.err());
        // the announcement of what would train, then the refusal in one line; no stack trace
        assertFalse(busy.err().contains("Exception") || busy.err().contains("\tat "), busy.err());
        assertTrue(busy.err().lines().reduce((a, b) -> b).orElse("").startsWith("msgd train: " + out
                + " is being written by another process (PID "), busy.err());
        assertEquals(ExitCode.OK.code(), train(args).code());
        Run again = train("--resume", out.toString());
        assertEquals(ExitCode.OK.code(), again.code(), again.err());
        assertFalse(again.out().contains("NaN"), again.out());
        assertTrue(again.out().contains("completed after 2 iterations"), again.out());
    }
}
