package org.msgdlab.sweeps;

import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.io.MalformedFileException;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A sweep directory: its plan ({@code sweep.json}) and one directory per run,
 * {@code DIR/<run id>/}. Every state is read from the files, so any process (a local executor, a
 * Slurm array task on another node, {@code msgd sweep status}) sees the same:
 * <ul>
 * <li>a task holds an exclusive lock on {@code <run>/sweep.lock} while it executes the run (the
 *     operating system releases it when the process dies, so a killed task never looks running);
 *     a second task for the same run finds it held and leaves the run alone;</li>
 * <li>a failed execution leaves {@code <run>/sweep-failure.txt} (the error, the host, the time); the
 *     run is executed again only when asked, and a later success removes the file.</li>
 * </ul>
 * Thread-safe as far as the file system is: all state is on disk.
 */
public final class SweepDirectory {

    /** Exit status of a task: the run finished (or had finished before). */
    public static final int FINISHED = 0;
    /** Exit status of a task: the run failed, or failed before and was not retried. */
    public static final int FAILED = 1;
    /** Exit status of a task: another process is executing the run (EX_TEMPFAIL). */
    public static final int HELD_ELSEWHERE = 75;
    /** Exit status of a task: the run was interrupted after saving its step (128 + SIGINT, as msgd train). */
    public static final int INTERRUPTED = 130;

    static final String LOCK = "sweep.lock";
    static final String FAILURE = "sweep-failure.txt";
    /**
     * Run directories this JVM executes now: looked up instead of opening their lock file, because
     * closing any channel to a file releases the process's POSIX locks on it.
     */
    private static final java.util.Set<Path> HELD_HERE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final Path dir;
    private final SweepPlan plan;
    private final RunKind kind;

    /**
     * The sweep in {@code dir} with its plan.
     *
     * @param dir  the sweep directory
     * @param plan its plan
     * @param kind what executes its runs
     * @throws IllegalArgumentException when the plan's kind is not {@code kind}'s name
     */
    public SweepDirectory(Path dir, SweepPlan plan, RunKind kind) {
        if (!plan.kind().equals(kind.name())) {
            throw new IllegalArgumentException("the plan in " + dir + " holds runs of kind " + plan.kind() + ", not "
                    + kind.name());
        }
        this.dir = dir;
        this.plan = plan;
        this.kind = kind;
    }

    /**
     * Opens the sweep in {@code dir} (its plan must exist), checking every run's settings with
     * {@link RunKind#check} before anything is shown or executed.
     *
     * @param dir  the sweep directory
     * @param kind what executes its runs
     * @return the sweep
     * @throws MalformedFileException   when the plan breaks its format, holds runs of another kind, or a
     *                                  run's settings break a rule of {@code kind} (one line naming the file,
     *                                  the run's index and id, the setting, its value and the rule)
     * @throws IOException              when the plan cannot be read
     * @throws IllegalArgumentException when {@code dir} holds no plan
     */
    public static SweepDirectory open(Path dir, RunKind kind) throws IOException {
        SweepPlan plan = SweepPlan.read(dir);
        Path file = dir.resolve(SweepPlan.FILE);
        if (!plan.kind().equals(kind.name())) {
            throw new MalformedFileException(file, "kind=" + plan.kind() + " must be " + kind.name());
        }
        for (int i = 0; i < plan.runs().size(); i++) {
            SweepRun run = plan.runs().get(i);
            try {
                kind.check(run);
            } catch (IllegalArgumentException e) {
                throw new MalformedFileException(file, "run " + i + " (" + run.id() + "): " + e.getMessage());
            }
        }
        return new SweepDirectory(dir, plan, kind);
    }

    /** @return the sweep directory */
    public Path dir() {
        return dir;
    }

    /** @return the plan */
    public SweepPlan plan() {
        return plan;
    }

    /**
     * The directory of {@code run}.
     *
     * @param run a run of the plan
     * @return {@code DIR/<run id>}
     */
    public Path runDir(SweepRun run) {
        return dir.resolve(run.id());
    }

