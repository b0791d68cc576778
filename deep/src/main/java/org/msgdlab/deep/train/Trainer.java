package org.msgdlab.deep.train;

import org.msgdlab.core.claims.Platform;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.deep.graph.Kernels;
import org.tensorflow.TensorFlow;

import java.io.IOException;
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
 */
public final class Trainer {

    /** How a run ended. */
    public enum Status { COMPLETED, STOPPED_NON_FINITE, INTERRUPTED }

    /** One metrics row. */
    public record Row(long iteration, double trainLoss, double trainAccuracy, double testLoss, double testAccuracy,
                      double elapsedSeconds) {
        String csv() {
            return iteration + "," + trainLoss + "," + trainAccuracy + "," + testLoss + "," + testAccuracy + ","
                    + String.format(Locale.ROOT, "%.3f", elapsedSeconds);
        }

        /** One line of metrics.csv; anything but six numbers (the first a whole number >= 0) is refused. */
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
            }
            return new Row(iteration, v[0], v[1], v[2], v[3], v[4]);
        }

        /** Same metrics (elapsed time aside). */
        public boolean sameMetrics(Row o) {
            return iteration == o.iteration && trainLoss == o.trainLoss && trainAccuracy == o.trainAccuracy
                    && testLoss == o.testLoss && testAccuracy == o.testAccuracy;
        }
    }

    /** What a run did. */
    public record Outcome(Status status, long iterationsDone, List<Row> rows, String message,
                          double trainingSeconds, double secondsPerStep) {
        public Row last() {
            return rows.get(rows.size() - 1);
        }
    }

    public static final String METRICS_HEADER = MetricsFile.HEADER;
    static final ObjectMapper JSON = RunJson.JSON;

    private Trainer() {
    }

    /** A fresh run into {@code config.out()} (which must not hold a previous run). */
    public static Outcome run(RunConfig config, Preset.Data data, PrintStream log) throws IOException {
        return RunDirectory.start(config, data, log);
    }

    /**
     * The run {@code config} describes, in {@code config.out()}: reused when that directory holds it
     * completed, continued from its last checkpoint when it holds it unfinished, started otherwise.
     * A directory holding a run with other settings is an error naming the first that differs (so a
     * stopped experiment can be restarted with the same command and loses nothing).
     */
    public static Outcome runOrContinue(RunConfig config, Preset.Data data, PrintStream log) throws IOException {
        return RunDirectory.runOrContinue(config, data, log);
    }

    /**
     * The completed run {@code config} describes, read from {@code config.out()} without training:
     * empty when the directory holds no run, an unfinished one, or one with other settings (then
     * {@code mismatch} receives the first difference).
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
     * @throws IOException when run.json cannot be read
     */
    public static java.util.Optional<String> difference(RunConfig config) throws IOException {
        return RunDirectory.difference(config);
    }

    /**
     * The first setting that changes the metrics and differs between two configurations (output
     * directory, data directory and checkpoint interval aside), as "KEY (a's) there, (b's) asked"; empty when none.
     */
    public static java.util.Optional<String> settingsDiffer(RunConfig a, RunConfig b) {
        return java.util.Optional.ofNullable(RunDirectory.firstDifference(a, b));
    }

    /** The message of an outcome that is the first iterations of a longer run. */
    public static final String PREFIX = "prefix of a longer run";

    /**
     * Continues the run in {@code dir} from its last checkpoint, up to {@code iterations} (0: the
     * run's own number of iterations).
     */
    public static Outcome resume(Path dir, int iterations, PrintStream log) throws IOException {
        return RunDirectory.resume(dir, iterations, log);
    }

    /** Reads the rows of a complete metrics.csv (see {@link MetricsFile#read}). */
    public static List<Row> readMetrics(Path file) throws IOException {
        return MetricsFile.read(file);
    }

    /** The device description used in run.json and benchmarks. */
    public static String device(int intra, int inter) {
        return "CPU, " + Runtime.getRuntime().availableProcessors() + " cores available, "
                + Platform.current().arch() + "; TensorFlow " + TensorFlow.version() + " (" + Kernels.current().id()
                + " kernels) threads intra-op="
                + (intra == 0 ? "default" : intra) + " inter-op=" + (inter == 0 ? "default" : inter);
    }

}
