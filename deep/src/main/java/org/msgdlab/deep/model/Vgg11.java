package org.msgdlab.deep.model;

import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * VGG-11 without batch normalization (Simonyan and Zisserman 2015, configuration "A"), the
 * paper's network for SVHN (Appendix C: "standard VGG-11 without Batch Normalization"), in the
 * 32x32 form common to CIFAR/SVHN code:
 * <pre>
 *   conv64 - M - conv128 - M - conv256 - conv256 - M - conv512 - conv512 - M - conv512 - conv512 - M - fc 10
 * </pre>
 * every conv 3x3, stride 1, "same" padding, followed by a bias and ReLU; M = 2x2 max-pool with
 * stride 2; after five pools a 32x32 input is 1x1x512, flattened into one fully connected layer to
 * the classes. Parameters: 9,220,480 in the eight convolutions plus 5,130 in the classifier,
 * <b>9,225,610</b> for 32x32x3 inputs and 10 classes (asserted by {@link #svhn()}).
 *
 * <p>The paper does not print its VGG-11's classifier. This one follows the widely used CIFAR
 * form (a single linear layer 512 -> classes). The ImageNet form's classifier (4096 - 4096 -
 * classes with dropout) would give 28,144,010 parameters at 32x32; it is not what is built here.
 * Initialization as {@link Parameter} states (PyTorch's default uniform bounds).
 * Immutable and thread-safe.
 */
public final class Vgg11 extends Network {

    /** Channels of the eight convolutions; a pool follows the convolutions at positions 0, 1, 3, 5 and 7. */
    static final int[] CHANNELS = {64, 128, 256, 256, 512, 512, 512, 512};
    static final boolean[] POOL_AFTER = {true, true, false, true, false, true, false, true};
    /** Parameters of the 32x32x3, 10-class network. */
    public static final long SVHN_PARAMETERS = 9_225_610;

    private final int side;
    private final int channels;
    private final int width;   // divisor of CHANNELS (1: the real network; tests use narrower copies)

    private Vgg11(int side, int channels, int classes, int width) {
        super("VGG-11", new int[] {side, side, channels}, classes, layout(side, channels, classes, width));
        this.side = side;
        this.channels = channels;
        this.width = width;
    }

    private static List<Parameter> layout(int side, int channels, int classes, int width) {
        if (side != 32) {
            throw new IllegalArgumentException("VGG-11 input side=" + side + " must be 32 (five 2x2 pools down to 1x1)");
        }
        if (channels < 1) {
            throw new IllegalArgumentException("VGG-11 input channels=" + channels + " must be >= 1");
        }
        if (classes < 2) {
            throw new IllegalArgumentException("VGG-11 classes=" + classes + " must be >= 2");
        }
        if (width < 1 || 64 % width != 0) {
            throw new IllegalArgumentException("VGG-11 width divisor=" + width + " must divide 64");
        }
        List<Parameter> p = new ArrayList<>();
        int in = channels;
        for (int i = 0; i < CHANNELS.length; i++) {
            int out = CHANNELS[i] / width;
            p.add(new Parameter("conv" + (i + 1) + "/kernel", new long[] {3, 3, in, out}, 9 * in));
            p.add(new Parameter("conv" + (i + 1) + "/bias", new long[] {out}, 9 * in));
            in = out;
        }
        p.add(new Parameter("fc/kernel", new long[] {in, classes}, in));
        p.add(new Parameter("fc/bias", new long[] {classes}, in));
        return p;
    }

    /**
     * The paper's SVHN network: 32x32x3 inputs, 10 classes; asserts 9,225,610 parameters.
     *
     * @return the network
     * @throws IllegalStateException when the parameter count is not 9,225,610
     */
    public static Vgg11 svhn() {
        Vgg11 m = new Vgg11(32, 3, 10, 1);
        if (m.parameterCount() != SVHN_PARAMETERS) {
            throw new IllegalStateException("VGG-11 has " + m.parameterCount() + " parameters, expected " + SVHN_PARAMETERS);
        }
        return m;
    }

    /**
     * The same layers with every channel count divided by {@code widthDivisor} (tests: a narrow, fast copy),
     * for 32x32 inputs.
     *
     * @param channels     input channels, >= 1
     * @param classes      number of classes, >= 2
     * @param widthDivisor divides every channel count; must divide 64 (1: the full network)
     * @return the network
     * @throws IllegalArgumentException when {@code channels < 1}, {@code classes < 2}, or {@code widthDivisor}
     *                                  does not divide 64
     */
    public static Vgg11 narrow(int channels, int classes, int widthDivisor) {
        return new Vgg11(32, channels, classes, widthDivisor);
    }

    /**
     * {@inheritDoc}
     *
     * @throws IllegalArgumentException when {@code p} does not hold one tensor per parameter
     */
    @Override
    public <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> p) {
        if (p.size() != parameters().size()) {
            throw new IllegalArgumentException("VGG-11 needs " + parameters().size() + " parameter tensors, got " + p.size());
        }
        List<Long> unit = List.of(1L, 1L, 1L, 1L);
        Operand<TInt32> pool = tf.constant(new int[] {1, 2, 2, 1});
        Operand<T> x = images;
        for (int i = 0; i < CHANNELS.length; i++) {
            x = tf.nn.relu(tf.nn.biasAdd(tf.nn.conv2d(x, p.get(2 * i), unit, "SAME"), p.get(2 * i + 1)));
            if (POOL_AFTER[i]) {
                x = tf.nn.maxPool(x, pool, pool, "VALID");
            }
        }
        int flat = CHANNELS[CHANNELS.length - 1] / width;
        x = tf.reshape(x, tf.constant(new int[] {-1, flat}));
        int last = 2 * CHANNELS.length;
        return tf.nn.biasAdd(tf.linalg.matMul(x, p.get(last)), p.get(last + 1));
    }

    @Override
    public String toString() {
        return "VGG-11 (no batch norm)[" + side + "x" + side + "x" + channels + " -> " + classes()
                + (width == 1 ? "" : ", channels / " + width) + ", " + parameterCount() + " parameters]";
    }
}
