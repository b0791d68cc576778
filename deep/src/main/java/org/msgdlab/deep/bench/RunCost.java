package org.msgdlab.deep.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.core.bench.MedianRate;
import org.msgdlab.deep.train.Method;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What one Fashion-MNIST run costs, from its parts measured on this machine: a full-batch step (GD,
 * n = 1000), an SGD-50 step (drawn without replacement), and an evaluation (forward only) of the 60,000 test images and of
 * the 1,000 training images, the latter at several chunk sizes. A run of I iterations evaluated
 * every E costs {@code I x step + (I/E + 1) x evaluation}: {@link #runSeconds}.
 * <p>
 * Immutable and thread-safe as long as {@code chunkSeconds} (not copied) is not modified.
 *
 * @param kernels         the kernels measured
 * @param gdStep          seconds per full-batch step (mean over the steps timed, after 3 warm-up steps)
 * @param sgd50Step       seconds per SGD-50 step (mean over the steps timed, after 3 warm-up steps)
 * @param evaluation      seconds per evaluation (test set at the training loop's chunk of 2,000, plus the training
 *                        set; medians over the passes)
 * @param chunkSeconds    seconds of one pass over the test set at each of {@link #CHUNKS} (medians over the passes)
 */
public record RunCost(Kernels kernels, double gdStep, double sgd50Step, double evaluation, double[] chunkSeconds) {

    /** Chunk sizes of the evaluation pass timed. */
    public static final int[] CHUNKS = {500, 1000, 2000, 5000, 10000};
    /** The chunk the training loop evaluates with. */
    public static final int TRAINING_LOOP_CHUNK = 2000;

    /**
     * The cost of a run from its step time.
     *
     * @param stepSeconds seconds per step
     * @param iterations  the run's iterations
     * @param evalEvery   evaluation interval
     * @return seconds of a run of {@code iterations} steps of {@code stepSeconds}, evaluated every {@code evalEvery} and at 0
     */
    public double runSeconds(double stepSeconds, int iterations, int evalEvery) {
        return runSeconds(stepSeconds, iterations, evalEvery, evaluation);
    }

    /**
     * The wall time of one run from its parts, the one formula of a run's cost here:
     * <pre>
     *   run seconds = I x step + (floor(I / E) + 1) x evaluation
     * </pre>
     * (I iterations of a step, an evaluation before training and after every E-th iteration, as the training loop
     * does; checkpoints and the JVM's start left out).
     *
     * @param stepSeconds       seconds per step
     * @param iterations        I
     * @param evalEvery         E, >= 1
     * @param evaluationSeconds seconds per evaluation
     * @return the run's seconds
     * @throws IllegalArgumentException when {@code evalEvery} is below 1 or {@code iterations} negative
     */
    public static double runSeconds(double stepSeconds, int iterations, int evalEvery, double evaluationSeconds) {
        if (evalEvery < 1 || iterations < 0) {
            throw new IllegalArgumentException("run iterations=" + iterations + " must be >= 0 and evalEvery=" + evalEvery
                    + " >= 1");
        }
        return iterations * stepSeconds + (iterations / evalEvery + 1) * evaluationSeconds;
    }

    /** @return the chunk with the shortest pass over the test set */
    public int bestChunk() {
        int best = 0;
        for (int i = 1; i < CHUNKS.length; i++) {
            if (chunkSeconds[i] < chunkSeconds[best]) {
                best = i;
            }
        }
        return CHUNKS[best];
    }

    /**
     * Measures the parts with this process's kernels on the paper's split in {@code dataDir}:
     * {@code steps} full-batch steps, 10 x {@code steps} SGD-50 steps, each evaluation pass
     * {@code passes} times (medians).
     *
     * @param dataDir where Fashion-MNIST is
     * @param intra   TensorFlow intra-op threads (0: default)
     * @param inter   TensorFlow inter-op threads (0: default)
     * @param steps   full-batch steps timed
     * @param passes  passes of each evaluation timed
     * @return the costs
     * @throws IOException when the data cannot be read
     */
    public static RunCost measure(Path dataDir, int intra, int inter, int steps, int passes) throws IOException {
        FashionMnist.Split split = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0);
        try (TrainingGraph g = TrainingGraph.build(ConvSmall.paper(), split.train(), split.test(),
                GraphOptions.defaults(1).withThreads(intra, inter))) {
            double gd = stepSeconds(g, "gd", steps);
            double sgd = stepSeconds(g, "sgd-50-wor", 10 * steps);
            double[] chunks = new double[CHUNKS.length];
            double[] train = new double[passes];
            for (int i = 0; i < CHUNKS.length; i++) {
                double[] t = new double[passes];
                for (int r = 0; r < passes; r++) {
                    long t0 = System.nanoTime();
                    g.evaluate(TrainingGraph.Pool.TEST, null, CHUNKS[i]);
                    t[r] = (System.nanoTime() - t0) / 1e9;
                    if (CHUNKS[i] == TRAINING_LOOP_CHUNK) {
                        long t1 = System.nanoTime();
                        g.evaluate(TrainingGraph.Pool.TRAIN, null, TRAINING_LOOP_CHUNK);
                        train[r] = (System.nanoTime() - t1) / 1e9;
                    }
                }
                chunks[i] = median(t);
            }
            double eval = chunks[indexOf(TRAINING_LOOP_CHUNK)] + median(train);
            return new RunCost(Kernels.current(), gd, sgd, eval, chunks);
        }
    }

    static double stepSeconds(TrainingGraph g, String method, int steps) {
        Method.Plan plan = Method.parse(method, 50, Double.NaN).plan(g.trainCount(), 1);
        for (int k = 0; k < 3; k++) {
            Method.Feed f = plan.draw(k);
            g.step(f.indices(), f.weights(), 0.0);
        }
        long t0 = System.nanoTime();
        for (int k = 0; k < steps; k++) {
            Method.Feed f = plan.draw(3 + k);
            g.step(f.indices(), f.weights(), 0.0);   // learning rate 0: the weights stay where they started
        }
        return (System.nanoTime() - t0) / 1e9 / steps;
    }

    private static int indexOf(int chunk) {
        for (int i = 0; i < CHUNKS.length; i++) {
            if (CHUNKS[i] == chunk) {
                return i;
            }
        }
        throw new IllegalStateException("chunk " + chunk + " is not timed");
    }

    static double median(double[] v) {
        return MedianRate.median(v);
    }

    /**
     * The same parts measured in a child JVM with the kernels this process does not run.
     *
     * @param dataDir where Fashion-MNIST is
     * @param intra   TensorFlow intra-op threads (0: default)
     * @param inter   TensorFlow inter-op threads (0: default)
     * @param steps   full-batch steps timed
     * @param passes  passes of each evaluation timed
     * @return the child's costs
     * @throws IOException when the child process fails or its output cannot be read
     */
    public static RunCost otherKernels(Path dataDir, int intra, int inter, int steps, int passes) throws IOException {
        JsonNode j = Subprocess.otherKernels(RunCost.class, List.of(dataDir.toString(), Integer.toString(intra),
                Integer.toString(inter), Integer.toString(steps), Integer.toString(passes)), "run cost");
        double[] chunks = new double[CHUNKS.length];
        for (int i = 0; i < chunks.length; i++) {
            chunks[i] = j.get("chunk_seconds").get(i).asDouble();
        }
        return new RunCost(Kernels.parse(j.get("kernels").asText()), j.get("gd_step").asDouble(), j.get("sgd50_step").asDouble(), j.get("evaluation").asDouble(),
                chunks);
    }

    /**
     * The child JVM of {@link #otherKernels}: {@code DATA_DIR INTRA INTER STEPS PASSES}; prints one JSON line.
     *
     * @param args the five values above
     * @throws IOException when the data cannot be read
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 5) {
            System.err.println("usage: RunCost DATA_DIR INTRA INTER STEPS PASSES");
            System.exit(2);
        }
        RunCost c = measure(Path.of(args[0]), Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                Integer.parseInt(args[3]), Integer.parseInt(args[4]));
        StringBuilder chunks = new StringBuilder();
        for (double s : c.chunkSeconds()) {
            chunks.append(chunks.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.6f", s));
        }
        System.out.printf(Locale.ROOT, "{\"kernels\": \"%s\", \"gd_step\": %.9f, \"sgd50_step\": %.9f, \"evaluation\": %.6f,"
                + " \"chunk_seconds\": [%s]}%n", c.kernels().id(), c.gdStep(), c.sgd50Step(), c.evaluation(), chunks);
    }
}
