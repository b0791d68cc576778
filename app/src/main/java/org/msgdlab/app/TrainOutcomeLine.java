package org.msgdlab.app;

import org.msgdlab.deep.train.Trainer;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one line {@code msgd train} ends with on standard output: how the run ended, what was kept and how to go on, its
 * last metrics; and the exit code that goes with it. Stateless.
 */
final class TrainOutcomeLine {

    private TrainOutcomeLine() {
    }

    /**
     * Prints the outcome's line on {@code out}.
     *
     * <p>A run stopped by Ctrl-C or TERM says what was kept: the checkpoint of the step reached and the metrics, or,
     * stopped before its first step was done (a TERM during the first noise draw, such as a plug-in's that hangs),
     * that nothing was saved yet but the evaluation at iteration 0 and that {@code --resume} starts it again from
     * iteration 0 (it said "the checkpoint of iteration 0", a file that does not exist: issue 47).
     *
     * @param o   the run's outcome
     * @param dir the run directory
     * @param out standard output
     * @return the exit code: 0 completed, 130 interrupted, 3 stopped on a non-finite loss
     */
    static int print(Trainer.Outcome o, Path dir, PrintStream out) {
        boolean interrupted = o.status() == Trainer.Status.INTERRUPTED;
        boolean nothingDone = interrupted && o.iterationsDone() == 0;
        String kept = !interrupted ? "" : nothingDone
                ? String.format(Locale.ROOT, " (stopped by Ctrl-C or TERM before the first step was done: nothing was saved"
                + " yet but the evaluation at iteration 0 in %s, no checkpoint; msgd train --resume %s starts the run again"
                + " from iteration 0)", dir.resolve("metrics.csv"), dir)
                : String.format(Locale.ROOT, " (stopped by Ctrl-C or TERM; kept in %s: the checkpoint of iteration %d and"
                + " the metrics up to iteration %d; continue with: msgd train --resume %s)", dir, o.iterationsDone(),
                o.last().iteration(), dir);
        String metrics = o.rows().isEmpty() ? "no evaluation yet" : String.format(Locale.ROOT,
                "train loss %.4f, train accuracy %.4f, test loss %.4f, test accuracy %.4f", o.last().trainLoss(),
                o.last().trainAccuracy(), o.last().testLoss(), o.last().testAccuracy());
        out.println(String.format(Locale.ROOT, "%s after %d iterations%s: %s; %s; metrics in %s", switch (o.status()) {
                    case COMPLETED -> "completed";
                    case INTERRUPTED -> "INTERRUPTED";
                    case STOPPED_NON_FINITE -> "STOPPED";
                },
                o.iterationsDone(), kept, metrics,
                // a completed run resumed again reports its recorded time per step; a run stopped before its first
                // step has none to show (it printed "NaN s/step")
                Double.isFinite(o.secondsPerStep()) ? String.format(Locale.ROOT, "%.3f s/step", o.secondsPerStep())
                        : "no step timed",
                dir.resolve("metrics.csv")));
        return switch (o.status()) {
            case COMPLETED -> ExitCode.OK.code();
            case INTERRUPTED -> ExitCode.INTERRUPTED.code();
            case STOPPED_NON_FINITE -> ExitCode.VERDICT_FAILED.code();
        };
    }
}
