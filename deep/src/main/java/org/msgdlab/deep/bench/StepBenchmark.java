package org.msgdlab.deep.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.core.bench.MedianRate;

import org.msgdlab.core.bench.Isa;
import org.msgdlab.core.bench.MachineLoad;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
     * @param isa             the instruction set its oneDNN kernels ran and where that comes from; null where it does
     *                        not apply or was not recorded (Eigen kernels: fixed by TensorFlow's build)
     */
    public record Measurement(String framework, String version, int threads, int n, int steps, double secondsPerStep,
                              IsaCap.InUse isa) {
        /**
         * A measurement whose instruction set is not recorded.
         *
         * @param framework      the framework
         * @param version        its version
         * @param threads        intra-op threads
         * @param n              images per step
         * @param steps          steps timed
         * @param secondsPerStep mean wall time of one step
         */
        public Measurement(String framework, String version, int threads, int n, int steps, double secondsPerStep) {
            this(framework, version, threads, n, steps, secondsPerStep, null);
        }

        /**
         * @param is an instruction set and where it comes from
         * @return this measurement at {@code is}
         */
        public Measurement at(IsaCap.InUse is) {
            return new Measurement(framework, version, threads, n, steps, secondsPerStep, is);
        }

        /** @return the framework and, where recorded, the instruction set: "tensorflow-java/onednn@avx2" */
        public String label() {
            return isa == null ? framework : framework + "@" + isa.isa().id();
        }
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
            return String.format(Locale.ROOT, "%s %s (%d threads%s): %.4f s/step, %.0f images/s (n=%d, %d steps)",
                    label(), version, threads, isa == null ? "" : "; " + isa.how(), secondsPerStep, imagesPerSecond(), n, steps);
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
     * @param atIsa        TensorFlow Java's oneDNN step timed in child JVMs at other instruction sets, per round, by
     *                     instruction set (empty when none)
     */
    public record Comparison(List<Measurement> tensorflow, List<Measurement> otherKernels, List<Measurement> pytorch,
                             List<MachineLoad> loads, Map<Isa, List<Measurement>> atIsa) {
        /**
         * A comparison without other instruction sets.
         *
         * @param tensorflow   this process's TensorFlow step per round
         * @param otherKernels the other kernels' step per round, or empty
         * @param pytorch      PyTorch's step per round, or empty
         * @param loads        the machine's load per round
         */
        public Comparison(List<Measurement> tensorflow, List<Measurement> otherKernels, List<Measurement> pytorch,
                          List<MachineLoad> loads) {
            this(tensorflow, otherKernels, pytorch, loads, Map.of());
        }

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
            Map<Isa, List<Measurement>> copy = new LinkedHashMap<>();
            atIsa.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            atIsa = Collections.unmodifiableMap(copy);
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
            return roundRatios(tensorflow, pytorch);
        }

        /**
         * The ratio of images per second of {@code a} over {@code b} within each round.
         *
         * @param a one step's rounds
         * @param b another's
         * @return one ratio per round both have
         */
        public static double[] roundRatios(List<Measurement> a, List<Measurement> b) {
            double[] r = new double[Math.min(a.size(), b.size())];
            for (int i = 0; i < r.length; i++) {
                r[i] = a.get(i).imagesPerSecond() / b.get(i).imagesPerSecond();
            }
            return r;
        }

        /**
         * Images per second, median over the rounds.
         *
         * @param ms one step's rounds
         * @return n over the median seconds per step (NaN when empty)
         */
        public static double imagesPerSecond(List<Measurement> ms) {
            return ms.isEmpty() ? Double.NaN : ms.get(0).n() / medianSeconds(ms);
        }

        /**
         * TensorFlow Java's oneDNN step by the instruction set it ran: this process's own (when its measurements
         * record one and its kernels are oneDNN) and the child JVMs'.
         *
         * @return rounds by instruction set, this process's first
         */
        public Map<Isa, List<Measurement>> tensorflowByIsa() {
            Map<Isa, List<Measurement>> m = new LinkedHashMap<>();
            Measurement first = tensorflow.get(0);
            if (first.isa() != null) {
                m.put(first.isa().isa(), tensorflow);
            }
            atIsa.forEach(m::putIfAbsent);
            return m;
        }
    }

    /**
     * {@code rounds} alternating rounds of {@code steps} steps of each: this process's TensorFlow
     * step, the other kernels' (when {@code otherKernels}) and PyTorch's (when available); this process's instruction
     * set not known ({@link BenchSetup#of}).
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
        BenchSetup s = BenchSetup.of(dataDir, intra, inter, steps, rounds);
        return compare(train, new BenchSetup(dataDir, intra, inter, warmup, steps, rounds, otherKernels, true, s.cpu(),
                s.here(), List.of()));
    }

    /**
     * {@code setup.rounds()} alternating rounds of {@code setup.steps()} steps of each: this process's TensorFlow
     * step (at its own instruction set), the oneDNN step in a child JVM at each of {@link BenchSetup#childCaps}, the
     * other kernels' (when asked) and PyTorch's at its own defaults (when asked and available). Each round's load is
     * metered over the round, and its own share over this process's step alone (child processes start single-threaded).
     *
     * @param train the training set (the full batch)
     * @param setup what to time
     * @return the rounds
     * @throws IOException when a child process fails, or PyTorch becomes unavailable between rounds
     */
    public static Comparison compare(ImageSet train, BenchSetup setup) throws IOException {
        boolean pytorch = setup.pytorch() && PytorchReference.available();
        boolean oneDnn = Kernels.current() == Kernels.ONEDNN;
        Map<Isa, IsaCap> children = setup.childCaps(oneDnn);
        List<Measurement> tf = new ArrayList<>();
        List<Measurement> other = new ArrayList<>();
        List<Measurement> pt = new ArrayList<>();
        Map<Isa, List<Measurement>> atIsa = new LinkedHashMap<>();
        children.keySet().forEach(i -> atIsa.put(i, new ArrayList<>()));
        List<MachineLoad> loads = new ArrayList<>();
        try (TensorflowStep s = new TensorflowStep(train, setup.intra(), setup.inter(), setup.warmup())) {
            for (int r = 0; r < setup.rounds(); r++) {
                MachineLoad.Meter round = MachineLoad.Meter.start();
                MachineLoad.Meter own = MachineLoad.Meter.start();
                Measurement here = s.time(setup.steps());
                double ownShare = own.stop(setup.cores()).ownShare();
                tf.add(oneDnn ? here.at(setup.here()) : here);
                for (Map.Entry<Isa, IsaCap> c : children.entrySet()) {
                    atIsa.get(c.getKey()).add(atCap(setup, train.count(), c.getValue()));
                }
                if (setup.otherKernels()) {
                    other.add(otherKernels(setup.dataDir(), train.count(), setup.intra(), setup.inter(), setup.warmup(),
                            setup.steps()));
                }
                if (pytorch) {
                    pt.add(PytorchReference.time(setup.dataDir(), train.count(), setup.intra(), setup.warmup(), setup.steps())
                            .orElseThrow(() -> new IOException("PyTorch became unavailable between rounds")));
                }
                loads.add(round.stop().withOwnShare(ownShare));
            }
        }
        return new Comparison(tf, other, pt, loads, atIsa);
    }

    /** The oneDNN step timed in a child JVM under {@code cap}. */
    static Measurement atCap(BenchSetup setup, int n, IsaCap cap) throws IOException {
        JsonNode j = Subprocess.atCap(StepBenchmark.class, List.of(setup.dataDir().toString(), Integer.toString(n),
                Integer.toString(setup.intra()), Integer.toString(setup.inter()), Integer.toString(setup.warmup()),
                Integer.toString(setup.steps())), cap, "TensorFlow step");
        return new Measurement(tensorflowName(Kernels.ONEDNN), j.get("version").asText(), j.get("threads").asInt(),
                j.get("n").asInt(), j.get("steps").asInt(), j.get("seconds_per_step").asDouble(),
                IsaCap.InUse.of(setup.cpu(), cap));
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
