package org.msgdlab.deep.train;

import org.msgdlab.core.claims.Platform;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.deep.graph.Kernels;
import org.tensorflow.TensorFlow;

import java.io.IOException;
import java.nio.file.Files;
import org.msgdlab.core.io.FolderLock;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Runs one training (one preset, one method, one seed) and writes, in the run directory:
 * {@code metrics.csv} (iteration, train loss/accuracy, test loss/accuracy, elapsed seconds),
 * {@code run.json} (provenance: preset, every hyper-parameter, seeds, versions, device, status),
 * atomic checkpoints ({@code checkpoints/ckpt-K/}, {@code checkpoint.json}, written by
 * rename), and the scalars of every metrics row as TensorBoard event files ({@code tensorboard/},
 * see {@link TensorBoardLog}). A resumed run ({@link #resume}) restores the last checkpoint and reproduces the
 * uninterrupted run's metrics: the noise of iteration k depends only on (seed, method, k).
 * A NaN or infinite loss stops the run with a message and keeps the last good checkpoint.
 * <p>
 * This class holds the public entry points and a run's values ({@link Row}, {@link Outcome},
 * {@link Status}); what a run directory holds and whether to start, reuse or continue it is
 * {@link RunDirectory}'s, the training itself {@link TrainingLoop}'s.
 * <p>
 * The static methods hold no state of their own; two calls at once must not write the same run
 * directory.
 */
public final class Trainer {

    /** How a run ended. */
    public enum Status { COMPLETED, STOPPED_NON_FINITE, INTERRUPTED }

    /**
     * One metrics row (one line of metrics.csv). Immutable and thread-safe.
     *
     * @param iteration      the iteration the row was evaluated at (updates done; 0: the initialization)
     * @param trainLoss      loss on the training set
     * @param trainAccuracy  accuracy on the training set
     * @param testLoss       loss on the test set (or its evaluated subset)
     * @param testAccuracy   accuracy on the test set (or its evaluated subset)
     * @param elapsedSeconds seconds of training since the run started (written with 3 decimals)
     */
    public record Row(long iteration, double trainLoss, double trainAccuracy, double testLoss, double testAccuracy,
                      double elapsedSeconds) {
        String csv() {
            return iteration + "," + trainLoss + "," + trainAccuracy + "," + testLoss + "," + testAccuracy + ","
                    + String.format(Locale.ROOT, "%.3f", elapsedSeconds);
        }

        /**
         * One line of metrics.csv; anything but six numbers (the first a whole number >= 0, the
         * accuracies in [0, 1], so never NaN) is refused.
         */
        static Row parse(String line) {
            String[] f = line.split(",", -1);
            if (f.length != 6) {
                throw new IllegalArgumentException(f.length + " fields, a row has 6 (" + MetricsFile.HEADER + ")");
            }
            long iteration;
            try {
                iteration = Long.parseLong(f[0].strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("iteration '" + f[0] + "' must be a whole number");
            }
            if (iteration < 0) {
                throw new IllegalArgumentException("iteration " + iteration + " must be >= 0");
            }
            double[] v = new double[5];
            String[] names = MetricsFile.HEADER.split(",");
            for (int i = 1; i < 6; i++) {
                try {
                    v[i - 1] = Double.parseDouble(f[i].strip());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(names[i] + " '" + f[i] + "' must be a number");
                }
                // an accuracy is a fraction of examples: never NaN (a loss may be, in a run stopped by it)
                if (names[i].endsWith("_accuracy") && !(v[i - 1] >= 0 && v[i - 1] <= 1)) {
                    throw new IllegalArgumentException("column " + names[i] + " '" + f[i] + "' must be a number in [0, 1]");
                }
            }
            return new Row(iteration, v[0], v[1], v[2], v[3], v[4]);
        }

        /**
         * Same metrics (elapsed time aside).
         *
         * @param o the other row
         * @return whether iteration, losses and accuracies are equal
         */
        public boolean sameMetrics(Row o) {
            return iteration == o.iteration && trainLoss == o.trainLoss && trainAccuracy == o.trainAccuracy
                    && testLoss == o.testLoss && testAccuracy == o.testAccuracy;
        }
    }

    /**
     * What a run did. Immutable and thread-safe when {@code rows} is not modified.
     *
     * @param status          how the run ended
     * @param iterationsDone  the updates done
     * @param rows            the metrics rows, in iteration order
     * @param message         "completed", "reused", {@link Trainer#PREFIX}, or why the run stopped
     * @param trainingSeconds seconds of training
     * @param secondsPerStep  seconds per update
     */
    public record Outcome(Status status, long iterationsDone, List<Row> rows, String message,
                          double trainingSeconds, double secondsPerStep) {
        /** @return the last metrics row (the list must not be empty) */
        public Row last() {
            return rows.get(rows.size() - 1);
        }
    }

    /** The header line of metrics.csv ({@link MetricsFile#HEADER}). */
    public static final String METRICS_HEADER = MetricsFile.HEADER;
    static final ObjectMapper JSON = RunJson.JSON;

    private Trainer() {
    }

    /**
     * A fresh run into {@code config.out()} (which must not hold a previous run).
     *
     * @param config the run
     * @param data   the data set, or null to load it from {@code config.dataDir()}
     * @param log    where progress and warnings go
     * @param context when to stop (Ctrl-C), and the environment recorded in run.json
     * @return what the run did
     * @throws IllegalArgumentException when {@code config.out()} already holds a run.json
     * @throws IOException              when the data, the run directory or a checkpoint cannot be read or written
     */
    public static Outcome run(RunConfig config, Preset.Data data, PrintStream log, TrainingContext context)
            throws IOException {
        refuseForeignFilesUnlocked(config.out());
        return locked(config.out(), () -> RunDirectory.start(config, data, log, context));
    }

    /**
     * The run {@code config} describes, in {@code config.out()}: reused when that directory holds it
     * completed, continued from its last checkpoint when it holds it unfinished, started otherwise.
     * A directory holding a run with other settings is an error naming the first that differs (so a
     * stopped experiment can be restarted with the same command and loses nothing).
     *
     * @param config the run
     * @param data   the data set, or null to load it from {@code config.dataDir()}
     * @param log    where progress and warnings go
     * @param context when to stop (Ctrl-C), and the environment recorded in run.json
     * @return what the run did (a reused run's message is "reused")
     * @throws IllegalArgumentException when the directory holds a run with other settings, or one trained
     *                                  with other kernels ({@link Kernels})
     * @throws IllegalStateException    when run.json says completed but metrics.csv does not end at the last iteration
     * @throws IOException              when a file of the run cannot be read or written; {@link RunFileException}
     *                                  when one is damaged
     */
    public static Outcome runOrContinue(RunConfig config, Preset.Data data, PrintStream log, TrainingContext context)
            throws IOException {
        refuseForeignFilesUnlocked(config.out());
        return locked(config.out(), () -> RunDirectory.runOrContinue(config, data, log, context));
    }

    /**
     * The completed run {@code config} describes, read from {@code config.out()} without training:
     * empty when the directory holds no run, an unfinished one, or one with other settings (then
     * {@code mismatch} receives the first difference).
     *
     * @param config   the run
     * @param mismatch receives the first setting that differs, if any
     * @return the completed run, or empty
     * @throws IOException when run.json or metrics.csv cannot be read; {@link RunFileException} when damaged
     */
    public static java.util.Optional<Outcome> completed(RunConfig config, java.util.function.Consumer<String> mismatch)
            throws IOException {
        return RunDirectory.completed(config, mismatch);
    }

    /**
     * The run {@code config} describes, read without training: a completed run of exactly these
     * settings ({@link #completed}), or the first {@code config.iterations()} iterations of a run of
     * the same settings and more iterations that has reached them (completed, interrupted or still
     * running). Those rows are the ones a run of {@code config.iterations()} iterations writes, bit for
     * bit: nothing in a step depends on the total number of iterations (the learning-rate decays are
     * at fixed iterations; {@code StudyRunnerTest} checks it). Empty otherwise; {@code mismatch}
     * receives the first difference of a run with other settings. Such an outcome's message is
     * {@link #PREFIX}.
     *
     * @param config   the run
     * @param mismatch receives the first setting that differs, if any
     * @return the completed run or the prefix of a longer one, or empty
     * @throws IOException when run.json or metrics.csv cannot be read; {@link RunFileException} when damaged
     */
    public static java.util.Optional<Outcome> completedOrPrefix(RunConfig config, java.util.function.Consumer<String> mismatch)
            throws IOException {
        return RunDirectory.completedOrPrefix(config, mismatch);
    }

    /**
     * The first setting that changes the metrics and differs between {@code config} and the run
     * that {@code config.out()} holds, as "KEY X there, Y asked"; empty when the directory holds no
     * run, this run (finished or not), or a longer run of the same settings (whose first iterations
     * are this run: {@link #completedOrPrefix}).
     *
     * @param config the run
     * @return the first difference, or empty
     * @throws IOException when run.json cannot be read
     */
    public static java.util.Optional<String> difference(RunConfig config) throws IOException {
        return RunDirectory.difference(config);
    }

    /**
     * The first setting that changes the metrics and differs between two configurations (output
     * directory, data directory and checkpoint interval aside), as "KEY (a's) there, (b's) asked"; empty when none.
     *
     * @param a the configuration of the stored run
     * @param b the configuration asked for
     * @return the first difference, or empty
     */
    public static java.util.Optional<String> settingsDiffer(RunConfig a, RunConfig b) {
        return java.util.Optional.ofNullable(RunDirectory.firstDifference(a, b));
    }

    /** The message of an outcome that is the first iterations of a longer run. */
    public static final String PREFIX = "prefix of a longer run";

    /**
     * Continues the run in {@code dir} from its last checkpoint, up to {@code iterations} (0: the
     * run's own number of iterations).
     *
     * @param dir        the run directory
     * @param iterations the last iteration to reach, not below the run's checkpoint; 0 for the run's own
     * @param log        where progress and warnings go
     * @param context    when to stop (Ctrl-C), and the environment this process runs in (the run's recorded
     *                   {@code bits} must equal it)
     * @return what the run did; a run already completed at {@code iterations} is reported as it is (message
     *         "reused", its recorded seconds per step), without training or rewriting run.json
     * @throws IllegalArgumentException when {@code iterations} is negative or below the run's checkpoint (the message
     *                                  says to give more), {@code dir} holds no run.json, or the run was trained with other
     *                                  kernels than this process runs
     * @throws IOException              when a file of the run cannot be read or written; {@link RunFileException}
     *                                  when metrics.csv, checkpoint.json or the checkpoint is damaged or inconsistent
     */
    public static Outcome resume(Path dir, int iterations, PrintStream log, TrainingContext context) throws IOException {
        return resume(dir, iterations, true, log, context);
    }

    /**
     * {@link #resume(Path, int, PrintStream, TrainingContext)}, with or without the progress line (which changes no bit).
     *
     * @param dir        the run directory
     * @param iterations the last iteration to reach, not below the run's checkpoint; 0 for the run's own
     * @param progress   whether to show a progress line on {@code log}
     * @param log        where progress and warnings go
     * @param context    when to stop, and the environment this process runs in
     * @return what the run did
     * @throws IOException as {@link #resume(Path, int, PrintStream, TrainingContext)}
     */
    public static Outcome resume(Path dir, int iterations, boolean progress, PrintStream log, TrainingContext context)
            throws IOException {
        if (!Files.isDirectory(dir)) {
            return RunDirectory.resume(dir, iterations, progress, log, context);   // refused there, naming the missing run
        }
        return locked(dir, () -> RunDirectory.resume(dir, iterations, progress, log, context));
    }

    /**
     * A folder without run.json holding files that are not a run's is refused before its lock is taken, whose
     * file would be one more in the user's folder (the rule is checked again under the lock, by the start).
     */
    private static void refuseForeignFilesUnlocked(Path out) throws IOException {
        if (Files.isDirectory(out) && !Files.exists(out.resolve("run.json"))) {
            RunDirectory.requireNoForeignFiles(out);
        }
    }

    /** What a run does in its folder, under the folder's lock. */
    private interface InFolder {
        Outcome run() throws IOException;
    }

    /**
     * Runs {@code body} holding {@code dir}'s {@link FolderLock}: a second process training or resuming the
     * same folder is refused in one line naming the first's PID, before it reads or writes anything there.
     */
    private static Outcome locked(Path dir, InFolder body) throws IOException {
        try (FolderLock ignored = FolderLock.acquire(dir, "msgd train")) {
            return body.run();
        }
    }

    /**
     * Reads the rows of a complete metrics.csv (see {@link MetricsFile#read}).
     *
     * @param file the metrics.csv
     * @return its rows
     * @throws IOException when it cannot be read; {@link RunFileException} when a line is malformed
     */
    public static List<Row> readMetrics(Path file) throws IOException {
        return MetricsFile.read(file);
    }

    /**
     * The device description used in run.json and benchmarks.
     *
     * @param intra TensorFlow intra-op threads (0: default)
     * @param inter TensorFlow inter-op threads (0: default)
     * @return cores, architecture, TensorFlow version, kernels and threads, in one line
     */
    public static String device(int intra, int inter) {
        return "CPU, " + Runtime.getRuntime().availableProcessors() + " cores available, "
                + Platform.current().arch() + "; TensorFlow " + TensorFlow.version() + " (" + Kernels.current().id()
                + " kernels) threads intra-op="
                + (intra == 0 ? "default" : intra) + " inter-op=" + (inter == 0 ? "default" : inter);
    }

}
