package org.msgdlab.deep.graph;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.BatchNorm;
import org.msgdlab.deep.model.Model;
import org.msgdlab.deep.model.Parameter;
import org.msgdlab.theory.random.Streams;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.StdArrays;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gather;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Variable;
import org.tensorflow.proto.ConfigProto;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One TensorFlow graph (graph mode) for training a {@link Model} by Algorithms 1 and 2 of the
 * paper, and for checking that step numerically.
 *
 * <p>The data sets live inside the graph as constants (uint8 pixels, int32 labels), so a step
 * feeds only the indices of the examples it uses and their weights: no per-step copying of the
 * training set between host and graph. For a fed index vector S and weight vector W the graph
 * computes the images {@code X_S} (scaled to [0,1]), the per-example cross-entropy vector
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
 * <p>Every Tensor and Result is closed here; instances are not thread-safe.
 */
public final class TrainingGraph implements AutoCloseable {

    /**
     * How to build the graph.
     *
     * @param precision     float32 (training) or float64 (numerical checks)
     * @param intraThreads  TensorFlow intra-op threads (0: TensorFlow's default)
     * @param interThreads  TensorFlow inter-op threads (0: TensorFlow's default)
     * @param momentum      momentum coefficient m in [0, 1); 0 for plain gradient descent
     * @param weightDecay   L2 coefficient lambda >= 0 added to the gradient
     * @param initSeed      seed of the parameter initialization
     * @param ghostBatch    batch norm's ghost batch size in training steps (0: the whole fed batch);
     *                      ignored by networks without batch norm
     * @param augment       random 32x32 crops of the 4-pixel zero-padded image and random horizontal
     *                      flips in training steps ({@link #augmentWith}); evaluation never augments
     * @param pixelScale    factor applied to the uint8 pixels before the first layer (1/255: [0, 1];
     *                      1: the raw 0-255 values of the authors' Fashion-MNIST code)
     * @param flatNormalStd 0: each parameter's own initialization (the framework default); &gt; 0: one
     *                      flat N(0, std^2) draw of every trainable parameter, biases included
     */
    public record Options(Precision precision, int intraThreads, int interThreads, double momentum,
                          double weightDecay, long initSeed, int ghostBatch, boolean augment, double pixelScale,
                          double flatNormalStd) {
        public Options {
            if (ghostBatch < 0) {
                throw new IllegalArgumentException("ghost batch size=" + ghostBatch + " must be >= 0 (0: the whole fed batch)");
            }
            if (intraThreads < 0 || interThreads < 0) {
                throw new IllegalArgumentException("thread counts intra=" + intraThreads + ", inter=" + interThreads
                        + " must be >= 0");
            }
            if (!(momentum >= 0 && momentum < 1)) {
                throw new IllegalArgumentException("momentum=" + momentum + " must be in [0, 1)");
            }
            if (!(weightDecay >= 0) || Double.isInfinite(weightDecay)) {
                throw new IllegalArgumentException("weight decay=" + weightDecay + " must be finite and >= 0");
            }
            if (!(pixelScale > 0) || Double.isInfinite(pixelScale)) {
                throw new IllegalArgumentException("pixel scale=" + pixelScale + " must be finite and > 0");
            }
            if (!(flatNormalStd >= 0) || Double.isInfinite(flatNormalStd)) {
                throw new IllegalArgumentException("flat normal init std=" + flatNormalStd + " must be finite and >= 0");
            }
        }

        /** Float32, plain SGD, threads as TensorFlow chooses, pixels in [0, 1], framework initialization. */
        public static Options defaults(long initSeed) {
            return new Options(Precision.FLOAT32, 0, 0, 0.0, 0.0, initSeed, 0, false, 1.0 / 255, 0);
        }

        public Options withThreads(int intra, int inter) {
            return new Options(precision, intra, inter, momentum, weightDecay, initSeed, ghostBatch, augment, pixelScale,
                    flatNormalStd);
        }

        public Options withPrecision(Precision p) {
            return new Options(p, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, augment,
                    pixelScale, flatNormalStd);
        }

        public Options withMomentum(double m, double wd) {
            return new Options(precision, intraThreads, interThreads, m, wd, initSeed, ghostBatch, augment, pixelScale,
                    flatNormalStd);
        }

        /** Ghost batch norm over groups of {@code ghost} examples (0: the whole fed batch). */
        public Options withGhostBatch(int ghost) {
            return new Options(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghost, augment,
                    pixelScale, flatNormalStd);
        }

        /** Standard CIFAR augmentation (random crop of the 4-padded image, random horizontal flip) in training. */
        public Options withAugmentation(boolean on) {
            return new Options(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, on,
                    pixelScale, flatNormalStd);
        }

        /** Pixels multiplied by {@code factor} before the first layer (1/255 by default). */
        public Options withPixelScale(double factor) {
            return new Options(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, augment,
                    factor, flatNormalStd);
        }

        /** One flat N(0, std^2) draw of every trainable parameter (0: each parameter's own initialization). */
        public Options withFlatNormalInit(double std) {
            return new Options(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, augment,
                    pixelScale, std);
        }
    }

