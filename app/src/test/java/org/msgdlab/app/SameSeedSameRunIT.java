package org.msgdlab.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deep issue 34's determinism: one seed, one run. The same 300-iteration MSGD-Fisher run under the
 * authors' protocol, trained by two separate JVMs through the {@code msgd} launcher (its default oneDNN
 * instruction set, the CPU's widest since issue 43; one thread), writes the same metrics to the last digit and
 * records equal bits; and the check can fail: with oneDNN held to AVX2 (on a CPU that has more than AVX2) the
 * same run's metrics differ.
 */
class SameSeedSameRunIT {

    static final List<String> RUN = List.of("train", "--preset", "fashion-mnist-small", "--method", "msgd-fisher",
            "--protocol", "authors-code", "--iterations", "300", "--eval-every", "100", "--eval-subset", "2000",
            "--threads", "1,1", "--seed", "11", "--data-seed", "11", "--no-progress");

    /** Trains {@link #RUN} into {@code out} with {@code isa} as ONEDNN_MAX_CPU_ISA (null: the launcher's default). */
    static Path train(Path out, String isa) throws Exception {
        return train(LauncherIT.repositoryRoot(), out, isa);
    }

    /** Trains {@link #RUN} with the launcher of the checkout {@code root}. */
    static Path train(Path root, Path out, String isa) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(root.resolve("msgd").toString()));
        cmd.addAll(RUN);
        cmd.addAll(List.of("--out", out.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("ONEDNN_MAX_CPU_ISA");
        if (isa != null) {
            pb.environment().put("ONEDNN_MAX_CPU_ISA", isa);
        }
        run(pb);
        return out;
    }

    /** Runs a process to its end; its output, or a failure naming it. */
    static String run(ProcessBuilder pb) throws Exception {
        Process p = pb.redirectErrorStream(true).start();
        String log;
        try (InputStream in = p.getInputStream()) {
            log = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), pb.command() + ": " + log);
        assertEquals(0, p.exitValue(), pb.command() + ": " + log);
        return log;
    }

    /**
     * A second clean build of the same commit, in a git worktree of HEAD, trains the same bits as this
     * checkout's build. Skipped where this checkout has uncommitted changes to tracked files (the two builds
     * would then be of different code) or git cannot make a worktree.
     */
    @Test
    void aSecondCleanBuildOfTheCommitTrainsTheSameBits(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/usr/share/datasets/fashion-mnist")),
                "Fashion-MNIST is not installed (apt-get install dataset-fashion-mnist)");
        Path root = LauncherIT.repositoryRoot();
        String dirty;
        try {
            dirty = run(new ProcessBuilder("git", "-C", root.toString(), "status", "--porcelain", "--untracked-files=no"));
        } catch (Exception | AssertionError e) {
            Assumptions.abort("git cannot tell whether the checkout is clean: " + e.getMessage());
            return;
        }
        Assumptions.assumeTrue(dirty.isBlank(), "tracked files have uncommitted changes: a build of HEAD is other code");
        Path second = tmp.resolve("second-build");
        run(new ProcessBuilder("git", "-C", root.toString(), "worktree", "add", "--detach", second.toString(), "HEAD"));
        try {
            run(new ProcessBuilder("mvn", "-o", "-q", "-B", "-DskipTests", "package").directory(second.toFile()));
            Path a = train(root, tmp.resolve("a"), null);
            Path b = train(second, tmp.resolve("b"), null);
            assertEquals(metrics(a), metrics(b), "two clean builds of one commit trained other numbers");
            String head = run(new ProcessBuilder("git", "-C", root.toString(), "rev-parse", "HEAD")).strip();
            Assumptions.assumeTrue(bits(a).get("commit").asText().equals(head), "the checkout's jar was built from "
                    + bits(a).get("commit").asText() + ", not from HEAD " + head + ": its bits record names another build");
            assertEquals(bits(a), bits(b));
        } finally {
            run(new ProcessBuilder("git", "-C", root.toString(), "worktree", "remove", "--force", second.toString()));
        }
    }

    /** metrics.csv without its wall-time column. */
    static List<String> metrics(Path run) throws Exception {
        return Files.readAllLines(run.resolve("metrics.csv")).stream().map(l -> l.substring(0, l.lastIndexOf(','))).toList();
    }

    static JsonNode bits(Path run) throws Exception {
        return new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("bits");
    }

    @Test
    void twoJvmsTrainTheSameSeedToTheSameBits(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Files.isDirectory(Path.of("/usr/share/datasets/fashion-mnist")),
                "Fashion-MNIST is not installed (apt-get install dataset-fashion-mnist)");
        Path a = train(tmp.resolve("a"), null);
        Path b = train(tmp.resolve("b"), null);
        List<String> ma = metrics(a);
        assertEquals(5, ma.size(), "header and iterations 0, 100, 200, 300: " + ma);
        assertEquals(ma, metrics(b), "the same seed, build and settings gave other numbers in another JVM");
        assertEquals(bits(a), bits(b));
        assertEquals(bits(a).get("cpuIsa").asText(), bits(a).get("isa").asText(),
                "the launcher lets oneDNN use the CPU's widest instruction set: " + bits(a));
        if (bits(a).get("cpuIsa").asText().equals("avx512")) {
            // the same run held to oneDNN's AVX2 kernels: other sums, other bits (the check can fail)
            Path c = train(tmp.resolve("c"), "AVX2");
            assertEquals("avx2", bits(c).get("isa").asText());
            assertNotEquals(ma, metrics(c), "AVX2 kernels gave AVX-512's bits: this check would not see a change of kernels");
        }
    }
}
