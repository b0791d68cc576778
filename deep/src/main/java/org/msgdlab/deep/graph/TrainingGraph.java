package org.msgdlab.deep.graph;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GraphBuilder.Branch;
import org.msgdlab.deep.model.Model;
import org.tensorflow.Graph;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.RunMetadata;
import org.tensorflow.proto.RunOptions;
import org.tensorflow.types.TInt32;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * One TensorFlow graph (graph mode) for training a {@link Model} by Algorithms 1 and 2 of the
 * paper, and for checking that step numerically.
 *
 * <p>The data sets live inside the graph as constants (uint8 pixels, int32 labels), so a step
 * feeds only the indices of the examples it uses and their weights: no per-step copying of the
 * training set between host and graph. For a fed index vector S and weight vector W the graph
 * computes the images {@code X_S} (scaled by {@link GraphOptions#pixels}: to [0,1] by default), the per-example cross-entropy vector
 * {@code L = (l_i)_{i in S}}, the randomized loss {@code L.W = sum_i w_i l_i} and its gradient with
 * respect to every parameter, {@code grad(L.W) = sum_i w_i grad l_i}. The update is plain gradient
 * descent, or momentum SGD with PyTorch semantics ({@code a <- m a + g, theta <- theta - eta a}),
 * with an optional weight decay {@code g <- g + lambda theta}; the update ops are created under
 * control dependencies on all gradients, so no parameter changes before every gradient is read.
 *
 * <p>Algorithm 1 on a training set too large for one pass accumulates the gradients of chunks
 * ({@link #accumulate}) into accumulator variables and then applies their sum
 * ({@link #applyAccumulated}); a training set that fits is stepped in one run ({@link #step}).
 *
 * <p>This class holds the options, the session (threads, initialization, checkpoints) and the
 * evaluation, and delegates the rest: {@link GraphBuilder} creates the ops, {@link Augmentation}
 * crops and flips, {@link TrainingRuns} feeds and runs the training phase, {@link ParameterValues}
 * reads and writes the variables.
 *
 * <p>Every Tensor and Result is closed by these classes; instances are not thread-safe: a graph,
 * its session and its augmentation stream belong to one thread at a time (no method is synchronized).
 */
public final class TrainingGraph implements AutoCloseable {

    /** Which data set an evaluation reads. */
    public enum Pool { TRAIN, TEST }

    /**
     * Loss and accuracy of an evaluation. Immutable and thread-safe.
     *
     * @param meanLoss the mean cross-entropy over the evaluated examples
     * @param accuracy the fraction of them classified correctly
     * @param count    the number of examples evaluated
     */
    public record Evaluation(double meanLoss, double accuracy, int count) {
    }

    /**
     * What one step (or accumulation) computed, before the update: L.W and the plain mean of L over S.
     * Immutable and thread-safe.
     *
     * @param randomizedLoss the randomized loss {@code L_S . W}
     * @param meanLoss       the plain mean of the per-example losses over S
     */
    public record StepStats(double randomizedLoss, double meanLoss) {
    }

    private final Model model;
    private final GraphOptions options;
    private final Graph graph;
    private final Session session;
    private final ImageSet train;
    private final int trainCount;
    private final int testCount;

    private final Branch trainBranch;
    private final Branch testBranch;
    private final Augmentation augmentation;
    private final TrainingRuns runs;
    private final ParameterValues values;

    private TrainingGraph(Model model, ImageSet train, ImageSet test, GraphOptions options) {
        this.model = model;
        this.options = options;
        this.train = train;
        this.trainCount = train.count();
        this.testCount = test == null ? 0 : test.count();
        checkShape(model, train);
        if (test != null) {
            checkShape(model, test);
        }
        this.graph = new Graph();
        boolean ok = false;
        try {
            Ops tf = Ops.create(graph);
            this.augmentation = new Augmentation(model);
            GraphBuilder b = new GraphBuilder(model, options, augmentation);
            b.build(tf, train, test, options.precision().type());
            this.trainBranch = b.trainBranch;
            this.testBranch = b.testBranch;
            this.session = new Session(graph, SessionConfig.threads(options.intraThreads(), options.interThreads()));
            this.runs = new TrainingRuns(model, options, session, trainCount, b, augmentation);
            this.values = new ParameterValues(options, session, b);
            session.initialize();
            ok = true;
        } finally {
            if (!ok) {
                graph.close();
            }
        }
    }

    /**
     * Builds the graph for {@code model} over the training set {@code train} and (optionally, may
     * be null) the test set {@code test}, and initializes the parameters from {@code options.initSeed()}.
     * The caller closes it.
     *
     * @param model   the network
     * @param train   the training set
     * @param test    the test set, or null
     * @param options how to build it
     * @return the graph, with its session
     * @throws IllegalArgumentException when the images of {@code train} or {@code test} do not have the model's
     *                                  input shape, or their number of classes is not the model's
     */
    public static TrainingGraph build(Model model, ImageSet train, ImageSet test, GraphOptions options) {
        return new TrainingGraph(model, train, test, options);
    }

    private static void checkShape(Model model, ImageSet s) {
        int[] in = model.inputShape();
        if (s.height() != in[0] || s.width() != in[1] || s.channels() != in[2]) {
            throw new IllegalArgumentException("images of '" + s.name() + "' are " + s.height() + "x" + s.width() + "x"
                    + s.channels() + ", but " + model.name() + " expects " + in[0] + "x" + in[1] + "x" + in[2]);
        }
        if (s.classes() != model.classes()) {
            throw new IllegalArgumentException("'" + s.name() + "' has " + s.classes() + " classes, but " + model.name()
                    + " outputs " + model.classes());
        }
    }

    /** Zero padding of the augmentation's random crops (the standard CIFAR recipe). */
    public static final int AUGMENT_PAD = 4;

    /**
     * The images {@code [count, height, width, channels]} (flattened, scaled by
     * {@link GraphOptions#pixels}: in [0, 1] by default) that a training run over {@code idx} feeds the
     * network: augmented (drawing from the augmentation stream) when the graph augments.
     *
     * @param idx training-set indices, at least one
     * @return the images, flattened
     * @throws IllegalArgumentException when {@code idx} is empty or an index is out of the training set
     */
    public double[] trainingImages(int[] idx) {
        return runs.trainingImages(idx);
    }

    /**
     * The stream the augmentation of the following training runs draws from: per example a crop
     * offset (dy, dx) uniform on {0, ..., 8}^2 and a horizontal flip with probability 1/2, in that
     * order. Null: no augmentation (the centre crop, unflipped, i.e. the image itself).
     *
     * @param rng the stream, or null
     * @throws IllegalStateException when the graph was built without augmentation
     */
    public void augmentWith(UniformRandomProvider rng) {
        if (!options.augment()) {
            throw new IllegalStateException("this graph was built without augmentation (GraphOptions.withAugmentation)");
        }
        augmentation.drawFrom(rng);
    }

    // ------------------------------------------------------------------ running

    /** @return the network */
    public Model model() {
        return model;
    }

    /** @return the options the graph was built with */
    public GraphOptions options() {
        return options;
    }

    /** @return the training set the graph holds as constants (indices fed to {@link #step} refer to it) */
    public ImageSet trainingSet() {
        return train;
    }

    /** @return the number of training images */
    public int trainCount() {
        return trainCount;
    }

    /** @return the number of test images (0 without a test set) */
    public int testCount() {
        return testCount;
    }

    /**
     * One update with the gradient of {@code L_S . W}: Algorithm 1 when S is the whole training set
     * (or the support of a sparse W), Algorithm 2 when S is a mini-batch.
     *
     * @param idx the examples S (training-set indices, at least one)
     * @param w   their weights W, one per index
     * @param lr  the learning rate eta
     * @return L.W and the mean loss, before the update
     * @throws IllegalArgumentException when {@code idx} and {@code w} differ in length, {@code idx} is empty or
     *                                  holds an index out of the training set, or (batch norm with ghost batches)
     *                                  its length is not a multiple of the ghost batch size
     */
    public StepStats step(int[] idx, double[] w, double lr) {
        return runs.step(idx, w, lr);
    }

    /**
     * One step as {@link #step} runs it (the same feeds, fetches and updates), traced by TensorFlow: the run's
     * metadata holds every op's start and end ({@code step_stats}). The trace itself costs time; a benchmark reports
     * the traced step beside the untraced one.
     *
     * @param idx   the examples S
     * @param w     their weights W
     * @param lr    the learning rate eta
     * @param trace the run options, e.g. {@code RunOptions.newBuilder().setTraceLevel(SOFTWARE_TRACE).build()}
     * @return the run's metadata
     * @throws IllegalArgumentException as {@link #step}
     */
    public RunMetadata tracedStep(int[] idx, double[] w, double lr, RunOptions trace) {
        return runs.step(idx, w, lr, Objects.requireNonNull(trace, "trace")).metadata();
    }

    /**
     * Adds the gradient of {@code L_S . W} to the accumulators (one chunk of Algorithm 1); no update.
     *
     * @param idx the examples S (training-set indices, at least one)
     * @param w   their weights W, one per index
     * @return L.W and the mean loss of this chunk
     * @throws IllegalArgumentException when {@code idx} and {@code w} differ in length, {@code idx} is empty or
     *                                  holds an index out of the training set, or (batch norm with ghost batches)
     *                                  its length is not a multiple of the ghost batch size
     */
    public StepStats accumulate(int[] idx, double[] w) {
        return runs.accumulate(idx, w);
    }

    /**
     * Updates the parameters with the accumulated gradient and resets the accumulators.
     *
     * @param lr the learning rate eta
     */
    public void applyAccumulated(double lr) {
        runs.applyAccumulated(lr);
    }

    /**
     * The gradients of {@code L_S . W} for every parameter (flattened), without updating (batch-norm
     * networks: training phase, the running statistics do not move).
     *
     * @param idx the examples S (training-set indices, at least one)
     * @param w   their weights W, one per index
     * @return one flattened gradient per parameter, in {@link Model#parameters()} order
     * @throws IllegalArgumentException when {@code idx} and {@code w} differ in length, {@code idx} is empty or
     *                                  holds an index out of the training set, or (batch norm with ghost batches)
     *                                  its length is not a multiple of the ghost batch size
     */
    public double[][] gradients(int[] idx, double[] w) {
        return runs.gradients(idx, w);
    }

    /**
     * The randomized loss {@code L_S . W}.
     *
     * @param idx the examples S (training-set indices, at least one)
     * @param w   their weights W, one per index
     * @return L.W
     * @throws IllegalArgumentException when {@code idx} and {@code w} differ in length, {@code idx} is empty or
     *                                  holds an index out of the training set, or (batch norm with ghost batches)
     *                                  its length is not a multiple of the ghost batch size
     */
    public double randomizedLoss(int[] idx, double[] w) {
        return runs.randomizedLoss(idx, w);
    }

    /**
     * The per-example losses {@code l_i}, i in S (training phase).
     *
     * @param idx the examples S (training-set indices, at least one)
     * @return one loss per index
     * @throws IllegalArgumentException when {@code idx} is empty or holds an index out of the training set, or
     *                                  (batch norm with ghost batches) its length is not a multiple of the ghost
     *                                  batch size
     */
    public double[] perExampleLoss(int[] idx) {
        return runs.perExampleLoss(idx);
    }

    /** @return current values of the batch-norm running statistics (mean, variance per layer), flattened */
    public double[][] runningStatistics() {
        return values.runningStatistics();
    }

    /** @return current parameter values, flattened, in {@link Model#parameters()} order */
    public double[][] parameters() {
        return values.parameters();
    }

    /**
     * Overwrites the parameters (flattened, in {@link Model#parameters()} order).
     *
     * @param values one flattened array per parameter
     * @throws IllegalArgumentException when the number of arrays is not the number of parameters
     */
    public void setParameters(double[][] values) {
        this.values.setParameters(values);
    }

    /**
     * Mean loss and accuracy on {@code pool} over {@code idx} (null: all), in chunks of {@code chunk}
     * (evaluation phase: no augmentation).
     *
     * @param pool  the training or the test set
     * @param idx   indices into {@code pool}, or null for all
     * @param chunk examples per graph run, >= 1
     * @return mean loss, accuracy and count
     * @throws IllegalStateException    when {@code pool} is TEST and the graph has no test set
     * @throws IllegalArgumentException when {@code chunk < 1}, or {@code idx} is empty or holds an index out of
     *                                  the pool
     */
    public Evaluation evaluate(Pool pool, int[] idx, int chunk) {
        return tracedEvaluation(pool, idx, chunk, null, null);
    }

    /**
     * {@link #evaluate}, each chunk's run traced by TensorFlow with {@code trace} (the same feeds and fetches) and its
     * metadata handed to {@code sink}; untraced when {@code trace} is null.
     *
     * @param pool  the training or the test set
     * @param idx   indices into {@code pool}, or null for all
     * @param chunk examples per graph run, >= 1
     * @param trace the run options, or null
     * @param sink  receives each chunk's run metadata (not called when {@code trace} is null)
     * @return mean loss, accuracy and count
     * @throws IllegalStateException    as {@link #evaluate}
     * @throws IllegalArgumentException as {@link #evaluate}
     */
    public Evaluation tracedEvaluation(Pool pool, int[] idx, int chunk, RunOptions trace, Consumer<RunMetadata> sink) {
        Branch br = pool == Pool.TRAIN ? trainBranch : testBranch;
        int count = pool == Pool.TRAIN ? trainCount : testCount;
        if (br == null) {
            throw new IllegalStateException("this graph was built without a test set");
        }
        if (chunk < 1) {
            throw new IllegalArgumentException("evaluation chunk=" + chunk + " must be >= 1");
        }
        int[] all = idx;
        if (all == null) {
            all = new int[count];
            Arrays.setAll(all, i -> i);
        }
        TrainingRuns.checkIndices(all, count, pool.name().toLowerCase());
        double loss = 0;
        double correct = 0;
        for (int from = 0; from < all.length; from += chunk) {
            int[] part = Arrays.copyOfRange(all, from, Math.min(all.length, from + chunk));
            try (Tensor ti = TInt32.vectorOf(part)) {
                Session.Runner runner = session.runner().feed(br.idx(), ti).fetch(br.lossSum()).fetch(br.correct());
                try (Result r = trace == null ? runner.run() : runner.setOptions(trace).runAndFetchMetadata()) {
                    loss += Precision.readScalar(r.get(0));
                    correct += Precision.readScalar(r.get(1));
                    if (trace != null) {
                        sink.accept(r.getMetadata().orElseThrow(
                                () -> new IllegalStateException("TensorFlow returned no metadata for a traced evaluation")));
                    }
                }
            }
        }
        return new Evaluation(loss / all.length, correct / all.length, all.length);
    }

    /**
     * Saves every variable (parameters, momenta, accumulators) under the checkpoint prefix.
     *
     * @param prefix the checkpoint prefix (TensorFlow writes the files {@code prefix.*})
     */
    public void save(Path prefix) {
        session.save(prefix.toString());
    }

    /**
     * Restores every variable from a checkpoint written by {@link #save}.
     *
     * @param prefix the checkpoint prefix
     */
    public void restore(Path prefix) {
        session.restore(prefix.toString());
    }

    /** Closes the session, then the graph. */
    @Override
    public void close() {
        try {
            session.close();
        } finally {
            graph.close();
        }
    }
}
