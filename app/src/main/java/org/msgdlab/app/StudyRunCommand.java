package org.msgdlab.app;

import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.plan.PlanDigests;
import org.msgdlab.deep.plan.PlanFile;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRunner;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.train.BitProvenance;
import org.msgdlab.deep.train.ShutdownCancellation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code msgd study run PLAN}: trains a plan file's study, whole paired seeds at a time, each computed alike, up to its
 * next look; each run records the plan's digest before it starts, and a plan changed after its first run is refused.
 * Resumable: the same command continues interrupted runs and reuses completed ones. The log withholds every run's
 * accuracies (the plan computes nothing before its looks); {@code msgd study look PLAN} decides.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Trains a plan file's study (docs/study-plan.md) in PLAN's folder: whole paired seeds, each computed"
                + " alike, to the next look (or --seeds N); resumable; the log shows no run's accuracy.",
                "With --as-sweep it trains nothing: it writes those runs as a sweep in PLAN's folder for `msgd sweep run`"
                        + " (a cluster: --executor slurm).",
                "Then `msgd study look PLAN` decides the claims at the looks reached."})
final class StudyRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN", description = "the plan file (docs/study-plan.md)")
    Path planFile;

    @Option(names = "--seeds", paramLabel = "auto|N", defaultValue = SeedCount.AUTO_NAME, converter = SeedCount.Converter.class,
            description = "auto (default): whole paired seeds up to the plan's next look not yet complete; N: paired seeds"
                    + " 0..N-1 (at most the cap, plus one per seed left out when the plan replaces them)")
    SeedCount seeds;

    @Option(names = "--workers", paramLabel = "W", defaultValue = "2", description = "runs at a time, one thread each (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(names = "--hours", paramLabel = "H", description = "start no run after this many hours (a run started before finishes)")
    Double hours;

    @Option(names = "--data", paramLabel = "DIR", description = "Fashion-MNIST directory (default: /usr/share/datasets/fashion-mnist)")
    Path data;

    @Option(names = PluginTimeoutConverter.OPTION, paramLabel = "SECONDS", converter = PluginTimeoutConverter.class,
            defaultValue = "" + org.msgdlab.theory.plugin.PluginGuard.DEFAULT_LIMIT_SECONDS, description = PluginTimeoutConverter.HELP)
    Duration pluginTimeout;

    @Option(names = "--as-sweep", description = "train nothing here: write the runs up to the next look (or --seeds N) as"
            + " a sweep in PLAN's folder, each recording the plan's digest, for `msgd sweep run DIR --executor slurm`")
    boolean asSweep;

    @Override
    public Integer call() throws Exception {
        PrintStream err = WriterStream.onto(spec.commandLine().getErr());
        if (workers < 1) {
            throw new ParameterException(spec.commandLine(), "--workers=" + workers + " must be >= 1");
        }
        if (hours != null && !(hours > 0 && hours < Double.POSITIVE_INFINITY)) {
            throw new ParameterException(spec.commandLine(), "--hours=" + hours + " must be a finite number > 0");
        }
        PlanFile plan = PlanFiles.read(planFile);
        StudyPlan sp = plan.studyPlan(data == null ? FashionMnist.DEFAULT_DIR : data, PlanFiles.plugins(plan, pluginTimeout));
        PlanFiles.requireUnchanged(plan, sp, PlanFiles.seedsToRead(plan));
        StudyRuns runs = PlanFiles.runs(plan, sp);
        PlanLook.Seeds counted = PlanLook.seeds(plan, runs, false);
        int leftOut = (int) counted.notes().stream().filter(n -> n.contains(" left out")).count();
        int n = target(plan, counted.counted().size(), leftOut);
        if (asSweep) {
            for (String o : List.of("--workers", "--hours")) {
                if (spec.commandLine().getParseResult().hasMatchedOption(o)) {
                    throw new ParameterException(spec.commandLine(), o + " applies to training here, not to --as-sweep"
                            + " (msgd sweep run sets how the sweep's runs are executed)");
                }
            }
            return PlanSweeps.write(plan, sp, n, pluginTimeout, planFile, spec.commandLine().getOut(), err);
        }
        BitProvenance here = BitProvenance.current(StudyPlan.THREADS.intra(), StudyPlan.THREADS.inter(), Training.environment());
        List<StudyRunner.Task> tasks = StudyRunner.wholeSeedsComputedAlike(runs, n, here, err);
        if (tasks.isEmpty()) {
            err.println("study run: " + counted.counted().size() + " paired seeds complete of the cap of " + plan.cap()
                    + "; nothing to train up to paired seed " + (n - 1) + " (msgd study look " + planFile + " decides)");
            return ExitCode.OK.code();
        }
        FashionMnist.requireFiles(sp.dataDir());
        for (StudyRunner.Task t : tasks) {
            Path dir = sp.runDir(t.method(), t.seed());
            if (!Files.exists(dir.resolve("run.json")) && !Files.exists(dir.resolve(PlanDigests.RUN_FILE))) {
                PlanDigests.record(plan, dir);
            }
        }
        Instant deadline = hours == null ? null : Instant.now().plus(Duration.ofSeconds(Math.round(hours * 3600)));
        List<String> failed;
        try (ShutdownCancellation stop = ShutdownCancellation.install()) {
            StudyRunner runner = new StudyRunner(sp, workers, deadline, err, Training.context(stop).withPluginCallLimit(pluginTimeout))
                    .blind();
            runner.runAll(tasks);
            failed = runner.failedRuns();
        }
        int complete = PlanLook.seeds(plan, PlanFiles.runs(plan, sp), false).counted().size();
        err.println("study run: " + complete + " paired seeds complete of the cap of " + plan.cap() + "; looks at "
                + plan.looks() + "; `msgd study look " + planFile + "` decides the claims at the looks reached");
        if (!failed.isEmpty()) {
            err.println("study run: " + failed.size() + (failed.size() == 1 ? " run" : " runs") + " failed: " + failed
                    + " (reasons above; the same command retries them)");
            return ExitCode.CLAIM_ERROR.code();
        }
        return ExitCode.OK.code();
    }

    /** The paired seeds to train: the next look not complete (auto), or N within the cap and the seeds left out. */
    private int target(PlanFile plan, int complete, int leftOut) {
        int extra = plan.replaceLeftOut() ? leftOut : 0;
        if (seeds.auto()) {
            return SeedCount.nextLook(plan.looks(), complete) + extra;
        }
        try {
            return seeds.within(plan.cap() + extra, "the plan's cap" + (extra > 0 ? " and the seeds left out" : ""));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
