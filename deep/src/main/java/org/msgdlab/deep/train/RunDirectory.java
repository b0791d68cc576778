package org.msgdlab.deep.train;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.train.Trainer.Outcome;
import org.msgdlab.deep.train.Trainer.Row;
import org.msgdlab.deep.train.Trainer.Status;
import org.msgdlab.core.claims.Provenance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A run directory read before training: what it holds ({@code run.json}, {@code metrics.csv},
 * {@code checkpoint.json}) and what to do with it for a given {@link RunConfig}: start a fresh run,
 * reuse a completed one, continue an unfinished one from its last checkpoint, or take the first
 * iterations of a longer run of the same settings; and the comparison of two configurations on the
 * settings that change the metrics. The public entry points are {@link Trainer}'s; the training
 * itself is {@link TrainingLoop}'s.
 */
final class RunDirectory {

    private RunDirectory() {
    }

    /** {@link Trainer#run}. */
    static Outcome start(RunConfig config, Preset.Data data, PrintStream log, TrainingContext context) throws IOException {
        Path out = config.out();
        if (Files.exists(out.resolve("run.json"))) {
            throw new IllegalArgumentException("output directory " + out + " already holds a run (run.json);"
                    + " use --resume " + out + " to continue it, or choose another --out");
        }
        Files.createDirectories(out);
        requireNoForeignFiles(out);
        return TrainingLoop.execute(config, data == null ? config.preset().load(config.dataDir(), config.dataSeed(), config.protocol()) : data,
                log, context, 0, 0.0, new ArrayList<>());
    }

    /**
     * A fresh run writes only into a folder that holds nothing of anyone else's: without run.json, any file
     * but the locks and what a run's own first moments leave (a metrics.csv of the header alone, its
     * TensorBoard folder) is the user's, and a run would overwrite or delete it (issue 33, D10).
     */
    static void requireNoForeignFiles(Path out) throws IOException {
        List<String> foreign = new ArrayList<>();
        try (var entries = Files.list(out)) {
            for (Path p : (Iterable<Path>) entries.sorted()::iterator) {
                String name = p.getFileName().toString();
                // the sweep's own files in a run's folder: its lock, its failure record, its task's log
                boolean ours = name.equals(org.msgdlab.core.io.FolderLock.NAME) || name.equals("sweep.lock")
                        || name.equals("sweep-failure.txt") || name.equals(org.msgdlab.sweeps.LocalExecutor.TASK_LOG)
                        // a plan file's study: the plan's digest, recorded before the run starts
                        || name.equals(org.msgdlab.deep.plan.PlanDigests.RUN_FILE)
                        // a metrics.csv of our header alone (a user's one-line file is the user's)
                        || (name.equals(MetricsFile.NAME) && Files.isRegularFile(p)
                                && Files.readString(p).strip().equals(MetricsFile.HEADER))
                        || (name.equals(TensorBoardLog.DIR) && Files.isDirectory(p));
                if (!ours) {
                    foreign.add(name + (Files.isDirectory(p) ? "/" : ""));
                }
            }
        }
        if (!foreign.isEmpty()) {
            throw new IllegalArgumentException("output directory " + out + " holds " + foreign + " but no run.json: files"
                    + " that are not a run of msgd train, which a new run would overwrite; choose an empty or new --out");
        }
    }

