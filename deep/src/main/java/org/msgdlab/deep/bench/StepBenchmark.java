package org.msgdlab.deep.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Trainer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Speed of the Fashion-MNIST full-batch step (Algorithm 1 on n = 1000 images, ConvSmall, fed W only;
 * the images stay in the graph), and the same step in PyTorch ({@code deep/bench/convsmall_step.py})
 * in the same run when PyTorch is importable.
 */
public final class StepBenchmark {

    /**
     * One measurement.
     *
     * @param framework       "tensorflow-java" or "pytorch"
     * @param secondsPerStep  mean wall time of one step
     * @param n               images per step
     */
    public record Measurement(String framework, String version, int threads, int n, int steps, double secondsPerStep) {
        public double stepsPerSecond() {
            return 1.0 / secondsPerStep;
        }

        public double imagesPerSecond() {
            return n / secondsPerStep;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %s (%d threads): %.4f s/step, %.2f steps/s, %.0f images/s (n=%d, %d steps)",
                    framework, version, threads, secondsPerStep, stepsPerSecond(), imagesPerSecond(), n, steps);
        }
    }

    private StepBenchmark() {
    }

    /** Times {@code steps} full-batch MSGD-Fisher steps (after {@code warmup}) on {@code train}. */
    public static Measurement tensorflow(ImageSet train, int intra, int inter, int warmup, int steps) {
        try (TensorflowStep s = new TensorflowStep(train, intra, inter, warmup)) {
            return s.time(steps);
        }
    }

    /** The TensorFlow step's graph, built and warmed up once, timed as often as asked. */
    static final class TensorflowStep implements AutoCloseable {
        private final TrainingGraph graph;
        private final Method.Plan plan;
        private final int intra;
        private long next;

        TensorflowStep(ImageSet train, int intra, int inter, int warmup) {
            this.intra = intra;
            this.plan = Method.parse("msgd-fisher", 50, Double.NaN).plan(train.count(), 1);
            this.graph = TrainingGraph.build(ConvSmall.paper(), train, null,
                    TrainingGraph.Options.defaults(1).withThreads(intra, inter));
            Method.Feed f = plan.draw(0);
            for (int k = 0; k < warmup; k++) {
                graph.step(f.indices(), f.weights(), 0.01);
            }
        }

        Measurement time(int steps) {
            long t0 = System.nanoTime();
            for (int k = 0; k < steps; k++) {
                Method.Feed f = plan.draw(next++);
                graph.step(f.indices(), f.weights(), 0.01);
            }
            double dt = (System.nanoTime() - t0) / 1e9 / steps;
            return new Measurement("tensorflow-java", org.tensorflow.TensorFlow.version(), intra, graph.trainCount(), steps, dt);
        }

        @Override
        public void close() {
            graph.close();
        }
    }

    /**
     * Alternating rounds of the two frameworks on the same cores: a load that comes and goes hits
     * both, and the best round of each (least disturbed) estimates its speed on a quiet machine;
     * {@link #ratio()} compares those. The per-round ratios show the spread.
     */
    public record Comparison(List<Measurement> tensorflow, List<Measurement> pytorch) {
        public Measurement bestTensorflow() {
            return tensorflow.stream().min(java.util.Comparator.comparingDouble(Measurement::secondsPerStep)).orElseThrow();
        }

        public Measurement bestPytorch() {
            return pytorch.stream().min(java.util.Comparator.comparingDouble(Measurement::secondsPerStep)).orElseThrow();
        }

        /** Images per second of TensorFlow Java over PyTorch's, best round against best round. */
        public double ratio() {
            return bestTensorflow().imagesPerSecond() / bestPytorch().imagesPerSecond();
        }

        /** The ratio within each round (TensorFlow timed just before PyTorch). */
        public double[] roundRatios() {
            double[] r = new double[tensorflow.size()];
            for (int i = 0; i < r.length; i++) {
                r[i] = tensorflow.get(i).imagesPerSecond() / pytorch.get(i).imagesPerSecond();
            }
            return r;
        }
    }

    /**
     * {@code rounds} rounds of {@code steps} TensorFlow steps then {@code steps} PyTorch steps;
     * empty when PyTorch or its script is missing (nothing is timed then).
     */
    public static Optional<Comparison> compare(ImageSet train, Path dataDir, int intra, int inter, int warmup, int steps,
                                               int rounds) throws IOException {
        if (rounds < 1 || steps < 1) {
            throw new IllegalArgumentException("benchmark rounds=" + rounds + " and steps=" + steps + " must be >= 1");
        }
        if (pytorchScript().isEmpty() || pythonWithTorch().isEmpty()) {
            return Optional.empty();
        }
        List<Measurement> tf = new ArrayList<>();
        List<Measurement> pt = new ArrayList<>();
        try (TensorflowStep s = new TensorflowStep(train, intra, inter, warmup)) {
            for (int r = 0; r < rounds; r++) {
                tf.add(s.time(steps));
                pt.add(pytorch(dataDir, train.count(), intra, warmup, steps).orElseThrow(
                        () -> new IOException("PyTorch became unavailable between rounds")));
            }
        }
        return Optional.of(new Comparison(tf, pt));
    }

    /** The reference script, looked for under the working directory and above the msgd jar. */
    public static Optional<Path> pytorchScript() {
        List<Path> candidates = new ArrayList<>();
        candidates.add(Path.of("deep/bench/convsmall_step.py"));
        candidates.add(Path.of("bench/convsmall_step.py"));
        try {
            Path jar = Path.of(StepBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = jar; p != null; p = p.getParent()) {
                candidates.add(p.resolve("deep/bench/convsmall_step.py"));
            }
        } catch (Exception e) {
            // no code source: only the working directory
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst().map(Path::toAbsolutePath);
    }

    /** The Python interpreter that imports torch, if any ({@code python3}, then {@code /usr/bin/python3}). */
    public static Optional<String> pythonWithTorch() {
        for (String py : new String[] {"python3", "/usr/bin/python3"}) {
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

    /** Runs the PyTorch reference; empty when PyTorch or the script is missing. */
    public static Optional<Measurement> pytorch(Path dataDir, int n, int threads, int warmup, int steps) throws IOException {
        Optional<Path> script = pytorchScript();
        Optional<String> py = pythonWithTorch();
        if (script.isEmpty() || py.isEmpty()) {
            return Optional.empty();
        }
        Process p = new ProcessBuilder(py.get(), script.get().toString(), "--data", dataDir.toString(), "--n",
                Integer.toString(n), "--threads", Integer.toString(threads), "--steps", Integer.toString(steps),
                "--warmup", Integer.toString(warmup)).redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(600, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("PyTorch reference " + script.get() + " failed: " + text.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + script.get(), e);
        }
        String last = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("{")).reduce((a, b) -> b)
                .orElseThrow(() -> new IOException("PyTorch reference printed no JSON: " + text.strip()));
        JsonNode j = new ObjectMapper().readTree(last);
        return Optional.of(new Measurement("pytorch", j.get("version").asText(), j.get("threads").asInt(),
                j.get("n").asInt(), j.get("steps").asInt(), j.get("seconds_per_step").asDouble()));
    }

    /** Device line for reports. */
    public static String device(int intra, int inter) {
        return Trainer.device(intra, inter);
    }
}