    /** Which data set an evaluation reads. */
    public enum Pool { TRAIN, TEST }

    /** Loss and accuracy of an evaluation. */
    public record Evaluation(double meanLoss, double accuracy, int count) {
    }

    /** What one step (or accumulation) computed, before the update: L.W and the plain mean of L over S. */
    public record StepStats(double randomizedLoss, double meanLoss) {
    }

    private final Model model;
    private final Options options;
    private final Graph graph;
    private final Session session;
    private final List<Variable<? extends TFloating>> params = new ArrayList<>();
    private final List<Variable<? extends TFloating>> runningVars = new ArrayList<>();
    private final List<Parameter> specs;
    private final ImageSet train;
    private final int trainCount;
    private final int testCount;

    private final Placeholder<TInt32> trainIdx;
    private final Placeholder<? extends TFloating> weights;
    private final Placeholder<? extends TFloating> learningRate;
    private final Operand<? extends TFloating> randomizedLoss;
    private final Operand<? extends TFloating> chunkMeanLoss;
    private final Operand<? extends TFloating> perExampleLoss;
    private final List<Operand<? extends TFloating>> gradients = new ArrayList<>();
    private final List<Op> stepOps = new ArrayList<>();
    private final List<Op> accumulateOps = new ArrayList<>();
    private final List<Op> applyAccumulatedOps = new ArrayList<>();
    private final List<Placeholder<? extends TFloating>> setPlaceholders = new ArrayList<>();
    private final List<Op> setOps = new ArrayList<>();
    private final Branch trainBranch;
    private final Branch testBranch;

    private record Branch(Placeholder<TInt32> idx, Operand<? extends TFloating> lossSum, Operand<TFloat32> correct) {
    }