    /**
     * A run's state and a short phrase of what its directory shows. Immutable and thread-safe.
     *
     * @param run    the run
     * @param state  where it stands
     * @param detail what its directory shows: the holder of its lock, the first line of its failure,
     *               its progress; empty when nothing
     */
    public record Status(SweepRun run, RunState state, String detail) {
    }

    /**
     * The state of every run of the plan, in plan order.
     *
     * @return one status per run
     * @throws IOException when a run's directory cannot be read
     */
    public List<Status> status() throws IOException {
        List<Status> all = new ArrayList<>();
        for (SweepRun r : plan.runs()) {
            all.add(status(r));
        }
        return all;
    }

    /**
     * The state of {@code run}: RUNNING while a process holds its lock, else DONE when finished, else
     * FAILED when it has a failure record, else INTERRUPTED when begun, else PENDING.
     *
     * @param run a run of the plan
     * @return its status
     * @throws IOException when its directory cannot be read
     */
    public Status status(SweepRun run) throws IOException {
        Path d = runDir(run);
        String holder = holder(d);
        RunKind.Progress p = Files.isDirectory(d) ? kind.progress(run, d) : RunKind.Progress.NONE;
        if (holder != null) {
            return new Status(run, RunState.RUNNING, join("on " + holder, p.detail()));
        }
        if (p.finished()) {
            return new Status(run, RunState.DONE, p.detail());
        }
        Path failure = d.resolve(FAILURE);
        if (Files.isRegularFile(failure)) {
            String first = Files.readAllLines(failure, StandardCharsets.UTF_8).stream().findFirst().orElse("");
            return new Status(run, RunState.FAILED, join(first, p.detail()));
        }
        return new Status(run, p.begun() ? RunState.INTERRUPTED : RunState.PENDING, p.detail());
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + "; " + b;
    }

    /**
     * How many runs are in each state.
     *
     * @param statuses the runs' statuses
     * @return the count of every state, in {@link RunState} order, 0 included
     */
    public static Map<RunState, Integer> counts(List<Status> statuses) {
        Map<RunState, Integer> c = new LinkedHashMap<>();
        for (RunState s : RunState.values()) {
            c.put(s, 0);
        }
        statuses.forEach(s -> c.merge(s.state(), 1, Integer::sum));
        return c;
    }

    /**
     * Runs whose directory holds a run with other settings.
     *
     * @return one line per such run: "DIR holds a run with other settings (difference)"
     * @throws IOException when a run's directory cannot be read
     */
    public List<String> conflicts() throws IOException {
        List<String> found = new ArrayList<>();
        for (SweepRun r : plan.runs()) {
            Path d = runDir(r);
            if (Files.isDirectory(d)) {
                kind.conflict(r, d).ifPresent(c -> found.add(d + " holds a run with other settings (" + c + ")"));
            }
        }
        return found;
    }

    /**
     * The plan indices of the runs an execution should take: pending and interrupted ones, and failed ones if asked.
     *
     * @param retryFailed whether failed runs are taken too
     * @return the indices, ascending
     * @throws IOException when a run's directory cannot be read
     */
    public List<Integer> toExecute(boolean retryFailed) throws IOException {
        List<Integer> indices = new ArrayList<>();
        List<Status> all = status();
        for (int i = 0; i < all.size(); i++) {
            RunState s = all.get(i).state();
            if (s == RunState.PENDING || s == RunState.INTERRUPTED || (retryFailed && s == RunState.FAILED)) {
                indices.add(i);
            }
        }
        return indices;
    }

