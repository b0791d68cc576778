package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.Fp32Peak;
import org.msgdlab.core.bench.MachineLoad;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.train.Trainer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmarks of {@code msgd train --benchmark} (and {@code msgd bench deep}), as lines on a stream: the
 * full-batch step against PyTorch and the other kernels, with the cost of a run, or S runs side by side.
 */
public final class StepBenchmarkReport {

    private StepBenchmarkReport() {
    }

    /**
     * {@code msgd train --benchmark} ({@code msgd bench deep}): the full-batch step of ConvSmall on n = 1,000
     * Fashion-MNIST images in alternating rounds: TensorFlow Java at this process's instruction set and at each other
     * one {@code setup} asks (child JVMs), the other kernels, and PyTorch at its own defaults; each step against the
     * peak of the instruction set it ran, the ratios per round and their medians, the machine's load and whether it
     * makes the timing INCONCLUSIVE; then the cost of a paired seed of the second study under the AVX2 pin (the launcher's default before issue 43) and at
     * the CPU's widest instruction set, and what a 10,000-iteration run costs with either kernels. Printed on {@code out}.
     *
     * @param setup what to time (its steps per round, rounds, threads, caps and this process's instruction set)
     * @param out   where the lines go
     * @throws IOException when the data cannot be read or a child process fails
     */
    public static void fullBatch(BenchSetup setup, PrintStream out) throws IOException {
        Path dataDir = setup.dataDir();
        int intra = setup.intra();
        int inter = setup.inter();
        int steps = setup.steps();
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0).train();
        boolean oneDnn = Kernels.current() == Kernels.ONEDNN;
        out.println("full-batch step of ConvSmall on n=1000 Fashion-MNIST images (Algorithm 1, MSGD-Fisher weights), "
                + setup.rounds() + " alternating rounds of " + steps + " steps");
        out.println("device: " + Trainer.device(intra, inter));
        out.println("cpu: " + setup.cpu().describe() + ", widest instruction set " + setup.cpu().widestIsa().id() + "; "
                + setup.cores() + " cores used by each step timed");
        out.println("tensorflow-java, this process: " + (oneDnn ? "oneDNN at " + setup.here() : "Eigen kernels (no oneDNN"
                + " instruction set)"));
        setup.childCaps(oneDnn).forEach((isa, cap) -> out.println("tensorflow-java, child JVM: oneDNN at "
                + IsaCap.InUse.of(setup.cpu(), cap)));
        if (setup.pytorch() && !PytorchReference.available()) {
            out.println("pytorch: not measured (no python3 importing torch, or deep/bench/convsmall_step.py not found;"
                    + " Debian: apt-get install python3-torch)");
        } else if (setup.pytorch()) {
            out.println("pytorch: at its own defaults (its child process has no " + String.join(" or ", IsaCap.VARIABLES)
                    + "; it reports the instruction sets it ran)");
        }
        StepBenchmark.Comparison c = StepBenchmark.compare(train, setup);
        Map<String, List<StepBenchmark.Measurement>> series = BenchLines.series(c);
        for (int r = 0; r < c.tensorflow().size(); r++) {
            for (List<StepBenchmark.Measurement> s : series.values()) {
                out.println("round " + (r + 1) + ": " + s.get(r));
            }
            String ratios = BenchLines.roundRatios(c, r);
            if (!ratios.isEmpty()) {
                out.println("round " + (r + 1) + ": " + ratios);
            }
            MachineLoad load = c.loads().get(r);
            out.println("round " + (r + 1) + ": load: " + load.describe() + (load.busy() ? " (busy: " + load.busyBecause() + ")" : ""));
        }
        BenchLines.peaks(c, setup.cpu(), setup.cores()).forEach(out::println);
        BenchLines.medians(c, setup.cpu(), setup.cores()).forEach(out::println);
        out.println(String.format(Locale.ROOT, "FLOPs per image %.0f (2 per multiply-add: forward, weight and input gradients)",
                BenchLines.flopsPerImage()));
        BenchLines.ratios(c).forEach(out::println);
        if (!c.otherKernels().isEmpty()) {
            out.println(String.format(Locale.ROOT, "kernels %s / %s, medians: %.2f", c.tensorflow().get(0).label(),
                    c.otherKernels().get(0).label(), c.kernelRatio()));
        }
        out.println(BenchLines.verdict(c.load(), "the step's rounds (medians over the rounds)"));
        pairedSeedCost(setup, oneDnn, out);
        if (setup.otherKernels()) {
            runCost(dataDir, intra, inter, steps, out);
        }
    }

    /** The paired-seed cost lines: the parts timed under the AVX2 pin and at the widest, here or in child JVMs. */
    private static void pairedSeedCost(BenchSetup setup, boolean oneDnn, PrintStream out) throws IOException {
        MachineLoad.Meter meter = MachineLoad.Meter.start();
        PairedSeedCost today = new PairedSeedCost(parts(setup, oneDnn, IsaCap.AVX2));
        PairedSeedCost widest = IsaCap.ALL.limit(setup.cpu()) == IsaCap.AVX2.limit(setup.cpu()) ? today
                : new PairedSeedCost(parts(setup, oneDnn, IsaCap.ALL));
        MachineLoad load = meter.stop();
        BenchLines.pairedSeedCost(today, widest).forEach(out::println);
        out.println(BenchLines.verdict(load, "the paired seed's parts"));
    }

    private static StepParts parts(BenchSetup setup, boolean oneDnn, IsaCap cap) throws IOException {
        if (oneDnn && cap.limit(setup.cpu()) == setup.here().isa()) {
            return StepParts.measure(setup.dataDir(), setup.steps(), 3, setup.here());
        }
        return StepParts.inChild(setup.dataDir(), setup.steps(), 3, setup.cpu(), cap);
    }

    /** What a 10,000-iteration run costs with this process's kernels and the other ones (at the bench's threads). */
    private static void runCost(Path dataDir, int intra, int inter, int steps, PrintStream out) throws IOException {
        RunCost here = RunCost.measure(dataDir, intra, inter, steps, 3);
        RunCost other = RunCost.otherKernels(dataDir, intra, inter, steps, 3);
        for (RunCost rc : List.of(here, other)) {
            StringBuilder chunks = new StringBuilder();
            for (int i = 0; i < RunCost.CHUNKS.length; i++) {
                chunks.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%d: %.2f s", RunCost.CHUNKS[i],
                        rc.chunkSeconds()[i]));
            }
            out.println(String.format(Locale.ROOT, "%s kernels: evaluation of the 60,000 test images by chunk (%s; best %d,"
                    + " training uses %d); one evaluation with the 1,000 training images %.2f s", rc.kernels().id(), chunks,
                    rc.bestChunk(), RunCost.TRAINING_LOOP_CHUNK, rc.evaluation()));
            for (Map.Entry<String, Double> run : List.of(Map.entry("GD", rc.gdStep()), Map.entry("SGD-50", rc.sgd50Step()))) {
                double step = run.getValue();
                double train1 = 10_000 * step;
                out.println(String.format(Locale.ROOT, "%s kernels: one 10,000-iteration %s run, evaluated every 100"
                                + " iterations (msgd train's default under both protocols): %.1f min (train %.1f, evaluate %.1f;"
                                + " %.4f s per step)", rc.kernels().id(), run.getKey(),
                        rc.runSeconds(step, 10_000, 100) / 60, train1 / 60, (rc.runSeconds(step, 10_000, 100) - train1) / 60, step));
            }
        }
        out.println(String.format(Locale.ROOT, "a 10,000-iteration GD run with %s kernels costs %.2f of one with %s kernels",
                here.kernels().id(), here.runSeconds(here.gdStep(), 10_000, 100) / other.runSeconds(other.gdStep(), 10_000, 100),
                other.kernels().id()));
    }

    /** Evaluations of the roofline timed untraced, and as many traced. */
    static final int ROOFLINE_EVALUATIONS = 2;

    /**
     * {@code msgd train --benchmark --roofline} ({@code msgd bench deep --roofline}): where the time of the full-batch
     * step and of one evaluation goes, part by part, from TensorFlow's trace, and what fraction of the FP32 peak of this
     * process's instruction set each part reaches ({@link RooflineParts}): a table per pass, how the parts add up, the
     * bound in one line, and whether the machine's load makes the timing INCONCLUSIVE. Printed on {@code out}.
     *
     * @param setup what to time: this process's threads and instruction set, {@code setup.steps()} steps untraced and as
     *              many traced, {@code setup.warmup()} warm-up steps
     * @param out   where the lines go
     * @throws IOException when the data cannot be read
     */
    public static void roofline(BenchSetup setup, PrintStream out) throws IOException {
        FashionMnist.Split split = FashionMnist.paperSplit(FashionMnist.load(setup.dataDir()), StepBenchmark.FULL_BATCH, 0);
        roofline(setup, split.train(), split.test(), out);
    }

    /** {@link #roofline(BenchSetup, PrintStream)} on given images. */
    static void roofline(BenchSetup setup, ImageSet train, ImageSet test, PrintStream out) {
        boolean oneDnn = Kernels.current() == Kernels.ONEDNN;
        Fp32Peak peak = oneDnn ? Fp32Peak.of(setup.cpu(), setup.here().isa(), setup.cores()) : null;
        out.println("roofline of ConvSmall (n=" + train.count() + "): where a step's and an evaluation's time goes, from"
                + " TensorFlow's per-op trace (SOFTWARE_TRACE), and each part's share of the FP32 peak of the instruction set"
                + " it ran");
        out.println("device: " + Trainer.device(setup.intra(), setup.inter()));
        out.println("cpu: " + setup.cpu().describe() + ", widest instruction set " + setup.cpu().widestIsa().id() + "; "
                + setup.cores() + " cores used");
        out.println("tensorflow-java, this process: " + (oneDnn ? "oneDNN at " + setup.here() : "Eigen kernels (no oneDNN"
                + " instruction set)"));
        out.println(peak == null ? "peak: none (Eigen's instruction set is fixed by TensorFlow's build, not known here)"
                : "peak: " + peak.assumption());
        out.println("FLOPs: 2 per multiply-add of the convolutions and matrix products (a layer's weight and input gradients"
                + " as many as its forward pass; conv1 has no input gradient); pooling, ReLU, biases, the loss and the"
                + " update are not counted");
        RooflineBenchmark.Result r = RooflineBenchmark.measure(train, test, setup.intra(), setup.inter(), setup.cores(),
                setup.warmup(), setup.steps(), ROOFLINE_EVALUATIONS, peak);
        for (RooflineParts p : List.of(r.step(), r.evaluation())) {
            out.println(p.pass() + ":");
            p.table().forEach(out::println);
            out.println(p.sums());
            out.println(p.bound());
        }
        out.println(BenchLines.verdict(r.load(), "the roofline's passes"));
    }

    /**
     * {@code msgd train --benchmark --side-by-side}: S = 1, 2, 4, 8 full-batch runs side by side in one graph against
     * S separate graphs; printed on {@code out}.
     *
     * @param dataDir where Fashion-MNIST is
     * @param steps   steps per round
     * @param out     where the lines go
     * @throws IOException when the data cannot be read, or the benchmark is interrupted
     */
    public static void sideBySide(Path dataDir, int steps, PrintStream out) throws IOException {
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0).train();
        int workers = Runtime.getRuntime().availableProcessors();
        out.println("S full-batch MSGD-Fisher runs (n=1000, ConvSmall): side by side in one graph (1 intra-op thread,"
                + " " + workers + " inter-op) vs S separate graphs (1 intra-op thread each) stepped by " + workers
                + " Java threads; " + steps + " steps per round, median of 3 rounds");
        out.println("device: " + Trainer.device(1, workers));
        try {
            for (SideBySideBenchmark.Row r : SideBySideBenchmark.measure(train, new int[] {1, 2, 4, 8}, workers, steps, 3)) {
                out.println(r);
            }
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("side-by-side benchmark interrupted", e);
        }
    }
}
