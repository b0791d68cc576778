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
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A run folder has one writer (issue 33, D1 and D2: two trainings or resumes of one folder at once
 * interleaved their rows), and a new run does not write over files that are not a run's (D10).
 */
class OneWriterPerRunTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

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
        return RunConfig.builder(p, Method.parse("gd", p.sgdBatch(), Double.NaN), out).build().withData(data)
                .withIterations(2).withEval(1, 0).withCheckpointEvery(1).withProgress(false).withThreads(1, 1);
    }

    @Test
    void aSecondTrainingOrResumeOfAFolderBeingWrittenIsRefusedNamingTheWriter() throws IOException {
        Path out = tmp.resolve("busy");
        try (FolderLock writer = FolderLock.acquire(out, "msgd train")) {
            for (org.junit.jupiter.api.function.Executable second : java.util.List.<org.junit.jupiter.api.function.Executable>of(
                    () -> Trainer.run(config(out), null, QUIET, UNCANCELLED), () -> Trainer.runOrContinue(config(out), null, QUIET, UNCANCELLED),
                    () -> Trainer.resume(out, 0, QUIET, UNCANCELLED))) {
                FolderLock.FolderBusyException e = assertThrows(FolderLock.FolderBusyException.class, second);
                assertTrue(e.getMessage().contains("PID " + ProcessHandle.current().pid()), e.getMessage());
            }
            assertFalse(Files.exists(out.resolve("metrics.csv")), "the refused writers wrote nothing");
        }
        // the writer gone, the run trains
        assertEquals(Trainer.Status.COMPLETED, Trainer.run(config(out), null, QUIET, UNCANCELLED).status());
    }

    @Test
    void aNewRunDoesNotWriteOverTheUsersFilesInAFolderWithoutRunJson() throws IOException {
        Path out = Files.createDirectories(tmp.resolve("users").resolve("checkpoints"));
        Path dir = out.getParent();
        Files.writeString(dir.resolve("metrics.csv"), "iteration,mine\n1,2\n");
        Files.writeString(dir.resolve("checkpoint.json"), "{\"mine\": true}");
        Files.writeString(out.resolve("important.bin"), "keep");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Trainer.run(config(dir), null, QUIET, UNCANCELLED));
        assertTrue(e.getMessage().contains("[checkpoint.json, checkpoints/, metrics.csv] but no run.json"), e.getMessage());
        assertEquals("iteration,mine\n1,2\n", Files.readString(dir.resolve("metrics.csv")));
        assertEquals("{\"mine\": true}", Files.readString(dir.resolve("checkpoint.json")));
        assertEquals("keep", Files.readString(out.resolve("important.bin")));
        assertThrows(IllegalArgumentException.class, () -> Trainer.runOrContinue(config(dir), null, QUIET, UNCANCELLED));
        assertEquals("keep", Files.readString(out.resolve("important.bin")));
        assertFalse(Files.exists(dir.resolve(FolderLock.NAME)), "the refusal adds no lock file to the user's folder");

        // a user's metrics.csv of one line is the user's too (only a file of the run's header alone is a run's)
        Path one = Files.createDirectories(tmp.resolve("one-line"));
        Files.writeString(one.resolve("metrics.csv"), "my notes\n");
        IllegalArgumentException e1 = assertThrows(IllegalArgumentException.class, () -> Trainer.run(config(one), null, QUIET, UNCANCELLED));
        assertTrue(e1.getMessage().contains("[metrics.csv] but no run.json"), e1.getMessage());
        assertEquals("my notes\n", Files.readString(one.resolve("metrics.csv")));
    }
}
