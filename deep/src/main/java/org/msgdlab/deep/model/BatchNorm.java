package org.msgdlab.deep.model;

import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * Batch normalization (Ioffe and Szegedy 2015) over NHWC activations, with PyTorch's
 * {@code BatchNorm2d} conventions, in one of two phases fixed when the graph is built:
 * <ul>
 *   <li><b>training</b>: {@code y = gamma (x - mu_B) / sqrt(var_B + eps) + beta} with the batch's
 *       per-channel mean and biased variance; the gradient flows through {@code mu_B} and
 *       {@code var_B}. With a ghost batch size G > 0 (Hoffer, Hubara and Soudry 2017, "ghost batch
 *       normalization", which Appendix C uses for large-batch training) the fed batch is cut into
 *       consecutive ghost batches of G examples and each is normalized with its own statistics; the
 *       fed batch size must then be a multiple of G. The running statistics move by
 *       {@code r <- (1 - m) r + m s} with momentum m = {@value #MOMENTUM}, where s is the batch
 *       mean, and the <i>unbiased</i> batch variance for the running variance (PyTorch's rule),
 *       averaged over the ghost batches;</li>
 *   <li><b>evaluation</b>: {@code y = gamma (x - r_mu) / sqrt(r_var + eps) + beta} with the running
 *       statistics: each example's output is independent of the rest of the batch.</li>
 * </ul>
 * eps = {@value #EPS}. A network calls {@link #apply} once per batch-norm layer, in the order of
 * its {@link Model#runningStatistics()} (mean, variance per layer); the training phase collects the
 * running-statistics updates ({@link #updates()}), which the training step runs with the update.
 *
 * <p>In the training phase an example's loss depends on the other examples of its (ghost) batch:
 * the identity {@code grad(L.W) = sum_i w_i grad l_i} of Algorithm 1 then holds with every
 * {@code l_i} evaluated on the whole fed batch, not one example at a time.
 *
 * <p>Not thread-safe: it counts the layers applied and collects their updates while one graph is built.
 *
 * @param <T> float type of the graph
 */
public final class BatchNorm<T extends TFloating> {

    /** Running-statistics momentum (PyTorch's default). */
    public static final double MOMENTUM = 0.1;
    /** Added to the variance (PyTorch's default). */
    public static final double EPS = 1e-5;

    private final boolean training;
    private final int ghostBatch;
    private final List<? extends Operand<T>> running;
    private final List<Op> updates = new ArrayList<>();
    private int layer;

    private BatchNorm(boolean training, int ghostBatch, List<? extends Operand<T>> running) {
        if (ghostBatch < 0) {
            throw new IllegalArgumentException("ghost batch size=" + ghostBatch + " must be >= 0 (0: the whole fed batch)");
        }
        if (running.size() % 2 != 0) {
            throw new IllegalArgumentException("running statistics come in (mean, variance) pairs, got " + running.size());
        }
        this.training = training;
        this.ghostBatch = ghostBatch;
        this.running = List.copyOf(running);
    }

    /**
     * The training phase over ghost batches of {@code ghostBatch} examples (0: the whole fed batch),
     * updating the running statistics {@code running} (variables: mean, variance per layer).
     *
     * @param ghostBatch the ghost batch size G, >= 0 (0: the whole fed batch)
     * @param running    the running-statistics variables, mean and variance per layer
     * @param <T>        float type of the graph
     * @return the phase
     * @throws IllegalArgumentException when {@code ghostBatch < 0} or {@code running} has an odd size
     */
    public static <T extends TFloating> BatchNorm<T> training(int ghostBatch, List<? extends Operand<T>> running) {
        return new BatchNorm<>(true, ghostBatch, running);
    }

    /**
     * The evaluation phase, normalizing with the running statistics {@code running}.
     *
     * @param running the running-statistics variables, mean and variance per layer
     * @param <T>     float type of the graph
     * @return the phase
     * @throws IllegalArgumentException when {@code running} has an odd size
     */
    public static <T extends TFloating> BatchNorm<T> evaluation(List<? extends Operand<T>> running) {
        return new BatchNorm<>(false, 0, running);
    }

    /** @return whether this is the training phase */
    public boolean isTraining() {
        return training;
    }

    /** @return the ghost batch size (0: the whole fed batch; always 0 in evaluation) */
    public int ghostBatch() {
        return ghostBatch;
    }

    /** @return the running-statistics updates built so far (training phase; empty in evaluation) */
    public List<Op> updates() {
        return List.copyOf(updates);
    }

    /** @return the number of layers applied so far */
    public int layers() {
        return layer;
    }

    /**
     * Normalizes NHWC {@code x} (static H, W, C) with scale {@code gamma} and shift {@code beta} of shape [C],
     * using the next layer's running statistics (and, in training, adding their two updates).
     *
     * @param tf    the graph's ops
     * @param x     {@code [N, H, W, C]} activations
     * @param gamma the scale, {@code [C]}
     * @param beta  the shift, {@code [C]}
     * @return the normalized activations, shaped as {@code x}
     * @throws IllegalStateException    when every layer of {@code running} has been applied already
     * @throws IllegalArgumentException in training, when {@code x} is not 4-D with static H, W, C
     */
    public Operand<T> apply(Ops tf, Operand<T> x, Operand<T> gamma, Operand<T> beta) {
        if (2 * layer + 1 >= running.size()) {
            throw new IllegalStateException("batch-norm layer " + (layer + 1) + " has no running statistics ("
                    + running.size() / 2 + " layers declared)");
        }
        @SuppressWarnings("unchecked")
        Operand<T> runMean = (Operand<T>) running.get(2 * layer);
        @SuppressWarnings("unchecked")
        Operand<T> runVar = (Operand<T>) running.get(2 * layer + 1);
        layer++;
        Class<T> type = x.type();
        Operand<T> eps = tf.dtypes.cast(tf.constant(EPS), type);
        if (!training) {
            Operand<T> scale = tf.math.mul(gamma, tf.math.rsqrt(tf.math.add(runVar, eps)));
            return tf.math.add(tf.math.mul(tf.math.sub(x, runMean), scale), beta);
        }
        Shape s = x.shape();
        if (s.numDimensions() != 4 || s.get(1) < 1 || s.get(2) < 1 || s.get(3) < 1) {
            throw new IllegalArgumentException("batch norm needs NHWC activations with static H, W, C, got " + s);
        }
        int h = (int) s.get(1);
        int w = (int) s.get(2);
        int c = (int) s.get(3);
        // [groups, G, H, W, C]: G = ghostBatch, or the whole fed batch in one group.
        Operand<T> grouped = tf.reshape(x, tf.constant(ghostBatch > 0 ? new int[] {-1, ghostBatch, h, w, c}
                : new int[] {1, -1, h, w, c}));
        Operand<TInt32> axes = tf.constant(new int[] {1, 2, 3});
        Operand<T> mean = tf.math.mean(grouped, axes, org.tensorflow.op.math.Mean.keepDims(true));
        Operand<T> centered = tf.math.sub(grouped, mean);
        Operand<T> var = tf.math.mean(tf.math.square(centered), axes, org.tensorflow.op.math.Mean.keepDims(true));
        Operand<T> normalized = tf.math.mul(centered, tf.math.rsqrt(tf.math.add(var, eps)));
        Operand<T> y = tf.math.add(tf.math.mul(tf.reshape(normalized, tf.shape(x)), gamma), beta);

        // Running statistics: average over the groups of each group's mean and unbiased variance.
        Operand<TInt32> groupAxes = tf.constant(new int[] {0, 1, 2, 3});
        Operand<T> perGroup = ghostBatch > 0
                ? tf.dtypes.cast(tf.constant((double) ghostBatch * h * w), type)
                : tf.math.div(tf.dtypes.cast(tf.size(x, TInt32.class), type), tf.dtypes.cast(tf.constant((double) c), type));
        Operand<T> one = tf.dtypes.cast(tf.constant(1.0), type);
        Operand<T> unbiased = tf.math.mul(var, tf.math.div(perGroup, tf.math.maximum(tf.math.sub(perGroup, one), one)));
        Operand<T> batchMean = tf.reshape(tf.math.mean(mean, groupAxes), tf.constant(new int[] {c}));
        Operand<T> batchVar = tf.reshape(tf.math.mean(unbiased, groupAxes), tf.constant(new int[] {c}));
        Operand<T> m = tf.dtypes.cast(tf.constant(MOMENTUM), type);
        Operand<T> keep = tf.dtypes.cast(tf.constant(1 - MOMENTUM), type);
        updates.add(tf.assign(runMean, tf.math.add(tf.math.mul(keep, runMean), tf.math.mul(m, batchMean))));
        updates.add(tf.assign(runVar, tf.math.add(tf.math.mul(keep, runVar), tf.math.mul(m, batchVar))));
        return y;
    }
}
