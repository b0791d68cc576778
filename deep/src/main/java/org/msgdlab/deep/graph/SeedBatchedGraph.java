package org.msgdlab.deep.graph;

import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph.StepStats;
import org.msgdlab.deep.model.Model;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;

import java.util.ArrayList;
import java.util.List;

/**
 * Seeds side by side: S copies of one model's training graph (each with its own parameters,
 * initialized from its own seed, and its own fed weights W) in one TensorFlow graph and session,
 * over the same training images; one {@link #step} updates all S in one session run. Each copy's
 * ops are those of a {@link TrainingGraph} built with the same options (under the name scope
 * {@code seed-K/}), so a copy computes what a separate run computes, bit for bit
 * ({@code SeedBatchedGraphTest}), and the session's inter-op threads run the copies' ops side by
 * side. This is the form a GPU wants (many small runs on one device); on this 2-core CPU it does
 * not beat two separate one-thread runs (deep/README.md, Speed).
 *
 * <p>Training phase only: no evaluation branch, no augmentation, no checkpoints.
 *
 * <p>Not thread-safe (as {@link TrainingGraph}): one thread at a time calls it; the parallelism is the
 * session's own.
 */
public final class SeedBatchedGraph implements AutoCloseable {

    private final Graph graph;
    private final Session session;
    private final List<GraphOptions> options;
    private final List<GraphBuilder> copies = new ArrayList<>();
    private final List<ParameterValues> values = new ArrayList<>();
    private final int trainCount;

    private SeedBatchedGraph(Model model, ImageSet train, List<GraphOptions> options, int interThreads) {
        this.options = List.copyOf(options);
        this.trainCount = train.count();
        GraphOptions first = options.get(0);
        for (GraphOptions o : options) {
            GraphOptions asFirst = new GraphOptions(o.precision(), o.intraThreads(), first.interThreads(), o.momentum(), o.weightDecay(),
                    first.initSeed(), o.ghostBatch(), o.augment(), o.pixels(), o.flatNormalStd());
            if (!asFirst.equals(first)) {
                throw new IllegalArgumentException("seeds side by side differ only in their seed: options " + o
                        + " differ from " + first + " in more than the seed");
            }
            if (o.augment()) {
                throw new IllegalArgumentException("seeds side by side do not augment (options " + o + ")");
            }
        }
        this.graph = new Graph();
        boolean ok = false;
        try {
            Ops tf = Ops.create(graph);
            for (int k = 0; k < options.size(); k++) {
                GraphBuilder b = new GraphBuilder(model, options.get(k), new Augmentation(model));
                b.build(tf.withSubScope("seed-" + k), train, null, first.precision().type());
                copies.add(b);
            }
            this.session = new Session(graph, SessionConfig.threads(first.intraThreads(), interThreads));
            for (int k = 0; k < copies.size(); k++) {
                values.add(new ParameterValues(options.get(k), session, copies.get(k)));
            }
            session.initialize();
            ok = true;
        } finally {
            if (!ok) {
                graph.close();
            }
        }
    }

    /**
     * Builds S = {@code options.size()} copies of {@code model}'s training graph over {@code train}.
     * The caller closes it.
     *
     * @param model        the network
     * @param train        the training set the copies share
     * @param options      one per copy, equal but for the initialization seed; their intra-op threads are the session's
     * @param interThreads the session's inter-op threads (how many ops, of any copies, run at once; 0: TensorFlow's choice)
     * @return the graph, its parameters initialized
     * @throws IllegalArgumentException when no copy is asked for, the options differ in more than the seed, or augment
     */
    public static SeedBatchedGraph build(Model model, ImageSet train, List<GraphOptions> options, int interThreads) {
        if (options.isEmpty()) {
            throw new IllegalArgumentException("seeds side by side need at least one copy (options is empty)");
        }
        if (interThreads < 0) {
            throw new IllegalArgumentException("inter-op threads=" + interThreads + " must be >= 0");
        }
        return new SeedBatchedGraph(model, train, options, interThreads);
    }

    /** @return the number of copies S */
    public int copies() {
        return copies.size();
    }

    /** @return the number of training images the copies share */
    public int trainCount() {
        return trainCount;
    }

    /**
     * One update of every copy in one session run: copy k is fed {@code idx.get(k)} with weights
     * {@code w.get(k)}, all with learning rate {@code lr}.
     *
     * @param idx one index vector per copy (training-set indices, at least one each)
     * @param w   one weight vector per copy, as long as its index vector
     * @param lr  the learning rate eta
     * @return each copy's {@code L.W} and mean loss before its update
     * @throws IllegalArgumentException when the feeds do not match the copies or an index is out of range
     */
    public List<StepStats> step(List<int[]> idx, List<double[]> w, double lr) {
        if (idx.size() != copies.size() || w.size() != copies.size()) {
            throw new IllegalArgumentException("a step feeds each of the " + copies.size() + " copies: got " + idx.size()
                    + " index and " + w.size() + " weight vectors");
        }
        List<Tensor> feeds = new ArrayList<>();
        try {
            Session.Runner runner = session.runner();
            for (int k = 0; k < copies.size(); k++) {
                if (idx.get(k).length != w.get(k).length) {
                    throw new IllegalArgumentException("copy " + k + ": indices (" + idx.get(k).length + ") and weights ("
                            + w.get(k).length + ") must have the same length");
                }
                TrainingRuns.checkIndices(idx.get(k), trainCount, "training");
                GraphBuilder b = copies.get(k);
                Precision p = options.get(k).precision();
                Tensor ti = TInt32.vectorOf(idx.get(k));
                feeds.add(ti);
                Tensor tw = p.tensor(Shape.of(w.get(k).length), w.get(k));
                feeds.add(tw);
                Tensor tl = p.scalar(lr);
                feeds.add(tl);
                runner.feed(b.trainIdx, ti).feed(b.weights, tw).feed(b.lr, tl).fetch(b.randomizedLoss).fetch(b.meanLoss);
                for (Op op : b.stepOps) {
                    runner.addTarget(op);
                }
            }
            try (Result r = runner.run()) {
                List<StepStats> out = new ArrayList<>();
                for (int k = 0; k < copies.size(); k++) {
                    out.add(new StepStats(Precision.readScalar(r.get(2 * k)), Precision.readScalar(r.get(2 * k + 1))));
                }
                return out;
            }
        } finally {
            for (Tensor t : feeds) {
                t.close();
            }
        }
    }

    /**
     * The current parameter values of one copy.
     *
     * @param copy which copy, 0 to S-1
     * @return its trainable parameters, flattened, in the model's order
     */
    public double[][] parameters(int copy) {
        return values.get(copy).parameters();
    }

    /** Closes the session, then the graph. */
    @Override
    public void close() {
        session.close();
        graph.close();
    }
}
