package org.msgdlab.deep.model;

import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.family.TFloating;

import java.util.List;

/**
 * The paper's LeNet-like network for Fashion-MNIST (Appendix C.1):
 * <pre>
 *   input -> conv1 -> max_pool -> ReLU -> conv2 -> max_pool -> ReLU -> fc1 -> ReLU -> fc2 -> output
 * </pre>
 * both convolutions 5x5 with 10 channels and no padding, pooling 2x2 with stride 2, 50 hidden
 * units; 11,330 parameters for 28x28x1 inputs and 10 classes (asserted at construction).
 * With other input sizes (tests use small images) the count follows from the same layers.
 * Immutable and thread-safe.
 */
public final class ConvSmall extends Network {

    /** The paper's parameter count. */
    public static final long PAPER_PARAMETERS = 11_330;

    private final int height;
    private final int width;
    private final int channels;
    private final int conv;
    private final int hidden;
    private final int flat;

    private ConvSmall(int height, int width, int channels, int classes, int conv, int hidden) {
        super("ConvSmall", new int[] {height, width, channels}, classes, layout(height, width, channels, classes, conv, hidden));
        this.height = height;
        this.width = width;
        this.channels = channels;
        this.conv = conv;
        this.hidden = hidden;
        this.flat = flat(height, width, conv);
    }

    /** Inputs of fc1: two valid 5x5 convolutions, each followed by a 2x2 pool. */
    private static int flat(int height, int width, int conv) {
        return ((height - 4) / 2 - 4) / 2 * (((width - 4) / 2 - 4) / 2) * conv;
    }

    private static List<Parameter> layout(int height, int width, int channels, int classes, int conv, int hidden) {
        if (height < 16 || width < 16) {
            throw new IllegalArgumentException("ConvSmall input " + height + "x" + width + " must be at least 16x16"
                    + " (two 5x5 valid convolutions, each followed by 2x2 pooling)");
        }
        int flat = flat(height, width, conv);
        return List.of(
                new Parameter("conv1/kernel", new long[] {5, 5, channels, conv}, 25 * channels),
                new Parameter("conv1/bias", new long[] {conv}, 25 * channels),
                new Parameter("conv2/kernel", new long[] {5, 5, conv, conv}, 25 * conv),
                new Parameter("conv2/bias", new long[] {conv}, 25 * conv),
                new Parameter("fc1/kernel", new long[] {flat, hidden}, flat),
                new Parameter("fc1/bias", new long[] {hidden}, flat),
                new Parameter("fc2/kernel", new long[] {hidden, classes}, hidden),
                new Parameter("fc2/bias", new long[] {classes}, hidden));
    }

    /**
     * The paper's network for 28x28 grey images and 10 classes; asserts 11,330 parameters.
     *
     * @return the network
     * @throws IllegalStateException when the parameter count is not {@link #PAPER_PARAMETERS}
     */
    public static ConvSmall paper() {
        ConvSmall m = new ConvSmall(28, 28, 1, 10, 10, 50);
        if (m.parameterCount() != PAPER_PARAMETERS) {
            throw new IllegalStateException("ConvSmall has " + m.parameterCount() + " parameters, the paper states "
                    + PAPER_PARAMETERS);
        }
        return m;
    }

    /**
     * Multiply-adds of one image's forward pass, layer by layer (biases, pooling and ReLU not counted): a valid
     * 5x5 convolution from Cin to Cout channels with an Ho x Wo output makes Ho Wo Cout 25 Cin, a dense layer from
     * In to Out units In Out. The paper's network: conv1 24 x 24 x 10 x 25 x 1 = 144,000, conv2 8 x 8 x 10 x 25 x 10
     * = 160,000, fc1 160 x 50 = 8,000, fc2 50 x 10 = 500. A layer's weight gradient and (but for conv1, whose input
     * are the images) its input gradient have as many multiply-adds as its forward pass.
     * <p>
     * Immutable and thread-safe.
     *
     * @param conv1 conv1's multiply-adds per image
     * @param conv2 conv2's
     * @param fc1   fc1's
     * @param fc2   fc2's
     */
    public record MultiplyAdds(long conv1, long conv2, long fc1, long fc2) {
        /** @return the forward pass's multiply-adds per image */
        public long forward() {
            return conv1 + conv2 + fc1 + fc2;
        }
    }

    /** @return the forward pass's multiply-adds per image, layer by layer ({@link MultiplyAdds}) */
    public MultiplyAdds multiplyAdds() {
        int[] c1 = conv1Output();
        int[] c2 = conv2Output();
        return new MultiplyAdds((long) c1[0] * c1[1] * conv * 25L * channels, (long) c2[0] * c2[1] * conv * 25L * conv,
                (long) flat * hidden, (long) hidden * classes());
    }

    /**
     * Floating-point operations of one training step per image, counting 2 per multiply-add of the
     * convolutions and matrix products ({@link #multiplyAdds()}): the forward pass (F multiply-adds), the weight
     * gradients (F again) and the input gradients of every layer but the first (the images need none). Pooling,
     * ReLU, biases and the loss are not counted. The paper's network: F = 144,000 (conv1) + 160,000
     * (conv2) + 8,000 (fc1) + 500 (fc2) = 312,500, so 2 x (2F + F - 144,000) = 1,587,000.
     *
     * @return FLOPs per image of a step
     */
    public long trainingFlopsPerImage() {
        MultiplyAdds m = multiplyAdds();
        return 2 * (2 * m.forward() + m.forward() - m.conv1());
    }

