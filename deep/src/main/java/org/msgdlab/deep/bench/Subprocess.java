package org.msgdlab.deep.bench;

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
