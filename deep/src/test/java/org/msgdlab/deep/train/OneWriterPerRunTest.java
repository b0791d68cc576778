package org.msgdlab.deep.train;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.io.FolderLock;
import org.msgdlab.deep.data.IdxFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run folder has one writer (issue 33, D1 and D2: two trainings or resumes of one folder at once
 * interleaved their rows), and a new run does not write over files that are not a run's (D10).
 */
class OneWriterPerRunTest {

    @TempDir
    static Path tmp;
    static Path data;
    static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @BeforeAll
    static void writeData() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
    }

    private static RunConfig config(Path out) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        return RunConfig.defaults(p, Method.parse("gd", p.sgdBatch(), Double.NaN), out).withData(data)
                .withIterations(2).withEval(1, 0).withCheckpointEvery(1).withProgress(false).withThreads(1, 1);
    }

    @Test
    void aSecondTrainingOrResumeOfAFolderBeingWrittenIsRefusedNamingTheWriter() throws IOException {
        Path out = tmp.resolve("busy");
        try (FolderLock writer = FolderLock.acquire(out, "msgd train")) {
            for (org.junit.jupiter.api.function.Executable second : java.util.List.<org.junit.jupiter.api.function.Executable>of(
                    () -> Trainer.run(config(out), null, QUIET), () -> Trainer.runOrContinue(config(out), null, QUIET),
                    () -> Trainer.resume(out, 0, QUIET))) {
                FolderLock.FolderBusyException e = assertThrows(FolderLock.FolderBusyException.class, second);
                assertTrue(e.getMessage().contains("PID " + ProcessHandle.current().pid()), e.getMessage());
            }
            assertFalse(Files.exists(out.resolve("metrics.csv")), "the refused writers wrote nothing");
        }
        // the writer gone, the run trains
        assertEquals(Trainer.Status.COMPLETED, Trainer.run(config(out), null, QUIET).status());
    }

    @Test
    void aNewRunDoesNotWriteOverTheUsersFilesInAFolderWithoutRunJson() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("users").resolve("checkpoints"));
        Path dir = out.getParent();
        Files.writeString(dir.resolve("metrics.csv"), "iteration,mine\n1,2\n");
        Files.writeString(dir.resolve("checkpoint.json"), "{\"mine\": true}");
        Files.writeString(out.resolve("important.bin"), "keep");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Trainer.run(config(dir), null, QUIET));
        assertTrue(e.getMessage().contains("[checkpoint.json, checkpoints/, metrics.csv] but no run.json"), e.getMessage());
        assertEquals("iteration,mine\n1,2\n", Files.readString(dir.resolve("metrics.csv")));
        assertEquals("{\"mine\": true}", Files.readString(dir.resolve("checkpoint.json")));
        assertEquals("keep", Files.readString(out.resolve("important.bin")));
        assertThrows(IllegalArgumentException.class, () -> Trainer.runOrContinue(config(dir), null, QUIET));
        assertEquals("keep", Files.readString(out.resolve("important.bin")));
        assertFalse(Files.exists(dir.resolve(FolderLock.NAME)), "the refusal adds no lock file to the user's folder");

        // a user's metrics.csv of one line is the user's too (only a file of the run's header alone is a run's)
        Path one = Files.createDirectories(tmp.resolve("one-line"));
        Files.writeString(one.resolve("metrics.csv"), "my notes\n");
        IllegalArgumentException e1 = assertThrows(IllegalArgumentException.class, () -> Trainer.run(config(one), null, QUIET));
        assertTrue(e1.getMessage().contains("[metrics.csv] but no run.json"), e1.getMessage());
        assertEquals("my notes\n", Files.readString(one.resolve("metrics.csv")));
    }

    @Test
    void onTheCommandLineABusyFolderIsOneLineAndExit1AndACompletedRunResumedShowsNoNaN() throws IOException {
        Path out = tmp.resolve("cli");
        java.util.List<String> args = java.util.List.of("--preset", "fashion-mnist-small", "--method", "gd", "--data",
                data.toString(), "--out", out.toString(), "--iterations", "2", "--eval-every", "1", "--threads", "1,1",
                "--no-progress");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try (FolderLock writer = FolderLock.acquire(out, "msgd train")) {
            assertEquals(org.msgdlab.deep.cli.TrainCli.ERROR, org.msgdlab.deep.cli.TrainCli.run(args, QUIET,
                    new PrintStream(err, true, StandardCharsets.UTF_8)));
        }
        String text = err.toString(StandardCharsets.UTF_8);
        // the announcement of what would train, then the refusal in one line; no stack trace
        assertFalse(text.contains("Exception") || text.contains("\tat "), text);
        assertTrue(text.lines().reduce((a, b) -> b).orElse("").startsWith("msgd train: " + out
                + " is being written by another process (PID "), text);

        assertEquals(0, org.msgdlab.deep.cli.TrainCli.run(args, QUIET, QUIET));
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        assertEquals(0, org.msgdlab.deep.cli.TrainCli.run(java.util.List.of("--resume", out.toString()),
                new PrintStream(again, true, StandardCharsets.UTF_8), QUIET));
        String line = again.toString(StandardCharsets.UTF_8);
        assertFalse(line.contains("NaN"), line);
        assertTrue(line.contains("completed after 2 iterations"), line);
    }
}
