package org.msgdlab.deep.train;

import org.apache.commons.rng.sampling.PermutationSampler;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.Model;
import org.msgdlab.deep.train.Trainer.Outcome;
import org.msgdlab.deep.train.Trainer.Row;
import org.msgdlab.deep.train.Trainer.Status;
import org.msgdlab.core.random.Streams;
import org.msgdlab.theory.plugin.PluginFailure;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The training of one run, from a given iteration (0, or a checkpoint's) to the configured number
 * of iterations: the steps (with the noise and data order of iteration k drawn from (seed, k)), the
 * evaluations every {@code evalEvery} iterations appended to {@code metrics.csv} and TensorBoard,
 * the atomic checkpoints, {@code run.json} at each stage (running, completed, interrupted, stopped
 * on a non-finite loss, failed to save, failed in a plug-in's call), and a requested stop (Ctrl-C: {@link Cancellation}). What to train, and from where, is decided by
 * {@link RunDirectory}.
 */
final class TrainingLoop {

    private static final int EVAL_CHUNK = 2000;

    private TrainingLoop() {
    }

    /** A fresh run's training (no checkpoint to restore, nothing in TensorBoard yet). */
    static Outcome execute(RunConfig c, Preset.Data data, PrintStream log, TrainingContext context, long start,
                           double elapsed0, List<Row> rows) throws IOException {
        return execute(c, data, log, context, start, elapsed0, rows, null, -1);
    }

    /**
     * Trains {@code c} from iteration {@code start}, {@code rows} holding the metrics rows up to it and
     * {@code elapsed0} the seconds spent so far; the weights are restored from {@code restoreFrom}
     * first when it is not null, and the rows up to iteration {@code tensorBoardWritten} are already
     * in the TensorBoard log. The run holds {@code context}'s cancellation while it trains and stops after
     * the step at which it is requested; run.json records {@code context}'s environment.
     */
    static Outcome execute(RunConfig given, Preset.Data data, PrintStream log, TrainingContext context, long start,
                           double elapsed0, List<Row> rows, Path restoreFrom, long tensorBoardWritten) throws IOException {
        // a plug-in's calls under this run's time limit, given up when the run is stopped (the other methods: as they are)
        Method bound = given.method().withPluginLimits(context.pluginLimits());
        RunConfig c = bound == given.method() ? given : given.withMethod(bound);
        Preset p = c.effectivePreset();
        int n = data.train().count();
        Model model = p.model();
        int[] evalIdx = evalSubset(data.test().count(), c.evalSubset(), c.dataSeed());
        GraphOptions opts = p.graphOptions(Streams.derive(c.seed(), "deep.init"), c.protocol())
                .withThreads(c.intraThreads(), c.interThreads());
        LearningRateSchedule schedule = c.schedule();
        long augmentStream = Streams.derive(c.seed(), "deep.augment");
        Method.Plan plan;
        Map<String, Object> runInfo;
        try {
            plan = c.method().plan(n, c.seed(), model.hasBatchNorm());
            runInfo = RunJson.runInfo(c, n, data, plan, context.environment());
        } catch (PluginFailure f) {
            // the plug-in's create (or its noise's name) failed: the run's files are as they were
            throw f.with("; nothing was trained or written");
        }
        String startedAt = Instant.now().toString();
        MetricsFile.write(c.out(), rows);
        try (Cancellation.Hold ignored = context.cancellation().hold();
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
            double evalSeconds = 0;
            long evals = 0;
            Progress progress = new Progress(c.progress() ? log : null, c.iterations(), start);
            RunJson.write(c.out(), runInfo, startedAt, "running", start, null, rows);
            if (start == 0 && rows.isEmpty()) {
                long e0 = System.nanoTime();
                rows.add(evaluate(g, 0, evalIdx, elapsed0));
                evalSeconds += (System.nanoTime() - e0) / 1e9;
                evals++;
                MetricsFile.append(c.out(), rows.get(rows.size() - 1));
                tb.row(rows.get(rows.size() - 1), schedule.at(0));
            }
            long lastCheckpoint = start;
            for (long k = start; k < c.iterations(); k++) {
                Method.Feed feed;
                try {
                    feed = plan.draw(k);
                } catch (PluginFailure f) {
                    progress.finish();
                    return pluginStopped(f, g, c, runInfo, startedAt, k, lastCheckpoint, rows,
                            elapsed0 + (System.nanoTime() - t0) / 1e9, steps == 0 ? Double.NaN : stepSeconds / steps, log);
                }
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
                    long e0 = System.nanoTime();
                    Row r = evaluate(g, done, evalIdx, elapsed);
                    evalSeconds += (System.nanoTime() - e0) / 1e9;
                    evals++;
                    rows.add(r);
                    try {
                        MetricsFile.append(c.out(), r);
                        if (done > tensorBoardWritten) {
                            tb.row(r, schedule.at(done));
                        }
                        if (!Double.isFinite(r.trainLoss()) || !Double.isFinite(r.testLoss())) {
                            // the step's loss was finite but the weights it made are not: the run diverged here
                            String msg = String.format(Locale.ROOT, "iteration %d: the evaluated loss is not finite (train"
                                            + " loss = %s, test loss = %s); run stopped (diverged), last good checkpoint: %s",
                                    done, r.trainLoss(), r.testLoss(), lastCheckpoint == 0
                                            && !Files.exists(c.out().resolve("checkpoint.json")) ? "none"
                                            : "iteration " + lastCheckpoint + " (" + c.out().resolve("checkpoint.json") + ")");
                            progress.finish();
                            log.println(msg);
                            RunJson.write(c.out(), runInfo, startedAt, "stopped: non-finite loss", done, msg, rows);
                            return new Outcome(Status.STOPPED_NON_FINITE, done, List.copyOf(rows), msg, elapsed,
                                    stepSeconds / steps);
                        }
                        if (done - lastCheckpoint >= c.checkpointEvery() || done == c.iterations()) {
                            checkpoint(g, c, done, elapsed);
                            lastCheckpoint = done;
                            RunJson.write(c.out(), runInfo, startedAt, "running", done, null, rows);
                        }
                    } catch (IOException | RuntimeException e) {
                        progress.finish();
                        throw saveFailed(c.out(), runInfo, startedAt, done, lastCheckpoint, rows, e);
                    }
                }
                progress.update(done, loss[1]);
                if (context.cancellation().requested() && done < c.iterations()) {
                    // Ctrl-C: save this step's weights so that nothing computed is lost, and say so
                    progress.finish();
                    try {
                        if (done > lastCheckpoint) {
                            checkpoint(g, c, done, elapsed);
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
            // a run's wall time = steps x secondsPerStep + evaluations x secondsPerEvaluation (+ checkpoints)
            runInfo.put("secondsPerEvaluation", evals == 0 ? null : evalSeconds / evals);
            RunJson.write(c.out(), runInfo, startedAt, "completed", c.iterations(), null, rows);
            return new Outcome(Status.COMPLETED, c.iterations(), List.copyOf(rows), "completed", total,
                    steps == 0 ? Double.NaN : stepSeconds / steps);
        }
    }

    /**
     * A call into the plug-in of a {@code plugin:NAME} method failed while drawing the feed of the step after
     * {@code done}: the weights of {@code done} steps are saved (nothing computed is lost), then run.json says
     * "interrupted" when the run was stopped (Ctrl-C, TERM) during the call, and the outcome says so as for any
     * interruption; otherwise it says "failed" with the plug-in's line, and that line, with what was kept, is thrown.
     * Either way the run continues with {@code msgd train --resume}.
     */
    private static Outcome pluginStopped(PluginFailure f, TrainingGraph g, RunConfig c, Map<String, Object> runInfo,
                                         String startedAt, long done, long lastCheckpoint, List<Row> rows, double elapsed,
                                         double secondsPerStep, PrintStream log) throws IOException {
        long kept = lastCheckpoint;
        try {
            if (done > lastCheckpoint) {
                checkpoint(g, c, done, elapsed);
                kept = done;
            }
        } catch (IOException | RuntimeException e) {
            throw saveFailed(c.out(), runInfo, startedAt, done, lastCheckpoint, rows, e);
        }
        String resume = "continue with: msgd train --resume " + c.out();
        if (f.kind() == PluginFailure.Kind.STOPPED) {
            // stopped during the first step's draw: there is no checkpoint, and "after iteration 0" said nothing of that
            String msg = kept == 0 && !Files.exists(c.out().resolve(CheckpointState.NAME))
                    ? "interrupted before its first step was done (" + f.getMessage() + "); nothing was saved yet but the"
                    + " evaluation at iteration 0; msgd train --resume " + c.out() + " starts the run again from iteration 0"
                    : "interrupted after iteration " + done + " (" + f.getMessage() + "); " + resume;
            RunJson.write(c.out(), runInfo, startedAt, "interrupted", done, msg, rows);
            log.println(msg);
            return new Outcome(Status.INTERRUPTED, done, List.copyOf(rows), msg, elapsed, secondsPerStep);
        }
        PluginFailure failed = f.with("; the run stopped " + (done == 0 ? "before its first step" : "after iteration " + done)
                + " and is marked failed in "
                + c.out().resolve("run.json") + " (" + (kept == 0 && !Files.exists(c.out().resolve(CheckpointState.NAME))
                ? "no checkpoint yet" : "checkpoint at iteration " + kept) + "; once the plug-in is fixed, " + resume + ")");
        RunJson.write(c.out(), runInfo, startedAt, "failed", done, failed.getMessage(), rows);
        throw failed;
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
    private static void checkpoint(TrainingGraph g, RunConfig c, long iteration, double elapsed) throws IOException {
        Path out = c.out();
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
        CheckpointState.write(out, iteration, elapsed, CheckpointState.identity(c));
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
}
