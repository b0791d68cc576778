package org.msgdlab.deep.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Isa;
import org.msgdlab.deep.bench.StepBenchmark.Measurement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The PyTorch reference of the full-batch step ({@code deep/bench/convsmall_step.py}: the same
 * network, data, weights and update), run as a subprocess on the same cores; Debian's
 * {@code python3-torch} (1.13) provides it.
 * <p>
 * PyTorch runs at its own defaults: its oneDNN reads the same {@code ONEDNN_MAX_CPU_ISA} as TensorFlow's, so the
 * child's environment is this process's without {@link IsaCap#VARIABLES} ({@link #process}); under the launcher's
 * AVX2 pin it would otherwise be held to AVX2 too (issue 43: 8,755 against 14,821 images/s at its default on an
 * AVX-512 machine). The script reports the cap it saw and ATen's CPU capability, and the measurement records the
 * instruction set ({@link StepBenchmark.Measurement#isa()}).
 */
public final class PytorchReference {

    private PytorchReference() {
    }

    /**
     * The reference script, looked for under the working directory and above the msgd jar.
     *
     * @return the script's absolute path, or empty when it is not found
     */
    public static Optional<Path> script() {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("deep/bench/convsmall_step.py"));
        candidates.add(Path.of("bench/convsmall_step.py"));
        try {
            Path jar = Path.of(PytorchReference.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = jar; p != null; p = p.getParent()) {
                candidates.add(p.resolve("deep/bench/convsmall_step.py"));
            }
        } catch (Exception e) {
            // no code source: only the working directory
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().map(Path::toAbsolutePath);
    }

    /**
     * The Python interpreter that imports torch: {@code /usr/bin/python3} (Debian's, where
     * python3-torch installs it) first, then the {@code python3} on the PATH.
     *
     * @return the interpreter, or empty when none imports torch
     */
    public static Optional<String> python() {
        for (String py : new String[] {"/usr/bin/python3", "python3"}) {
            try {
                Process p = new ProcessBuilder(py, "-c", "import torch").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return Optional.of(py);
                }
            } catch (IOException e) {
                // not installed
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** @return whether both the script and an interpreter with torch are there */
    public static boolean available() {
        return script().isPresent() && python().isPresent();
    }

    /**
     * Times {@code steps} full-batch steps of the reference after {@code warmup}.
     *
     * @param dataDir where Fashion-MNIST is
     * @param n       images per step
     * @param threads PyTorch threads
     * @param warmup  steps run before the timing
     * @param steps   steps timed
     * @return the measurement, or empty when PyTorch or the script is missing
     * @throws IOException when the reference fails or prints no result
     */
    public static Optional<Measurement> time(Path dataDir, int n, int threads, int warmup, int steps) throws IOException {
        Optional<Path> script = script();
        Optional<String> py = python();
        if (script.isEmpty() || py.isEmpty()) {
            return Optional.empty();
        }
        String text = Subprocess.run(process(List.of(py.get(), script.get().toString(), "--data", dataDir.toString(), "--n",
                Integer.toString(n), "--threads", Integer.toString(threads), "--steps", Integer.toString(steps),
                "--warmup", Integer.toString(warmup))), "PyTorch reference " + script.get());
        JsonNode j = lastJson(text, "PyTorch reference");
        return Optional.of(measurement(j, CpuInfo.read()));
    }

    /**
     * The process of the reference (or of any {@code command} run as it): this process's environment without
     * {@link IsaCap#VARIABLES}, so that PyTorch's oneDNN runs at its own default (the CPU's widest).
     *
     * @param command the command
     * @return the builder
     */
    static ProcessBuilder process(List<String> command) {
        return Subprocess.process(command, Map.of(), IsaCap.VARIABLES);
    }

    /**
     * The measurement of the reference's JSON line: the instruction set its oneDNN may use (the CPU's widest under
     * the cap it reports seeing, none expected) and ATen's CPU capability.
     *
     * @param j   the line
     * @param cpu the CPU
     * @return the measurement
     */
    static Measurement measurement(JsonNode j, CpuInfo cpu) {
        String seen = j.path("onednn_max_cpu_isa").isTextual() ? j.get("onednn_max_cpu_isa").asText() : null;
        Isa isa = cpu.widestIsa().cappedBy(seen);
        String how = (seen == null ? IsaCap.VARIABLE + " unset (PyTorch's default: the CPU's widest)"
                : IsaCap.VARIABLE + "=" + seen + " in PyTorch's environment") + "; ATen kernels "
                + j.path("cpu_capability").asText("unknown");
        return new Measurement("pytorch", j.get("version").asText(), j.get("threads").asInt(), j.get("n").asInt(),
                j.get("steps").asInt(), j.get("seconds_per_step").asDouble(), new IsaCap.InUse(isa, how));
    }

    /** The last line of {@code text} that is a JSON object. */
    static JsonNode lastJson(String text, String who) throws IOException {
        String last = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("{")).reduce((a, b) -> b)
                .orElseThrow(() -> new IOException(who + " printed no JSON: " + text.strip()));
        return new ObjectMapper().readTree(last);
    }
}
