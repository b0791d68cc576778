package org.msgdlab.deep.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.core.bench.MedianRate;

import org.msgdlab.core.bench.MachineLoad;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Speed of the Fashion-MNIST full-batch step (Algorithm 1 on n = 1000 images, ConvSmall, fed W only;
 * the images stay in the graph) beside its two obvious alternatives in the same run: the same step
 * in PyTorch ({@link PytorchReference}) and in TensorFlow Java with the other kernels
 * ({@link Kernels}: a child JVM with {@code TF_ENABLE_ONEDNN_OPTS} flipped, since TensorFlow
 * chooses them once per process).
 * <p>
 * The static methods build their own graphs; a benchmark is meant to run alone (another one at the same
 * time shares the cores and skews both).
 */
public final class StepBenchmark {

    /** Images per step of the paper's full batch. */
    public static final int FULL_BATCH = 1000;
    /** Images per second of TensorFlow Java over PyTorch that the toolkit's speed target asks for (deep/README.md, Speed). */
    public static final double SPEED_TARGET = 2.0;

    /**
     * One measurement.
     * <p>
     * Immutable and thread-safe.
     *
     * @param framework       "tensorflow-java", "tensorflow-java/eigen", "tensorflow-java/onednn" or "pytorch"
     * @param version         the framework's version
     * @param threads         intra-op threads
     * @param n               images per step
     * @param steps           steps timed
     * @param secondsPerStep  mean wall time of one step over the {@code steps}
     */
    public record Measurement(String framework, String version, int threads, int n, int steps, double secondsPerStep) {
        /** @return steps per second */
        public double stepsPerSecond() {
            return 1.0 / secondsPerStep;
        }