    private TrainingGraph(Model model, ImageSet train, ImageSet test, Options options) {
        this.model = model;
        this.options = options;
        this.specs = model.parameters();
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
            Built b = build(tf, train, test, options.precision().type());
            this.trainIdx = b.trainIdx;
            this.weights = b.weights;
            this.learningRate = b.lr;
            this.randomizedLoss = b.randomizedLoss;
            this.chunkMeanLoss = b.meanLoss;
            this.perExampleLoss = b.perExample;
            this.trainBranch = b.trainBranch;
            this.testBranch = b.testBranch;
            // Sessions in one JVM (the study's workers) would otherwise share TensorFlow's process-wide
            // pools, sized by the first session: two 1-thread runs then share one core. Per-session
            // inter-op pools here; the intra-op pool is per device only with
            // TF_OVERRIDE_GLOBAL_THREADPOOL=1 in the environment (the msgd launcher sets it).
            ConfigProto.Builder config = ConfigProto.newBuilder().setUsePerSessionThreads(true);
            if (options.intraThreads() > 0) {
                config.setIntraOpParallelismThreads(options.intraThreads());
            }
            if (options.interThreads() > 0) {
                config.setInterOpParallelismThreads(options.interThreads());
            }
            this.session = new Session(graph, config.build());
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
     */
    public static TrainingGraph build(Model model, ImageSet train, ImageSet test, Options options) {
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

    private static final class Built {
        Placeholder<TInt32> trainIdx;
        Placeholder<? extends TFloating> weights;
        Placeholder<? extends TFloating> lr;
        Operand<? extends TFloating> randomizedLoss;
        Operand<? extends TFloating> meanLoss;
        Operand<? extends TFloating> perExample;
        Branch trainBranch;
        Branch testBranch;
    }

    private <T extends TFloating> Built build(Ops tf, ImageSet train, ImageSet test, Class<T> type) {
        UniformRandomProvider rng = Streams.create(Streams.derive(options.initSeed(), "deep.init." + model.name()));
        List<Operand<T>> vars = new ArrayList<>();
        List<Variable<T>> momenta = new ArrayList<>();
        List<Variable<T>> accumulators = new ArrayList<>();
        ZigguratSampler.NormalizedGaussian flat = options.flatNormalStd() > 0
                ? ZigguratSampler.NormalizedGaussian.of(rng) : null;
        for (Parameter p : specs) {
            double[] init = flat == null ? p.initialValues(rng) : flatNormal(p, flat, options.flatNormalStd());
            Shape shape = Shape.of(p.shape());
            Operand<T> initial = tf.dtypes.cast(tf.constant(shape, DataBuffers.of(init, true, false)), type);
            Variable<T> v = tf.withName("param_" + p.name().replace('/', '_')).variable(initial);
            params.add(v);
            vars.add(v);
            if (options.momentum() > 0) {
                momenta.add(tf.withName("momentum_" + p.name().replace('/', '_')).variable(tf.zerosLike(initial)));
            }
            accumulators.add(tf.withName("accumulator_" + p.name().replace('/', '_')).variable(tf.zerosLike(initial)));
            Placeholder<T> ph = tf.placeholder(type, Placeholder.shape(shape));
            setPlaceholders.add(ph);
            setOps.add(tf.assign(v, ph));
        }

        // Batch-norm running statistics: state, not trained, saved with the checkpoints.
        List<Variable<T>> running = new ArrayList<>();
        for (Parameter r : model.runningStatistics()) {
            Operand<T> initial = tf.dtypes.cast(tf.constant(Shape.of(r.shape()),
                    DataBuffers.of(r.initialValues(rng), true, false)), type);
            Variable<T> v = tf.withName("state_" + r.name().replace('/', '_')).variable(initial);
            running.add(v);
            runningVars.add(v);
        }

        Built b = new Built();
        Placeholder<TInt32> idx = tf.withName("train_idx").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1)));
        Placeholder<T> w = tf.withName("weights").placeholder(type, Placeholder.shape(Shape.of(-1)));
        Placeholder<T> lr = tf.withName("learning_rate").placeholder(type, Placeholder.shape(Shape.scalar()));
        BatchNorm<T> trainingNorm = BatchNorm.training(options.ghostBatch(), running);
        Pooled<T> tr = pooled(tf, train, idx, type, vars, trainingNorm, options.augment());
        List<Op> runningUpdates = trainingNorm.updates();
        Operand<T> lw = tf.withName("randomized_loss").reduceSum(tf.math.mul(tr.perExample, w), tf.constant(0));
        Operand<T> mean = tf.math.mean(tr.perExample, tf.constant(0));

