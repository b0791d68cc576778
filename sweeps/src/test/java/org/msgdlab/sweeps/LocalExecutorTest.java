package org.msgdlab.sweeps;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LocalExecutorTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();
    private final PrintStream log = new PrintStream(logged, true, StandardCharsets.UTF_8);
    private SweepDirectory sweep;

    @BeforeEach
    void plan() {
        List<SweepRun> runs = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            runs.add(new SweepRun("runs/r" + i, Map.of("i", Integer.toString(i))));
        }
        sweep = new SweepDirectory(dir, new SweepPlan(FileMarkerKind.NAME, runs), new FileMarkerKind());
    }

    /**
     * A task command like {@link TaskCommand#forIndex}'s, whose bash script is given the index as $2 and the run directory
     * of index N as {@code $d}: the script's text, then the run's words.
     */
    private IntFunction<List<String>> task(String script) {
        String prefix = "d=" + TaskCommand.quote(dir.resolve("runs").toString()) + "/r$2; ";
        return new TaskCommand(List.of("bash", "-c", prefix + script, "x"), List.of())::forIndex;
    }

    private static final String BY_INDEX = "echo task $2 starts; case $2 in 2) exit 1;; 3) exit 130;; 4) exit 75;; esac;"
            + " echo > $d/done; exit 0";

    @Test
    void theSummaryCountsTheTasksByExitStatus() throws Exception {
        LocalExecutor.Summary s = new LocalExecutor(2, task(BY_INDEX), log).execute(sweep, List.of(0, 1, 2, 3, 4));
        assertEquals(new LocalExecutor.Summary(2, 1, 1, 1), s);
        assertEquals(List.of(RunState.DONE, RunState.DONE, RunState.PENDING, RunState.PENDING, RunState.PENDING),
                sweep.status().stream().map(SweepDirectory.Status::state).toList());
    }

    @Test
    void onlyTheGivenIndicesAreExecuted() throws Exception {
        LocalExecutor.Summary s = new LocalExecutor(3, task(BY_INDEX), log).execute(sweep, List.of(1, 4));
        assertEquals(new LocalExecutor.Summary(1, 0, 0, 1), s);
        assertTrue(Files.exists(dir.resolve("runs/r1/done")));
        assertFalse(Files.exists(dir.resolve("runs/r0")), "run 0 is not touched");
    }

    @Test
    void eachTasksOutputIsAppendedToItsRunsLog() throws Exception {
        LocalExecutor executor = new LocalExecutor(2, task("echo out $2; echo err $2 >&2"), log);
        executor.execute(sweep, List.of(0, 3));
        executor.execute(sweep, List.of(3));
        assertEquals("out 0\nerr 0\n", Files.readString(dir.resolve("runs/r0").resolve(LocalExecutor.TASK_LOG)));
        assertEquals("out 3\nerr 3\nout 3\nerr 3\n", Files.readString(dir.resolve("runs/r3/sweep-task.log")));
    }

    @Test
    void theLogSaysWhatWillRunAndOneLinePerFinishedRun() throws Exception {
        new LocalExecutor(2, task(BY_INDEX), log).execute(sweep, List.of(0, 2, 3));
        List<String> lines = logged.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals("sweep: 3 runs to execute on this machine, 2 at a time", lines.get(0));
        assertEquals(4, lines.size(), String.join("\n", lines));
        String all = String.join("\n", lines);
        assertTrue(all.contains("runs/r0: finished in ") && all.contains("(step 10/10)"), all);
        assertTrue(all.contains("runs/r2: FAILED (exit 1;"), all);
        assertTrue(all.contains("runs/r3: interrupted"), all);
        for (int k = 1; k <= 3; k++) {
            assertTrue(all.contains("[" + k + "/3]"), all);
        }
    }

    @Test
    void twoJobsRunTwoTasksAtATime() throws Exception {
        long t0 = System.nanoTime();
        LocalExecutor.Summary s = new LocalExecutor(2, task("sleep 1; echo > $d/done"), log).execute(sweep, List.of(0, 1));
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(2, s.finished());
        assertTrue(seconds < 1.9, "two 1 s tasks took " + seconds + " s");
    }

    @Test
    void oneJobRunsTheTasksOneAfterAnother() throws Exception {
        // each task records whether another one was running when it started
        Path running = Files.createDirectories(dir.resolve("running"));
        String script = "ls " + running + " | grep -q . && echo overlap > " + dir.resolve("overlap") + "; touch " + running
                + "/$2; sleep 0.3; rm " + running + "/$2";
        LocalExecutor.Summary s = new LocalExecutor(1, task(script), log).execute(sweep, List.of(0, 1, 2));
        assertEquals(3, s.finished());
        assertFalse(Files.exists(dir.resolve("overlap")), "no task started while another ran");
    }

    @Test
    void aStopTermsTheRunningTaskCountsItInterruptedAndStartsNoOtherTask() throws Exception {
        // what a TERM or Ctrl-C to `msgd sweep run` does, through the executor's shutdown hook
        LocalExecutor executor = new LocalExecutor(1, task("echo > $d/started; exec sleep 20"), log);
        java.util.concurrent.CompletableFuture<LocalExecutor.Summary> result = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> {
                    try {
                        return executor.execute(sweep, List.of(0, 1, 2));
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                });
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!Files.exists(dir.resolve("runs/r0/started")) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertTrue(Files.exists(dir.resolve("runs/r0/started")), "task 0 started");
        long t0 = System.nanoTime();
        executor.stop();
        LocalExecutor.Summary s = result.get(15, java.util.concurrent.TimeUnit.SECONDS);
        assertTrue((System.nanoTime() - t0) / 1e9 < 10, "the task was stopped, not waited for");
        assertEquals(new LocalExecutor.Summary(0, 1, 0, 0), s, "a task ended by TERM (exit 143) is interrupted, not failed");
        assertFalse(Files.exists(dir.resolve("runs/r1")), "no task starts once the executor stops");
        assertFalse(Files.exists(dir.resolve("runs/r2")));
        String all = logged.toString(StandardCharsets.UTF_8);
        assertTrue(all.contains("runs/r0: interrupted"), all);
        assertFalse(all.contains("runs/r1"), all);
    }

    @Test
    void aTaskThatCannotStartCountsAsFailed() throws Exception {
        LocalExecutor.Summary s = new LocalExecutor(1, i -> List.of(dir.resolve("no-such-program").toString()), log)
                .execute(sweep, List.of(0));
        assertEquals(new LocalExecutor.Summary(0, 0, 1, 0), s);
        assertTrue(logged.toString(StandardCharsets.UTF_8).contains("runs/r0: cannot start its task"));
    }

    @Test
    void noIndicesIsNothingToDo() throws InterruptedException, IOException {
        assertEquals(new LocalExecutor.Summary(0, 0, 0, 0), new LocalExecutor(2, task(BY_INDEX), log).execute(sweep, List.of()));
        assertFalse(Files.exists(dir.resolve("runs")));
    }

    @Test
    void fewerThanOneJobIsRefusedNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LocalExecutor(0, task(""), log));
        assertEquals("--jobs 0 must be >= 1", e.getMessage());
    }
}