    /** @return height, width and channels of one image */
    public int[] imageShape() {
        return new int[] {height, width, channels};
    }

    /** @return height, width and channels of conv1's output (before pooling): a valid 5x5 convolution */
    public int[] conv1Output() {
        return new int[] {height - 4, width - 4, conv};
    }

    /** @return height, width and channels of conv2's input: conv1's output pooled 2x2 */
    public int[] conv2Input() {
        return new int[] {(height - 4) / 2, (width - 4) / 2, conv};
    }

    /** @return height, width and channels of conv2's output (before pooling) */
    public int[] conv2Output() {
        int[] in = conv2Input();
        return new int[] {in[0] - 4, in[1] - 4, conv};
    }

    /** @return inputs of fc1: conv2's pooled output, flattened */
    public int flatUnits() {
        return flat;
    }

    /** @return units of fc1 (the hidden layer) */
    public int hiddenUnits() {
        return hidden;
    }

    /**
     * A ConvSmall-shaped network of other sizes (for tests: small images, few channels and units).
     *
     * @param height   image height, >= 16
     * @param width    image width, >= 16
     * @param channels image channels
     * @param classes  number of classes
     * @param conv     channels of both convolutions
     * @param hidden   hidden units of fc1
     * @return the network
     * @throws IllegalArgumentException when the image is smaller than 16x16
     */
    public static ConvSmall of(int height, int width, int channels, int classes, int conv, int hidden) {
        return new ConvSmall(height, width, channels, classes, conv, hidden);
    }

    /** {@inheritDoc} */
    @Override
    public <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> p) {
        return layers(tf, images, p).logits();
    }

    /**
     * The network's intermediate tensors (batch first): each layer's input and its pre-activation
     * output (after the bias), as used by per-example gradients
     * ({@code org.msgdlab.deep.efficiency.PerExampleGradients}).
     *
     * @param input  the images {@code [N, H, W, C]}, input of conv1
     * @param conv1  conv1 output plus bias {@code [N, H-4, W-4, conv]}
     * @param pooled1 {@code relu(maxpool(conv1))}, input of conv2
     * @param conv2  conv2 output plus bias
     * @param flat   {@code relu(maxpool(conv2))} flattened to {@code [N, flat]} (row-major over h, w, channel), input of fc1
     * @param fc1    {@code flat fc1/kernel + fc1/bias} {@code [N, hidden]}
     * @param hidden {@code relu(fc1)}, input of fc2
     * @param logits {@code hidden fc2/kernel + fc2/bias} {@code [N, classes]}
     * @param <T>    the floating-point type
     */
    public record Layers<T extends TFloating>(Operand<T> input, Operand<T> conv1, Operand<T> pooled1, Operand<T> conv2,
                                              Operand<T> flat, Operand<T> fc1, Operand<T> hidden, Operand<T> logits) {
    }

    /**
     * The forward pass of {@link #logits}, keeping every layer's input and pre-activation output.
     *
     * @param tf     the graph's ops
     * @param images the images {@code [N, H, W, C]}
     * @param p      the parameter variables, in {@link #parameters()} order
     * @param <T>    the floating-point type
     * @return the intermediate tensors
     * @throws IllegalArgumentException when {@code p} does not hold one tensor per parameter
     */
    public <T extends TFloating> Layers<T> layers(Ops tf, Operand<T> images, List<Operand<T>> p) {
        if (p.size() != parameters().size()) {
            throw new IllegalArgumentException("ConvSmall needs " + parameters().size() + " parameter tensors, got " + p.size());
        }
        List<Long> unit = List.of(1L, 1L, 1L, 1L);
        Operand<T> c1 = tf.nn.biasAdd(tf.nn.conv2d(images, p.get(0), unit, "VALID"), p.get(1));
        Operand<T> a1 = tf.nn.relu(MaxPooling.twoByTwo(tf, c1));
        Operand<T> c2 = tf.nn.biasAdd(tf.nn.conv2d(a1, p.get(2), unit, "VALID"), p.get(3));
        Operand<T> a2 = tf.nn.relu(MaxPooling.twoByTwo(tf, c2));
        Operand<T> flat2 = tf.reshape(a2, tf.constant(new int[] {-1, flat}));
        Operand<T> f1 = tf.nn.biasAdd(tf.linalg.matMul(flat2, p.get(4)), p.get(5));
        Operand<T> h = tf.nn.relu(f1);
        Operand<T> out = tf.nn.biasAdd(tf.linalg.matMul(h, p.get(6)), p.get(7));
        return new Layers<>(images, c1, a1, c2, flat2, f1, h, out);
    }

    @Override
    public String toString() {
        return "ConvSmall[" + height + "x" + width + "x" + channels + " -> " + classes() + ", conv " + conv + ", hidden "
                + hidden + ", " + parameterCount() + " parameters]";
    }
}
