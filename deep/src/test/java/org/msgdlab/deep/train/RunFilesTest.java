package org.msgdlab.deep.train;

import org.msgdlab.deep.data.IdxFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The files of a run directory under damage: a cut metrics row, an edited or damaged
 * checkpoint, a missing history, a failed save. Each is either repaired and resumed bit for bit,
 * or refused in one line naming the file and the rule, with nothing overwritten.
 */
class RunFilesTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    static Path tmp;
    static Path data;
    static List<Trainer.Row> uninterrupted;

    @BeforeAll
    static void trainOnce() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        uninterrupted = Trainer.run(config(tmp.resolve("reference"), 6), null, quiet(), UNCANCELLED).rows();
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    private static RunConfig config(Path out, int iterations) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        return RunConfig.builder(p, Method.parse("msgd-bernoulli", p.sgdBatch(), Double.NaN), out).build().withData(data)
                .withIterations(iterations).withEval(2, 0).withCheckpointEvery(2).withProgress(false).withThreads(1, 1);
    }

    /** A run stopped after 4 of 6 iterations (checkpoint and metrics at 4). */
    private static Path stoppedAt4(String name) throws IOException {
        Path dir = tmp.resolve(name);
        Trainer.run(config(dir, 4), null, quiet(), UNCANCELLED);
        return dir;
    }

    /** Damages the saved weights of iteration 4 as a bad disk would: one bit in the middle of the data file. */
    private static void flipOneBitOfTheWeights(Path dir) throws IOException {
        Path weights;
        try (Stream<Path> s = Files.list(dir.resolve("checkpoints/ckpt-4"))) {
            weights = s.filter(p -> p.getFileName().toString().startsWith("model.data")).findFirst().orElseThrow();
        }
        byte[] b = Files.readAllBytes(weights);
        b[b.length / 2] ^= 1;
        Files.write(weights, b);
    }

    private static void assertSameAsUninterrupted(List<Trainer.Row> rows) {
        assertEquals(uninterrupted.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            assertTrue(uninterrupted.get(i).sameMetrics(rows.get(i)), "row " + i + ": " + rows.get(i));
        }
    }

    private static String oneLineError(Path dir) {
        IOException e = assertThrows(IOException.class, () -> Trainer.resume(dir, 6, quiet(), UNCANCELLED));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        return e.getMessage();
    }

    @Test
    void aRowCutByAFullDiskIsDroppedWithAWarningAndTheResumedRunIsBitForBitTheUninterruptedOne() throws IOException {
        Path dir = stoppedAt4("cut-row");
        // what an append interrupted by a full disk leaves: half a row, no newline
        Files.writeString(dir.resolve("metrics.csv"), "6,2.281958984375,0.105,2.27031", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.Outcome o = Trainer.resume(dir, 6, new PrintStream(log, true, StandardCharsets.UTF_8), UNCANCELLED);
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("dropped the cut last row (line 5"), log.toString());
        assertSameAsUninterrupted(o.rows());
        assertSameAsUninterrupted(Trainer.readMetrics(dir.resolve("metrics.csv")));
    }

    @Test
    void anInterruptedRunSavesTheStepItReachedAndContinuesBitForBit() throws IOException {
        Path dir = tmp.resolve("interrupted");
        // requested from the start, as Ctrl-C or TERM does (ShutdownCancellation): the run stops after its first step
        TrainingContext stopped = new TrainingContext(() -> true, Map.of());
        Trainer.Outcome o = Trainer.run(config(dir, 6), null, quiet(), stopped);
        assertEquals(Trainer.Status.INTERRUPTED, o.status());
        assertEquals(1, o.iterationsDone(), "stops after the first step, between evaluations");
        assertTrue(Files.readString(dir.resolve("run.json")).contains("\"status\" : \"interrupted\""));
        assertTrue(Files.isRegularFile(dir.resolve("checkpoints/ckpt-1/model.index")), "the step it reached is saved");
        assertSameAsUninterrupted(Trainer.resume(dir, 0, quiet(), UNCANCELLED).rows());
    }

    @Test
    void aCutRowInACompletedRunOrADamagedRowInsideTheFileIsRefusedNamingTheLine() throws IOException {
        Path file = tmp.resolve("metrics-cut.csv");
        Files.writeString(file, MetricsFile.HEADER + "\n0,2.3,0.1,2.3,0.1,1.0\n2,2.2,0.1,2.2,0.1,2.0\n4,2.1,0.");
        RunFileException e = assertThrows(RunFileException.class, () -> Trainer.readMetrics(file));
        assertTrue(e.getMessage().contains("line 4") && e.getMessage().contains("3 fields, a row has 6"), e.getMessage());

        Files.writeString(file, MetricsFile.HEADER + "\n0,2.3,0.1,2.3,0.1,1.0\n2,2.2,abc,2.2,0.1,2.0\n4,2.1,0.1,2.1,0.1,3.0\n");
        e = assertThrows(RunFileException.class, () -> MetricsFile.readForResume(file, quiet()));
        assertTrue(e.getMessage().contains("line 3") && e.getMessage().contains("train_accuracy 'abc' must be a number"),
                e.getMessage());

        Files.writeString(file, MetricsFile.HEADER + "\n0,2.3,0.1,2.3,0.1,1.0\n4,2.2,0.1,2.2,0.1,2.0\n2,2.1,0.1,2.1,0.1,3.0\n");
        e = assertThrows(RunFileException.class, () -> Trainer.readMetrics(file));
        assertTrue(e.getMessage().contains("iteration 2 must be greater than the previous row's 4"), e.getMessage());
    }

    @Test
    void anEditedCheckpointIterationIsRefusedInOneLine() throws IOException {
        Path dir = stoppedAt4("edited-iteration");
        Path ck = dir.resolve("checkpoint.json");
        String good = Files.readString(ck);
        for (String bad : List.of("350", "\"abc\"", "-5", "2.5")) {
            Files.writeString(ck, good.replace("\"iteration\" : 4", "\"iteration\" : " + bad));
            String msg = oneLineError(dir);
            assertTrue(msg.contains("'iteration' is " + bad) && msg.contains("whole number in [1, 6]"), msg);
        }
        // a consistent-looking edit (iteration 2 with the weights of iteration 4 moved to ckpt-2) breaks the digest
        Files.move(dir.resolve("checkpoints/ckpt-4"), dir.resolve("checkpoints/ckpt-2"));
        Files.writeString(ck, good.replace("\"iteration\" : 4", "\"iteration\" : 2").replace("ckpt-4", "ckpt-2"));
        String msg = oneLineError(dir);
        assertTrue(msg.contains("do not match the recorded sha256"), msg);
    }

    @Test
    void damagedCheckpointDataAreRefusedBeforeTensorFlowReadsThem() throws IOException {
        Path dir = stoppedAt4("damaged-data");
        flipOneBitOfTheWeights(dir);
        String msg = oneLineError(dir);
        assertTrue(msg.contains("checkpoint.json") && msg.contains("sha256") && msg.contains("remove checkpoint.json"), msg);
    }

    @Test
    void damagedDataOfACheckpointWithoutDigestAreOneLineFromTensorFlowsOwnCheck() throws IOException {
        Path dir = stoppedAt4("damaged-undigested");
        Path ck = dir.resolve("checkpoint.json");
        Files.writeString(ck, Files.readString(ck).replaceAll("\"sha256\" : \"[0-9a-f]+\",", ""));
        flipOneBitOfTheWeights(dir);
        String msg = oneLineError(dir);
        assertTrue(msg.contains("TensorFlow cannot restore this checkpoint"), msg);
    }

    @Test
    void aMissingHistoryOrAnEmptyStateFileIsRefusedAndNothingIsOverwritten() throws IOException {
        Path dir = stoppedAt4("missing-history");
        Path metrics = dir.resolve("metrics.csv");
        String kept = Files.readString(metrics);
        Files.delete(metrics);
        assertTrue(oneLineError(dir).contains("metrics.csv: missing, but the checkpoint is at iteration 4"));
        assertFalse(Files.exists(metrics), "the refusal writes nothing");

        Files.writeString(metrics, kept.lines().limit(2).map(l -> l + "\n").reduce("", String::concat));
        assertTrue(oneLineError(dir).contains("ends at iteration 0, but the checkpoint is at iteration 4"));
        Files.writeString(metrics, kept);

        Path ck = dir.resolve("checkpoint.json");
        String good = Files.readString(ck);
        Files.writeString(ck, "");
        assertTrue(oneLineError(dir).contains("checkpoint.json: empty or not a JSON object"));
        Files.writeString(ck, good);

        Path run = dir.resolve("run.json");
        String runJson = Files.readString(run);
        Files.writeString(run, "{\"status\" : \"running\"}");
        assertTrue(oneLineError(dir).contains("run.json: no 'config' object"));
        Files.writeString(run, runJson.replace("\"iterations\" : 4", "\"iterations\" : \"four\""));
        assertTrue(oneLineError(dir).contains("run.json: config: 'iterations' is \"four\"; it must be a whole number"));
        Files.writeString(run, runJson);

        assertSameAsUninterrupted(Trainer.resume(dir, 6, quiet(), UNCANCELLED).rows());
    }

    @Test
    void aFailedSaveMarksTheRunFailedSaysHowToContinueAndTheContinuedRunIsBitForBit() throws IOException {
        Path dir = tmp.resolve("failed-save");
        // a run of 2 iterations, its checkpoint then taken away, continued to 6 from scratch (a fresh run refuses a
        // folder holding a file that is not a run's, so the obstacle is put into a run's folder)
        Trainer.run(config(dir, 2), null, quiet(), UNCANCELLED);
        try (Stream<Path> s = Files.walk(dir.resolve("checkpoints"))) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        Files.delete(dir.resolve("checkpoint.json"));
        // the checkpoint directory cannot be created: a file stands where it goes (as a full disk would refuse it)
        Files.writeString(dir.resolve("checkpoints"), "in the way");
        IOException e = assertThrows(IOException.class, () -> Trainer.resume(dir, 6, quiet(), UNCANCELLED));
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertTrue(e.getMessage().startsWith("iteration 2: saving the run failed") && e.getMessage().contains("no checkpoint yet")
                && e.getMessage().contains("msgd train --resume " + dir), e.getMessage());
        String runJson = Files.readString(dir.resolve("run.json"));
        assertTrue(runJson.contains("\"status\" : \"failed\"") && runJson.contains("saving the run failed"), runJson);

        Files.delete(dir.resolve("checkpoints"));
        assertSameAsUninterrupted(Trainer.runOrContinue(config(dir, 6), null, quiet(), UNCANCELLED).rows());
        try (Stream<Path> s = Files.walk(dir)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().endsWith(".tmp")).sorted(Comparator.naturalOrder())
                    .toList(), "no temporary left behind");
        }
    }
}