        List<Op> gradIds = new ArrayList<>();
        List<Operand<T>> grads = new ArrayList<>();
        // grad(L.W) = sum_i w_i grad l_i: the per-example loss vector differentiated with upstream W
        // (equal to differentiating reduce_sum(L * W); this form also builds in float64).
        for (Operand<?> g : tf.gradients(List.of(tr.perExample), vars, Gradients.dx(List.of(w)))) {
            @SuppressWarnings("unchecked")
            Operand<T> gt = (Operand<T>) g;
            var id = tf.identity(gt);
            gradIds.add(id);
            grads.add(id);
            gradients.add(id);
        }
        // Updates strictly after every gradient has been computed (see notes/tensorflow-java.md).
        Ops after = tf.withControlDependencies(gradIds);
        Operand<T> lambda = tf.dtypes.cast(tf.constant(options.weightDecay()), type);
        Operand<T> m = tf.dtypes.cast(tf.constant(options.momentum()), type);
        for (int i = 0; i < vars.size(); i++) {
            Operand<T> g = options.weightDecay() > 0 ? after.math.add(grads.get(i), after.math.mul(lambda, vars.get(i))) : grads.get(i);
            stepOps.add(update(after, vars.get(i), momenta.isEmpty() ? null : momenta.get(i), lr, g, m));
            accumulateOps.add(after.assignAdd(accumulators.get(i), grads.get(i)));
        }
        // every training-phase run of a step (or chunk) moves the batch-norm running statistics once
        stepOps.addAll(runningUpdates);
        accumulateOps.addAll(runningUpdates);
        // Apply accumulated gradients: read every accumulator (and decay term) first, then update, then reset.
        List<Op> effIds = new ArrayList<>();
        List<Operand<T>> effs = new ArrayList<>();
        for (int i = 0; i < vars.size(); i++) {
            Operand<T> acc = accumulators.get(i);
            Operand<T> g = options.weightDecay() > 0 ? tf.math.add(acc, tf.math.mul(lambda, vars.get(i))) : acc;
            var id = tf.identity(g);
            effIds.add(id);
            effs.add(id);
        }
        Ops afterEff = tf.withControlDependencies(effIds);
        List<Op> applies = new ArrayList<>();
        for (int i = 0; i < vars.size(); i++) {
            applies.add(update(afterEff, vars.get(i), momenta.isEmpty() ? null : momenta.get(i), lr, effs.get(i), m));
        }
        Ops afterApply = tf.withControlDependencies(applies);
        for (Variable<T> acc : accumulators) {
            applyAccumulatedOps.add(afterApply.assign(acc, afterApply.zerosLike(acc)));
        }
        applyAccumulatedOps.addAll(applies);

