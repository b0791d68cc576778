package org.msgdlab.deep.train;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.cli.TrainCli;
import org.msgdlab.deep.data.IdxFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code msgd train --resume} may ask of a run (issue 33): a continuation only forwards (D11: asking for
 * less than the run has reached is said as such, advising nothing destructive), --iterations >= 1, a
 * completed run reported as it is (its recorded s/step, no "NaN s/step", run.json kept), and a run stopped by
 * Ctrl-C or TERM says on stdout what was kept. Each refusal is one line and changes no file.
 */
class ResumeRequestTest {

    @TempDir
    static Path tmp;
    static Path data;
    /** A run completed at iteration 4. */
    static Path completed;

    @BeforeAll
    static void trainOnce() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        completed = tmp.resolve("completed");
        Trainer.run(config(completed, 4), null, quiet());
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    private static RunConfig config(Path out, int iterations) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        return RunConfig.defaults(p, Method.parse("gd", p.sgdBatch(), Double.NaN), out).withData(data)
                .withIterations(iterations).withEval(2, 0).withCheckpointEvery(2).withProgress(false).withThreads(1, 1);
    }

    /** msgd train ARGS: {exit code, stdout, stderr}. */
    private static Object[] train(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = TrainCli.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Object[] {rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void resumingToAnIterationTheRunIsPastSaysSoAndAdvisesNothingDestructive() throws IOException {
        byte[] checkpoint = Files.readAllBytes(completed.resolve("checkpoint.json"));
        byte[] runJson = Files.readAllBytes(completed.resolve("run.json"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Trainer.resume(completed, 2, quiet()));
        assertTrue(e.getMessage().contains("already at iteration 4") && e.getMessage().contains("--iterations above 4"),
                e.getMessage());
        assertFalse(e.getMessage().contains("remove") || e.getMessage().contains("delete"), e.getMessage());
        Object[] r = train("--resume", completed.toString(), "--iterations", "2");
        assertEquals(TrainCli.USAGE, r[0], (String) r[2]);
        assertEquals(1, ((String) r[2]).lines().count(), (String) r[2]);
        assertArrayEquals(checkpoint, Files.readAllBytes(completed.resolve("checkpoint.json")));
        assertArrayEquals(runJson, Files.readAllBytes(completed.resolve("run.json")));
    }

    @Test
    void aNegativeIterationCountOnResumeIsRefused() throws IOException {
        byte[] runJson = Files.readAllBytes(completed.resolve("run.json"));
        for (String n : List.of("-5", "0")) {
            Object[] r = train("--resume", completed.toString(), "--iterations", n);
            assertEquals(TrainCli.USAGE, r[0], (String) r[2]);
            assertEquals("msgd train: --iterations " + n + " must be >= 1 (the last iteration to reach; leave it out to"
                    + " continue to the run's own)", ((String) r[2]).strip());
        }
        assertThrows(IllegalArgumentException.class, () -> Trainer.resume(completed, -5, quiet()));
        assertArrayEquals(runJson, Files.readAllBytes(completed.resolve("run.json")));
    }

    @Test
    void resumingACompletedRunReportsItAsItIsWithItsRecordedSecondsPerStep() throws IOException {
        byte[] runJson = Files.readAllBytes(completed.resolve("run.json"));
        Trainer.Outcome o = Trainer.resume(completed, 0, quiet());
        assertEquals(Trainer.Status.COMPLETED, o.status());
        assertEquals("reused", o.message());
        double recorded = RunJson.read(completed.resolve("run.json")).get("secondsPerStep").asDouble();
        assertEquals(recorded, o.secondsPerStep());
        Object[] r = train("--resume", completed.toString());
        assertEquals(TrainCli.OK, r[0], (String) r[2]);
        assertTrue(((String) r[1]).startsWith("completed after 4 iterations") && ((String) r[1]).contains(" s/step;")
                && !((String) r[1]).contains("NaN"), (String) r[1]);
        assertTrue(((String) r[2]).contains("already completed at iteration 4"), (String) r[2]);
        assertArrayEquals(runJson, Files.readAllBytes(completed.resolve("run.json")), "run.json (its secondsPerStep) kept");
    }

    @Test
    void anInterruptedRunSaysOnStdoutWhatWasKeptAndHowToContinue() throws IOException {
        Path dir = tmp.resolve("interrupted");
        Object[] r;
        Interruption.request();   // what the shutdown hook of Ctrl-C or TERM does
        try {
            r = train("--preset", "fashion-mnist-small", "--method", "gd", "--iterations", "6", "--eval-every", "2",
                    "--data", data.toString(), "--threads", "1,1", "--no-progress", "--out", dir.toString());
        } finally {
            Interruption.clear();
        }
        assertEquals(TrainCli.INTERRUPTED, r[0], (String) r[2]);
        String line = ((String) r[1]).strip();
        assertEquals(1, line.lines().count(), line);
        assertTrue(line.startsWith("INTERRUPTED after 1 iterations (stopped by Ctrl-C or TERM; kept in " + dir
                + ": the checkpoint of iteration 1 and the metrics up to iteration 0; continue with: msgd train --resume "
                + dir + ")"), line);
        assertTrue(Files.isRegularFile(dir.resolve("checkpoints/ckpt-1/model.index")));
    }
}
