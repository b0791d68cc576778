package org.msgdlab.deep.bench;

import org.msgdlab.core.claims.Platform;
import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.deep.graph.Kernels;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
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
        return childJvm(main, args, Map.of(Kernels.VARIABLE, other.variableValue()), List.of(), other,
                what + " with " + other.id() + " kernels");
    }

    /**
     * Runs {@code main} with {@code args} in a child JVM with oneDNN kernels capped at {@code cap}
     * ({@link IsaCap#VARIABLE}; its older name removed), and returns the JSON line it prints last, after checking
     * that it ran oneDNN kernels.
     */
    static JsonNode atCap(Class<?> main, List<String> args, IsaCap cap, String what) throws IOException {
        return childJvm(main, args, Map.of(Kernels.VARIABLE, Kernels.ONEDNN.variableValue(), IsaCap.VARIABLE, cap.name()),
                IsaCap.VARIABLES.subList(1, IsaCap.VARIABLES.size()), Kernels.ONEDNN,
                what + " with oneDNN kernels at " + IsaCap.VARIABLE + "=" + cap.name());
    }

    private static JsonNode childJvm(Class<?> main, List<String> args, Map<String, String> set, Collection<String> unset,
                                     Kernels expected, String who) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", Platform.current().classPath(), main.getName()));
        cmd.addAll(args);
        Map<String, String> env = new LinkedHashMap<>(set);
        env.put("TF_CPP_MIN_LOG_LEVEL", "2");
        JsonNode j = PytorchReference.lastJson(run(process(cmd, env, unset), who), who);
        if (!j.path("kernels").asText().equals(expected.id())) {
            throw new IOException("the child JVM asked for " + expected.id() + " kernels ran " + j.path("kernels").asText());
        }
        return j;
    }

    /**
     * The process of {@code command}: this process's environment with {@code unset} removed and {@code set} added.
     *
     * @param command the command
     * @param set     variables to set (may be empty)
     * @param unset   variables to remove (may be empty)
     * @return the builder, its error stream merged into its output
     */
    static ProcessBuilder process(List<String> command, Map<String, String> set, Collection<String> unset) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().keySet().removeAll(unset);
        pb.environment().putAll(set);
        return pb;
    }

    /** Runs {@code pb} and returns its output; fails naming {@code who} on a non-zero exit or a timeout. */
    static String run(ProcessBuilder pb, String who) throws IOException {
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