    /**
     * Executes run {@code index} of the plan in this process (what one local job or one Slurm array
     * task does): takes its lock, runs or continues it, records a failure or clears an old one.
     *
     * @param index       the run's plan index
     * @param retryFailed whether to execute a run that failed before (else it is left FAILED)
     * @param log         where progress goes
     * @return {@link #FINISHED}, {@link #INTERRUPTED}, {@link #FAILED} or {@link #HELD_ELSEWHERE}
     * @throws IOException              when the run's directory, its lock or its failure record cannot be
     *                                  written, or its record cannot be read ({@link RunKind#conflict})
     * @throws InterruptedException     when interrupted while waiting for the lock
     * @throws IllegalArgumentException when {@code index} is not an index of the plan
     */
    public int execute(int index, boolean retryFailed, PrintStream log) throws IOException, InterruptedException {
        SweepRun run = plan.run(index);
        Path d = runDir(run);
        Files.createDirectories(d);
        if (HELD_HERE.contains(d.toAbsolutePath().normalize())) {
            // opening (and closing) another channel would drop this process's lock on the file
            log.println("sweep: " + run.id() + " is being executed (" + holder(d) + "); left to it");
            return HELD_ELSEWHERE;
        }
        try (FileChannel ch = FileChannel.open(d.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = tryLock(ch);
            for (int attempt = 0; lock == null && attempt < 10; attempt++) {
                Thread.sleep(200);   // `sweep status` holds it for an instant when it looks
                lock = tryLock(ch);
            }
            if (lock == null) {
                log.println("sweep: " + run.id() + " is being executed by another process (" + holder(d) + "); left to it");
                return HELD_ELSEWHERE;
            }
            Path key = d.toAbsolutePath().normalize();
            HELD_HERE.add(key);
            try {
                ch.truncate(0);
                ch.write(ByteBuffer.wrap((host() + " pid " + ProcessHandle.current().pid() + "\n")
                        .getBytes(StandardCharsets.UTF_8)));
                return executeHolding(run, d, retryFailed, log);
            } finally {
                HELD_HERE.remove(key);
                lock.release();
            }
        }
    }

    private int executeHolding(SweepRun run, Path d, boolean retryFailed, PrintStream log) throws IOException {
        Path failure = d.resolve(FAILURE);
        if (Files.isRegularFile(failure) && !retryFailed) {
            log.println("sweep: " + run.id() + " failed before (" + failure + "); not executed again without --retry-failed");
            return FAILED;
        }
        Optional<String> conflict = kind.conflict(run, d);
        if (conflict.isPresent()) {
            IllegalStateException e = new IllegalStateException(d + " holds a run with other settings (" + conflict.get() + ")");
            record(failure, run, e);
            log.println("sweep: " + e.getMessage());
            return FAILED;
        }
        try {
            boolean finished = kind.execute(run, d, log);
            Files.deleteIfExists(failure);
            return finished ? FINISHED : INTERRUPTED;
        } catch (Exception e) {
            record(failure, run, e);
            log.println("sweep: " + run.id() + " failed: " + e.getMessage() + " (" + failure + ")");
            return FAILED;
        }
    }

    private static FileLock tryLock(FileChannel ch) throws IOException {
        try {
            return ch.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;   // this JVM holds it
        }
    }

    private static void record(Path failure, SweepRun run, Exception e) throws IOException {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        AtomicFiles.writeString(failure, e.getClass().getSimpleName() + ": " + e.getMessage() + "\n" + "run " + run.id()
                + " on " + host() + " at " + Instant.now() + "\n\n" + trace);
    }

    /** "host pid N" of the process executing the run in {@code runDir}, or null when none holds its lock. */
    static String holder(Path runDir) throws IOException {
        Path lockFile = runDir.resolve(LOCK);
        if (HELD_HERE.contains(runDir.toAbsolutePath().normalize())) {
            return "this process (pid " + ProcessHandle.current().pid() + ")";
        }
        if (!Files.isRegularFile(lockFile)) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock l = tryLock(ch);
            if (l != null) {
                l.release();
                return null;
            }
        }
        String who = Files.readString(lockFile, StandardCharsets.UTF_8).strip();
        return who.isEmpty() ? "another process" : who;
    }

    private static String host() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown host";
        }
    }
}
