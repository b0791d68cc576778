package org.msgdlab.deep.model;

import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.op.Ops;
import org.tensorflow.op.Scope;
import org.tensorflow.types.family.TFloating;

/**
 * 2x2 max pooling with stride 2 (VALID, NHWC) as TensorFlow's {@code MaxPool} op, whose window and
 * strides are attributes. TensorFlow Java's {@code tf.nn.maxPool} builds {@code MaxPoolV2} (window
 * and strides as tensors), which computes the same values with the same Eigen kernel but which
 * TensorFlow's oneDNN rewrite does not replace: with oneDNN on, {@code MaxPool} and its gradient
 * run as oneDNN kernels (the pooling of conv1 and its gradient were a third of the ConvSmall
 * full-batch step before; deep/README.md, Speed).
 */
public final class MaxPooling {

    private static final long[] WINDOW = {1, 2, 2, 1};

    private MaxPooling() {
    }

    /**
     * {@code max} over each 2x2 window of {@code x} {@code [N, H, W, C]}, stride 2: {@code [N, H/2, W/2, C]}.
     *
     * @param tf  the graph's ops
     * @param x   {@code [N, H, W, C]} activations
     * @param <T> the floating-point type
     * @return {@code [N, H/2, W/2, C]} (floor of odd sizes: VALID padding)
     */
    public static <T extends TFloating> Operand<T> twoByTwo(Ops tf, Operand<T> x) {
        Scope scope = tf.scope();
        Operation op = scope.opBuilder("MaxPool", "MaxPool")
                .addInput(x.asOutput())
                .setAttr("ksize", WINDOW)
                .setAttr("strides", WINDOW)
                .setAttr("padding", "VALID")
                .setAttr("data_format", "NHWC")
                .build();
        return op.output(0);
    }
}
