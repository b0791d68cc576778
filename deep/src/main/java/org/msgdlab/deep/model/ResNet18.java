package org.msgdlab.deep.model;

import org.tensorflow.Operand;
import org.tensorflow.ndarray.index.Indices;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * ResNet-18 (He et al. 2016) in the 32x32 form used for CIFAR by the paper's generation of PyTorch
 * code (Appendix C: "standard ResNet-18"):
 * <pre>
 *   conv 3x3, 64 - BN - ReLU
 *   stage 1: 2 basic blocks,  64 channels, stride 1     (32x32)
 *   stage 2: 2 basic blocks, 128 channels, first stride 2 (16x16)
 *   stage 3: 2 basic blocks, 256 channels, first stride 2 (8x8)
 *   stage 4: 2 basic blocks, 512 channels, first stride 2 (4x4)
 *   global average pool (4x4) - fc classes
 * </pre>
 * A basic block is {@code relu(BN(conv3x3(relu(BN(conv3x3(x))))) + shortcut(x))}; the shortcut is
 * the identity, or {@code BN(conv1x1, stride 2)} where the shape changes. Convolutions have no bias
 * (batch norm follows each); 3x3 convolutions pad one pixel on each side (PyTorch's {@code padding=1},
 * which for stride 2 samples the same positions as PyTorch, unlike TensorFlow's "SAME").
 * Parameters: <b>11,173,962</b> for 10 classes, 11,220,132 for 100 (asserted by
 * {@link #cifar(int)}); the ImageNet form (7x7 stem, max-pool) is not what is built here.
 *
 * <p>Batch norm: {@link BatchNorm} (PyTorch conventions; the phase and the ghost batch size are
 * chosen by the graph). Initialization: convolutions and the classifier as {@link Parameter}
 * states (PyTorch's default uniform bounds), batch-norm scales 1 and shifts 0.
 */
public final class ResNet18 extends Network {

    /** Channels of the four stages. */
    static final int[] STAGE_CHANNELS = {64, 128, 256, 512};
    /** Parameters of the 32x32x3 network for CIFAR-10 and CIFAR-100. */
    public static final long CIFAR10_PARAMETERS = 11_173_962;
    public static final long CIFAR100_PARAMETERS = 11_220_132;

    private final int channels;
    private final int width;
    private final List<Parameter> running;

    /** Trainable parameters and running statistics, in the order the layers use them. */
    private record Layout(List<Parameter> parameters, List<Parameter> running) {
    }

    private ResNet18(int channels, int classes, int width) {
        this(channels, classes, width, layout(channels, classes, width));
    }

    private ResNet18(int channels, int classes, int width, Layout layout) {
        super("ResNet-18", new int[] {32, 32, channels}, classes, layout.parameters());
        this.channels = channels;
        this.width = width;
        this.running = List.copyOf(layout.running());
    }

    /** Whether block k of stage s (both from 0) has a projection shortcut: the first block of stages 2-4. */
    private static boolean projects(int stage, int block) {
        return stage > 0 && block == 0;
    }

    private static Layout layout(int channels, int classes, int width) {
        if (channels < 1) {
            throw new IllegalArgumentException("ResNet-18 input channels=" + channels + " must be >= 1");
        }
        if (classes < 2) {
            throw new IllegalArgumentException("ResNet-18 classes=" + classes + " must be >= 2");
        }
        if (width < 1 || 64 % width != 0) {
            throw new IllegalArgumentException("ResNet-18 width divisor=" + width + " must divide 64");
        }
        List<Parameter> p = new ArrayList<>();
        List<Parameter> r = new ArrayList<>();
        int in = 64 / width;
        conv(p, "stem/conv", 3, channels, in);
        batchNorm(p, r, "stem/bn", in);
        for (int s = 0; s < 4; s++) {
            int out = STAGE_CHANNELS[s] / width;
            for (int k = 0; k < 2; k++) {
                String name = "stage" + (s + 1) + "/block" + (k + 1);
                conv(p, name + "/conv1", 3, in, out);
                batchNorm(p, r, name + "/bn1", out);
                conv(p, name + "/conv2", 3, out, out);
                batchNorm(p, r, name + "/bn2", out);
                if (projects(s, k)) {
                    conv(p, name + "/shortcut/conv", 1, in, out);
                    batchNorm(p, r, name + "/shortcut/bn", out);
                }
                in = out;
            }
        }
        p.add(new Parameter("fc/kernel", new long[] {in, classes}, in));
        p.add(new Parameter("fc/bias", new long[] {classes}, in));
        return new Layout(p, r);
    }

    private static void conv(List<Parameter> p, String name, int k, int in, int out) {
        p.add(new Parameter(name + "/kernel", new long[] {k, k, in, out}, k * k * in));
    }

    private static void batchNorm(List<Parameter> p, List<Parameter> running, String name, int c) {
        p.add(new Parameter(name + "/gamma", new long[] {c}, 1, Parameter.Init.ONES));
        p.add(new Parameter(name + "/beta", new long[] {c}, 1, Parameter.Init.ZEROS));
        running.add(new Parameter(name + "/running_mean", new long[] {c}, 1, Parameter.Init.ZEROS));
        running.add(new Parameter(name + "/running_var", new long[] {c}, 1, Parameter.Init.ONES));
    }

    /**
     * The paper's CIFAR network: 32x32x3 inputs, {@code classes} (10 or 100) outputs; parameter count asserted.
     *
     * @param classes number of classes (the count is asserted for 10 and 100 only)
     * @return the network
     * @throws IllegalStateException when the parameter count of the 10- or 100-class network is not the stated one
     */
    public static ResNet18 cifar(int classes) {
        ResNet18 m = new ResNet18(3, classes, 1);
        long expected = classes == 10 ? CIFAR10_PARAMETERS : classes == 100 ? CIFAR100_PARAMETERS : -1;
        if (expected > 0 && m.parameterCount() != expected) {
            throw new IllegalStateException("ResNet-18 has " + m.parameterCount() + " parameters, expected " + expected);
        }
        return m;
    }

    /**
     * The same layers with every channel count divided by {@code widthDivisor} (tests: a narrow, fast copy).
     *
     * @param channels     input channels
     * @param classes      number of classes
     * @param widthDivisor divides every channel count (1: the full network)
     * @return the network
     */
    public static ResNet18 narrow(int channels, int classes, int widthDivisor) {
        return new ResNet18(channels, classes, widthDivisor);
    }

    /** {@inheritDoc} */
    @Override
    public List<Parameter> runningStatistics() {
        return running;
    }

    /**
     * ResNet-18 needs a batch-norm phase: use {@link #logits(Ops, Operand, List, BatchNorm)}.
     *
     * @param tf     the graph's ops
     * @param images the images
     * @param params the parameter variables
     * @param <T>    the floating-point type
     * @return never
     * @throws IllegalStateException always
     */
    @Override
    public <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> params) {
        throw new IllegalStateException("ResNet-18 has batch norm: its logits need a BatchNorm phase (training or evaluation)");
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when {@code p} does not hold one tensor per parameter
     * @throws IllegalStateException    when the layers did not use every parameter and batch-norm layer
     */
    @Override
    public <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> p, BatchNorm<T> bn) {
        if (p.size() != parameters().size()) {
            throw new IllegalArgumentException("ResNet-18 needs " + parameters().size() + " parameter tensors, got " + p.size());
        }
        int[] next = {0};
        Operand<T> x = tf.nn.relu(bn(tf, conv3x3(tf, images, p.get(next[0]++), 1), p, next, bn));
        for (int s = 0; s < 4; s++) {
            for (int k = 0; k < 2; k++) {
                int stride = s > 0 && k == 0 ? 2 : 1;
                Operand<T> y = tf.nn.relu(bn(tf, conv3x3(tf, x, p.get(next[0]++), stride), p, next, bn));
                y = bn(tf, conv3x3(tf, y, p.get(next[0]++), 1), p, next, bn);
                Operand<T> shortcut = x;
                if (projects(s, k)) {
                    shortcut = bn(tf, conv1x1Stride2(tf, x, p.get(next[0]++)), p, next, bn);
                }
                x = tf.nn.relu(tf.math.add(y, shortcut));
            }
        }
        // global average pool over the 4x4 map, then the classifier
        x = tf.math.mean(x, tf.constant(new int[] {1, 2}));
        Operand<T> logits = tf.nn.biasAdd(tf.linalg.matMul(x, p.get(next[0]++)), p.get(next[0]++));
        if (next[0] != p.size() || bn.layers() != running.size() / 2) {
            throw new IllegalStateException("ResNet-18 used " + next[0] + " of " + p.size() + " parameters and "
                    + bn.layers() + " of " + running.size() / 2 + " batch-norm layers");
        }
        return logits;
    }

    /**
     * The projection shortcut: a 1x1 convolution with stride 2, written as the even rows and columns
     * of x followed by a 1x1 convolution with stride 1 (the same products and sums). The direct form's
     * filter gradient corrupts memory under TensorFlow 2.18's oneDNN kernels with one intra-op thread
     * (seen here: "double free or corruption", then a crash), so the strided kernel is never asked for.
     */
    private static <T extends TFloating> Operand<T> conv1x1Stride2(Ops tf, Operand<T> x, Operand<T> kernel) {
        Operand<T> even = tf.stridedSlice(x, Indices.all(), Indices.even(), Indices.even(), Indices.all());
        return tf.nn.conv2d(even, kernel, List.of(1L, 1L, 1L, 1L), "VALID");
    }

    private static <T extends TFloating> Operand<T> conv3x3(Ops tf, Operand<T> x, Operand<T> kernel, int stride) {
        Operand<TInt32> pad = tf.constant(new int[][] {{0, 0}, {1, 1}, {1, 1}, {0, 0}});
        return tf.nn.conv2d(tf.pad(x, pad, tf.dtypes.cast(tf.constant(0.0f), x.type())), kernel, List.of(1L, (long) stride, (long) stride, 1L), "VALID");
    }

    private static <T extends TFloating> Operand<T> bn(Ops tf, Operand<T> x, List<Operand<T>> p, int[] next, BatchNorm<T> bn) {
        Operand<T> gamma = p.get(next[0]++);
        Operand<T> beta = p.get(next[0]++);
        return bn.apply(tf, x, gamma, beta);
    }

    @Override
    public String toString() {
        return "ResNet-18 (batch norm)[32x32x" + channels + " -> " + classes()
                + (width == 1 ? "" : ", channels / " + width) + ", " + parameterCount() + " parameters]";
    }
}
