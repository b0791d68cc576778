package org.msgdlab.sweeps;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

/**
 * The local executor: runs a sweep's runs on this machine, at most {@code jobs} at a time, each as
 * its own process (the same task command a Slurm array task runs, so both executors compute the
 * same numbers), its output appended to {@code <run>/sweep-task.log}. Prints one line per finished
 * run with the sweep's progress and ETA. A TERM or Ctrl-C stops the tasks gracefully: each saves
 * its step, and the same command continues them; no task starts after that.
 *
 * <p>An execution's {@code jobs} threads share {@code log}, which must be thread-safe (a
 * {@code PrintStream} is).
 */
public final class LocalExecutor {

    /** Each task's output, in its run directory. */
    public static final String TASK_LOG = "sweep-task.log";
    /** How long a stopping executor waits for its tasks to save. */
    static final Duration GRACE = Duration.ofMinutes(2);
    /** The exit status of a task JVM stopped by TERM (128 + 15), after its shutdown hook saved the run. */
    static final int TERMINATED = 143;
    /** What {@link #runTask} returns for a task not started because the executor is stopping. */
    private static final int NOT_STARTED = -1;

    private final int jobs;
    private final IntFunction<List<String>> taskCommand;
    private final PrintStream log;
    /** Guards {@link #stopping} and {@link #live}, so that no task starts once {@link #stop} has begun. */
    private final Object lock = new Object();
    private boolean stopping;
    private final Set<Process> live = new java.util.HashSet<>();

    /**
     * An executor of {@code jobs} runs at a time.
     *
     * @param jobs        runs at a time, at least 1
     * @param taskCommand the command line that executes the run of a plan index in its own process
     * @param log         where progress goes
     * @throws IllegalArgumentException when {@code jobs < 1}
     */
    public LocalExecutor(int jobs, IntFunction<List<String>> taskCommand, PrintStream log) {
        if (jobs < 1) {
            throw new IllegalArgumentException("--jobs " + jobs + " must be >= 1");
        }
        this.jobs = jobs;
        this.taskCommand = taskCommand;
        this.log = log;
    }

    /**
     * What an execution did: the tasks' exit statuses by outcome. Immutable and thread-safe.
     *
     * @param finished      tasks that exited {@link SweepDirectory#FINISHED}
     * @param interrupted   tasks that exited {@link SweepDirectory#INTERRUPTED}
     * @param failed        tasks that exited with any other status, or could not be started
     * @param heldElsewhere tasks that exited {@link SweepDirectory#HELD_ELSEWHERE}
     */
    public record Summary(int finished, int interrupted, int failed, int heldElsewhere) {
    }

    /**
     * Executes the runs at {@code indices} of the sweep in {@code sweep}, and returns when every
     * task has ended.
     *
     * @param sweep   the sweep
     * @param indices the plan indices of the runs to execute
     * @return how many tasks ended in each way
     * @throws InterruptedException when this thread is interrupted (the tasks are stopped first)
     */
    public Summary execute(SweepDirectory sweep, List<Integer> indices) throws InterruptedException {
        int total = indices.size();
        log.println(String.format(Locale.ROOT, "sweep: %d runs to execute on this machine, %d at a time", total, jobs));
        synchronized (lock) {
            stopping = false;
        }
        Thread stopper = new Thread(this::stop, "msgd-sweep-stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        AtomicInteger done = new AtomicInteger();
        int[] outcome = new int[4];
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(jobs);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int index : indices) {
                futures.add(pool.submit(() -> {
                    SweepRun run = sweep.plan().run(index);
                    long r0 = System.nanoTime();
                    int status = runTask(sweep, index, run);
                    if (status == NOT_STARTED) {
                        return null;
                    }
                    int k = done.incrementAndGet();
                    synchronized (outcome) {
                        outcome[switch (status) {
                            case SweepDirectory.FINISHED -> 0;
                            case SweepDirectory.INTERRUPTED -> 1;
                            case SweepDirectory.HELD_ELSEWHERE -> 3;
                            default -> 2;
                        }]++;
                    }
                    double elapsed = (System.nanoTime() - t0) / 1e9;
                    String detail;
                    try {
                        detail = sweep.status(run).detail();
                    } catch (IOException e) {
                        detail = e.getMessage();
                    }
                    log.println(String.format(Locale.ROOT, "sweep: [%d/%d] %s: %s in %s%s; sweep ETA %s", k, total, run.id(),
                            describe(status), duration((System.nanoTime() - r0) / 1e9), detail.isEmpty() ? "" : " (" + detail + ")",
                            duration(elapsed / k * (total - k))));
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    log.println("sweep: " + e.getCause());
                }
            }
        } catch (InterruptedException e) {
            stop();
            throw e;
        } finally {
            pool.shutdownNow();
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it waits for the tasks
            }
        }
        return new Summary(outcome[0], outcome[1], outcome[2], outcome[3]);
    }

    /** The task's exit status ({@link #TERMINATED} read as {@link SweepDirectory#INTERRUPTED}), or NOT_STARTED. */
    private int runTask(SweepDirectory sweep, int index, SweepRun run) {
        Path d = sweep.runDir(run);
        try {
            Process p;
            synchronized (lock) {
                if (stopping) {
                    return NOT_STARTED;
                }
                Files.createDirectories(d);
                ProcessBuilder pb = new ProcessBuilder(taskCommand.apply(index)).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(d.resolve(TASK_LOG).toFile()));
                p = pb.start();
                live.add(p);
            }
            try {
                int status = p.waitFor();
                return status == TERMINATED ? SweepDirectory.INTERRUPTED : status;
            } finally {
                synchronized (lock) {
                    live.remove(p);
                }
            }
        } catch (IOException e) {
            log.println("sweep: " + run.id() + ": cannot start its task: " + e.getMessage());
            return SweepDirectory.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return SweepDirectory.INTERRUPTED;
        }
    }

    /**
     * Starts no more tasks, sends TERM to every running one and waits for them to save (at most
     * {@link #GRACE}): what a TERM or Ctrl-C to this JVM does, through a shutdown hook.
     */
    void stop() {
        List<Process> tasks;
        synchronized (lock) {
            stopping = true;
            tasks = List.copyOf(live);
        }
        tasks.forEach(Process::destroy);
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (Process p : tasks) {
            try {
                p.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    static String describe(int status) {
        return switch (status) {
            case SweepDirectory.FINISHED -> "finished";
            case SweepDirectory.INTERRUPTED -> "interrupted (saved; the same command continues it)";
            case SweepDirectory.HELD_ELSEWHERE -> "left to the process executing it";
            default -> "FAILED (exit " + status + "; see its sweep-failure.txt and sweep-task.log)";
        };
    }

    static String duration(double seconds) {
        return Duration.ofSeconds(Math.round(seconds)).toString().substring(2).toLowerCase(Locale.ROOT);
    }
}