        b.trainIdx = idx;
        b.weights = w;
        b.lr = lr;
        b.randomizedLoss = lw;
        b.meanLoss = mean;
        b.perExample = tr.perExample;
        if (model.hasBatchNorm() || options.augment()) {
            // evaluation of the training set: running statistics, no augmentation
            Placeholder<TInt32> eidx = tf.withName("train_eval_idx").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1)));
            Pooled<T> tre = pooled(tf, train, eidx, type, vars, BatchNorm.evaluation(running), false);
            b.trainBranch = new Branch(eidx, tf.reduceSum(tre.perExample, tf.constant(0)), tre.correct);
        } else {
            b.trainBranch = new Branch(idx, tf.reduceSum(tr.perExample, tf.constant(0)), tr.correct);
        }
        if (test != null) {
            Placeholder<TInt32> tidx = tf.withName("test_idx").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1)));
            Pooled<T> te = pooled(tf, test, tidx, type, vars, BatchNorm.evaluation(running), false);
            b.testBranch = new Branch(tidx, tf.reduceSum(te.perExample, tf.constant(0)), te.correct);
        }
        return b;
    }

    /**
     * The next {@code p.size()} values of one flat N(0, std^2) draw over all trainable parameters
     * in order (FashionMNIST/net.py:12 draws one vector of 11,330 and slices it into layers).
     */
    private static double[] flatNormal(Parameter p, ZigguratSampler.NormalizedGaussian z, double std) {
        if (p.init() != Parameter.Init.UNIFORM_FAN_IN) {
            throw new IllegalArgumentException("a flat normal initialization covers weights and biases only; parameter "
                    + p.name() + " is " + p.init() + " (batch-norm networks keep their own initialization)");
        }
        double[] v = new double[Math.toIntExact(p.size())];
        for (int i = 0; i < v.length; i++) {
            v[i] = std * z.sample();
        }
        return v;
    }

    private static <T extends TFloating> Op update(Ops tf, Operand<T> var, Variable<T> momentum, Operand<T> lr,
                                                   Operand<T> g, Operand<T> m) {
        if (momentum == null) {
            return tf.train.applyGradientDescent(var, lr, g);
        }
        return tf.train.applyMomentum(var, momentum, lr, g, m);
    }

    private record Pooled<T extends TFloating>(Operand<T> perExample, Operand<TFloat32> correct) {
    }

    private final java.util.IdentityHashMap<ImageSet, DataInGraph> constants = new java.util.IdentityHashMap<>();

    /** Zero padding of the augmentation's random crops (the standard CIFAR recipe). */
    public static final int AUGMENT_PAD = 4;
    private Placeholder<TInt32> cropRows;   // [batch, height]: row of the padded image for each output row
    private Placeholder<TInt32> cropCols;   // [batch, width]: column (flipped or not) for each output column
    private UniformRandomProvider augmentRng;
    private Operand<? extends TFloating> trainingImages;

    /**
     * The images {@code [count, height, width, channels]} (flattened, in [0, 1]) that a training
     * run over {@code idx} feeds the network: augmented (drawing from the augmentation stream) when
     * the graph augments.
     */
    public double[] trainingImages(int[] idx) {
        checkIndices(idx, trainCount, "training");
        List<Tensor> feeds = new ArrayList<>();
        try (Tensor ti = TInt32.vectorOf(idx);
             Result r = trainingRunner(ti, idx.length, feeds).fetch(trainingImages).run()) {
            return Precision.read(r.get(0));
        } finally {
            closeAll(feeds);
        }
    }

    /**
     * Random crop and flip as one gather per axis: output pixel (r, c) of example i is pixel
     * (rows[i][r], cols[i][c]) of the image zero-padded by {@value #AUGMENT_PAD} on each side.
     */
    private <T extends TFloating> Operand<T> augmented(Ops tf, Operand<T> x, ImageSet set) {
        cropRows = tf.withName("crop_rows").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1, set.height())));
        cropCols = tf.withName("crop_cols").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1, set.width())));
        int p = AUGMENT_PAD;
        Operand<T> padded = tf.pad(x, tf.constant(new int[][] {{0, 0}, {p, p}, {p, p}, {0, 0}}), tf.dtypes.cast(tf.constant(0.0f), x.type()));
        Operand<T> rows = tf.gather(padded, cropRows, tf.constant(1), Gather.batchDims(1L));
        return tf.gather(rows, cropCols, tf.constant(2), Gather.batchDims(1L));
    }

    /**
     * The stream the augmentation of the following training runs draws from: per example a crop
     * offset (dy, dx) uniform on {0, ..., 8}^2 and a horizontal flip with probability 1/2, in that
     * order. Null: no augmentation (the centre crop, unflipped, i.e. the image itself).
     */
    public void augmentWith(UniformRandomProvider rng) {
        if (!options.augment()) {
            throw new IllegalStateException("this graph was built without augmentation (Options.withAugmentation)");
        }
        this.augmentRng = rng;
    }

    /** Crop rows and columns for {@code count} examples, drawn from the augmentation stream. */
    private int[][][] cropIndices(int count) {
        int[] in = model.inputShape();
        int[][] rows = new int[count][in[0]];
        int[][] cols = new int[count][in[1]];
        for (int i = 0; i < count; i++) {
            int dy = AUGMENT_PAD;
            int dx = AUGMENT_PAD;
            boolean flip = false;
            if (augmentRng != null) {
                dy = augmentRng.nextInt(2 * AUGMENT_PAD + 1);
                dx = augmentRng.nextInt(2 * AUGMENT_PAD + 1);
                flip = augmentRng.nextBoolean();
            }
            for (int r = 0; r < in[0]; r++) {
                rows[i][r] = dy + r;
            }
            for (int c = 0; c < in[1]; c++) {
                cols[i][c] = dx + (flip ? in[1] - 1 - c : c);
            }
        }
        return new int[][][] {rows, cols};
    }

    /** Feeds the indices of a training-phase run, and the augmentation's crops when the graph augments. */
    private Session.Runner trainingRunner(Tensor indices, int count, List<Tensor> toClose) {
        Session.Runner runner = session.runner().feed(trainIdx, indices);
        if (options.augment()) {
            int[][][] crops = cropIndices(count);
            Tensor r = TInt32.tensorOf(StdArrays.ndCopyOf(crops[0]));
            toClose.add(r);
            Tensor c = TInt32.tensorOf(StdArrays.ndCopyOf(crops[1]));
            toClose.add(c);
            runner.feed(cropRows, r).feed(cropCols, c);
        }
        return runner;
    }

    /** Data set as graph constants, gathered by {@code idx}, through the model: per-example loss and correct count. */
    private <T extends TFloating> Pooled<T> pooled(Ops tf, ImageSet set, Placeholder<TInt32> idx, Class<T> type,
                                                   List<Operand<T>> vars, BatchNorm<T> norm, boolean augment) {
        // one constant per data set, however many branches read it (training, evaluation)
        DataInGraph stored = constants.computeIfAbsent(set, k -> DataInGraph.of(tf, set));
        Operand<T> x = stored.images(tf, idx, type, options.pixelScale());
        if (augment) {
            x = augmented(tf, x, set);
        }
        if (trainingImages == null) {
            trainingImages = x;   // the first branch built is the training phase's
        }
        Operand<TInt32> y = stored.labels(tf, idx);
        Operand<T> logits = model.logits(tf, x, vars, norm);
        Operand<T> loss = DataInGraph.crossEntropy(tf, logits, y, model.classes(), type);
        Operand<TFloat32> correct = tf.reduceSum(tf.dtypes.cast(
                tf.math.equal(tf.math.argMax(logits, tf.constant(1), TInt32.class), y), TFloat32.class), tf.constant(0));
        return new Pooled<>(loss, correct);
    }

    // ------------------------------------------------------------------ running

    public Model model() {
        return model;
    }

    public Options options() {
        return options;
    }

    /** The training set the graph holds as constants (indices fed to {@link #step} refer to it). */
    public ImageSet trainingSet() {
        return train;
    }

    public int trainCount() {
        return trainCount;
    }

    public int testCount() {
        return testCount;
    }

    /**
     * One update with the gradient of {@code L_S . W}: Algorithm 1 when S is the whole training set
     * (or the support of a sparse W), Algorithm 2 when S is a mini-batch.
     */
    public StepStats step(int[] idx, double[] w, double lr) {
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
            try (Result r = runner.run()) {
                return new StepStats(Precision.readScalar(r.get(0)), Precision.readScalar(r.get(1)));
            }
        } finally {
            closeAll(feeds);
        }
    }

    /** Adds the gradient of {@code L_S . W} to the accumulators (one chunk of Algorithm 1); no update. */
    public StepStats accumulate(int[] idx, double[] w) {
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

    /** Updates the parameters with the accumulated gradient and resets the accumulators. */
    public void applyAccumulated(double lr) {
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

    /**
     * The gradients of {@code L_S . W} for every parameter (flattened), without updating (batch-norm
     * networks: training phase, the running statistics do not move).
     */
    public double[][] gradients(int[] idx, double[] w) {
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

    /** The randomized loss {@code L_S . W}. */
    public double randomizedLoss(int[] idx, double[] w) {
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

    /** The per-example losses {@code l_i}, i in S (training phase). */
    public double[] perExampleLoss(int[] idx) {
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

    /** Current values of the batch-norm running statistics (mean, variance per layer), flattened. */
    public double[][] runningStatistics() {
        if (runningVars.isEmpty()) {
            return new double[0][];
        }
        var runner = session.runner();
        for (Variable<?> v : runningVars) {
            runner.fetch(v);
        }
        try (Result r = runner.run()) {
            double[][] out = new double[runningVars.size()][];
            for (int i = 0; i < out.length; i++) {
                out[i] = Precision.read(r.get(i));
            }
            return out;
        }
    }

    private static void closeAll(List<Tensor> tensors) {
        for (Tensor t : tensors) {
            t.close();
        }
    }

    /** Current parameter values, flattened, in {@link Model#parameters()} order. */
    public double[][] parameters() {
        var runner = session.runner();
        for (Variable<?> v : params) {
            runner.fetch(v);
        }
        try (Result r = runner.run()) {
            double[][] out = new double[params.size()][];
            for (int i = 0; i < out.length; i++) {
                out[i] = Precision.read(r.get(i));
            }
            return out;
        }
    }

    /** Overwrites the parameters (flattened, in {@link Model#parameters()} order). */
    public void setParameters(double[][] values) {
        if (values.length != params.size()) {
            throw new IllegalArgumentException("values for " + values.length + " parameters, the model has " + params.size());
        }
        List<Tensor> feeds = new ArrayList<>();
        try {
            var runner = session.runner();
            for (int i = 0; i < values.length; i++) {
                Tensor t = options.precision().tensor(Shape.of(specs.get(i).shape()), values[i]);
                feeds.add(t);
                runner.feed(setPlaceholders.get(i), t).addTarget(setOps.get(i));
            }
            try (Result r = runner.run()) {
                if (r.size() != 0) {
                    throw new IllegalStateException("assignment fetched " + r.size() + " tensors, expected none");
                }
            }
        } finally {
            for (Tensor t : feeds) {
                t.close();
            }
        }
    }

    /** Mean loss and accuracy on {@code pool} over {@code idx} (null: all), in chunks of {@code chunk}. */
    public Evaluation evaluate(Pool pool, int[] idx, int chunk) {
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
        checkIndices(all, count, pool.name().toLowerCase());
        double loss = 0;
        double correct = 0;
        for (int from = 0; from < all.length; from += chunk) {
            int[] part = Arrays.copyOfRange(all, from, Math.min(all.length, from + chunk));
            try (Tensor ti = TInt32.vectorOf(part);
                 Result r = session.runner().feed(br.idx(), ti).fetch(br.lossSum()).fetch(br.correct()).run()) {
                loss += Precision.readScalar(r.get(0));
                correct += Precision.readScalar(r.get(1));
            }
        }
        return new Evaluation(loss / all.length, correct / all.length, all.length);
    }

    /** Saves every variable (parameters, momenta, accumulators) under the checkpoint prefix. */
    public void save(Path prefix) {
        session.save(prefix.toString());
    }

    /** Restores every variable from a checkpoint written by {@link #save}. */
    public void restore(Path prefix) {
        session.restore(prefix.toString());
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

    private static void checkIndices(int[] idx, int count, String what) {
        if (idx.length == 0) {
            throw new IllegalArgumentException("a feed of " + what + " indices must hold at least one index");
        }
        for (int i : idx) {
            if (i < 0 || i >= count) {
                throw new IllegalArgumentException(what + " index " + i + " must be in [0, " + count + ")");
            }
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } finally {
            graph.close();
        }
    }
}