        /** @return images per second */
        public double imagesPerSecond() {
            return n / secondsPerStep;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%s %s (%d threads): %.4f s/step, %.0f images/s (n=%d, %d steps)",
                    framework, version, threads, secondsPerStep, imagesPerSecond(), n, steps);
        }
    }

    private StepBenchmark() {
    }

    /** The framework name of this process's TensorFlow step. */
    static String tensorflowName(Kernels k) {
        return "tensorflow-java/" + k.id();
    }

    /**
     * Times {@code steps} full-batch MSGD-Fisher steps (after {@code warmup}) on {@code train}.
     *
     * @param train  the training set (the full batch)
     * @param intra  TensorFlow intra-op threads (0: default)
     * @param inter  TensorFlow inter-op threads (0: default)
     * @param warmup steps run before the timing
     * @param steps  steps timed
     * @return the measurement
     */
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
                    GraphOptions.defaults(1).withThreads(intra, inter));
            for (int k = 0; k < warmup; k++) {
                Method.Feed f = plan.draw(next++);
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
            return new Measurement(tensorflowName(Kernels.current()), org.tensorflow.TensorFlow.version(), intra,
                    graph.trainCount(), steps, dt);
        }

        @Override
        public void close() {
            graph.close();
        }
    }

    /**
     * The rounds of a comparison: in each, this process's TensorFlow step, then the other kernels'
     * (empty list when not measured), then PyTorch's (empty when PyTorch is missing). Speeds are
     * compared by their medians over the rounds (a load that comes and goes hits one round, not the
     * median); the per-round ratios show the spread, and what other processes took of the machine in
     * each round says whether the medians are the speeds of a quiet machine. Immutable and thread-safe.
     *
     * @param tensorflow   this process's TensorFlow step, one measurement per round (at least one)
     * @param otherKernels the other kernels' step per round, or empty
     * @param pytorch      PyTorch's step per round, or empty
     * @param loads        what the rest of the machine took during each round (one per round)
     */
    public record Comparison(List<Measurement> tensorflow, List<Measurement> otherKernels, List<Measurement> pytorch,
                             List<MachineLoad> loads) {
        /**
         * Copies the lists.
         *
         * @throws IllegalArgumentException when {@code tensorflow} is empty or {@code loads} is not one per round
         */
        public Comparison {
            tensorflow = List.copyOf(tensorflow);
            otherKernels = List.copyOf(otherKernels);
            pytorch = List.copyOf(pytorch);
            loads = List.copyOf(loads);
            if (tensorflow.isEmpty()) {
                throw new IllegalArgumentException("a comparison needs at least one round");
            }
            if (loads.size() != tensorflow.size()) {
                throw new IllegalArgumentException("a comparison of " + tensorflow.size() + " rounds has " + loads.size()
                        + " loads, not one per round");
            }
        }

        /** @return the machine's load over the rounds: their medians, as the speeds are */
        public MachineLoad load() {
            return MachineLoad.median(loads);
        }

        /**
         * The median seconds per step of measurements.
         *
         * @param ms measurements
         * @return the median seconds per step of {@code ms} (NaN when empty)
         */
        public static double medianSeconds(List<Measurement> ms) {
            return MedianRate.median(ms.stream().mapToDouble(Measurement::secondsPerStep).toArray());
        }

        /** @return images per second of this process's TensorFlow step, median over the rounds */
        public double tensorflowImagesPerSecond() {
            return tensorflow.get(0).n() / medianSeconds(tensorflow);
        }

        /** @return images per second of PyTorch, median over the rounds (NaN when not measured) */
        public double pytorchImagesPerSecond() {
            return pytorch.isEmpty() ? Double.NaN : pytorch.get(0).n() / medianSeconds(pytorch);
        }

        /** @return images per second with the other kernels, median over the rounds (NaN when not measured) */
        public double otherKernelsImagesPerSecond() {
            return otherKernels.isEmpty() ? Double.NaN : otherKernels.get(0).n() / medianSeconds(otherKernels);
        }

        /** @return TensorFlow Java's images per second over PyTorch's, medians over the rounds */
        public double ratio() {
            return tensorflowImagesPerSecond() / pytorchImagesPerSecond();
        }

        /** @return this process's kernels' images per second over the other kernels', medians over the rounds */
        public double kernelRatio() {
            return tensorflowImagesPerSecond() / otherKernelsImagesPerSecond();
        }

        /** @return the TensorFlow / PyTorch ratio within each round */
        public double[] roundRatios() {
            double[] r = new double[Math.min(tensorflow.size(), pytorch.size())];
            for (int i = 0; i < r.length; i++) {
                r[i] = tensorflow.get(i).imagesPerSecond() / pytorch.get(i).imagesPerSecond();
            }
            return r;
        }
    }

    /**
     * {@code rounds} alternating rounds of {@code steps} steps of each: this process's TensorFlow
     * step, the other kernels' (when {@code otherKernels}) and PyTorch's (when available).
     *
     * @param train        the training set (the full batch)
     * @param dataDir      where Fashion-MNIST is, for the child processes
     * @param intra        TensorFlow (and PyTorch) intra-op threads
     * @param inter        TensorFlow inter-op threads
     * @param warmup       steps run before the timing, in each process
     * @param steps        steps timed per round, >= 1
     * @param rounds       rounds, >= 1
     * @param otherKernels whether to time the other kernels in a child JVM
     * @return the rounds
     * @throws IllegalArgumentException when {@code rounds} or {@code steps} is below 1
     * @throws IOException when a child process fails, or PyTorch becomes unavailable between rounds
     */
    public static Comparison compare(ImageSet train, Path dataDir, int intra, int inter, int warmup, int steps,
                                     int rounds, boolean otherKernels) throws IOException {
        if (rounds < 1 || steps < 1) {
            throw new IllegalArgumentException("benchmark rounds=" + rounds + " and steps=" + steps + " must be >= 1");
        }
        boolean pytorch = PytorchReference.available();
        List<Measurement> tf = new ArrayList<>();
        List<Measurement> other = new ArrayList<>();
        List<Measurement> pt = new ArrayList<>();
        List<MachineLoad> loads = new ArrayList<>();
        try (TensorflowStep s = new TensorflowStep(train, intra, inter, warmup)) {
            for (int r = 0; r < rounds; r++) {
                MachineLoad.Meter meter = MachineLoad.Meter.start();
                tf.add(s.time(steps));
                if (otherKernels) {
                    other.add(otherKernels(dataDir, train.count(), intra, inter, warmup, steps));
                }
                if (pytorch) {
                    pt.add(PytorchReference.time(dataDir, train.count(), intra, warmup, steps).orElseThrow(
                            () -> new IOException("PyTorch became unavailable between rounds")));
                }
                loads.add(meter.stop());
            }
        }
        return new Comparison(tf, other, pt, loads);
    }

    /** The step timed in a child JVM running the kernels this process does not. */
    static Measurement otherKernels(Path dataDir, int n, int intra, int inter, int warmup, int steps) throws IOException {
        JsonNode j = Subprocess.otherKernels(StepBenchmark.class, List.of(dataDir.toString(), Integer.toString(n),
                Integer.toString(intra), Integer.toString(inter), Integer.toString(warmup), Integer.toString(steps)),
                "TensorFlow step");
        return new Measurement(tensorflowName(Kernels.current().other()), j.get("version").asText(), j.get("threads").asInt(),
                j.get("n").asInt(), j.get("steps").asInt(), j.get("seconds_per_step").asDouble());
    }

    /**
     * The child JVM of {@link #otherKernels}: {@code DATA_DIR N INTRA INTER WARMUP STEPS}; prints one
     * JSON line with its kernels and seconds per step.
     *
     * @param args the six values above
     * @throws IOException when the data cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 6) {
            System.err.println("usage: StepBenchmark DATA_DIR N INTRA INTER WARMUP STEPS");
            System.exit(2);
        }
        int[] v = Arrays.stream(args, 1, 6).mapToInt(Integer::parseInt).toArray();
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(Path.of(args[0])), v[0], 0).train();
        Measurement m = tensorflow(train, v[1], v[2], v[3], v[4]);
        System.out.printf(Locale.ROOT, "{\"kernels\": \"%s\", \"version\": \"%s\", \"threads\": %d, \"n\": %d, \"steps\": %d,"
                + " \"seconds_per_step\": %.9f}%n", Kernels.current().id(), m.version(), m.threads(), m.n(), m.steps(),
                m.secondsPerStep());
    }

    /**
     * Device line for reports ({@link Trainer#device}).
     *
     * @param intra TensorFlow intra-op threads (0: default)
     * @param inter TensorFlow inter-op threads (0: default)
     * @return the line
     */
    public static String device(int intra, int inter) {
        return Trainer.device(intra, inter);
    }
}
