package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Platform;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code msgd sweep run --executor slurm} and {@code sweep status} against stand-ins of sbatch, squeue and scontrol
 * (shell scripts first on the PATH of a child JVM): arrays split under the cluster's MaxArraySize and throttled, a
 * second submission refused while the first is queued, and each queued task's Slurm job and state in the status.
 * The probe script {@code issue33-plugins-sweeps.sh} replays the same against a real Slurm where one can be started.
 */
class SlurmSweepCommandTest {

    @TempDir
    Path tmp;

    private record Ran(int code, String out, String err) {
    }

    private Path stubs() throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path calls = tmp.resolve("sbatch-calls.txt");
        // sbatch: records its arguments, prints job ids 41, 42, ...; squeue: job 41's task 0 requeued and pending, task 1
        // running; scontrol: MaxArraySize = 3
        stub(bin, "sbatch", "echo \"$@\" >> " + calls + "; n=$(wc -l < " + calls + "); echo $((40 + n))");
        stub(bin, "squeue", "case \"$*\" in *41*) printf '41_0 PENDING BeginTime\\n41_1 RUNNING None\\n';; esac");
        stub(bin, "scontrol", "printf 'ClusterName = x\\nMaxArraySize            = 3\\n'");
        return bin;
    }

    private static void stub(Path bin, String name, String body) throws IOException {
        Path f = bin.resolve(name);
        Files.writeString(f, "#!/bin/bash\n" + body + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Ran msgd(Path bin, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                Platform.current().classPath(), Msgd.class.getName()));
        cmd.addAll(List.of(args));
        Path err = Files.createTempFile(tmp, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(err.toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Ran(p.exitValue(), out, Files.readString(err));
    }

    @Test
    void arraysAreSplitAndThrottledASecondSubmissionIsRefusedAndStatusShowsSlurmsStates() throws Exception {
        Path bin = stubs();
        Path dir = tmp.resolve("my sweep's runs");
        Ran planned = msgd(bin, "sweep", "plan", dir.toString(), "--methods", "gd", "--seeds", "0-4", "--iterations", "4",
                "--eval-every", "2", "--data", tmp.resolve("fm").toString());
        assertEquals(ExitCode.OK.code(), planned.code(), planned.out() + planned.err());

        Ran first = msgd(bin, "sweep", "run", dir.toString(), "--executor", "slurm", "--max-running", "2");
        assertEquals(ExitCode.OK.code(), first.code(), first.out() + first.err());
        assertTrue(first.out().contains("2 job arrays (MaxArraySize 3), at most 2 tasks at once"), first.out());
        List<String> calls = Files.readAllLines(tmp.resolve("sbatch-calls.txt"));
        assertEquals(2, calls.size(), calls.toString());
        assertFalse(calls.get(0).contains("--dependency"), calls.get(0));
        assertTrue(calls.get(1).startsWith("--parsable --dependency=afterany:41 "), calls.get(1));
        String second = Files.readString(Path.of(calls.get(1).substring("--parsable --dependency=afterany:41 ".length())));
        assertTrue(second.contains("#SBATCH --array=0-1%2\n") && second.contains("MSGD_PLAN_INDEX=$(( SLURM_ARRAY_TASK_ID + 3 ))"),
                second);
        assertTrue(second.contains("#SBATCH --output=\"" + dir.toAbsolutePath() + "/slurm/%A_%a.out\"\n"), second);

        Ran again = msgd(bin, "sweep", "run", dir.toString(), "--executor", "slurm");
        assertEquals(ExitCode.USAGE.code(), again.code(), again.out() + again.err());
        assertTrue(again.err().startsWith("msgd sweep run: " + dir + ": 2 tasks of job array 41 are still pending or running for"
                + " this sweep; a second submission would run the same runs twice"), again.err());
        assertEquals(1, again.err().strip().lines().count(), again.err());
        assertEquals(2, Files.readAllLines(tmp.resolve("sbatch-calls.txt")).size(), "nothing submitted");

        Ran status = msgd(bin, "sweep", "status", dir.toString());
        assertTrue(status.out().contains("pending     authors-code/gd/seed-0  (Slurm 41_0 PENDING, reason BeginTime)"), status.out());
        assertTrue(status.out().contains("pending     authors-code/gd/seed-1  (Slurm 41_1 RUNNING)"), status.out());
    }
}
