package org.msgdlab.sweeps;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.io.MalformedFileException;
import org.msgdlab.sweeps.FileMarkerKind.Outcome;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepDirectoryTest {

    @TempDir
    Path dir;

    private final SweepPlan plan = new SweepPlan(FileMarkerKind.NAME, List.of(new SweepRun("gd/seed-0", Map.of("lr", "0.1")),
            new SweepRun("gd/seed-1", Map.of("lr", "0.1")), new SweepRun("msgd/seed-0", Map.of("lr", "0.2")),
            new SweepRun("msgd/seed-1", Map.of("lr", "0.2"))));
    private final FileMarkerKind kind = new FileMarkerKind();
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);
    private SweepDirectory sweep;

    @BeforeEach
    void plan() throws IOException {
        plan.write(dir);
        sweep = SweepDirectory.open(dir, kind);
    }

    private List<RunState> states() throws IOException {
        return sweep.status().stream().map(SweepDirectory.Status::state).toList();
    }

    private Path failureOf(int index) {
        return sweep.runDir(plan.run(index)).resolve("sweep-failure.txt");
    }

    @Test
    void aPlanOfAnotherKindIsRefused() throws IOException {
        new SweepPlan("deep.train", plan.runs()).write(dir);
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> SweepDirectory.open(dir, kind));
        assertEquals(dir.resolve("sweep.json") + ": kind=deep.train must be test.markers", e.getMessage());
    }

    @Test
    void aRunWhoseSettingsTheKindRefusesIsNamedByIndexAndIdBeforeAnythingIsShown() throws IOException {
        new SweepPlan(FileMarkerKind.NAME, List.of(plan.run(0), new SweepRun("gd/seed-1", Map.of("lr", "-20")))).write(dir);
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> SweepDirectory.open(dir, kind));
        assertEquals(dir.resolve("sweep.json") + ": run 1 (gd/seed-1): lr=-20 must be a number >= 0", e.getMessage());
    }

    @Test
    void eachRunLivesInTheDirectoryOfItsId() {
        assertEquals(dir.resolve("msgd").resolve("seed-1"), sweep.runDir(plan.run(3)));
    }

    @Test
    void statesFollowWhatExecutionsLeftOnDisk() throws Exception {
        assertEquals(List.of(RunState.PENDING, RunState.PENDING, RunState.PENDING, RunState.PENDING), states());
        kind.outcome("gd/seed-1", Outcome.INTERRUPT).outcome("msgd/seed-0", Outcome.FAIL);
        assertEquals(SweepDirectory.FINISHED, sweep.execute(0, false, log));
        assertEquals(SweepDirectory.INTERRUPTED, sweep.execute(1, false, log));
        assertEquals(SweepDirectory.FAILED, sweep.execute(2, false, log));
        assertEquals(List.of(RunState.DONE, RunState.INTERRUPTED, RunState.FAILED, RunState.PENDING), states());
        assertEquals("step 10/10", sweep.status(plan.run(0)).detail());
        assertEquals("IllegalStateException: loss of msgd/seed-0 is NaN at step 3; step 3/10", sweep.status(plan.run(2)).detail());
        assertEquals(Map.of(RunState.PENDING, 1, RunState.RUNNING, 0, RunState.INTERRUPTED, 1, RunState.DONE, 1,
                RunState.FAILED, 1), SweepDirectory.counts(sweep.status()));
        assertEquals(List.of(RunState.values()), List.copyOf(SweepDirectory.counts(List.of()).keySet()));
        assertEquals(List.of(1, 3), sweep.toExecute(false));
        assertEquals(List.of(1, 2, 3), sweep.toExecute(true));
    }

    @Test
    void aFailureIsRecordedWithItsMessageFirst() throws Exception {
        kind.outcome("msgd/seed-0", Outcome.FAIL);
        assertEquals(SweepDirectory.FAILED, sweep.execute(2, false, log));
        List<String> lines = Files.readAllLines(failureOf(2));
        assertEquals("IllegalStateException: loss of msgd/seed-0 is NaN at step 3", lines.get(0));
        assertTrue(lines.get(1).startsWith("run msgd/seed-0 on "), lines.get(1));
        assertTrue(logged.toString(StandardCharsets.UTF_8).contains("msgd/seed-0 failed: loss of msgd/seed-0 is NaN"));
    }

    @Test
    void aFailedRunIsExecutedAgainOnlyWhenAskedAndItsSuccessClearsTheFailure() throws Exception {
        kind.outcome("msgd/seed-0", Outcome.FAIL);
        sweep.execute(2, false, log);
        kind.outcome("msgd/seed-0", Outcome.FINISH);
        assertEquals(SweepDirectory.FAILED, sweep.execute(2, false, log));
        assertEquals(1, kind.calls("msgd/seed-0"), "not executed again without retryFailed");
        assertTrue(logged.toString(StandardCharsets.UTF_8).contains("not executed again without --retry-failed"));
        assertEquals(SweepDirectory.FINISHED, sweep.execute(2, true, log));
        assertEquals(2, kind.calls("msgd/seed-0"));
        assertFalse(Files.exists(failureOf(2)), "a success removes sweep-failure.txt");
        assertEquals(RunState.DONE, sweep.status(plan.run(2)).state());
    }

    @Test
    void anInterruptedRunIsExecutedAgainUntilItFinishes() throws Exception {
        kind.outcome("gd/seed-1", Outcome.INTERRUPT);
        assertEquals(SweepDirectory.INTERRUPTED, sweep.execute(1, false, log));
        kind.outcome("gd/seed-1", Outcome.FINISH);
        assertEquals(SweepDirectory.FINISHED, sweep.execute(1, false, log));
        assertEquals(2, kind.calls("gd/seed-1"));
        assertEquals(List.of(0, 2, 3), sweep.toExecute(true));
    }

    @Test
    void aDirectoryHoldingARunWithOtherSettingsIsNotTouched() throws Exception {
        Path d = Files.createDirectories(sweep.runDir(plan.run(3)));
        Files.writeString(d.resolve("other-settings"), "lr 0.3 there, 0.2 planned");
        assertEquals(List.of(d + " holds a run with other settings (lr 0.3 there, 0.2 planned)"), sweep.conflicts());
        assertEquals(SweepDirectory.FAILED, sweep.execute(3, true, log));
        assertEquals(0, kind.calls("msgd/seed-1"), "execute is not called");
        String first = Files.readAllLines(failureOf(3)).get(0);
        assertTrue(first.contains("holds a run with other settings (lr 0.3 there, 0.2 planned)"), first);
        assertEquals(RunState.FAILED, sweep.status(plan.run(3)).state());
    }

    @Test
    void aRunIsRunningInsideItsExecutionAndNotAfter() throws Exception {
        AtomicReference<SweepDirectory.Status> inside = new AtomicReference<>();
        AtomicReference<RunState> other = new AtomicReference<>();
        kind.during((run, runDir) -> {
            inside.set(sweep.status(run));
            other.set(sweep.status(plan.run(1)).state());
        });
        assertEquals(SweepDirectory.FINISHED, sweep.execute(0, false, log));
        assertEquals(RunState.RUNNING, inside.get().state());
        assertTrue(inside.get().detail().startsWith("on this process (pid " + ProcessHandle.current().pid() + ")"),
                inside.get().detail());
        assertTrue(inside.get().detail().endsWith("step 3/10"), inside.get().detail());
        assertEquals(RunState.PENDING, other.get());
        assertEquals(RunState.DONE, sweep.status(plan.run(0)).state());
        assertTrue(Files.readString(sweep.runDir(plan.run(0)).resolve("sweep.lock"))
                .contains("pid " + ProcessHandle.current().pid()), "the lock file names its holder");
    }

    @Test
    void aRunLockedByAnotherProcessIsRunningAndLeftToIt() throws Exception {
        Path d = Files.createDirectories(sweep.runDir(plan.run(2)));
        Process holder = pythonLock(d.resolve("sweep.lock"), "hold");
        try {
            assertEquals("locked", new BufferedReader(new InputStreamReader(holder.getInputStream())).readLine());
            SweepDirectory.Status s = sweep.status(plan.run(2));
            assertEquals(RunState.RUNNING, s.state(), "python's lockf lock is seen as a lock by Java's FileChannel.tryLock"
                    + " (both POSIX fcntl locks): " + s);
            assertEquals("on otherhost pid 42", s.detail());
            long t0 = System.nanoTime();
            assertEquals(SweepDirectory.HELD_ELSEWHERE, sweep.execute(2, true, log));
            assertTrue(System.nanoTime() - t0 > 1_500_000_000L, "it retried for about 2 s first");
            assertEquals(0, kind.calls("msgd/seed-0"));
            assertFalse(Files.exists(failureOf(2)), "no failure recorded");
            assertTrue(logged.toString(StandardCharsets.UTF_8).contains("msgd/seed-0 is being executed by another process"
                    + " (otherhost pid 42)"), logged.toString(StandardCharsets.UTF_8));
        } finally {
            holder.destroyForcibly().waitFor();
        }
        assertEquals(RunState.PENDING, sweep.status(plan.run(2)).state(), "the lock goes with the process");
        assertEquals(SweepDirectory.FINISHED, sweep.execute(2, false, log));
    }

    @Test
    void aSecondExecutionOfTheSameRunInThisProcessLeavesItToTheFirst() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        kind.during((run, runDir) -> {
            entered.countDown();
            assertTrue(release.await(30, TimeUnit.SECONDS));
        });
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> executeQuietly(0));
        try {
            assertTrue(entered.await(30, TimeUnit.SECONDS));
            assertEquals(SweepDirectory.HELD_ELSEWHERE, sweep.execute(0, false, log));
            assertTrue(logged.toString(StandardCharsets.UTF_8).contains("(this process (pid "));
        } finally {
            release.countDown();
        }
        assertEquals(SweepDirectory.FINISHED, first.get(30, TimeUnit.SECONDS));
        assertEquals(1, kind.calls("gd/seed-0"));
    }

    @Test
    void aSecondExecutionInThisProcessKeepsTheFirstOnesLock() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        kind.during((run, runDir) -> {
            entered.countDown();
            assertTrue(release.await(30, TimeUnit.SECONDS));
        });
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> executeQuietly(0));
        try {
            assertTrue(entered.await(30, TimeUnit.SECONDS));
            Path lock = sweep.runDir(plan.run(0)).resolve("sweep.lock");
            assertEquals(0, pythonLock(lock, "try").waitFor(), "before: another process finds the lock held");
            assertEquals(SweepDirectory.HELD_ELSEWHERE, sweep.execute(0, false, log));
            assertEquals(0, pythonLock(lock, "try").waitFor(), "after: another process still finds the lock held");
        } finally {
            release.countDown();
        }
        assertEquals(SweepDirectory.FINISHED, first.get(30, TimeUnit.SECONDS));
    }

    private int executeQuietly(int index) {
        try {
            return sweep.execute(index, false, log);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A python process on {@code lockFile}: "hold" writes "otherhost pid 42", takes an fcntl lock, prints "locked" and
     * sleeps; "try" exits 0 when the lock is held by another process and 1 when it could take it.
     */
    private static Process pythonLock(Path lockFile, String mode) throws IOException {
        String code = String.join("\n", "import fcntl, sys, time",
                "f = open(sys.argv[1], 'a')",
                "if sys.argv[2] == 'hold':",
                "    f.write('otherhost pid 42\\n'); f.flush()",
                "    fcntl.lockf(f, fcntl.LOCK_EX)",
                "    print('locked', flush=True)",
                "    time.sleep(120)",
                "else:",
                "    try:",
                "        fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)",
                "        sys.exit(1)",
                "    except OSError:",
                "        sys.exit(0)");
        return new ProcessBuilder("python3", "-c", code, lockFile.toString(), mode)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }
}