    /** {@link Trainer#runOrContinue}. */
    static Outcome runOrContinue(RunConfig config, Preset.Data data, PrintStream log, TrainingContext context)
            throws IOException {
        Path dir = config.out();
        Path runJson = dir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            return start(config, data, log, context);
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
            return resume(dir, config.iterations(), config.progress(), log, context);
        }
        if (differs != null) {
            throw new IllegalArgumentException(dir + " holds a run with other settings (" + differs + "); remove it or"
                    + " choose another output directory");
        }
        if ("completed".equals(stored.path("status").asText())) {
            return reuseCompleted(dir, stored, config.iterations(), log, "reusing the completed run in " + dir);
        }
        return resume(dir, 0, config.progress(), log, context);
    }

    /**
     * A completed run of {@code iterations} iterations as it is, without training: its rows, and the seconds per
     * step run.json recorded (else the elapsed time per iteration); {@code says} goes to the log first.
     */
    private static Outcome reuseCompleted(Path dir, JsonNode stored, int iterations, PrintStream log, String says)
            throws IOException {
        List<Row> rows = MetricsFile.read(dir.resolve("metrics.csv"));
        requireCompleteRows(dir, rows, iterations);
        Row last = rows.get(rows.size() - 1);
        JsonNode sps = stored.get("secondsPerStep");
        double perStep = sps == null || sps.isNull() ? last.elapsedSeconds() / iterations : sps.asDouble();
        String madeAt = stored.path("versions").path("msgd-lab commit").asText("unknown");
        String now = Provenance.currentCommit();
        log.println(says + (madeAt.equals(now) ? ""
                : " (made by msgd-lab commit " + madeAt + ", this is " + now + "; delete the directory to recompute)"));
        return new Outcome(Status.COMPLETED, iterations, List.copyOf(rows), "reused", last.elapsedSeconds(), perStep);
    }

    /** {@link Trainer#completed}. */
    static java.util.Optional<Outcome> completed(RunConfig config, java.util.function.Consumer<String> mismatch)
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
        Path metrics = dir.resolve(MetricsFile.NAME);
        if (!Files.isRegularFile(metrics)) {
            throw new RunFileException(metrics, "run.json says \"completed\" but the file is missing; restore it, or"
                    + " remove the run directory to train the run again");
        }
        List<Row> rows = MetricsFile.read(metrics);
        requireCompleteRows(dir, rows, config.iterations());
        JsonNode sps = stored.get("secondsPerStep");
        Row last = rows.get(rows.size() - 1);
        double perStep = sps == null || sps.isNull() ? last.elapsedSeconds() / config.iterations() : sps.asDouble();
        return java.util.Optional.of(new Outcome(Status.COMPLETED, config.iterations(), List.copyOf(rows), "read",
                last.elapsedSeconds(), perStep));
    }

    /**
     * The rows of a run whose run.json says "completed" must reach its last iteration: a metrics.csv
     * that stops short (cut by hand or by a copy) is refused in one line naming the file, the last
     * iteration found and the one expected, never read as a run not yet done.
     */
    private static void requireCompleteRows(Path dir, List<Row> rows, int iterations) throws RunFileException {
        long last = rows.isEmpty() ? -1 : rows.get(rows.size() - 1).iteration();
        if (last != iterations) {
            throw new RunFileException(dir.resolve(MetricsFile.NAME), "run.json says \"completed\" but the rows stop at "
                    + (last < 0 ? "no iteration (no rows)" : "iteration " + last) + ", not at the run's last iteration "
                    + iterations + " (cut short?); restore the file, or remove the run directory to train the run again");
        }
    }

    /** {@link Trainer#completedOrPrefix}. */
    static java.util.Optional<Outcome> completedOrPrefix(RunConfig config, java.util.function.Consumer<String> mismatch)
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
        boolean finished = "completed".equals(stored.path("status").asText());
        if (!Files.isRegularFile(metrics)) {
            if (finished) {
                throw new RunFileException(metrics, "run.json says \"completed\" but the file is missing; restore it, or"
                        + " remove the run directory to train the run again");
            }
            return java.util.Optional.empty();
        }
        // a finished longer run must hold all its rows: one emptied or cut by hand is refused, not read as "not there yet"
        List<Row> whole = finished ? MetricsFile.read(metrics)
                : MetricsFile.readForResume(metrics, new PrintStream(java.io.OutputStream.nullOutputStream()));
        if (finished) {
            requireCompleteRows(dir, whole, previous.iterations());
        }
        List<Row> rows = whole.stream().filter(r -> r.iteration() <= config.iterations()).toList();
        if (rows.isEmpty() || rows.get(rows.size() - 1).iteration() != config.iterations()) {
            return java.util.Optional.empty();   // not there yet
        }
        Row last = rows.get(rows.size() - 1);
        return java.util.Optional.of(new Outcome(Status.COMPLETED, config.iterations(), rows, Trainer.PREFIX,
                last.elapsedSeconds(), last.elapsedSeconds() / config.iterations()));
    }

    /** {@link Trainer#difference}. */
    static java.util.Optional<String> difference(RunConfig config) throws IOException {
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
     * A run continues only with the kernels it was trained with (run.json's {@code kernels}; runs
     * written before it was recorded continue with any): the others round differently, and the
     * continued run would not be the one a single sitting computes.
     */
    static void requireSameKernels(Path dir, JsonNode stored) {
        JsonNode k = stored.get("kernels");
        if (k == null || k.isNull()) {
            return;
        }
        Kernels was = Kernels.parse(k.asText());
        Kernels now = Kernels.current();
        if (was != now) {
            throw new IllegalArgumentException(dir + " was trained with " + was.id() + " kernels and this process runs "
                    + now.id() + " ones, so it would not continue bit for bit; continue it with " + was.environment()
                    + " in the environment");
        }
    }

    /**
     * A run continues only where it would compute the bits it started with: the same build, kernels,
     * instruction set, CPU, threads, environment and JVM (run.json's {@code bits}, {@link BitProvenance};
     * runs written before it was recorded continue as before). Otherwise the continued run would be
     * neither the run a single sitting here computes nor the one it started as. {@code environment} is the
     * environment this process runs in.
     */
    static void requireSameBits(Path dir, JsonNode stored, java.util.Map<String, String> environment) {
        java.util.Optional<BitProvenance> recorded = BitProvenance.of(stored);
        if (recorded.isEmpty()) {
            return;
        }
        BitProvenance was = recorded.get();
        List<String> d = was.differences(BitProvenance.current(was.intraThreads(), was.interThreads(), environment));
        if (!d.isEmpty()) {
            throw new IllegalArgumentException(dir + " was trained where its bits differ from this process's (" + String.join("; ", d)
                    + "), so it would not continue bit for bit; continue it with the build, machine type and environment"
                    + " run.json records under \"bits\"");
        }
    }

    /** {@link Trainer#resume}. */
    static Outcome resume(Path dir, int iterations, boolean progress, PrintStream log, TrainingContext context)
            throws IOException {
        Path runJson = dir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            throw new IllegalArgumentException("--resume " + dir + ": no run.json there (not a run directory)");
        }
        if (iterations < 0) {
            throw new IllegalArgumentException("--iterations " + iterations + " must be >= 1 (the last iteration to reach;"
                    + " leave it out to continue to the run's own)");
        }
        JsonNode stored = RunJson.read(runJson);
        RunConfig config = RunJson.configFrom(stored, runJson, dir).withProgress(progress);
        int own = config.iterations();
        if (iterations > 0) {
            config = config.withIterations(iterations);
        }
        if ("completed".equals(stored.path("status").asText()) && config.iterations() == own) {
            // nothing to train: reported as it is, run.json (its secondsPerStep) untouched
            return reuseCompleted(dir, stored, own, log, dir + " is already completed at iteration " + own
                    + "; nothing to continue (give --iterations above " + own + " to train it further)");
        }
        requireSameKernels(dir, stored);
        requireSameBits(dir, stored, context.environment());
        long start = 0;
        double elapsed = 0;
        List<Row> rows = new ArrayList<>();
        Path prefix = null;
        long tensorBoardWritten = -1;
        Path metrics = dir.resolve(MetricsFile.NAME);
        if (Files.isRegularFile(dir.resolve(CheckpointState.NAME))) {
            // read against the larger of the run's own end and the one asked, so that asking for less than the run
            // has reached is said as such, not blamed on an intact checkpoint.json (issue 33, D11)
            CheckpointState ck = CheckpointState.read(dir, Math.max(own, config.iterations()), log);
            if (ck.iteration() > config.iterations()) {
                throw new IllegalArgumentException("--resume " + dir + " --iterations " + config.iterations() + ": the run is"
                        + " already at iteration " + ck.iteration() + " (its checkpoint), past " + config.iterations()
                        + "; give --iterations above " + ck.iteration() + " to continue it, or none to leave it as it is");
            }
            CheckpointState.requireSameRun(dir, config);
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
        return TrainingLoop.execute(config, data, log, context, start, elapsed, rows, restoreFrom, tensorBoardWritten);
    }
}
