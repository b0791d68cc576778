package org.msgdlab.app;

import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRunner;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.StudyVerdicts;
import org.msgdlab.deep.study.SupportVerdicts;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.ShutdownCancellation;
import org.msgdlab.deep.report.StudyFigures;
import org.msgdlab.deep.report.StudySummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;

/**
 * {@code msgd study}: the paired Fashion-MNIST study of Figures 1(a), 3(a) and Figure 2's design (not in the paper) under one
 * protocol. Trains the runs the claims need (or a fixed number of paired seeds), reuses every
 * completed run, and writes the verdicts, per-run statistics and figures next to the runs.
 */
@Command(name = "study", mixinStandardHelpOptions = true,
        subcommands = {StudyDescribeCommand.class, StudySizeCommand.class, StudyRunCommand.class, StudyLookCommand.class},
        description = {"Runs the paired Fashion-MNIST studies (figures, noise class).",
                "--plan figures: Figures 1(a), 3(a) and Figure 2's design on Fashion-MNIST (not in the paper), under"
                        + " --protocol; --plan noise-class: does the noise class matter? (deep/results/noise-class-study);"
                        + " --plan support: if not the class, the support? (deep/results/support-study).",
                "Trains what the pre-registered claims need, reuses completed runs, continues interrupted ones, and"
                        + " writes verdicts and figures under DIR/PROTOCOL/.",
                "A study of your own is a plan file (docs/study-plan.md): study describe|size|run|look PLAN."})
final class StudyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** The runs that failed in {@link #trainWholeSeeds} (reported as they failed): the command then exits 1. */
    private List<String> failedRuns = List.of();

    @Option(names = "--plan", paramLabel = "figures|noise-class|support", defaultValue = "figures", description = "figures"
            + " (the first study: Figures 1(a), 3(a) and Figure 2's design under --protocol), noise-class (the second: does the noise class matter? authors-code, fresh seeds;"
            + " deep/results/noise-class-study/PLAN.md) or support (the third: does the noise's support matter?"
            + " deep/results/support-study/PLAN.md) (default: ${DEFAULT-VALUE})")
    String planName;

    @Option(names = "--protocol", paramLabel = Protocol.PAPER_TEXT_NAME + "|" + Protocol.AUTHORS_CODE_NAME,
            defaultValue = StudyPlan.PROTOCOL_NAME,
            converter = ProtocolConverter.class, description = Protocol.PAPER_TEXT_NAME + " or "
            + Protocol.AUTHORS_CODE_NAME + " (default: ${DEFAULT-VALUE})")
    Protocol protocol;

    @Option(names = "--seeds", paramLabel = "auto|N", defaultValue = SeedCount.AUTO_NAME, converter = SeedCount.Converter.class, description = "auto (figures: blocks of"
            + " paired seeds until every claim resolves or reaches the cap of " + StudyVerdicts.CAP + "; noise-class and"
            + " support: whole paired seeds up to the plan's next look, of " + StudyPlan.NOISE_CLASS_LOOK_EVERY + " to "
            + StudyPlan.NOISE_CLASS_CAP + " and of " + StudyPlan.SUPPORT_LOOK_EVERY + " to " + StudyPlan.SUPPORT_CAP + "), N (every method at seeds 0..N-1), or 0 (train nothing: verdicts"
            + " and figures from the runs on disk) (default: ${DEFAULT-VALUE})")
    SeedCount seeds;

    @Option(names = "--methods", paramLabel = "METHOD", split = ",", description = "train only these methods (paper names, e.g. gd,sgd-50)")
    List<String> methods = new ArrayList<>();

