package org.msgdlab.app;

import org.msgdlab.core.claims.Platform;
import org.msgdlab.deep.sweep.TrainingRunKind;
import org.msgdlab.deep.train.ShutdownCancellation;
import org.msgdlab.sweeps.LocalExecutor;
import org.msgdlab.sweeps.RunState;
import org.msgdlab.sweeps.SlurmExecutor;
import org.msgdlab.sweeps.SlurmQueue;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.TaskCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code msgd sweep}: plans of independent training runs, executed on this machine or as a Slurm
 * job array ({@code plan}, {@code run}, {@code status}, and {@code task}, what each executor runs
 * per run). The plan and every state live in the sweep directory, so any of these commands, from
 * any host that sees the directory, agrees on where the sweep stands.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Plans many training runs and runs them here or on a Slurm cluster.",
                "A sweep directory holds sweep.json (the plan) and one directory per run, named by the run's id,"
                        + " [PRESET/]PROTOCOL[+KEY=VALUE]/METHOD/seed-S: the paired study's layout."},
        subcommands = {SweepPlanCommand.class, SweepCommand.Run.class, SweepCommand.Status.class, SweepCompareCommand.class,
                SweepRepointCommand.class, SweepCommand.Task.class})
final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing subcommand: one of "
                + String.join(", ", spec.commandLine().getSubcommands().keySet()));
    }

    static PrintStream stderr() {
        return new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
    }

    /** The sweep in {@code dir}, read with a kind that trains nothing here ({@link Training#readingKind}). */
    static SweepDirectory open(CommandSpec spec, Path dir) throws IOException {
        return open(spec, dir, Training.readingKind());
    }

    /**
     * The sweep in {@code dir}, its runs of {@code kind}. A directory without sweep.json is an input that is missing (exit 1,
     * one line naming the file, as a missing --data or --resume: issue 47); a plan of another kind is a usage error.
     */
    static SweepDirectory open(CommandSpec spec, Path dir, TrainingRunKind kind) throws IOException {
        if (!org.msgdlab.sweeps.SweepPlan.exists(dir)) {
            throw new java.nio.file.NoSuchFileException(dir.resolve(org.msgdlab.sweeps.SweepPlan.FILE).toString(), null,
                    "no such file (make one with msgd sweep plan)");
        }
        try {
            return SweepDirectory.open(dir, kind);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    @Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
            description = {"Executes a sweep's pending and interrupted runs: here (local) or as a Slurm job array.",
                    "Finished runs are skipped and interrupted ones continue from their last checkpoint; failed ones"
                            + " run again only with --retry-failed. Exit: 0 all executed runs finished, 1 one failed (or sweep.json is"
                            + " malformed: one line naming the run, setting and rule, nothing executed),"
                            + " 130 interrupted (the same command continues)."})
    static final class Run implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "the sweep directory")
        Path dir;

        @Option(names = "--executor", paramLabel = "local|slurm", defaultValue = "local", description = "local or slurm (default: ${DEFAULT-VALUE})")
        String executor;

        @Option(names = "--jobs", paramLabel = "N", description = "local: runs at a time (default: the cores / the plan's intra-op threads)")
        Integer jobs;

        @Option(names = "--retry-failed", description = "execute failed runs again")
        boolean retryFailed;

        @Option(names = "--dry-run", description = "print what would be executed (slurm: the batch script) and stop")
        boolean dryRun;

        @Option(names = "--java", paramLabel = "PATH", description = "the java each task runs (default: this one, "
                + "${sys:java.home}/bin/java; on a cluster, one that exists on the compute nodes)")
        String java;

        @Option(names = "--partition", paramLabel = "NAME", description = "slurm: partition")
        String partition;

        @Option(names = "--time", paramLabel = "HH:MM:SS", description = "slurm: time limit per task, e.g. 02:00:00")
        String time;

        @Option(names = "--mem", paramLabel = "SIZE", description = "slurm: memory per task, e.g. 8G")
        String mem;

        @Option(names = "--account", paramLabel = "NAME", description = "slurm: account")
        String account;

        @Option(names = "--gpus", paramLabel = "N", defaultValue = "0", description = "slurm: GPUs per task, --gres=gpu:N (default: ${DEFAULT-VALUE})")
        int gpus;

        @Option(names = "--cpus-per-task", paramLabel = "N", description = "slurm: CPUs per task (default: the plan's intra-op threads)")
        Integer cpusPerTask;

        @Option(names = "--signal-seconds", paramLabel = "S", defaultValue = "120",
                description = "slurm: a task requeues itself this long before its time limit (default: ${DEFAULT-VALUE})")
        int signalSeconds;

        @Option(names = "--job-name", paramLabel = "NAME", defaultValue = "msgd-sweep", description = "slurm: job name (default: ${DEFAULT-VALUE})")
        String jobName;

        @Option(names = "--sbatch", paramLabel = "OPTION", description = "slurm: one more #SBATCH option (repeatable),"
                + " e.g. --sbatch=--qos=long")
        List<String> sbatch = new ArrayList<>();

        @Option(names = "--max-running", paramLabel = "N", description = "slurm: at most N tasks of the sweep at once"
                + " (--array=...%%N; when the sweep needs several arrays, each waits for the one before)")
        Integer maxRunning;

        @Option(names = "--max-array-size", paramLabel = "N", description = "slurm: the cluster's MaxArraySize: task ids stay"
                + " below it, the sweep split into arrays as needed (default: from scontrol show config, else "
                + SlurmQueue.DEFAULT_MAX_ARRAY_SIZE + ")")
        Integer maxArraySize;

        @Override
        public Integer call() throws Exception {
            SweepDirectory sweep = open(spec, dir);
            if (!executor.equals("local") && !executor.equals("slurm")) {
                throw new ParameterException(spec.commandLine(), "--executor=" + executor + " must be local or slurm");
            }
            List<String> conflicts = sweep.conflicts();
            if (!conflicts.isEmpty()) {
                throw new ParameterException(spec.commandLine(), conflicts.get(0) + "; nothing executed");
            }
            List<Integer> indices = sweep.toExecute(retryFailed);
            PrintWriter out = spec.commandLine().getOut();
            Map<RunState, Integer> counts = SweepDirectory.counts(sweep.status());
            out.println(dir + ": " + summary(counts) + "; " + indices.size() + " to execute" + (counts.get(RunState.FAILED) > 0
                    && !retryFailed ? " (failed runs only with --retry-failed)" : ""));
            out.flush();
            if (indices.isEmpty()) {
                return ExitCode.OK.code();
            }
            int intra = intraThreads(sweep);
            TaskCommand command = taskCommand(java, dir, retryFailed);
            if (executor.equals("slurm")) {
                return slurm(out, indices, intra, command);
            }
            int j = jobs != null ? jobs : Math.max(1, Runtime.getRuntime().availableProcessors() / Math.max(1, intra));
            if (j < 1) {
                throw new ParameterException(spec.commandLine(), "--jobs=" + j + " must be >= 1");
            }
            if (dryRun) {
                indices.forEach(i -> out.println(String.join(" ", command.forIndex(i))));
                out.flush();
                return ExitCode.OK.code();
            }
            LocalExecutor.Summary s = new LocalExecutor(j, command::forIndex, stderr()).execute(sweep, indices);
            out.println(String.format(Locale.ROOT, "%s: %d finished, %d interrupted, %d failed%s; now %s", dir, s.finished(),
                    s.interrupted(), s.failed(), s.heldElsewhere() > 0 ? ", " + s.heldElsewhere() + " left to other processes" : "",
                    summary(SweepDirectory.counts(sweep.status()))));
            out.flush();
            return s.failed() > 0 ? ExitCode.CLAIM_ERROR.code() : s.interrupted() > 0 ? ExitCode.INTERRUPTED.code() : ExitCode.OK.code();
        }

        /** Submits (or, with --dry-run, prints) the sweep's job arrays; refuses while an array of the sweep is queued. */
        private int slurm(PrintWriter out, List<Integer> indices, int intra, TaskCommand command) throws IOException, InterruptedException {
            if (maxRunning != null && maxRunning < 1) {
                throw new ParameterException(spec.commandLine(), "--max-running " + maxRunning + " must be >= 1");
            }
            if (maxArraySize != null && maxArraySize < 1) {
                throw new ParameterException(spec.commandLine(), "--max-array-size " + maxArraySize + " must be >= 1");
            }
            SlurmExecutor slurm;
            try {
                slurm = new SlurmExecutor(new SlurmExecutor.Options(jobName, cpusPerTask == null ? Math.max(1, intra)
                        : cpusPerTask, partition, time, mem, account, gpus, signalSeconds, sbatch, maxRunning == null ? 0 : maxRunning));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
            int arraySize = maxArraySize != null ? maxArraySize
                    : SlurmQueue.maxArraySize().orElse(SlurmQueue.DEFAULT_MAX_ARRAY_SIZE);
            List<SlurmExecutor.ArrayJob> arrays = SlurmExecutor.split(indices, arraySize);
            if (dryRun) {
                for (SlurmExecutor.ArrayJob a : arrays) {
                    if (arrays.size() > 1) {
                        out.println("# ---- job array " + (arrays.indexOf(a) + 1) + " of " + arrays.size() + ": plan indices "
                                + a.indices().get(0) + "-" + a.indices().get(a.indices().size() - 1) + " (MaxArraySize " + arraySize + ")");
                    }
                    out.print(slurm.script(dir, a, command));
                }
                out.flush();
                return ExitCode.OK.code();
            }
            List<SlurmQueue.Submitted> before = SlurmQueue.submitted(dir);
            Optional<Map<Integer, SlurmQueue.TaskState>> queued = SlurmQueue.tasks(before);
            if (queued.isEmpty()) {
                stderr().println("sweep run: squeue cannot say whether the job arrays recorded in " + dir.resolve("slurm")
                        .resolve("jobs.txt") + " are still queued; submitting");
            } else if (!queued.get().isEmpty()) {
                List<String> ids = queued.get().values().stream().map(t -> t.task().split("_")[0]).distinct().toList();
                throw new ParameterException(spec.commandLine(), dir + ": " + queued.get().size() + " tasks of job array "
                        + String.join(", ", ids) + " are still pending or running for this sweep; a second submission would run"
                        + " the same runs twice: follow them with msgd sweep status " + dir + " --wait, or cancel them with scancel "
                        + String.join(" ", ids) + "; nothing submitted");
            }
            List<SlurmExecutor.Submission> subs = slurm.submit(dir, indices, command, arraySize);
            for (SlurmExecutor.Submission s : subs) {
                out.println("submitted job array " + s.jobId() + " (" + s.job().taskIds().size() + " tasks, plan indices "
                        + s.job().indices().get(0) + "-" + s.job().indices().get(s.job().indices().size() - 1) + ", script " + s.script() + ")");
            }
            out.println((subs.size() > 1 ? subs.size() + " job arrays (MaxArraySize " + arraySize + ")" : "1 job array")
                    + (maxRunning != null ? ", at most " + maxRunning + " tasks at once" : "")
                    + "; follow it with: msgd sweep status " + dir + " [--wait]");
            out.flush();
            return ExitCode.OK.code();
        }
    }

    /** The intra-op threads the plan gives its runs (the largest, if they differ). */
    static int intraThreads(SweepDirectory sweep) {
        return sweep.plan().runs().stream().mapToInt(r -> org.msgdlab.deep.train.RunSettings.Threads.parse(r.setting("threads")).intra())
                .max().orElse(1);
    }

    /** "3 done, 1 running, ..." (states with none left out). */
    static String summary(Map<RunState, Integer> counts) {
        List<String> parts = new ArrayList<>();
        counts.forEach((s, n) -> {
            if (n > 0) {
                parts.add(n + " " + s.name().toLowerCase(Locale.ROOT));
            }
        });
        return parts.isEmpty() ? "no runs" : String.join(", ", parts);
    }

    /**
     * The command a task process runs: {@code java} (this JVM's when null) on the msgd jar (or class
     * path), with {@code sweep task DIR}; DIR absolute, so that a Slurm task started elsewhere finds it.
     */
    static TaskCommand taskCommand(String javaGiven, Path dir, boolean retryFailed) {
        String java = javaGiven != null ? javaGiven : ProcessHandle.current().info().command().orElse("java");
        List<String> before = new ArrayList<>(List.of(java));
        Optional<Path> jar = ownJar();
        if (jar.isPresent()) {
            before.addAll(List.of("-jar", jar.get().toString()));
        } else {
            before.addAll(List.of("-cp", Platform.current().classPath(), Msgd.class.getName()));
        }
        before.addAll(List.of("sweep", "task", dir.toAbsolutePath().normalize().toString()));
        return new TaskCommand(before, retryFailed ? List.of("--retry-failed") : List.of());
    }

    private static Optional<Path> ownJar() {
        try {
            Path p = Path.of(Msgd.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? Optional.of(p.toAbsolutePath()) : Optional.empty();
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return Optional.empty();
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = {"Shows each run of a sweep: done, running, interrupted, failed or pending; for a Slurm sweep, each"
                    + " queued task's job id and state (a saved run queued again by a requeue shows as requeued).",
                    "Exit: 0 every run done, 1 a run failed or sweep.json is malformed, 4"
                            + " runs pending, running or interrupted."})
    static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "the sweep directory")
        Path dir;

        @Option(names = "--wait", description = "wait until no run is running or queued (polls every 5 s)")
        boolean waitForRuns;

        @Option(names = "--timeout", defaultValue = "0", paramLabel = "MINUTES",
                description = "with --wait: give up after this many minutes, 0 for never (default: ${DEFAULT-VALUE})")
        double timeoutMinutes;

        @Override
        public Integer call() throws Exception {
            if (!(timeoutMinutes >= 0 && timeoutMinutes < Double.POSITIVE_INFINITY)) {
                throw new ParameterException(spec.commandLine(), "--timeout=" + timeoutMinutes + " must be a finite number of"
                        + " minutes >= 0 (0: never)");
            }
            if (!waitForRuns && spec.commandLine().getParseResult().hasMatchedOption("--timeout")) {
                throw new ParameterException(spec.commandLine(), "--timeout applies only with --wait");
            }
            SweepDirectory sweep = open(spec, dir);
            PrintWriter out = spec.commandLine().getOut();
            long deadline = timeoutMinutes > 0 ? System.nanoTime() + (long) (timeoutMinutes * 60e9) : Long.MAX_VALUE;
            List<SweepDirectory.Status> all = sweep.status();
            if (waitForRuns) {
                String last = "";
                while (true) {
                    all = sweep.status();
                    Map<RunState, Integer> c = SweepDirectory.counts(all);
                    Optional<Integer> queued = SlurmQueue.tasks(SlurmQueue.submitted(dir)).map(Map::size);
                    String line = summary(c) + queued.map(q -> q > 0 ? "; " + q + " Slurm tasks queued or running" : "").orElse("");
                    if (!line.equals(last)) {
                        stderr().println("sweep status: " + line);
                        last = line;
                    }
                    boolean active = c.get(RunState.RUNNING) > 0 || queued.orElse(0) > 0;
                    if (!active || System.nanoTime() > deadline) {
                        break;
                    }
                    Thread.sleep(5000);
                }
            }
            Map<Integer, SlurmQueue.TaskState> slurm = SlurmQueue.tasks(SlurmQueue.submitted(dir)).orElse(Map.of());
            for (int i = 0; i < all.size(); i++) {
                SweepDirectory.Status s = all.get(i); // plan order: i is the run's plan index
                SlurmQueue.TaskState t = slurm.get(i);
                List<String> details = new ArrayList<>();
                if (!s.detail().isEmpty()) {
                    details.add(s.detail());
                }
                String state = s.state().name().toLowerCase(Locale.ROOT);
                if (t != null) {
                    details.add("Slurm " + t.task() + " " + t.state() + (t.reason().equals("None") ? "" : ", reason " + t.reason()));
                    if (s.state() == RunState.INTERRUPTED && t.state().equals("PENDING")) {
                        state = "requeued"; // saved and queued again: it continues when Slurm starts it
                    }
                }
                out.println(String.format(Locale.ROOT, "%-11s %s%s", state, s.run().id(),
                        details.isEmpty() ? "" : "  (" + String.join("; ", details) + ")"));
            }
            Map<RunState, Integer> c = SweepDirectory.counts(all);
            out.println(dir + ": " + summary(c) + " of " + all.size() + " runs");
            out.flush();
            if (c.get(RunState.FAILED) > 0) {
                return ExitCode.CLAIM_ERROR.code();
            }
            return c.get(RunState.DONE) == all.size() ? ExitCode.OK.code() : ExitCode.INCOMPLETE.code();
        }
    }

    @Command(name = "task", mixinStandardHelpOptions = true,
            description = {"Executes one run of a sweep in this process (what each local job and each Slurm array task runs).",
                    "Exit: 0 finished, 1 failed, 75 another process executes it, 130 interrupted (saved)."})
    static final class Task implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "DIR", description = "the sweep directory")
        Path dir;

        @Option(names = "--index", paramLabel = "I", required = true, description = "the run's index in the plan (SLURM_ARRAY_TASK_ID)")
        int index;

        @Option(names = "--retry-failed", description = "execute the run even if it failed before")
        boolean retryFailed;

        @Override
        public Integer call() throws Exception {
            // TERM (Slurm's requeue, a time limit) or Ctrl-C: the run stops after its step and saves
            try (ShutdownCancellation stop = ShutdownCancellation.install()) {
                SweepDirectory sweep = open(spec, dir, new TrainingRunKind(Training.context(stop)));
                try {
                    sweep.plan().run(index);
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), e.getMessage());
                }
                return ExitCode.of(sweep.execute(index, retryFailed, stderr())).code();
            }
        }
    }
}
