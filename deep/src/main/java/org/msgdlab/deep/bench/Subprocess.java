package org.msgdlab.deep.bench;

import org.msgdlab.core.claims.Platform;
import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.deep.graph.Kernels;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A benchmark's helper process: its output, or one error naming it. */
final class Subprocess {

    private static final long TIMEOUT_SECONDS = 600;

    private Subprocess() {
    }

    /**
     * Runs {@code main} with {@code args} in a child JVM (this JVM's binary and class path) that runs
     * the kernels this process does not, and returns the JSON line it prints last, after checking
     * that its {@code kernels} field says it did run them.
     */
    static JsonNode otherKernels(Class<?> main, List<String> args, String what) throws IOException {
        Kernels other = Kernels.current().other();
        List<String> cmd = new java.util.ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", Platform.current().classPath(), main.getName()));
        cmd.addAll(args);
        String who = what + " with " + other.id() + " kernels";
        JsonNode j = PytorchReference.lastJson(run(cmd, Map.of(Kernels.VARIABLE, other.variableValue(),
                "TF_CPP_MIN_LOG_LEVEL", "2"), who), who);
        if (!j.path("kernels").asText().equals(other.id())) {
            throw new IOException("the child JVM asked for " + other.id() + " kernels ran " + j.path("kernels").asText());
        }
        return j;
    }

    /** Runs {@code command} (with {@code env} added to the environment when not null) and returns its output. */
    static String run(List<String> command, Map<String, String> env, String who) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        if (env != null) {
            pb.environment().putAll(env);
        }
        Process p = pb.start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(who + " did not finish in " + TIMEOUT_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(who + " failed (exit " + p.exitValue() + "): " + text.strip());
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + who, e);
        }
        return text;
    }
}