    @Option(names = "--workers", paramLabel = "W", defaultValue = "2", description = "runs at a time, one thread each (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(names = "--hours", paramLabel = "H", description = "start no run after this many hours (a run started before finishes)")
    Double hours;

    @Option(names = "--dir", paramLabel = "DIR", description = "the study directory; it must exist for --seeds 0 and"
            + " --replicate (default, in the checkout msgd runs from: deep/results/fashion-mnist-study,"
            + " deep/results/noise-class-study for --plan noise-class, deep/results/support-study for --plan support)")
    Path dir;

    @Option(names = "--iterations", paramLabel = "N", description = "iterations per run; the claims' statistic is the last 20%% of them"
            + " (default: the protocol's: the paper's " + StudyPlan.ITERATIONS + " under paper-text, "
            + StudyPlan.AUTHORS_CODE_ITERATIONS + " under authors-code, where the statistic has settled by then;"
            + " deep/README.md)")
    Integer iterations;

    @Option(names = "--eval-every", paramLabel = "N", defaultValue = "" + StudyPlan.EVAL_EVERY,
            description = "test evaluation (all test images) every this many iterations (default: ${DEFAULT-VALUE})")
    int evalEvery;

    @Option(names = "--replicate", paramLabel = "K", description = "re-train K completed runs of the study, drawn by"
            + " --replicate-draw, on this machine, and say for each whether it is bit-identical, a defect (same recorded bits,"
            + " other numbers) or computed elsewhere, and whether its window accuracy lies in the 95%% prediction interval of"
            + " the method's other seeds; writes DIR/PROTOCOL/replications/ (trains nothing else)")
    Integer replicate;

    @Option(names = "--replicate-draw", paramLabel = "D", defaultValue = "1", description = "with --replicate: which seeded"
            + " draw of runs to replicate (default: ${DEFAULT-VALUE})")
    long replicateDraw;

    @Option(names = "--allow-mixed", description = "noise-class plan: use a paired seed whose runs were computed"
            + " differently (another build, CPU, instruction set, environment or JVM), marked as such; left out by default")
    boolean allowMixed;

    @Option(names = "--data", paramLabel = "DIR", description = "Fashion-MNIST directory (default: " + "/usr/share/datasets/fashion-mnist)")
    Path data;

    @Override
    public Integer call() throws Exception {
        PrintStream err = WriterStream.onto(spec.commandLine().getErr());
        Protocol p = protocol;
        if (workers < 1) {
            throw new ParameterException(spec.commandLine(), "--workers=" + workers + " must be >= 1");
        }
        if (hours != null && !(hours > 0 && hours < Double.POSITIVE_INFINITY)) {
            throw new ParameterException(spec.commandLine(), "--hours=" + hours + " must be a finite number > 0");
        }
        if (replicate != null && replicate < 1) {
            throw new ParameterException(spec.commandLine(), "--replicate=" + replicate + " must be >= 1 (runs to re-train)");
        }
        if (replicate == null && spec.commandLine().getParseResult().hasMatchedOption("--replicate-draw")) {
            throw new ParameterException(spec.commandLine(), "--replicate-draw=" + replicateDraw + " applies only with --replicate K");
        }
        if (planName.equals("noise-class")) {
            return noiseClass(p, err);
        }
        if (planName.equals("support")) {
            return support(p, err);
        }
        if (!planName.equals("figures")) {
            throw new ParameterException(spec.commandLine(), "--plan=" + planName + " must be figures, noise-class or support");
        }
        if (dir == null) {
            dir = Repository.folder(org.msgdlab.deep.DeepStudy.STUDY_DIR);
        }
        StudyPlan plan;
        try {
            plan = new StudyPlan(p, StudyPlan.METHODS, StudyPlan.MASTER_SEED,
                    iterations == null ? StudyPlan.iterations(p) : iterations, evalEvery, dir,
                    data == null ? FashionMnist.DEFAULT_DIR : data);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        List<String> named = new ArrayList<>();
        for (String m : methods) {
            try {
                named.add(plan.planName(m));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--methods: " + e.getMessage());
            }
        }
        methods = named;
        if (replicate != null) {
            requireStudyFolder();
            return replicate(plan, StudyRuns.read(plan, StudyVerdicts.CAP), err);
        }
        if (seeds.none()) {
            requireStudyFolder();
        }
        Instant deadline = hours == null ? null : Instant.now().plus(Duration.ofSeconds(Math.round(hours * 3600)));
        if (workers > 1 && !sessionsHaveTheirOwnThreads()) {
            err.println("study: warning: TF_OVERRIDE_GLOBAL_THREADPOOL is not set, so TensorFlow runs every worker's"
                    + " operations on one shared thread (" + workers + " workers, one core); the ./msgd launcher sets it,"
                    + " or run with TF_OVERRIDE_GLOBAL_THREADPOOL=1");
        }
        List<String> failed = List.of();
        // Ctrl-C or TERM: the runs in progress stop after their step and save, no other starts
        try (ShutdownCancellation stop = ShutdownCancellation.install()) {
            StudyRunner runner = new StudyRunner(plan, workers, deadline, err, Training.context(stop));
            if (seeds.auto()) {
                if (!StudyRunner.wanted(StudyRuns.read(plan, StudyVerdicts.CAP), methods).isEmpty()) {
                    requireData(plan);
                }
                runner.runAuto(methods);
            } else {
                int n = seedsWithin(StudyVerdicts.CAP, "");
                List<StudyRunner.Task> tasks = StudyRunner.fixed(StudyRuns.read(plan, StudyVerdicts.CAP), n, methods);
                if (!tasks.isEmpty()) {
                    requireData(plan);
                    runner.runAll(tasks);
                }
            }
            failed = runner.failedRuns();
        }
        StudyRuns runs = StudyRuns.read(plan, StudyVerdicts.CAP);
        List<StudyVerdicts.ClaimResult> results = StudyVerdicts.evaluate(runs);
        Path out = dir.resolve(p.name());
        StudySummary.write(runs, results, out);
        StudyFigures.write(runs, results, out.resolve("figures"));
        spec.commandLine().getOut().println(StudySummary.table(runs, results));
        spec.commandLine().getOut().flush();
        for (String m : runs.mismatches()) {
            err.println("study: not used, other settings: " + m);
        }
        return failedExit(failed, err);
    }

    /** {@code --seeds N} checked against {@code cap}: a usage error naming the value and the cap beyond it. */
    private int seedsWithin(int cap, String capName) {
        try {
            return seeds.within(cap, capName);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * Exit 1 when a run failed (each was reported as it failed, with its reason; what completed is kept and the verdicts
     * above were written from it), else 0: a failed run is never a silent success.
     */
    private static int failedExit(List<String> failed, PrintStream err) {
        if (failed.isEmpty()) {
            return ExitCode.OK.code();
        }
        err.println("study: " + failed.size() + (failed.size() == 1 ? " run" : " runs") + " failed: " + failed
                + " (reasons above; the same command retries them)");
        return ExitCode.CLAIM_ERROR.code();
    }

    /** Refuses a study folder that does not exist when the command only reads it ({@code --seeds 0}, {@code --replicate}). */
    private void requireStudyFolder() throws java.nio.file.NoSuchFileException {
        Repository.requireExistingFolder("--dir", dir, "--seeds 0 and --replicate read a study's runs and train none;"
                + " give the study's folder, or --seeds N to start a study there");
    }

    /** Refuses, in one line naming the folder and the file, a Fashion-MNIST folder without the four files, before any run starts. */
    private static void requireData(StudyPlan plan) throws java.io.IOException {
        FashionMnist.requireFiles(plan.dataDir());
    }

    /**
     * {@code --plan noise-class}: trains whole paired seeds, each computed alike (one build, one machine
     * type, {@link StudyRunner#wholeSeedsComputedAlike}), up to {@code --seeds N} or, with {@code auto}, up
     * to the plan's next look (20, 40 or 60 paired seeds) that is not complete.
     */
    private int noiseClass(Protocol p, PrintStream err) throws Exception {
        requirePreregisteredSettings(p, "noise-class");
        if (dir == null) {
            dir = Repository.folder(org.msgdlab.deep.DeepStudy.NOISE_CLASS_DIR);
        }
        StudyPlan plan = StudyPlan.noiseClass(dir,
                data == null ? FashionMnist.DEFAULT_DIR : data);
        if (!methods.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--methods: the noise-class plan trains whole paired seeds");
        }
        int cap = StudyPlan.NOISE_CLASS_CAP;
        StudyRuns runs = StudyRuns.read(plan, cap);
        if (replicate != null) {
            requireStudyFolder();
            return replicate(plan, runs, err);
        }
        if (!trainWholeSeeds(plan, runs, cap, StudyPlan.NOISE_CLASS_LOOK_EVERY, "noise-class", true, false, err)) {
            return ExitCode.USAGE.code();
        }
        runs = StudyRuns.read(plan, cap);
        var used = org.msgdlab.deep.study.NoiseClassVerdicts.seeds(runs, allowMixed);
        var results = org.msgdlab.deep.study.NoiseClassVerdicts.evaluate(runs, used);
        Path out = plan.dir().resolve(p.name());
        err.println("study: checking the recovery rule on the study's own seeds (resampled worlds, about a minute)");
        var calibration = org.msgdlab.deep.study.NoiseClassCalibration.of(runs, used);
        var reference = org.msgdlab.deep.study.NoiseClassCalibration.reference(Math.max(2, used.used().size()));
        org.msgdlab.deep.report.NoiseClassSummary.write(runs, used, results, calibration, reference, out);
        org.msgdlab.deep.report.NoiseClassStudyFigures.write(results, used.used().size(), out.resolve("figures"));
        spec.commandLine().getOut().print(org.msgdlab.deep.report.NoiseClassSummary.table(used, results));
        spec.commandLine().getOut().flush();
        for (String m : runs.mismatches()) {
            err.println("study: not used, other settings: " + m);
        }
        return failedExit(failedRuns, err);
    }

    /**
     * Trains whole paired seeds of a pre-registered plan, each computed alike (one build, one machine type,
     * {@link StudyRunner#wholeSeedsComputedAlike}), up to {@code --seeds N} or, with {@code auto}, up to the
     * plan's next look (every {@code lookEvery} paired seeds up to {@code cap}) that is not complete.
     *
     * @param oneBuild whether the whole study is trained by one build (the noise-class plan); otherwise only each
     *                 paired seed's runs must share their bits, the build among them (the support plan)
     * @param blind    whether the log withholds each run's accuracies (the support plan computes nothing before its
     *                 first look)
     * @return false (after one line on {@code err}) when one build is required and the runs on disk were trained
     *         by another
     */
    private boolean trainWholeSeeds(StudyPlan plan, StudyRuns runs, int cap, int lookEvery, String name, boolean oneBuild,
                                    boolean blind, PrintStream err) throws Exception {
        int n;
        if (seeds.auto()) {
            int complete = Integer.MAX_VALUE;
            for (String m : plan.methods()) {
                complete = Math.min(complete, Math.min(runs.completed(m), runs.pairedPrefix(m, plan.methods().get(0))));
            }
            n = SeedCount.nextLook(IntStream.iterate(lookEvery, l -> l <= cap, l -> l + lookEvery).boxed().toList(), complete);
        } else {
            n = seedsWithin(cap, "the plan's cap");
        }
        org.msgdlab.deep.train.BitProvenance here = org.msgdlab.deep.train.BitProvenance.current(
                StudyPlan.THREADS.intra(), StudyPlan.THREADS.inter(), Training.environment());
        String studyBuild = null;
        for (int s = 0; s < cap && studyBuild == null; s++) {
            for (String m : plan.methods()) {
                var b = org.msgdlab.deep.train.BitProvenance.recordedIn(plan.runDir(m, s));
                if (b.isPresent()) {
                    studyBuild = b.get().commit();
                    break;
                }
            }
        }
        if (oneBuild && n > 0 && studyBuild != null && !studyBuild.equals(here.commit())) {
            err.println("study: the " + name + " study is trained by one build, commit " + studyBuild + "; this is "
                    + here.commit() + ". Train with that build (" + plan.dir().resolve("train.sh") + " does).");
            return false;
        }
        if (n == 0) {
            requireStudyFolder();
        }
        List<StudyRunner.Task> tasks = StudyRunner.wholeSeedsComputedAlike(runs, n, here, err);
        Instant deadline = hours == null ? null : Instant.now().plus(Duration.ofSeconds(Math.round(hours * 3600)));
        if (!tasks.isEmpty()) {
            requireData(plan);
            try (ShutdownCancellation stop = ShutdownCancellation.install()) {
                StudyRunner runner = new StudyRunner(plan, workers, deadline, err, Training.context(stop));
                if (blind) {
                    runner = runner.blind();
                }
                runner.runAll(tasks);
                failedRuns = runner.failedRuns();
            }
        }
        return true;
    }

    /**
     * {@code --plan support}: the third study (deep/results/support-study/PLAN.md). Trains whole paired seeds as
     * the noise-class plan does, to the next look of 50 or 100, and says how many paired seeds are complete. At and
     * after the look at 50 complete paired seeds it writes the verdicts of that look (or of 100) with the plan's
     * descriptions and figures ({@link SupportVerdicts}); before it, only the progress line: no statistic of a claim
     * is computed before the first look.
     */
    private int support(Protocol p, PrintStream err) throws Exception {
        requirePreregisteredSettings(p, "support");
        if (dir == null) {
            dir = Repository.folder(org.msgdlab.deep.DeepStudy.SUPPORT_DIR);
        }
        StudyPlan plan = StudyPlan.support(dir,
                data == null ? FashionMnist.DEFAULT_DIR : data);
        if (!methods.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--methods: the support plan trains whole paired seeds");
        }
        int cap = StudyPlan.SUPPORT_CAP;
        StudyRuns runs = StudyRuns.read(plan, cap);
        if (replicate != null) {
            requireStudyFolder();
            return replicate(plan, runs, err);
        }
        if (!trainWholeSeeds(plan, runs, cap, StudyPlan.SUPPORT_LOOK_EVERY, "support", false, true, err)) {
            return ExitCode.USAGE.code();
        }
        SupportStudyLook.write(plan, p, spec.commandLine().getOut(), err);
        return failedExit(failedRuns, err);
    }

    /** A pre-registered plan fixes the protocol, iterations and evaluation interval: refuses others in one line. */
    private void requirePreregisteredSettings(Protocol p, String name) {
        if (!p.equals(StudyPlan.PROTOCOL)) {
            throw new ParameterException(spec.commandLine(), "--protocol=" + p.name() + ": the " + name + " plan is"
                    + " pre-registered under authors-code only");
        }
        if (iterations != null || evalEvery != StudyPlan.EVAL_EVERY) {
            throw new ParameterException(spec.commandLine(), "--iterations/--eval-every: the " + name + " plan fixes them ("
                    + StudyPlan.AUTHORS_CODE_ITERATIONS + " and " + StudyPlan.EVAL_EVERY + ")");
        }
    }

    /** {@code --replicate K}: re-trains K drawn runs here and writes the comparison ({@link StudyReplication}). */
    private int replicate(StudyPlan plan, StudyRuns runs, PrintStream err) throws Exception {
        List<StudyRunner.Task> tasks;
        try {
            tasks = org.msgdlab.deep.study.Replication.draw(runs, replicate, replicateDraw);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        return StudyReplication.run(plan, runs, tasks, replicate, replicateDraw, spec.commandLine().getOut(), err);
    }

    /**
     * Whether TensorFlow gives each session's CPU device its own intra-op pool. Without
     * TF_OVERRIDE_GLOBAL_THREADPOOL it keeps one pool for the whole process, sized by the first
     * session's intra-op setting (TensorFlow's local_device.cc), and 1-thread workers queue on it.
     */
    static boolean sessionsHaveTheirOwnThreads() {
        String v = System.getenv("TF_OVERRIDE_GLOBAL_THREADPOOL");
        return v != null && (v.equals("1") || v.equalsIgnoreCase("true"));
    }
}
