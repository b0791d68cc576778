package org.msgdlab.deep.graph;

import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph.StepStats;
import org.msgdlab.deep.model.Model;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.RunMetadata;
import org.tensorflow.proto.RunOptions;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * The training-phase runs of a built {@link TrainingGraph}: the feeds of a run (indices S, weights
 * W, learning rate, the augmentation's crops) checked and closed, and what it fetches or targets:
 * one update ({@link #step}), one chunk of Algorithm 1 ({@link #accumulate}) and the update with
 * the accumulated sum ({@link #applyAccumulated}), the gradients, the randomized and per-example
 * losses, and the images the network is fed.
 */
final class TrainingRuns {

    private final Model model;
    private final GraphOptions options;
    private final Session session;
    private final int trainCount;
    private final Augmentation augmentation;
    private final Placeholder<TInt32> trainIdx;
    private final Placeholder<? extends TFloating> weights;
    private final Placeholder<? extends TFloating> learningRate;
    private final Operand<? extends TFloating> randomizedLoss;
    private final Operand<? extends TFloating> chunkMeanLoss;
    private final Operand<? extends TFloating> perExampleLoss;
    private final List<Operand<? extends TFloating>> gradients;
    private final List<Op> stepOps;
    private final List<Op> accumulateOps;
    private final List<Op> applyAccumulatedOps;
    private final Operand<? extends TFloating> trainingImages;

    TrainingRuns(Model model, GraphOptions options, Session session, int trainCount, GraphBuilder b, Augmentation augmentation) {
        this.model = model;
        this.options = options;
        this.session = session;
        this.trainCount = trainCount;
        this.augmentation = augmentation;
        this.trainIdx = b.trainIdx;
        this.weights = b.weights;
        this.learningRate = b.lr;
        this.randomizedLoss = b.randomizedLoss;
        this.chunkMeanLoss = b.meanLoss;
        this.perExampleLoss = b.perExample;
        this.gradients = b.gradients;
        this.stepOps = b.stepOps;
        this.accumulateOps = b.accumulateOps;
        this.applyAccumulatedOps = b.applyAccumulatedOps;
        this.trainingImages = b.trainingImages;
    }

    /** As {@link TrainingGraph#trainingImages}. */
    double[] trainingImages(int[] idx) {
        checkIndices(idx, trainCount, "training");
        List<Tensor> feeds = new ArrayList<>();
        try (Tensor ti = TInt32.vectorOf(idx);
             Result r = trainingRunner(ti, idx.length, feeds).fetch(trainingImages).run()) {
            return Precision.read(r.get(0));
        } finally {
            closeAll(feeds);
        }
    }

    /** Feeds the indices of a training-phase run, and the augmentation's crops when the graph augments. */
    private Session.Runner trainingRunner(Tensor indices, int count, List<Tensor> toClose) {
        Session.Runner runner = session.runner().feed(trainIdx, indices);
        if (options.augment()) {
            augmentation.feed(runner, count, toClose);
        }
        return runner;
    }

    /** As {@link TrainingGraph#step}. */
    StepStats step(int[] idx, double[] w, double lr) {
        return step(idx, w, lr, null).stats();
    }

    /** What a step run returned: its statistics, and TensorFlow's metadata of the run when it was traced. */
    record StepRun(StepStats stats, RunMetadata metadata) {
    }

    /**
     * One step, as {@link TrainingGraph#step}; traced by TensorFlow (its per-op timings in the metadata) when
     * {@code trace} is not null: the same feeds, fetches and targets either way.
     */
    StepRun step(int[] idx, double[] w, double lr, RunOptions trace) {
        checkFeed(idx, w);
        List<Tensor> feeds = new ArrayList<>();
        try (Tensor ti = TInt32.vectorOf(idx);
             Tensor tw = options.precision().tensor(Shape.of(w.length), w);
             Tensor tl = options.precision().scalar(lr)) {
            var runner = trainingRunner(ti, idx.length, feeds).feed(weights, tw).feed(learningRate, tl)
                    .fetch(randomizedLoss).fetch(chunkMeanLoss);
            for (Op op : stepOps) {
                runner.addTarget(op);
            }
            if (trace != null) {
                runner.setOptions(trace);
            }
            try (Result r = trace == null ? runner.run() : runner.runAndFetchMetadata()) {
                return new StepRun(new StepStats(Precision.readScalar(r.get(0)), Precision.readScalar(r.get(1))),
                        trace == null ? null : r.getMetadata().orElseThrow(
                                () -> new IllegalStateException("TensorFlow returned no metadata for a traced step")));
            }
        } finally {
            closeAll(feeds);
        }
    }

    /** As {@link TrainingGraph#accumulate}. */
    StepStats accumulate(int[] idx, double[] w) {
        checkFeed(idx, w);
        List<Tensor> feeds = new ArrayList<>();
        try (Tensor ti = TInt32.vectorOf(idx);
             Tensor tw = options.precision().tensor(Shape.of(w.length), w)) {
            var runner = trainingRunner(ti, idx.length, feeds).feed(weights, tw).fetch(randomizedLoss).fetch(chunkMeanLoss);
            for (Op op : accumulateOps) {
                runner.addTarget(op);
            }
            try (Result r = runner.run()) {
                return new StepStats(Precision.readScalar(r.get(0)), Precision.readScalar(r.get(1)));
            }
        } finally {
            closeAll(feeds);
        }
    }

    /** As {@link TrainingGraph#applyAccumulated}. */
    void applyAccumulated(double lr) {
        try (Tensor tl = options.precision().scalar(lr)) {
            var runner = session.runner().feed(learningRate, tl);
            for (Op op : applyAccumulatedOps) {
                runner.addTarget(op);
            }
            try (Result r = runner.run()) {
                if (r.size() != 0) {
                    throw new IllegalStateException("apply fetched " + r.size() + " tensors, expected none");
                }
            }
        }
    }

    /** As {@link TrainingGraph#gradients}. */
    double[][] gradients(int[] idx, double[] w) {
        checkFeed(idx, w);
        List<Tensor> feeds = new ArrayList<>();
        try (Tensor ti = TInt32.vectorOf(idx);
             Tensor tw = options.precision().tensor(Shape.of(w.length), w)) {
            var runner = trainingRunner(ti, idx.length, feeds).feed(weights, tw);
            for (Operand<?> g : gradients) {
                runner.fetch(g);
            }
            try (Result r = runner.run()) {
                double[][] out = new double[gradients.size()][];
                for (int i = 0; i < out.length; i++) {
                    out[i] = Precision.read(r.get(i));
                }
                return out;
            }
        } finally {
            closeAll(feeds);
        }
    }

    /** As {@link TrainingGraph#randomizedLoss}. */
    double randomizedLoss(int[] idx, double[] w) {
        checkFeed(idx, w);
        List<Tensor> feeds = new ArrayList<>();
        try (Tensor ti = TInt32.vectorOf(idx);
             Tensor tw = options.precision().tensor(Shape.of(w.length), w);
             Result r = trainingRunner(ti, idx.length, feeds).feed(weights, tw).fetch(randomizedLoss).run()) {
            return Precision.readScalar(r.get(0));
        } finally {
            closeAll(feeds);
        }
    }

    /** As {@link TrainingGraph#perExampleLoss}. */
    double[] perExampleLoss(int[] idx) {
        checkIndices(idx, trainCount, "training");
        checkGhost(idx.length);
        List<Tensor> feeds = new ArrayList<>();
        try (Tensor ti = TInt32.vectorOf(idx);
             Result r = trainingRunner(ti, idx.length, feeds).fetch(perExampleLoss).run()) {
            return Precision.read(r.get(0));
        } finally {
            closeAll(feeds);
        }
    }

    private static void closeAll(List<Tensor> tensors) {
        for (Tensor t : tensors) {
            t.close();
        }
    }

    private void checkFeed(int[] idx, double[] w) {
        if (idx.length != w.length) {
            throw new IllegalArgumentException("indices (" + idx.length + ") and weights (" + w.length
                    + ") must have the same length");
        }
        checkIndices(idx, trainCount, "training");
        checkGhost(idx.length);
    }

    private void checkGhost(int count) {
        if (model.hasBatchNorm() && options.ghostBatch() > 0 && count % options.ghostBatch() != 0) {
            throw new IllegalArgumentException("a training feed of " + count + " examples must be a multiple of the"
                    + " ghost batch size " + options.ghostBatch() + " (ghost batch norm normalizes groups of that size)");
        }
    }

    static void checkIndices(int[] idx, int count, String what) {
        if (idx.length == 0) {
            throw new IllegalArgumentException("a feed of " + what + " indices must hold at least one index");
        }
        for (int i : idx) {
            if (i < 0 || i >= count) {
                throw new IllegalArgumentException(what + " index " + i + " must be in [0, " + count + ")");
            }
        }
    }
}
