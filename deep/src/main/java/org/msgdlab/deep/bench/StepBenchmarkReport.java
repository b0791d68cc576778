package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.PeakFlops;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Trainer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The benchmarks of {@code msgd train --benchmark} (and {@code msgd bench deep}), as lines on a stream: the
 * full-batch step against PyTorch and the other kernels, with the cost of a run, or S runs side by side.
 */
public final class StepBenchmarkReport {

    private StepBenchmarkReport() {
    }

    /**
     * {@code msgd train --benchmark}: the full-batch step of ConvSmall on n = 1,000 Fashion-MNIST images against
     * PyTorch and the other kernels, in alternating rounds, then what a 10,000-iteration run costs; printed on
     * {@code out}.
     *
     * @param dataDir where Fashion-MNIST is
     * @param intra   TensorFlow intra-op threads (0: TensorFlow's default)
     * @param inter   TensorFlow inter-op threads
     * @param steps   steps per round
     * @param pytorch whether to measure PyTorch too
     * @param out     where the lines go
     * @throws IOException when the data cannot be read
     */
    public static void fullBatch(Path dataDir, int intra, int inter, int steps, boolean pytorch, PrintStream out)
            throws IOException {
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0).train();
        int rounds = 5;
        out.println("full-batch step of ConvSmall on n=1000 Fashion-MNIST images (Algorithm 1, MSGD-Fisher weights), "
                + rounds + " alternating rounds of " + steps + " steps");
        out.println("device: " + Trainer.device(intra, inter));
        if (pytorch && !PytorchReference.available()) {
            out.println("pytorch: not measured (no python3 importing torch, or deep/bench/convsmall_step.py not found;"
                    + " Debian: apt-get install python3-torch)");
        }
        StepBenchmark.Comparison c = StepBenchmark.compare(train, dataDir, intra, inter, 5, steps, rounds, true);
        for (int r = 0; r < c.tensorflow().size(); r++) {
            out.println("round " + (r + 1) + ": " + c.tensorflow().get(r));
            out.println("round " + (r + 1) + ": " + c.otherKernels().get(r));
            if (pytorch && r < c.pytorch().size()) {
                out.println("round " + (r + 1) + ": " + c.pytorch().get(r));
            }
            out.println("round " + (r + 1) + ": " + c.loads().get(r).describe());
        }
        if (c.load().busy()) {
            out.println("warning: the machine was busy (" + c.load().describe() + ", medians over the rounds): these are"
                    + " the speeds of a shared machine, not evidence of the kernels' speed");
        }
        double flops = ConvSmall.paper().trainingFlopsPerImage();
        double peak = (intra == 0 ? Runtime.getRuntime().availableProcessors() : intra) * PeakFlops.perCoreGflopsFloat32();
        out.println(String.format(Locale.ROOT, "medians: %s %.0f images/s (%.1f GFLOP/s, %.0f%% of FP32 peak);"
                        + " %s %.0f images/s (%.1f GFLOP/s)%s", c.tensorflow().get(0).framework(), c.tensorflowImagesPerSecond(),
                c.tensorflowImagesPerSecond() * flops / 1e9, 100 * c.tensorflowImagesPerSecond() * flops / 1e9 / peak,
                c.otherKernels().get(0).framework(), c.otherKernelsImagesPerSecond(), c.otherKernelsImagesPerSecond() * flops / 1e9,
                !pytorch || c.pytorch().isEmpty() ? "" : String.format(Locale.ROOT, "; pytorch %.0f images/s (%.1f GFLOP/s)",
                        c.pytorchImagesPerSecond(), c.pytorchImagesPerSecond() * flops / 1e9)));
        out.println(String.format(Locale.ROOT, "FLOPs per image %.0f (2 per multiply-add: forward, weight and input gradients);"
                + " FP32 peak %.0f GFLOP/s (%s, x2 for float32, %s cores)", flops, peak, PeakFlops.assumption(),
                intra == 0 ? "all" : Integer.toString(intra)));
        out.println(String.format(Locale.ROOT, "kernels %s / %s, medians: %.2f", c.tensorflow().get(0).framework(),
                c.otherKernels().get(0).framework(), c.kernelRatio()));
        if (pytorch && !c.pytorch().isEmpty()) {
            out.println(String.format(Locale.ROOT, "ratio TensorFlow Java / PyTorch images per second, medians of the rounds:"
                    + " %.2f (target >= %.1f; per round %s)", c.ratio(), StepBenchmark.SPEED_TARGET, Arrays.toString(
                    Arrays.stream(c.roundRatios()).map(x -> Math.round(x * 100) / 100.0).toArray())));
        }
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
            for (String method : List.of("gd", "sgd-50")) {
                double step = method.equals("gd") ? rc.gdStep() : rc.sgd50Step();
                double train1 = 10_000 * step;
                out.println(String.format(Locale.ROOT, "%s kernels: one 10,000-iteration %s run, evaluated every 100"
                                + " iterations (msgd train's default under both protocols): %.1f min (train %.1f, evaluate %.1f;"
                                + " %.4f s per step)", rc.kernels().id(), method.toUpperCase(Locale.ROOT),
                        rc.runSeconds(step, 10_000, 100) / 60, train1 / 60, (rc.runSeconds(step, 10_000, 100) - train1) / 60, step));
            }
        }
        out.println(String.format(Locale.ROOT, "a 10,000-iteration GD run with %s kernels costs %.2f of one with %s kernels",
                here.kernels().id(), here.runSeconds(here.gdStep(), 10_000, 100) / other.runSeconds(other.gdStep(), 10_000, 100),
                other.kernels().id()));
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
