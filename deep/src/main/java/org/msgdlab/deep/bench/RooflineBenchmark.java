package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.Fp32Peak;
import org.msgdlab.core.bench.MachineLoad;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Method;
import org.tensorflow.proto.RunOptions;

import java.util.Locale;
import java.util.Objects;

/**
 * Measures the roofline of ConvSmall ({@link RooflineParts}) in this process: the full-batch step of
 * {@link StepBenchmark} (Algorithm 1 on all n training images, MSGD-Fisher's W drawn in Java, learning rate 0.01), timed
 * untraced and traced by TensorFlow ({@link #TRACE}) in turn, and the evaluation of the training loop (the test set at
 * chunks of {@link RunCost#TRAINING_LOOP_CHUNK}, then the training set), timed the same two ways in turn; the machine's
 * load over all of it. A benchmark is meant to run alone.
 */
public final class RooflineBenchmark {

    /**
     * The trace level of the traced runs: SOFTWARE_TRACE, TensorFlow's step statistics (every op's start, end, label and
     * outputs), all the roofline reads. FULL_TRACE (any level from HARDWARE_TRACE up) also starts TensorFlow's profiler
     * session for the run, which costs time and adds nothing read here (measured on a busy machine: an evaluation
     * untraced 1.68 s, SOFTWARE_TRACE 1.86 s, FULL_TRACE 1.99 s).
     */
    static final RunOptions TRACE = RunOptions.newBuilder().setTraceLevel(RunOptions.TraceLevel.SOFTWARE_TRACE).build();
    /** The learning rate of the timed steps (as {@link StepBenchmark}'s). */
    private static final double LEARNING_RATE = 0.01;

    /**
     * What was measured. Immutable and thread-safe.
     *
     * @param step       the full-batch step's parts
     * @param evaluation one evaluation's parts
     * @param load       the machine's load over the measurement, with the share of CPU time this process's threads got
     */
    public record Result(RooflineParts step, RooflineParts evaluation, MachineLoad load) {
        /** Checks all three are there. */
        public Result {
            Objects.requireNonNull(step, "step");
            Objects.requireNonNull(evaluation, "evaluation");
            Objects.requireNonNull(load, "load");
        }
    }

    private RooflineBenchmark() {
    }

    /**
     * Measures the step and the evaluation.
     *
     * @param train       the training set (the full batch)
     * @param test        the test set of the evaluation
     * @param intra       TensorFlow intra-op threads (0: default)
     * @param inter       TensorFlow inter-op threads (0: default)
     * @param cores       the cores the threads use (for the own share of the load)
     * @param warmup      steps (and one evaluation) run before the timing
     * @param steps       steps timed untraced, and as many traced, >= 1
     * @param evaluations evaluations timed untraced, and as many traced, >= 1
     * @param peak        the peak of the instruction set this process's kernels run, or null (Eigen)
     * @return the parts of both passes and the load
     * @throws IllegalArgumentException when {@code steps} or {@code evaluations} is below 1
     */
    public static Result measure(ImageSet train, ImageSet test, int intra, int inter, int cores, int warmup, int steps,
                                 int evaluations, Fp32Peak peak) {
        if (steps < 1 || evaluations < 1 || warmup < 0) {
            throw new IllegalArgumentException("roofline steps=" + steps + " and evaluations=" + evaluations + " must be >= 1,"
                    + " warmup=" + warmup + " >= 0");
        }
        ConvSmall model = ConvSmall.paper();
        MachineLoad.Meter meter = MachineLoad.Meter.start();
        try (TrainingGraph g = TrainingGraph.build(model, train, test, GraphOptions.defaults(1).withThreads(intra, inter))) {
            Method.Plan plan = Method.parse("msgd-fisher", 50, Double.NaN).plan(train.count(), 1);
            long draw = 0;
            for (int k = 0; k < warmup; k++) {
                Method.Feed f = plan.draw(draw++);
                g.step(f.indices(), f.weights(), LEARNING_RATE);
            }
            evaluate(g, null, null);
            // untraced and traced steps alternate, so that a load that comes and goes meets both alike
            TraceAttribution stepTrace = new TraceAttribution(model);
            long untracedNanos = 0;
            long drawNanos = 0;
            long runNanos = 0;
            for (int k = 0; k < steps; k++) {
                long t0 = System.nanoTime();
                Method.Feed u = plan.draw(draw++);
                g.step(u.indices(), u.weights(), LEARNING_RATE);
                long a = System.nanoTime();
                Method.Feed f = plan.draw(draw++);
                long b = System.nanoTime();
                stepTrace.add(g.tracedStep(f.indices(), f.weights(), LEARNING_RATE, TRACE));
                runNanos += System.nanoTime() - b;
                drawNanos += b - a;
                untracedNanos += a - t0;
            }
            double untracedStep = untracedNanos / 1e9 / steps;
            RooflineParts step = RooflineParts.of(String.format(Locale.ROOT, "full-batch step of ConvSmall on n=%d images"
                    + " (Algorithm 1, MSGD-Fisher's W drawn in Java), mean of %d traced steps", train.count(), steps),
                    train.count(), true, stepTrace, runNanos / 1e9, drawNanos / 1e9, steps, untracedStep, model, peak);

            TraceAttribution evalTrace = new TraceAttribution(model);
            long untracedEvalNanos = 0;
            long evalNanos = 0;
            for (int r = 0; r < evaluations; r++) {
                long t0 = System.nanoTime();
                evaluate(g, null, null);
                long a = System.nanoTime();
                evaluate(g, TRACE, evalTrace);
                evalNanos += System.nanoTime() - a;
                untracedEvalNanos += a - t0;
            }
            double untracedEval = untracedEvalNanos / 1e9 / evaluations;
            double evalRuns = evalNanos / 1e9;
            RooflineParts evaluation = RooflineParts.of(String.format(Locale.ROOT, "evaluation of the training loop: %d test"
                            + " images at chunks of %d, then the %d training images (forward only), mean of %d traced passes",
                    test.count(), RunCost.TRAINING_LOOP_CHUNK, train.count(), evaluations), test.count() + train.count(),
                    false, evalTrace, evalRuns, 0, evaluations, untracedEval, model, peak);
            return new Result(step, evaluation, meter.stop(cores));
        }
    }

    /** One evaluation as the training loop runs it; each run traced into {@code into} when {@code trace} is given. */
    private static void evaluate(TrainingGraph g, RunOptions trace, TraceAttribution into) {
        for (TrainingGraph.Pool pool : new TrainingGraph.Pool[] {TrainingGraph.Pool.TEST, TrainingGraph.Pool.TRAIN}) {
            if (trace == null) {
                g.evaluate(pool, null, RunCost.TRAINING_LOOP_CHUNK);
            } else {
                g.tracedEvaluation(pool, null, RunCost.TRAINING_LOOP_CHUNK, trace, into::add);
            }
        }
    }
}
