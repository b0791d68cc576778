package org.msgdlab.deep.train;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.rng.sampling.PermutationSampler;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.Model;
import org.msgdlab.theory.claims.Provenance;
import org.msgdlab.theory.random.Streams;
import org.tensorflow.TensorFlow;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs one training (one preset, one method, one seed) and writes, in the run directory:
 * {@code metrics.csv} (iteration, train loss/accuracy, test loss/accuracy, elapsed seconds),
 * {@code run.json} (provenance: preset, every hyper-parameter, seeds, versions, device, status),
 * atomic checkpoints ({@code checkpoints/ckpt-K/}, {@code checkpoint.json}, written by
 * rename), and the scalars of every metrics row as TensorBoard event files ({@code tensorboard/},
 * see {@link TensorBoardLog}). A resumed run ({@link #resume}) restores the last checkpoint and reproduces the
 * uninterrupted run's metrics: the noise of iteration k depends only on (seed, method, k).
 * A NaN or infinite loss stops the run with a message and keeps the last good checkpoint.
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
    private static final int EVAL_CHUNK = 2000;

    private Trainer() {
    }

    /** A fresh run into {@code config.out()} (which must not hold a previous run). */
    public static Outcome run(RunConfig config, Preset.Data data, PrintStream log) throws IOException {
        Path out = config.out();
        if (Files.exists(out.resolve("run.json"))) {
            throw new IllegalArgumentException("output directory " + out + " already holds a run (run.json);"
                    + " use --resume " + out + " to continue it, or choose another --out");
        }
        Files.createDirectories(out);
        return execute(config, data == null ? config.preset().load(config.dataDir(), config.dataSeed(), config.protocol()) : data,
                log, 0, 0.0, new ArrayList<>());
    }

    /**
     * The run {@code config} describes, in {@code config.out()}: reused when that directory holds it
     * completed, continued from its last checkpoint when it holds it unfinished, started otherwise.
     * A directory holding a run with other settings is an error naming the first that differs (so a
     * stopped experiment can be restarted with the same command and loses nothing).
     */
    public static Outcome runOrContinue(RunConfig config, Preset.Data data, PrintStream log) throws IOException {
        Path dir = config.out();
        Path runJson = dir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            return run(config, data, log);
        }
        JsonNode stored = RunJson.read(runJson);
        RunConfig previous = RunJson.configFrom(stored, runJson, dir);
        String differs = firstDifference(previous, config);
        if (differs != null && isLongerRunOf(previous, config)) {
            // a longer run of the same settings: its first iterations are this run (see completedOrPrefix)
            java.util.Optional<Outcome> prefix = completedOrPrefix(config, m -> { });
            if (prefix.isPresent()) {
                log.println("reusing the first " + config.iterations() + " iterations of the longer run in " + dir);
                return prefix.get();
            }
            log.println("continuing the longer run in " + dir + " up to iteration " + config.iterations()
                    + " (its run.json then says " + config.iterations() + ")");
            return resume(dir, config.iterations(), log);
        }
        if (differs != null) {
            throw new IllegalArgumentException(dir + " holds a run with other settings (" + differs + "); remove it or"
                    + " choose another output directory");
        }
        if ("completed".equals(stored.path("status").asText())) {
            List<Row> rows = readMetrics(dir.resolve("metrics.csv"));
            Row last = rows.isEmpty() ? null : rows.get(rows.size() - 1);
            if (last == null || last.iteration() != config.iterations()) {
                throw new IllegalStateException(dir + ": run.json says completed but metrics.csv ends at iteration "
                        + (last == null ? "(no rows)" : last.iteration()) + ", not " + config.iterations());
            }
            JsonNode sps = stored.get("secondsPerStep");
            double perStep = sps == null || sps.isNull() ? last.elapsedSeconds() / config.iterations() : sps.asDouble();
            String madeAt = stored.path("versions").path("msgd-lab commit").asText("unknown");
            String now = Provenance.currentCommit();
            log.println("reusing the completed run in " + dir + (madeAt.equals(now) ? ""
                    : " (made by msgd-lab commit " + madeAt + ", this is " + now + "; delete the directory to recompute)"));
            return new Outcome(Status.COMPLETED, config.iterations(), List.copyOf(rows), "reused", last.elapsedSeconds(),
                    perStep);
        }
        return resume(dir, 0, log);
    }

    /**
     * The completed run {@code config} describes, read from {@code config.out()} without training:
     * empty when the directory holds no run, an unfinished one, or one with other settings (then
     * {@code mismatch} receives the first difference).
     */
    public static java.util.Optional<Outcome> completed(RunConfig config, java.util.function.Consumer<String> mismatch)
            throws IOException {
        Path dir = config.out();
        Path runJson = dir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            return java.util.Optional.empty();
        }
        JsonNode stored = RunJson.read(runJson);
        return completed(config, stored, RunJson.configFrom(stored, runJson, dir), mismatch);
    }

    /** {@link #completed(RunConfig, java.util.function.Consumer)} on a run.json already read. */
    private static java.util.Optional<Outcome> completed(RunConfig config, JsonNode stored, RunConfig previous,
            java.util.function.Consumer<String> mismatch) throws IOException {
        Path dir = config.out();
        String differs = firstDifference(previous, config);
        if (differs != null) {
            mismatch.accept(dir + ": " + differs);
            return java.util.Optional.empty();
        }
        if (!"completed".equals(stored.path("status").asText())) {
            return java.util.Optional.empty();
        }
        List<Row> rows = readMetrics(dir.resolve("metrics.csv"));
        if (rows.isEmpty() || rows.get(rows.size() - 1).iteration() != config.iterations()) {
            mismatch.accept(dir + ": run.json says completed but metrics.csv does not end at iteration " + config.iterations());
            return java.util.Optional.empty();
        }
        JsonNode sps = stored.get("secondsPerStep");
        Row last = rows.get(rows.size() - 1);
        double perStep = sps == null || sps.isNull() ? last.elapsedSeconds() / config.iterations() : sps.asDouble();
        return java.util.Optional.of(new Outcome(Status.COMPLETED, config.iterations(), List.copyOf(rows), "read",
                last.elapsedSeconds(), perStep));
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
        Path dir = config.out();
        Path runJson = dir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            return java.util.Optional.empty();
        }
        JsonNode stored = RunJson.read(runJson);
        RunConfig previous = RunJson.configFrom(stored, runJson, dir);
        if (!isLongerRunOf(previous, config)) {
            return completed(config, stored, previous, mismatch);
        }
        Path metrics = dir.resolve(MetricsFile.NAME);
        if (!Files.isRegularFile(metrics)) {
            return java.util.Optional.empty();
        }
        List<Row> whole = MetricsFile.readForResume(metrics, new PrintStream(java.io.OutputStream.nullOutputStream()));
        List<Row> rows = whole.stream().filter(r -> r.iteration() <= config.iterations()).toList();
        if (rows.isEmpty() || rows.get(rows.size() - 1).iteration() != config.iterations()) {
            return java.util.Optional.empty();   // not there yet
        }
        Row last = rows.get(rows.size() - 1);
        return java.util.Optional.of(new Outcome(Status.COMPLETED, config.iterations(), rows, PREFIX,
                last.elapsedSeconds(), last.elapsedSeconds() / config.iterations()));
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
        Path runJson = config.out().resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            return java.util.Optional.empty();
        }
        RunConfig previous = RunJson.configFrom(RunJson.read(runJson), runJson, config.out());
        if (isLongerRunOf(previous, config)) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.ofNullable(firstDifference(previous, config));
    }

    /**
     * The first setting that changes the metrics and differs between two configurations (output
     * directory, data directory and checkpoint interval aside), as "KEY (a's) there, (b's) asked"; empty when none.
     */
    public static java.util.Optional<String> settingsDiffer(RunConfig a, RunConfig b) {
        return java.util.Optional.ofNullable(firstDifference(a, b));
    }

    /** The message of an outcome that is the first iterations of a longer run. */
    public static final String PREFIX = "prefix of a longer run";

    /** Whether {@code previous} is {@code config} with more iterations (nothing else that changes the metrics differs). */
    static boolean isLongerRunOf(RunConfig previous, RunConfig config) {
        return previous.iterations() > config.iterations()
                && firstDifference(previous.withIterations(config.iterations()), config) == null;
    }

    /** The first setting that changes a run's metrics and differs between {@code a} and {@code b}, or null. */
    static String firstDifference(RunConfig a, RunConfig b) {
        Map<String, Object> x = RunJson.configJson(a);
        Map<String, Object> y = RunJson.configJson(b);
        for (String key : x.keySet()) {
            if (key.equals("checkpointEvery") || key.equals("dataDir")) {
                continue;   // neither changes the metrics
            }
            if (!java.util.Objects.equals(String.valueOf(x.get(key)), String.valueOf(y.get(key)))) {
                return key + " " + x.get(key) + " there, " + y.get(key) + " asked";
            }
        }
        return null;
    }

    /**
     * Continues the run in {@code dir} from its last checkpoint, up to {@code iterations} (0: the
     * run's own number of iterations).
     */
    public static Outcome resume(Path dir, int iterations, PrintStream log) throws IOException {
        Path runJson = dir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            throw new IllegalArgumentException("--resume " + dir + ": no run.json there (not a run directory)");
        }
        RunConfig config = RunJson.configFrom(RunJson.read(runJson), runJson, dir);
        if (iterations > 0) {
            config = config.withIterations(iterations);
        }
        long start = 0;
        double elapsed = 0;
        List<Row> rows = new ArrayList<>();
        Path prefix = null;
        long tensorBoardWritten = -1;
        Path metrics = dir.resolve(MetricsFile.NAME);
        if (Files.isRegularFile(dir.resolve(CheckpointState.NAME))) {
            CheckpointState ck = CheckpointState.read(dir, config.iterations(), log);
            start = ck.iteration();
            elapsed = ck.elapsedSeconds();
            prefix = dir.resolve(ck.prefix());
            if (!Files.isRegularFile(metrics)) {
                throw new RunFileException(metrics, "missing, but the checkpoint is at iteration " + start
                        + ": resuming would lose the history up to it; put metrics.csv back, or remove checkpoint.json"
                        + " and checkpoints/ to restart from scratch");
            }
            List<Row> whole = MetricsFile.readForResume(metrics, log);
            // every whole row was logged to TensorBoard right after it was appended: the resumed run, which
            // computes the rows after the checkpoint again (bit for bit), does not log those steps a second time
            tensorBoardWritten = whole.isEmpty() ? -1 : whole.get(whole.size() - 1).iteration();
            final long upTo = start;
            rows = new ArrayList<>(whole.stream().filter(r -> r.iteration() <= upTo).toList());
            // the row of the last evaluation at or before the checkpoint (an interrupted run saves between evaluations)
            long lastRow = start - start % config.evalEvery();
            if (rows.isEmpty() || rows.get(rows.size() - 1).iteration() != lastRow) {
                throw new RunFileException(metrics, "ends at iteration " + (rows.isEmpty() ? "(no rows)"
                        : rows.get(rows.size() - 1).iteration()) + ", but the checkpoint is at iteration " + start
                        + " and the row of iteration " + lastRow + " is written before it; the history is incomplete");
            }
        }
        Preset.Data data = config.preset().load(config.dataDir(), config.dataSeed(), config.protocol());
        log.println("resuming " + dir + " from iteration " + start + (prefix == null ? " (no checkpoint: from scratch)" : ""));
        final Path restoreFrom = prefix;
        return execute(config, data, log, start, elapsed, rows, restoreFrom, tensorBoardWritten);
    }

    private static Outcome execute(RunConfig c, Preset.Data data, PrintStream log, long start, double elapsed0,
                                   List<Row> rows) throws IOException {
        return execute(c, data, log, start, elapsed0, rows, null, -1);
    }

    private static Outcome execute(RunConfig c, Preset.Data data, PrintStream log, long start, double elapsed0,
                                   List<Row> rows, Path restoreFrom, long tensorBoardWritten) throws IOException {
        Preset p = c.effectivePreset();
        int n = data.train().count();
        Model model = p.model();
        Method.Plan plan = c.method().plan(n, c.seed(), model.hasBatchNorm());
        int[] evalIdx = evalSubset(data.test().count(), c.evalSubset(), c.dataSeed());
        TrainingGraph.Options opts = p.graphOptions(Streams.derive(c.seed(), "deep.init"), c.protocol())
                .withThreads(c.intraThreads(), c.interThreads());
        LearningRateSchedule schedule = c.schedule();
        long augmentStream = Streams.derive(c.seed(), "deep.augment");
        Map<String, Object> runInfo = RunJson.runInfo(c, n, data, plan);
        String startedAt = Instant.now().toString();
        MetricsFile.write(c.out(), rows);
        try (Interruption.Run ignored = Interruption.enter();
             TrainingGraph g = TrainingGraph.build(model, data.train(), data.test(), opts);
             TensorBoardLog tb = TensorBoardLog.forTraining(c.out(), log)) {
            if (restoreFrom != null) {
                try {
                    g.restore(restoreFrom);
                } catch (RuntimeException e) {   // damaged data that no digest guarded (checkpoints written before digests)
                    String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
                    throw new RunFileException(restoreFrom, "TensorFlow cannot restore this checkpoint (" + why + "); to restart"
                            + " the run from scratch remove checkpoint.json and checkpoints/");
                }
            }
            long t0 = System.nanoTime();
            double stepSeconds = 0;
            long steps = 0;
            Progress progress = new Progress(c.progress() ? log : null, c.iterations(), start);
            RunJson.write(c.out(), runInfo, startedAt, "running", start, null, rows);
            if (start == 0 && rows.isEmpty()) {
                rows.add(evaluate(g, 0, evalIdx, elapsed0));
                MetricsFile.append(c.out(), rows.get(rows.size() - 1));
                tb.row(rows.get(rows.size() - 1), schedule.at(0));
            }
            long lastCheckpoint = start;
            for (long k = start; k < c.iterations(); k++) {
                Method.Feed feed = plan.draw(k);
                if (opts.augment()) {
                    // the crops and flips of iteration k depend only on (seed, k): a resumed run draws the same
                    g.augmentWith(Streams.create(Streams.derive(augmentStream, k)));
                }
                long s0 = System.nanoTime();
                double[] loss = step(g, feed, schedule.at(k), p.chunk());
                stepSeconds += (System.nanoTime() - s0) / 1e9;
                steps++;
                if (!Double.isFinite(loss[0]) || !Double.isFinite(loss[1])) {
                    String msg = String.format(Locale.ROOT, "iteration %d: the loss is not finite (randomized loss L.W = %s,"
                                    + " mean loss = %s); run stopped, last good checkpoint: %s", k + 1, loss[0], loss[1],
                            lastCheckpoint == 0 && !Files.exists(c.out().resolve("checkpoint.json")) ? "none"
                                    : "iteration " + lastCheckpoint + " (" + c.out().resolve("checkpoint.json") + ")");
                    progress.finish();
                    log.println(msg);
                    RunJson.write(c.out(), runInfo, startedAt, "stopped: non-finite loss", k, msg, rows);
                    return new Outcome(Status.STOPPED_NON_FINITE, k, List.copyOf(rows), msg,
                            elapsed0 + (System.nanoTime() - t0) / 1e9, steps == 0 ? Double.NaN : stepSeconds / steps);
                }
                long done = k + 1;
                double elapsed = elapsed0 + (System.nanoTime() - t0) / 1e9;
                if (done % c.evalEvery() == 0 || done == c.iterations()) {
                    Row r = evaluate(g, done, evalIdx, elapsed);
                    rows.add(r);
                    try {
                        MetricsFile.append(c.out(), r);
                        if (done > tensorBoardWritten) {
                            tb.row(r, schedule.at(done));
                        }
                        if (done - lastCheckpoint >= c.checkpointEvery() || done == c.iterations()) {
                            checkpoint(g, c.out(), done, elapsed);
                            lastCheckpoint = done;
                            RunJson.write(c.out(), runInfo, startedAt, "running", done, null, rows);
                        }
                    } catch (IOException | RuntimeException e) {
                        progress.finish();
                        throw saveFailed(c.out(), runInfo, startedAt, done, lastCheckpoint, rows, e);
                    }
                }
                progress.update(done, loss[1]);
                if (Interruption.requested() && done < c.iterations()) {
                    // Ctrl-C: save this step's weights so that nothing computed is lost, and say so
                    progress.finish();
                    try {
                        if (done > lastCheckpoint) {
                            checkpoint(g, c.out(), done, elapsed);
                        }
                        String msg = "interrupted after iteration " + done + "; continue with: msgd train --resume " + c.out();
                        RunJson.write(c.out(), runInfo, startedAt, "interrupted", done, msg, rows);
                        log.println(msg);
                        return new Outcome(Status.INTERRUPTED, done, List.copyOf(rows), msg, elapsed,
                                stepSeconds / steps);
                    } catch (IOException | RuntimeException e) {
                        throw saveFailed(c.out(), runInfo, startedAt, done, lastCheckpoint, rows, e);
                    }
                }
            }
            progress.finish();
            double total = elapsed0 + (System.nanoTime() - t0) / 1e9;
            runInfo.put("secondsPerStep", steps == 0 ? null : stepSeconds / steps);
            RunJson.write(c.out(), runInfo, startedAt, "completed", c.iterations(), null, rows);
            return new Outcome(Status.COMPLETED, c.iterations(), List.copyOf(rows), "completed", total,
                    steps == 0 ? Double.NaN : stepSeconds / steps);
        }
    }

    /**
     * A write of the run failed at {@code done} (a full disk, a removed directory): run.json says
     * "failed" with the reason when it still can be written, and the error is one line saying what
     * is kept and how to continue. The files stay as they are: resuming drops a cut metrics row.
     */
    private static IOException saveFailed(Path out, Map<String, Object> runInfo, String startedAt, long done,
                                          long lastCheckpoint, List<Row> rows, Exception e) {
        String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        String msg = "iteration " + done + ": saving the run failed (" + reason + "); "
                + (lastCheckpoint == 0 ? "no checkpoint yet" : "the last good checkpoint is at iteration " + lastCheckpoint)
                + "; free the space and continue with: msgd train --resume " + out;
        try {
            RunJson.write(out, runInfo, startedAt, "failed", lastCheckpoint, msg,
                    rows.subList(0, Math.max(0, rows.size() - 1)));
        } catch (IOException | RuntimeException again) {
            msg += " (run.json could not be updated either: " + again.getMessage() + ")";
        }
        return new IOException(msg, e);
    }

    /** One update; returns {randomized loss L.W, mean loss over the fed examples}. */
    static double[] step(TrainingGraph g, Method.Feed feed, double lr, int chunk) {
        if (feed.size() <= chunk) {
            TrainingGraph.StepStats s = g.step(feed.indices(), feed.weights(), lr);
            return new double[] {s.randomizedLoss(), s.meanLoss()};
        }
        double lw = 0;
        double sum = 0;
        for (int from = 0; from < feed.size(); from += chunk) {
            int to = Math.min(feed.size(), from + chunk);
            TrainingGraph.StepStats s = g.accumulate(Arrays.copyOfRange(feed.indices(), from, to),
                    Arrays.copyOfRange(feed.weights(), from, to));
            lw += s.randomizedLoss();
            sum += s.meanLoss() * (to - from);
        }
        g.applyAccumulated(lr);
        return new double[] {lw, sum / feed.size()};
    }

    private static Row evaluate(TrainingGraph g, long iteration, int[] evalIdx, double elapsed) {
        TrainingGraph.Evaluation tr = g.evaluate(TrainingGraph.Pool.TRAIN, null, EVAL_CHUNK);
        TrainingGraph.Evaluation te = g.evaluate(TrainingGraph.Pool.TEST, evalIdx, EVAL_CHUNK);
        return new Row(iteration, tr.meanLoss(), tr.accuracy(), te.meanLoss(), te.accuracy(), elapsed);
    }

    /** A seeded, sorted subset of m test indices (null: all). Depends only on the data seed. */
    static int[] evalSubset(int count, int m, long dataSeed) {
        if (m == 0 || m >= count) {
            return null;
        }
        int[] perm = PermutationSampler.natural(count);
        PermutationSampler.shuffle(Streams.create(Streams.derive(dataSeed, "deep.eval-subset")), perm);
        int[] idx = Arrays.copyOf(perm, m);
        Arrays.sort(idx);
        return idx;
    }

    // ------------------------------------------------------------------ files

    /** Saves the weights under checkpoints/ckpt-K (written beside, then renamed), then checkpoint.json. */
    private static void checkpoint(TrainingGraph g, Path out, long iteration, double elapsed) throws IOException {
        Path dir = out.resolve("checkpoints");
        Files.createDirectories(dir);
        Path finalDir = out.resolve(CheckpointState.prefixFor(iteration)).getParent();
        Path tmp = dir.resolve(finalDir.getFileName() + ".tmp");
        try {
            deleteTree(tmp);
            Files.createDirectories(tmp);
            g.save(tmp.resolve("model"));
            deleteTree(finalDir);
            Files.move(tmp, finalDir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                deleteTree(tmp);
            } catch (IOException ignored) {
                // the failure below is the one to report
            }
            throw e;
        }
        CheckpointState.write(out, iteration, elapsed);
        try (Stream<Path> old = Files.list(dir)) {
            for (Path p : old.toList()) {
                if (!p.equals(finalDir)) {
                    deleteTree(p);
                }
            }
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }

    /** Reads the rows of a complete metrics.csv (see {@link MetricsFile#read}). */
    public static List<Row> readMetrics(Path file) throws IOException {
        return MetricsFile.read(file);
    }

    /** The device description used in run.json and benchmarks. */
    public static String device(int intra, int inter) {
        return "CPU, " + Runtime.getRuntime().availableProcessors() + " cores available, "
                + System.getProperty("os.arch") + "; TensorFlow " + TensorFlow.version() + " threads intra-op="
                + (intra == 0 ? "default" : intra) + " inter-op=" + (inter == 0 ? "default" : inter);
    }

}
