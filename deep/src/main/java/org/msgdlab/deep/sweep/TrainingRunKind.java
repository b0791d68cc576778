package org.msgdlab.deep.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.deep.study.WindowStatistic;
import org.msgdlab.deep.train.MetricsFile;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.RunSettings;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.sweeps.RunKind;
import org.msgdlab.sweeps.SweepRun;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs of kind {@code deep.train}: one {@code msgd train} run each, its settings those of
 * {@link TrainingSweep}, executed with {@link Trainer#runOrContinue} (reused when completed,
 * continued from its last checkpoint when begun), so an interrupted or requeued run ends with the
 * numbers of an uninterrupted one.
 */
public final class TrainingRunKind implements RunKind {

    /** The kind's name in a plan file. */
    public static final String NAME = "deep.train";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The settings a run of this kind may have: those {@link #config} reads and the paired study's bookkeeping. */
    public static final List<String> SETTINGS = List.of("preset", "protocol", "pixels", "init", "split", "sgd-sampling",
            "bernoulli-batch", "method", "magnitude", TrainingSweep.PAIRED_SEED, TrainingSweep.MASTER_SEED, "seed", "data-seed", "eval-every",
            "eval-subset", "checkpoint-every", "threads", "iterations", "lr", "data", SweepPlugins.JARS, SweepPlugins.DIGESTS,
            SweepPlugins.TIMEOUT, "blind");

    /** The settings a run of this kind must name: a sweep's run is explicit about what decides its numbers. */
    private static final List<String> REQUIRED = List.of("preset", "protocol", "method", "seed", "data-seed", "eval-every",
            "eval-subset", "checkpoint-every", "threads");

    private final org.msgdlab.deep.train.TrainingContext context;

    /**
     * The kind whose runs stop when {@code context}'s cancellation is requested (a sweep task's TERM or Ctrl-C:
     * the run saves and its task is requeued) and record {@code context}'s environment. A kind only read (a plan, its
     * runs' states) trains nothing: any context does, e.g. {@link org.msgdlab.deep.train.TrainingContext#uncancelled}.
     *
     * @param context when to stop, and the environment recorded in run.json
     */
    public TrainingRunKind(org.msgdlab.deep.train.TrainingContext context) {
        this.context = java.util.Objects.requireNonNull(context, "context");
    }

    @Override
    public String name() {
        return NAME;
    }

    /**
     * The configuration the settings of a run describe, writing to {@code out}. Required:
     * preset, protocol, method, seed, data-seed, eval-every, eval-subset, checkpoint-every, threads;
     * optional: the protocol differences (pixels, init, split, sgd-sampling, bernoulli-batch),
     * magnitude, iterations and lr (the preset's under the protocol when absent), data, the plug-ins a
     * {@code plugin:NAME} method calls ({@link SweepPlugins}: loaded here, each jar checked against its digest), and
     * {@code blind} (true: the run's log and status withhold its accuracies).
     *
     * @param s   the run's settings
     * @param out the run directory
     * @return the configuration
     * @throws IllegalArgumentException when a required setting is missing, a number or {@code threads} (INTRA,INTER)
     *                                  does not parse, or a value is refused by {@link Preset#parse},
     *                                  {@link Method#parse}, {@link Protocol} or {@link RunConfig}
     */
    public static RunConfig config(Map<String, String> s, Path out) {
        for (String key : REQUIRED) {
            if (!s.containsKey(key)) {
                throw new IllegalArgumentException("a deep.train run needs the setting '" + key + "'");
            }
        }
        RunSettings settings = RunSettings.read(s);
        List<org.msgdlab.theory.plugin.NoisePlugin> plugins = SweepPlugins.of(s).loaded();
        blind(s);
        return settings.config(out, plugins, false);
    }

    /**
     * Whether a run's log and status withhold its accuracies (setting {@code blind}: {@code true} for the runs of a
     * pre-registered study, {@code msgd study run PLAN --as-sweep}, whose plan computes nothing before its looks).
     */
    static boolean blind(Map<String, String> s) {
        String b = s.getOrDefault("blind", "false");
        if (!b.equals("true") && !b.equals("false")) {
            throw new IllegalArgumentException("blind=" + b + " must be true or false");
        }
        return b.equals("true");
    }

    /**
     * Checks the run's settings as {@link #config} reads them, and that every setting is one a
     * {@code deep.train} run has ({@link #SETTINGS}).
     *
     * @throws IllegalArgumentException naming the setting, its value and the rule it breaks
     */
    @Override
    public void check(SweepRun run) {
        for (String k : run.settings().keySet()) {
            if (!SETTINGS.contains(k)) {
                throw new IllegalArgumentException("setting '" + k + "' is not one of a deep.train run's " + SETTINGS);
            }
        }
        config(run.settings(), Path.of("."));
    }

    @Override
    public Optional<String> conflict(SweepRun run, Path runDir) throws IOException {
        return Trainer.difference(config(run.settings(), runDir));
    }

    @Override
    public Progress progress(SweepRun run, Path runDir) throws IOException {
        RunConfig c = config(run.settings(), runDir);
        Path runJson = runDir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            return Files.isDirectory(runDir.resolve("checkpoints")) ? new Progress(true, false, "checkpoints only") : Progress.NONE;
        }
        if (Trainer.difference(c).isPresent()) {
            return new Progress(true, false, "holds a run with other settings");
        }
        Optional<Trainer.Outcome> done = Trainer.completedOrPrefix(c, m -> { });
        if (done.isPresent() && blind(run.settings())) {
            return new Progress(true, true, "completed (accuracy withheld: a pre-registered study's run)");
        }
        if (done.isPresent()) {
            List<Trainer.Row> rows = done.get().rows();
            return new Progress(true, true, String.format(Locale.ROOT, "completed: test accuracy %.4f at the end, %.4f over"
                    + " the last 20%%", WindowStatistic.last(rows), WindowStatistic.of(rows, c.iterations())));
        }
        JsonNode stored = JSON.readTree(runJson.toFile());
        String status = stored.path("status").asText();
        List<Trainer.Row> rows = Files.isRegularFile(runDir.resolve(MetricsFile.NAME))
                ? MetricsFile.readForResume(runDir.resolve(MetricsFile.NAME), new PrintStream(OutputStream.nullOutputStream()))
                : List.of();
        String reached = rows.isEmpty() ? "no evaluation yet" : blind(run.settings())
                ? String.format(Locale.ROOT, "iteration %,d of %,d", rows.get(rows.size() - 1).iteration(), c.iterations())
                : String.format(Locale.ROOT, "iteration %,d of %,d, test accuracy %.4f", rows.get(rows.size() - 1).iteration(),
                c.iterations(), rows.get(rows.size() - 1).testAccuracy());
        if (status.startsWith("stopped")) {
            return new Progress(true, true, status + " at " + reached);   // a diverged run is a result
        }
        // the state word (running, interrupted) is the sweep's own, from the run's lock: run.json's is left out when it is
        // one of these, for it may be stale (a run killed while running still says "running": issue 47 saw
        // "interrupted ... (running, ...)"); any other word (failed, completed at fewer iterations) is said as run.json's
        String said = status.equals("running") || status.equals("interrupted") ? "" : "run.json says " + status + "; ";
        return new Progress(true, false, said + reached);
    }

    @Override
    public boolean execute(SweepRun run, Path runDir, PrintStream log) throws Exception {
        RunConfig c = config(run.settings(), runDir);
        log.println("sweep: " + run.id() + ": " + c.preset().id() + ", " + c.method().paperName() + ", " + c.iterations()
                + " iterations, protocol " + c.protocol().name() + ", seed " + c.seed());
        SweepPlugins plugins = SweepPlugins.of(run.settings());
        Trainer.Outcome o = Trainer.runOrContinue(c, null, log, plugins.jars().isEmpty() ? context
                : context.withPluginCallLimit(plugins.callLimit()));
        log.println(String.format(Locale.ROOT, "sweep: %s: %s after %d iterations, %s", run.id(), o.status(), o.iterationsDone(),
                blind(run.settings()) ? "accuracy withheld (a pre-registered study's run)"
                        : String.format(Locale.ROOT, "test accuracy %.4f", o.last().testAccuracy())));
        return o.status() != Trainer.Status.INTERRUPTED;
    }
}
