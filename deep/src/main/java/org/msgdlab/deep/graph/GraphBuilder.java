package org.msgdlab.deep.graph;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.BatchNorm;
import org.msgdlab.deep.model.Model;
import org.msgdlab.deep.model.Parameter;
import org.msgdlab.core.random.Streams;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the ops of a {@link TrainingGraph}, in one fixed order (op and variable names and their
 * creation order are what checkpoints and the seeded initialization depend on): the parameters
 * (with momenta, accumulators and assignment ops) initialized from the seed, the batch-norm
 * running statistics, the fed indices, weights and learning rate, the training-phase forward pass
 * (through {@link Augmentation} when the graph augments), the randomized loss {@code L.W}, its
 * gradients, the update ops (one step; accumulate; apply the accumulated sum and reset), and the
 * evaluation branches of the training and test sets.
 *
 * <p>After {@link #build} the fields hold the ops that {@link TrainingGraph} and
 * {@link TrainingRuns} feed and fetch.
 */
final class GraphBuilder {

    /** An evaluation branch: its fed indices, the sum of the per-example losses and the count of correct predictions. */
    record Branch(Placeholder<TInt32> idx, Operand<? extends TFloating> lossSum, Operand<TFloat32> correct) {
    }

    private final Model model;
    private final GraphOptions options;
    final List<Parameter> specs;
    private final Augmentation augmentation;

    final List<Variable<? extends TFloating>> params = new ArrayList<>();
    final List<Variable<? extends TFloating>> runningVars = new ArrayList<>();
    final List<Operand<? extends TFloating>> gradients = new ArrayList<>();
    final List<Op> stepOps = new ArrayList<>();
    final List<Op> accumulateOps = new ArrayList<>();
    final List<Op> applyAccumulatedOps = new ArrayList<>();
    final List<Placeholder<? extends TFloating>> setPlaceholders = new ArrayList<>();
    final List<Op> setOps = new ArrayList<>();
    Placeholder<TInt32> trainIdx;
    Placeholder<? extends TFloating> weights;
    Placeholder<? extends TFloating> lr;
    Operand<? extends TFloating> randomizedLoss;
    Operand<? extends TFloating> meanLoss;
    Operand<? extends TFloating> perExample;
    Branch trainBranch;
    Branch testBranch;
    Operand<? extends TFloating> trainingImages;

    GraphBuilder(Model model, GraphOptions options, Augmentation augmentation) {
        this.model = model;
        this.options = options;
        this.specs = model.parameters();
        this.augmentation = augmentation;
    }

    /**
     * Creates every op of the graph in {@code tf}, parameters initialized from
     * {@code options.initSeed()}; {@code test} may be null (no test branch).
     */
    <T extends TFloating> void build(Ops tf, ImageSet train, ImageSet test, Class<T> type) {
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

        this.trainIdx = idx;
        this.weights = w;
        this.lr = lr;
        this.randomizedLoss = lw;
        this.meanLoss = mean;
        this.perExample = tr.perExample;
        if (model.hasBatchNorm() || options.augment()) {
            // evaluation of the training set: running statistics, no augmentation
            Placeholder<TInt32> eidx = tf.withName("train_eval_idx").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1)));
            Pooled<T> tre = pooled(tf, train, eidx, type, vars, BatchNorm.evaluation(running), false);
            this.trainBranch = new Branch(eidx, tf.reduceSum(tre.perExample, tf.constant(0)), tre.correct);
        } else {
            this.trainBranch = new Branch(idx, tf.reduceSum(tr.perExample, tf.constant(0)), tr.correct);
        }
        if (test != null) {
            Placeholder<TInt32> tidx = tf.withName("test_idx").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1)));
            Pooled<T> te = pooled(tf, test, tidx, type, vars, BatchNorm.evaluation(running), false);
            this.testBranch = new Branch(tidx, tf.reduceSum(te.perExample, tf.constant(0)), te.correct);
        }
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

    /** Data set as graph constants, gathered by {@code idx}, through the model: per-example loss and correct count. */
    private <T extends TFloating> Pooled<T> pooled(Ops tf, ImageSet set, Placeholder<TInt32> idx, Class<T> type,
                                                   List<Operand<T>> vars, BatchNorm<T> norm, boolean augment) {
        // one constant per data set, however many branches read it (training, evaluation)
        DataInGraph stored = constants.computeIfAbsent(set, k -> DataInGraph.of(tf, set));
        Operand<T> x = stored.images(tf, idx, type, options.pixels());
        if (augment) {
            x = augmentation.augmented(tf, x, set);
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
}
