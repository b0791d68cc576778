package org.msgdlab.deep.study;

import org.msgdlab.deep.train.BitProvenance;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.deep.train.TrainingContext;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Trains the runs a study still needs, {@code workers} at a time (each run single-threaded), and
 * adds paired seeds in blocks until every claim resolves or reaches the cap ({@code --seeds auto}).
 * Every run is checkpointed every 1,000 iterations and reused when found completed with the same
 * settings, so the same command continues an interrupted study; runs are ordered by paired seed,
 * then by method, so that blocks complete one seed at a time.
 * <p>
 * One call of {@link #runAuto} or {@link #runAll} at a time per runner: the runs of a call train on its
 * own pool of {@code workers} threads, and two calls at once could train the same run directory.
 */
public final class StudyRunner {

    /**
     * A run still to do. Immutable and thread-safe.
     *
     * @param method the method name, as the plan lists it
     * @param seed   the paired seed
     */
    public record Task(String method, int seed) {
    }

    /** Runs named in the first line of {@link #runAll}; the rest are counted. */
    private static final int LISTED = 20;

    private final StudyPlan plan;
    private final int workers;
    private final Instant deadline;
    private final PrintStream log;
    private final TrainingContext context;
    private final boolean blind;
    /** The runs ("method/seed") that failed in this runner's calls of {@link #runAll}, in the order they failed. */
    private final java.util.Queue<String> failed = new java.util.concurrent.ConcurrentLinkedQueue<>();

    /**
     * A runner of {@code plan}'s runs.
     *
     * @param plan     the study
     * @param workers  runs trained at a time, >= 1
     * @param deadline no run starts after it (null: none); a run started before it finishes
     * @param log      where progress and failures go (written from the worker threads)
     * @param context  when to stop (Ctrl-C: the runs in progress save, no other starts), and the environment
     *                 recorded in each run.json
     * @throws IllegalArgumentException when {@code workers < 1}
     */
    public StudyRunner(StudyPlan plan, int workers, Instant deadline, PrintStream log, TrainingContext context) {
        this(plan, workers, deadline, log, context, false);
    }

    private StudyRunner(StudyPlan plan, int workers, Instant deadline, PrintStream log, TrainingContext context,
                        boolean blind) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers=" + workers + " must be >= 1");
        }
        this.plan = plan;
        this.workers = workers;
        this.deadline = deadline;
        this.log = log;
        this.context = java.util.Objects.requireNonNull(context, "context");
        this.blind = blind;
    }

    /**
     * This runner, logging no statistic of a run (neither window nor final accuracy): for a pre-registered study
     * whose plan computes nothing between its looks (the support study), so that whoever trains it sees only that
     * each run completed; the looks ({@code msgd study --seeds 0}) compute on the complete paired seeds of the last look
     * reached.
     *
     * @return a runner that withholds each run's accuracies from the log
     */
    public StudyRunner blind() {
        return new StudyRunner(plan, workers, deadline, log, context, true);
    }

    /**
     * The runs that failed (an exception, reported on the log and kept on disk) in this runner's calls of {@link #runAll}
     * and {@link #runAuto}: a command that trained them says so in its exit status.
     *
     * @return "method/seed" of each failed run, in the order they failed
     */
    public List<String> failedRuns() {
        return List.copyOf(failed);
    }

    /**
     * The runs the sequential rule wants next: for each claim neither resolved nor at its cap, its
     * two methods at every seed below its next look; methods limited to {@code only} when not empty.
     *
     * @param runs the completed runs
     * @param only the methods to train (empty: all)
     * @return the runs not yet completed, by paired seed, then in the plan's method order
     */
    public static List<Task> wanted(StudyRuns runs, List<String> only) {
        List<Task> tasks = new ArrayList<>();
        for (StudyVerdicts.ClaimResult r : StudyVerdicts.evaluate(runs)) {
            if (!runs.plan().methods().containsAll(List.of(r.claim().x(), r.claim().y()))) {
                continue;   // a claim about a method outside this plan
            }
            for (String m : List.of(r.claim().x(), r.claim().y())) {
                for (int s = 0; s < r.wantSeeds(); s++) {
                    Task t = new Task(m, s);
                    if (!runs.has(m, s) && !tasks.contains(t) && (only.isEmpty() || only.contains(m))) {
                        tasks.add(t);
                    }
                }
            }
        }
        List<String> order = runs.plan().methods();
        tasks.sort(Comparator.comparingInt(Task::seed).thenComparingInt(t -> order.indexOf(t.method())));
        return tasks;
    }

    /**
     * Every method of the plan (or of {@code only}) at seeds 0 .. seeds-1 not yet completed.
     *
     * @param runs  the completed runs
     * @param seeds the number of paired seeds
     * @param only  the methods to train (empty: all)
     * @return the runs to train, by paired seed, then in the plan's method order
     */
    public static List<Task> fixed(StudyRuns runs, int seeds, List<String> only) {
        List<Task> tasks = new ArrayList<>();
        for (int s = 0; s < seeds; s++) {
            for (String m : runs.plan().methods()) {
                if (!runs.has(m, s) && (only.isEmpty() || only.contains(m))) {
                    tasks.add(new Task(m, s));
                }
            }
        }
        return tasks;
    }

    /**
     * Every method of the plan at seeds 0 .. seeds-1 not yet completed, a paired seed at a time, where
     * every run of a paired seed is computed alike: a seed whose runs (finished or not) record bits other
     * than {@code here} ({@link BitProvenance}: another build, CPU, instruction set, environment or JVM)
     * is left whole for a process that computes as they did, and named on the log. So no pair mixes builds
     * or machine types (the second study's rule, deep issue 30). A complete seed is neither trained nor named,
     * wherever it was computed.
     *
     * @param runs  the completed runs
     * @param seeds the number of paired seeds
     * @param here  the bits of a run this process would train
     * @param log   where a seed left for another build or machine is named
     * @return the runs to train, by paired seed, then in the plan's method order
     * @throws IOException when a run.json cannot be read
     */
    public static List<Task> wholeSeedsComputedAlike(StudyRuns runs, int seeds, BitProvenance here, PrintStream log)
            throws IOException {
        List<Task> tasks = new ArrayList<>();
        for (int s = 0; s < seeds; s++) {
            if (runs.complete(s)) {
                continue; // complete: nothing to train, wherever it was computed
            }
            List<String> other = new ArrayList<>();
            for (String m : runs.plan().methods()) {
                java.util.Optional<BitProvenance> b = BitProvenance.recordedIn(runs.plan().runDir(m, s));
                if (b.isPresent() && !b.get().differences(here).isEmpty()) {
                    other.add(m + " (" + String.join("; ", b.get().differences(here)) + ")");
                }
            }
            if (!other.isEmpty()) {
                log.println("study: paired seed " + s + " left for a process that computes as its runs did: " + other);
                continue;
            }
            for (String m : runs.plan().methods()) {
                if (!runs.has(m, s)) {
                    tasks.add(new Task(m, s));
                }
            }
        }
        return tasks;
    }

    /**
     * {@code --seeds auto}: blocks of wanted runs until none is wanted, the deadline passes, or a block
     * completes no run.
     *
     * @param only the methods to train (empty: all)
     * @return the completed runs read last
     * @throws IOException          when the completed runs cannot be read ({@link StudyRuns#read})
     * @throws InterruptedException when interrupted while waiting for the runs
     */
    public StudyRuns runAuto(List<String> only) throws IOException, InterruptedException {
        while (true) {
            StudyRuns runs = StudyRuns.read(plan, StudyVerdicts.CAP);
            List<Task> tasks = wanted(runs, only);
            if (tasks.isEmpty()) {
                log.println("study: no claim wants more seeds" + (only.isEmpty() ? "" : " among " + only));
                return runs;
            }
            if (pastDeadline()) {
                log.println("study: deadline reached; " + tasks.size() + " wanted runs left for a later call");
                return runs;
            }
            if (runAll(tasks) == 0) {
                return StudyRuns.read(plan, StudyVerdicts.CAP);
            }
        }
    }

    private boolean pastDeadline() {
        return deadline != null && Instant.now().isAfter(deadline);
    }

    /**
     * Trains {@code tasks}; returns how many completed. Failures are reported and do not stop the others.
     *
     * @param tasks the runs to train
     * @return how many ended {@code COMPLETED}
     * @throws IOException          declared; a run's failure is reported on the log instead
     * @throws InterruptedException when interrupted while waiting for the runs
     */
    public int runAll(List<Task> tasks) throws IOException, InterruptedException {
        List<String> names = tasks.stream().map(t -> t.method() + "/" + t.seed()).toList();
        String listed = names.size() <= LISTED ? names.toString()
                : "[" + String.join(", ", names.subList(0, LISTED)) + ", ... (" + (names.size() - LISTED) + " more)]";
        log.println(String.format(Locale.ROOT, "study (%s): %d runs to train, %d at a time: %s", plan.protocol().name(),
                tasks.size(), workers, listed));
        Map<Long, Preset.Data> data = new LinkedHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        AtomicInteger done = new AtomicInteger();
        AtomicInteger ok = new AtomicInteger();
        long t0 = System.nanoTime();
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Task t : tasks) {
                futures.add(pool.submit(() -> {
                    if (pastDeadline() || context.cancellation().requested()) {
                        return null;   // stopped (Ctrl-C): the same command trains it
                    }
                    var c = plan.config(t.method(), t.seed());
                    long r0 = System.nanoTime();
                    try {
                        Preset.Data d;
                        synchronized (data) {
                            d = data.get(c.dataSeed());
                            if (d == null) {
                                d = c.preset().load(c.dataDir(), c.dataSeed(), c.protocol());
                                data.put(c.dataSeed(), d);
                            }
                        }
                        Trainer.Outcome o = Trainer.runOrContinue(c, d, log, context);
                        if (o.status() == Trainer.Status.INTERRUPTED) {
                            done.incrementAndGet();
                            log.println("study: " + t.method() + " seed " + t.seed() + " interrupted at iteration "
                                    + o.iterationsDone() + " (saved; the same command continues it)");
                            return null;
                        }
                        int k = done.incrementAndGet();
                        if (o.status() == Trainer.Status.COMPLETED) {
                            ok.incrementAndGet();
                        }
                        double el = (System.nanoTime() - t0) / 1e9;
                        String eta = Duration.ofSeconds(Math.round(el / k * (tasks.size() - k))).toString().substring(2)
                                .toLowerCase(Locale.ROOT);
                        String statistics = blind ? "statistics withheld (the plan's looks read them)"
                                : String.format(Locale.ROOT, "window accuracy %.4f, final %.4f",
                                WindowStatistic.of(o.rows(), plan.iterations()), WindowStatistic.last(o.rows()));
                        log.println(String.format(Locale.ROOT, "study: [%d/%d] %s seed %d: %s, %s (%.0f s; study ETA %s)",
                                k, tasks.size(), c.method().paperName(), t.seed(), o.status(), statistics,
                                (System.nanoTime() - r0) / 1e9, eta));
                    } catch (Exception e) {
                        done.incrementAndGet();
                        failed.add(t.method() + "/" + t.seed());
                        log.println("study: " + t.method() + " seed " + t.seed() + " failed: " + e.getMessage()
                                + " (kept on disk; the same command retries it)");
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (java.util.concurrent.ExecutionException e) {
                    log.println("study: " + e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        return ok.get();
    }
}
