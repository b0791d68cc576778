package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.train.Trainer;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrainOutcomeLineTest {

    private static final Path DIR = Path.of("/runs/interrupted");
    private static final List<Trainer.Row> ROW_0 = List.of(new Trainer.Row(0, 2.3, 0.1, 2.3, 0.1, 0.5));

    private static String print(Trainer.Outcome o, int expectedCode) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(expectedCode, TrainOutcomeLine.print(o, DIR, new PrintStream(out, true, StandardCharsets.UTF_8)));
        String line = out.toString(StandardCharsets.UTF_8).strip();
        assertEquals(1, line.lines().count(), line);
        return line;
    }

    @Test
    void anInterruptedRunSaysOnStdoutWhatWasKeptAndHowToContinueAndExits130() {
        String line = print(new Trainer.Outcome(Trainer.Status.INTERRUPTED, 1, ROW_0, "interrupted", 1.0, 0.2),
                ExitCode.INTERRUPTED.code());
        assertTrue(line.startsWith("INTERRUPTED after 1 iterations (stopped by Ctrl-C or TERM; kept in " + DIR
                + ": the checkpoint of iteration 1 and the metrics up to iteration 0; continue with: msgd train --resume "
                + DIR + ")"), line);
    }

    /**
     * TERM during the first step's noise draw (a plug-in's draw that hangs): no step was done and no checkpoint written.
     * The line said "kept ...: the checkpoint of iteration 0", a file that does not exist (issue 47); it says plainly that
     * nothing but the first evaluation was saved and how to start again.
     */
    @Test
    void aRunStoppedBeforeItsFirstStepSaysNothingWasSavedYetAndHowToStartAgain() {
        String line = print(new Trainer.Outcome(Trainer.Status.INTERRUPTED, 0, ROW_0, "interrupted", 0.0, Double.NaN),
                ExitCode.INTERRUPTED.code());
        assertTrue(line.startsWith("INTERRUPTED after 0 iterations (stopped by Ctrl-C or TERM before the first step was done:"
                + " nothing was saved yet but the evaluation at iteration 0 in " + DIR.resolve("metrics.csv") + ", no checkpoint;"
                + " msgd train --resume " + DIR + " starts the run again from iteration 0): train loss 2.3000"), line);
        assertFalse(line.contains("checkpoint of iteration"), line);
        assertTrue(line.contains("; no step timed;"), line);
    }

    @Test
    void aCompletedRunAndADivergedOneKeepTheirCodes() {
        String done = print(new Trainer.Outcome(Trainer.Status.COMPLETED, 4, ROW_0, "completed", 1.0, 0.25), ExitCode.OK.code());
        assertTrue(done.startsWith("completed after 4 iterations: train loss 2.3000") && done.contains("0.250 s/step"), done);
        String stopped = print(new Trainer.Outcome(Trainer.Status.STOPPED_NON_FINITE, 3, ROW_0, "stopped", 1.0, 0.25),
                ExitCode.VERDICT_FAILED.code());
        assertTrue(stopped.startsWith("STOPPED after 3 iterations: "), stopped);
    }
}
