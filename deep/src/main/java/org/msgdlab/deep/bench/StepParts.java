package org.msgdlab.deep.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Isa;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The parts of a study run's time, measured as the study runs them (one intra-op and one inter-op thread per run,
 * {@link #THREADS}): a full-batch step at n = 1000 (GD's: W = 1/n fed; the Gaussian and sparse noises feed the same
 * n images with other weights), a small-batch step (SGD-50 drawn without replacement, standing in for the Bernoulli
 * noises' batches of 20 and 50 expected images), and one evaluation (the test set at the training loop's chunk, then
 * the 1,000 training images). Each step time is the mean over the steps timed after 3 warm-up steps; the evaluation
 * the median over the passes.
 * <p>
 * Immutable and thread-safe.
 *
 * @param isa            the instruction set oneDNN ran, and where it comes from
 * @param fullBatchStep  seconds per full-batch step
 * @param smallBatchStep seconds per small-batch step
 * @param evaluation     seconds per evaluation
 */
public record StepParts(IsaCap.InUse isa, double fullBatchStep, double smallBatchStep, double evaluation) {

    /** Intra-op (and inter-op) threads of one study run: the study's workers run one thread each. */
    public static final int THREADS = 1;

    /**
     * Checks the times.
     *
     * @throws IllegalArgumentException when a time is negative or not a number
     */
    public StepParts {
        Objects.requireNonNull(isa, "isa");
        for (double t : new double[] {fullBatchStep, smallBatchStep, evaluation}) {
            if (!(t >= 0)) {
                throw new IllegalArgumentException("step parts fullBatchStep=" + fullBatchStep + ", smallBatchStep="
                        + smallBatchStep + " and evaluation=" + evaluation + " must be >= 0 seconds");
            }
        }
    }

    /**
     * Measures the parts in this process, which runs oneDNN at {@code isa}.
     *
     * @param dataDir where Fashion-MNIST is
     * @param steps   full-batch steps timed (10 x as many small-batch steps)
     * @param passes  evaluations timed
     * @param isa     this process's instruction set
     * @return the parts
     * @throws IOException when the data cannot be read
     */
    public static StepParts measure(Path dataDir, int steps, int passes, IsaCap.InUse isa) throws IOException {
        FashionMnist.Split split = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0);
        try (TrainingGraph g = TrainingGraph.build(ConvSmall.paper(), split.train(), split.test(),
                GraphOptions.defaults(1).withThreads(THREADS, THREADS))) {
            double full = RunCost.stepSeconds(g, "gd", steps);
            double small = RunCost.stepSeconds(g, "sgd-50-wor", 10 * steps);
            double[] eval = new double[passes];
            for (int r = 0; r < passes; r++) {
                long t0 = System.nanoTime();
                g.evaluate(TrainingGraph.Pool.TEST, null, RunCost.TRAINING_LOOP_CHUNK);
                g.evaluate(TrainingGraph.Pool.TRAIN, null, RunCost.TRAINING_LOOP_CHUNK);
                eval[r] = (System.nanoTime() - t0) / 1e9;
            }
            return new StepParts(isa, full, small, RunCost.median(eval));
        }
    }

    /**
     * The parts measured in a child JVM whose oneDNN is capped at {@code cap}.
     *
     * @param dataDir where Fashion-MNIST is
     * @param steps   full-batch steps timed
     * @param passes  evaluations timed
     * @param cpu     the CPU (for the instruction set the cap allows)
     * @param cap     the child's cap
     * @return the parts
     * @throws IOException when the child fails or its output cannot be read
     */
    public static StepParts inChild(Path dataDir, int steps, int passes, CpuInfo cpu, IsaCap cap) throws IOException {
        JsonNode j = Subprocess.atCap(StepParts.class, List.of(dataDir.toString(), Integer.toString(steps),
                Integer.toString(passes)), cap, "study step parts");
        return new StepParts(IsaCap.InUse.of(cpu, cap), j.get("full_batch_step").asDouble(),
                j.get("small_batch_step").asDouble(), j.get("evaluation").asDouble());
    }

    /** @return e.g. "full-batch step 0.0500 s, small-batch step 0.0050 s, evaluation 1.00 s" */
    public String describe() {
        return String.format(Locale.ROOT, "full-batch step %.4f s, small-batch step %.4f s, evaluation %.2f s",
                fullBatchStep, smallBatchStep, evaluation);
    }

    /**
     * The child JVM of {@link #inChild}: {@code DATA_DIR STEPS PASSES}; prints one JSON line with its kernels.
     *
     * @param args the three values above
     * @throws IOException when the data cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: StepParts DATA_DIR STEPS PASSES");
            System.exit(2);
        }
        // the parent knows the cap it set and records it (inChild); the child prints none
        StepParts p = measure(Path.of(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                new IsaCap.InUse(Isa.SSE, "set by the parent"));
        System.out.printf(Locale.ROOT, "{\"kernels\": \"%s\", \"full_batch_step\": %.9f, \"small_batch_step\": %.9f,"
                + " \"evaluation\": %.6f}%n", Kernels.current().id(), p.fullBatchStep(), p.smallBatchStep(), p.evaluation());
    }
}
