package org.msgdlab.sweeps;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link RunKind} for the tests, whose whole record is two marker files: a run is begun when its
 * directory holds {@code begun}, finished when it holds {@code done}, and holds a run with other
 * settings when it holds {@code other-settings} (whose text is the difference). What an execution
 * does is chosen per run id; executions are counted.
 */
final class FileMarkerKind implements RunKind {

    static final String NAME = "test.markers";

    /** What {@link #execute} does after writing {@code begun}. */
    enum Outcome { FINISH, INTERRUPT, FAIL }

    /** Code run inside {@link #execute}, after {@code begun} and before the outcome. */
    interface During {
        void run(SweepRun run, Path runDir) throws Exception;
    }

    private final Map<String, Outcome> outcomes = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private volatile During during = (run, dir) -> { };

    FileMarkerKind outcome(String runId, Outcome outcome) {
        outcomes.put(runId, outcome);
        return this;
    }

    FileMarkerKind during(During during) {
        this.during = during;
        return this;
    }

    int calls(String runId) {
        return calls.getOrDefault(runId, new AtomicInteger()).get();
    }

    /** A setting {@code lr}, when there, must be a number >= 0. */
    @Override
    public void check(SweepRun run) {
        String lr = run.settings().get("lr");
        if (lr != null && !lr.matches("[0-9]+(\\.[0-9]*)?")) {
            throw new IllegalArgumentException("lr=" + lr + " must be a number >= 0");
        }
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Optional<String> conflict(SweepRun run, Path runDir) throws IOException {
        Path f = runDir.resolve("other-settings");
        return Files.isRegularFile(f) ? Optional.of(Files.readString(f).strip()) : Optional.empty();
    }

    @Override
    public Progress progress(SweepRun run, Path runDir) {
        boolean done = Files.exists(runDir.resolve("done"));
        boolean begun = done || Files.exists(runDir.resolve("begun"));
        return new Progress(begun, done, done ? "step 10/10" : begun ? "step 3/10" : "");
    }

    @Override
    public boolean execute(SweepRun run, Path runDir, PrintStream log) throws Exception {
        calls.computeIfAbsent(run.id(), k -> new AtomicInteger()).incrementAndGet();
        Files.writeString(runDir.resolve("begun"), "");
        during.run(run, runDir);
        switch (outcomes.getOrDefault(run.id(), Outcome.FINISH)) {
            case FINISH -> {
                Files.writeString(runDir.resolve("done"), "");
                return true;
            }
            case INTERRUPT -> {
                return false;
            }
            default -> throw new IllegalStateException("loss of " + run.id() + " is NaN at step 3");
        }
    }
}
