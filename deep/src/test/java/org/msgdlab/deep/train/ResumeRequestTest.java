package org.msgdlab.deep.train;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code msgd train --resume} may ask of a run (issue 33): a continuation only forwards (D11: asking for
 * less than the run has reached is said as such, advising nothing destructive), --iterations >= 1, a
 * completed run reported as it is (its recorded s/step, no "NaN s/step", run.json kept), and a run stopped by
 * Ctrl-C or TERM says on stdout what was kept, and a run continues only in the environment it was started in.
 * Each refusal is one line and changes no file.
 */
class ResumeRequestTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    static Path tmp;
    static Path data;
    /** A run completed at iteration 4. */
    static Path completed;

    @BeforeAll
    static void trainOnce() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        completed = tmp.resolve("completed");
        Trainer.run(config(completed, 4), null, quiet(), UNCANCELLED);
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    private static RunConfig config(Path out, int iterations) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        return RunConfig.builder(p, Method.parse("gd", p.sgdBatch(), Double.NaN), out).build().withData(data)
                .withIterations(iterations).withEval(2, 0).withCheckpointEvery(2).withProgress(false).withThreads(1, 1);
    }

    @Test
    void resumingToAnIterationTheRunIsPastSaysSoAndAdvisesNothingDestructive() throws IOException {
        byte[] checkpoint = Files.readAllBytes(completed.resolve("checkpoint.json"));
        byte[] runJson = Files.readAllBytes(completed.resolve("run.json"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Trainer.resume(completed, 2, quiet(), UNCANCELLED));
        assertTrue(e.getMessage().contains("already at iteration 4") && e.getMessage().contains("--iterations above 4"),
                e.getMessage());
        assertFalse(e.getMessage().contains("remove") || e.getMessage().contains("delete"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        assertArrayEquals(checkpoint, Files.readAllBytes(completed.resolve("checkpoint.json")));
        assertArrayEquals(runJson, Files.readAllBytes(completed.resolve("run.json")));
    }

    @Test
    void aNegativeIterationCountOnResumeIsRefused() throws IOException {
        byte[] runJson = Files.readAllBytes(completed.resolve("run.json"));
        // the command's own message: reports' TrainCommandTest
        assertThrows(IllegalArgumentException.class, () -> Trainer.resume(completed, -5, quiet(), UNCANCELLED));
        assertArrayEquals(runJson, Files.readAllBytes(completed.resolve("run.json")));
    }

    @Test
    void resumingACompletedRunReportsItAsItIsWithItsRecordedSecondsPerStep() throws IOException {
        byte[] runJson = Files.readAllBytes(completed.resolve("run.json"));
        Trainer.Outcome o = Trainer.resume(completed, 0, quiet(), UNCANCELLED);
        assertEquals(Trainer.Status.COMPLETED, o.status());
        assertEquals("reused", o.message());
        double recorded = RunJson.read(completed.resolve("run.json")).get("secondsPerStep").asDouble();
        assertEquals(recorded, o.secondsPerStep());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.resume(completed, 0, new PrintStream(log, true, StandardCharsets.UTF_8), UNCANCELLED);
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("already completed at iteration 4"), log.toString());
        assertTrue(Double.isFinite(o.secondsPerStep()), "a recorded s/step to show: " + o.secondsPerStep());
        assertArrayEquals(runJson, Files.readAllBytes(completed.resolve("run.json")), "run.json (its secondsPerStep) kept");
    }

    @Test
    void anInterruptedRunSaysOnStdoutWhatWasKeptAndHowToContinue() throws IOException {
        Path dir = tmp.resolve("interrupted");
        // requested from the start, as Ctrl-C or TERM does (ShutdownCancellation): the run stops after its first step
        TrainingContext stopped = new TrainingContext(() -> true, Map.of());
        Trainer.Outcome o = Trainer.run(config(dir, 6).withEval(2, 0), null, quiet(), stopped);
        // the line msgd train prints of this outcome: reports' TrainCommandTest
        assertEquals(Trainer.Status.INTERRUPTED, o.status());
        assertEquals(1, o.iterationsDone());
        assertEquals(0, o.last().iteration());
        assertTrue(Files.isRegularFile(dir.resolve("checkpoints/ckpt-1/model.index")));
    }

    @Test
    void aRunRecordsTheEnvironmentItIsGivenAndContinuesOnlyInTheSame() throws IOException {
        // a fake environment: one variable that moves the bits, one that does not; deep reads none itself
        Map<String, String> capped = Map.of("ONEDNN_MAX_CPU_ISA", "AVX2", "HOME", "/home/someone");
        Path dir = tmp.resolve("capped");
        Trainer.run(config(dir, 2), null, quiet(), TrainingContext.uncancelled(capped));
        assertEquals(Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), BitProvenance.recordedIn(dir).orElseThrow().environment());

        byte[] runJson = Files.readAllBytes(dir.resolve("run.json"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Trainer.resume(dir, 4, quiet(), UNCANCELLED));
        assertTrue(e.getMessage().contains("environment: {ONEDNN_MAX_CPU_ISA=AVX2} vs {}"), e.getMessage());
        assertArrayEquals(runJson, Files.readAllBytes(dir.resolve("run.json")), "a refusal changes no file");

        Trainer.Outcome continued = Trainer.resume(dir, 4, quiet(), TrainingContext.uncancelled(capped));
        assertEquals(Trainer.Status.COMPLETED, continued.status());
        assertEquals(4, continued.iterationsDone());
    }
}
