package org.msgdlab.sweeps;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SlurmExecutorTest {

    @TempDir
    Path dir;

    private static SlurmExecutor.Options options(String jobName, int cpus, String partition, int gpus, List<String> extra) {
        return new SlurmExecutor.Options(jobName, cpus, partition, null, null, null, gpus, 120, extra);
    }

    private static final SlurmExecutor MINIMAL = new SlurmExecutor(options("msgd-sweep", 2, null, 0, List.of()));
    private static final SlurmExecutor FULL = new SlurmExecutor(new SlurmExecutor.Options("fashion.study", 4, "gpu-a100",
            "02:00:00", "8G", "lab_1", 1, 300, List.of("--qos=long", "--constraint=a100")));

    @Test
    void consecutiveIndicesBecomeRanges() {
        assertEquals("0-3", SlurmExecutor.arraySpec(List.of(0, 1, 2, 3)));
        assertEquals("0-1,3,5,7-8", SlurmExecutor.arraySpec(List.of(5, 0, 1, 3, 7, 8)));
        assertEquals("4", SlurmExecutor.arraySpec(List.of(4)));
        assertEquals("2-4,9", SlurmExecutor.arraySpec(List.of(4, 2, 3, 3, 9, 2)));
        assertEquals("no runs to submit",
                assertThrows(IllegalArgumentException.class, () -> SlurmExecutor.arraySpec(List.of())).getMessage());
    }

    @Test
    void optionsAreRefusedWithTheOptionAndItsValueNamed() {
        assertEquals("--job-name 'my job' must be letters, digits and . _ -", assertThrows(IllegalArgumentException.class,
                () -> options("my job", 1, null, 0, List.of())).getMessage());
        assertEquals("--cpus-per-task 0 must be >= 1", assertThrows(IllegalArgumentException.class,
                () -> options("j", 0, null, 0, List.of())).getMessage());
        assertEquals("--gpus -1 must be >= 0", assertThrows(IllegalArgumentException.class,
                () -> options("j", 1, null, -1, List.of())).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> options("j", 1, "gpu a100", 0, List.of()))
                .getMessage().startsWith("--partition 'gpu a100' must be"));
        assertEquals("--sbatch 'qos=long' must be one sbatch option starting with --", assertThrows(
                IllegalArgumentException.class, () -> options("j", 1, null, 0, List.of("qos=long"))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> options("j", 1, null, 0, List.of("--qos=long\nrm -rf x")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SlurmExecutor.Options("j", 1, null, null, null,
                null, 0, 0, List.of())).getMessage().startsWith("--signal-seconds 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new SlurmExecutor.Options("j", 1, null, "2h;x", null,
                null, 0, 60, List.of())).getMessage().startsWith("--time '2h;x'"));
        // Slurm's own forms only: a number Java reads (1e309, Infinity) is no time limit or memory size (issue 47)
        for (String time : List.of("1e309", "Infinity", "NaN", "2h", "-5", "1:2:3:4")) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new SlurmExecutor.Options("j", 1, null, time, null,
                    null, 0, 60, List.of())).getMessage().startsWith("--time '" + time + "' must be a Slurm time limit"), time);
        }
        for (String time : List.of("90", "90:30", "02:00:00", "2-12", "2-12:30", "2-12:30:00", "UNLIMITED")) {
            assertEquals(time, new SlurmExecutor.Options("j", 1, null, time, null, null, 0, 60, List.of()).time());
        }
        for (String mem : List.of("Infinity", "1e309", "8 G", "8GB", "-1")) {
            assertTrue(assertThrows(IllegalArgumentException.class, () -> new SlurmExecutor.Options("j", 1, null, null, mem,
                    null, 0, 60, List.of())).getMessage().startsWith("--mem '" + mem + "' must be a Slurm memory size"), mem);
        }
        for (String mem : List.of("8G", "8000", "500M", "1T")) {
            assertEquals(mem, new SlurmExecutor.Options("j", 1, null, null, mem, null, 0, 60, List.of()).mem());
        }
    }

    @Test
    void theScriptAsksForARequeueableArrayWithTheSignalAheadOfTheLimit() {
        String s = MINIMAL.script(dir, List.of(0, 1, 2, 3), new TaskCommand(List.of("msgd"), List.of()));
        List<String> lines = s.lines().toList();
        assertEquals("#!/bin/bash", lines.get(0));
        for (String line : List.of("#SBATCH --job-name=msgd-sweep", "#SBATCH --array=0-3", "#SBATCH --requeue",
                "#SBATCH --signal=B:USR1@120", "#SBATCH --cpus-per-task=2", "#SBATCH --ntasks=1",
                "#SBATCH --output=\"" + dir.toAbsolutePath().resolve("slurm").resolve("%A_%a.out") + "\"")) {
            assertTrue(lines.contains(line), line + " in\n" + s);
        }
        for (String absent : List.of("--gres", "--partition", "--time", "--mem", "--account", "--qos")) {
            assertFalse(s.contains(absent), absent + " not asked for in\n" + s);
        }
        assertTrue(lines.contains("msgd --index \"${SLURM_ARRAY_TASK_ID}\" &"), s);
    }

    @Test
    void givenOptionsEachBecomeOneDirectiveBeforeTheFirstCommand() {
        String s = FULL.script(dir, List.of(5, 0, 1), new TaskCommand(List.of("msgd"), List.of()));
        List<String> lines = s.lines().toList();
        List<String> wanted = List.of("#SBATCH --array=0-1,5", "#SBATCH --signal=B:USR1@300", "#SBATCH --partition=gpu-a100",
                "#SBATCH --time=02:00:00", "#SBATCH --mem=8G", "#SBATCH --account=lab_1", "#SBATCH --gres=gpu:1",
                "#SBATCH --qos=long", "#SBATCH --constraint=a100");
        int firstCommand = lines.indexOf("set -u");
        for (String line : wanted) {
            int at = lines.indexOf(line);
            assertTrue(at > 0 && at < firstCommand, line + " among the directives of\n" + s);
        }
    }

    @Test
    void theScriptIsValidBash() throws Exception {
        TaskCommand c = new TaskCommand(List.of("java", "-jar", "/opt/my dir/msgd.jar", "it's"), List.of("--retry-failed"));
        for (SlurmExecutor e : List.of(MINIMAL, FULL)) {
            Path f = write(e.script(dir, List.of(0, 2), c));
            Process p = new ProcessBuilder("bash", "-n", f.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out);
        }
    }

    @Test
    void anArrayTaskRunsTheCommandWithItsTaskIdAndExitsWithItsStatus() throws Exception {
        Path out = dir.resolve("out.txt");
        Path log = dir.resolve("task.log");
        Process p = start(new TaskCommand(List.of("bash", "-c", "echo ran \"$@\" > " + out + "; exit 3", "x"), List.of()), log);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the script ends");
        assertEquals(3, p.exitValue());
        assertEquals("ran --index 2", Files.readString(out).strip());
        assertTrue(Files.readString(log).startsWith("msgd sweep: array task 9_2 (plan index 2) on "), Files.readString(log));
    }

    @Test
    void termReachesTheTaskAndTheScriptWaitsForItsStatus() throws Exception {
        // the task takes 0.3 s to save after TERM: the script must wait for it and exit with its status
        Path saved = dir.resolve("saved");
        Process p = startSleeper("sleep 0.3; echo saved > " + saved + "; exit 130");
        p.destroy();   // TERM to the batch shell
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the script ends");
        assertTrue(Files.exists(saved), "the task received TERM and saved before the script ended");
        assertEquals(130, p.exitValue());
    }

    @Test
    void usr1RequeuesTheTaskAndLeavesItRunning() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path requeued = dir.resolve("requeued");
        // written whole, then renamed: the test waits for the file to exist, and '>' creates it before echo writes
        Files.writeString(bin.resolve("scontrol"), "#!/bin/bash\necho \"$@\" > " + requeued + ".part && mv " + requeued
                + ".part " + requeued + "\n");
        Files.setPosixFilePermissions(bin.resolve("scontrol"), PosixFilePermissions.fromString("rwxr-xr-x"));
        Path saved = dir.resolve("saved");
        Process p = startSleeper("echo saved > " + saved + "; exit 130", bin);
        new ProcessBuilder("kill", "-USR1", Long.toString(p.pid())).start().waitFor();
        waitFor(requeued);
        assertEquals("requeue 9_2", Files.readString(requeued).strip());
        assertFalse(p.waitFor(500, TimeUnit.MILLISECONDS), "the script still waits for its task after USR1");
        assertFalse(Files.exists(saved), "USR1 is not passed to the task");
        p.destroy();
        assertTrue(p.waitFor(20, TimeUnit.SECONDS));
        assertTrue(Files.exists(saved));
    }

    @Test
    void aTaskThatExitsAtOnceOnTermStillGivesTheScriptItsStatus() throws Exception {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Path run = Files.createDirectories(dir.resolve("try-" + i));
            Process p = startSleeper("exit 130", null, run);
            p.destroy();
            assertTrue(p.waitFor(20, TimeUnit.SECONDS));
            statuses.add(p.exitValue());
        }
        assertEquals(List.of(130), statuses.stream().distinct().toList(), "exit statuses of 60 scripts: " + statuses);
    }

    /** The script of a task that sleeps until TERM, then runs {@code onTerm}; started, and its task ready. */
    private Process startSleeper(String onTerm) throws Exception {
        return startSleeper(onTerm, null, dir);
    }

    private Process startSleeper(String onTerm, Path bin) throws Exception {
        return startSleeper(onTerm, bin, dir);
    }

    private Process startSleeper(String onTerm, Path bin, Path where) throws Exception {
        Path ready = where.resolve("ready");
        String task = "trap 'kill $s 2>/dev/null; " + onTerm.replace("'", "'\\''") + "' TERM; sleep 30 & s=$!; echo > "
                + ready + "; wait $s";
        Process p = start(new TaskCommand(List.of("bash", "-c", task, "x"), List.of()), where.resolve("task.log"), bin);
        waitFor(ready);
        Thread.sleep(150);   // the batch shell sets its traps right after starting the task
        return p;
    }

    private Process start(TaskCommand c, Path log) throws IOException {
        return start(c, log, null);
    }

    private Process start(TaskCommand c, Path log, Path bin) throws IOException {
        Path script = write(MINIMAL.script(dir, List.of(0, 1, 2), c));
        ProcessBuilder pb = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        pb.environment().put("SLURM_ARRAY_TASK_ID", "2");
        pb.environment().put("SLURM_ARRAY_JOB_ID", "9");
        if (bin != null) {
            pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        }
        return pb.start();
    }

    private Path write(String script) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "sweep-", ".sbatch"), script);
    }

    private static void waitFor(Path file) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!Files.exists(file)) {
            assertTrue(System.nanoTime() < deadline, file + " appears within 20 s");
            Thread.sleep(20);
        }
    }
}
