package org.msgdlab.deep.graph;

import org.msgdlab.deep.data.ImageSet;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TUint8;
import org.tensorflow.types.family.TFloating;

/**
 * A data set held inside a graph as constants (uint8 pixels, int32 labels), so that a run feeds
 * only example indices, and the per-example loss every graph of this module uses. Immutable; its
 * operands belong to one graph, which is not to be built from several threads at once.
 *
 * @param set     the data set
 * @param pixels  {@code [count, height, width, channels]} uint8
 * @param labels  {@code [count]} int32
 */
public record DataInGraph(ImageSet set, Operand<TUint8> pixels, Operand<TInt32> labels) {

    /**
     * Adds {@code set} to the graph of {@code tf} as two constants.
     *
     * @param tf  the graph's ops
     * @param set the data set
     * @return the constants
     */
    public static DataInGraph of(Ops tf, ImageSet set) {
        Shape shape = Shape.of(set.count(), set.height(), set.width(), set.channels());
        return new DataInGraph(set, tf.constant(shape, DataBuffers.of(set.pixels(), true, false)),
                tf.constant(Shape.of(set.count()), DataBuffers.of(set.labels(), true, false)));
    }

    /**
     * The images {@code idx} scaled to [0, 1], NHWC.
     *
     * @param tf   the graph's ops
     * @param idx  the example indices
     * @param type the floating-point type
     * @param <T>  the floating-point type
     * @return the images divided by 255
     */
    public <T extends TFloating> Operand<T> images(Ops tf, Operand<TInt32> idx, Class<T> type) {
        return tf.math.div(tf.dtypes.cast(tf.gather(pixels, idx, tf.constant(0)), type),
                tf.dtypes.cast(tf.constant(255.0f), type));
    }

    /**
     * The images {@code idx} as the first layer sees them, NHWC: {@link PixelScale#UNIT} is the division of
     * {@link #images(Ops, Operand, Class)} (the same op), {@link PixelScale#RAW} the raw 0-255 values.
     *
     * @param tf    the graph's ops
     * @param idx   the example indices
     * @param type  the floating-point type
     * @param scale x/255 or the raw values
     * @param <T>   the floating-point type
     * @return the images
     */
    public <T extends TFloating> Operand<T> images(Ops tf, Operand<TInt32> idx, Class<T> type, PixelScale scale) {
        return switch (scale) {
            case UNIT -> images(tf, idx, type);
            case RAW -> tf.dtypes.cast(tf.gather(pixels, idx, tf.constant(0)), type);
        };
    }

    /**
     * The labels of {@code idx}.
     *
     * @param tf  the graph's ops
     * @param idx the example indices
     * @return the labels, int32
     */
    public Operand<TInt32> labels(Ops tf, Operand<TInt32> idx) {
        return tf.gather(labels, idx, tf.constant(0));
    }

    /**
     * The per-example cross-entropy vector {@code l_i = -sum_c onehot(y_i)_c log softmax(logits_i)_c}.
     * (SoftmaxCrossEntropyWithLogits' gradient builds a float32 constant and fails in float64
     * graphs; the sparse op has no gradient in TF Java.)
     *
     * @param tf      the graph's ops
     * @param logits  {@code [count, classes]} logits
     * @param y       {@code [count]} labels
     * @param classes the number of classes
     * @param type    the floating-point type
     * @param <T>     the floating-point type
     * @return {@code [count]} losses
     */
    public static <T extends TFloating> Operand<T> crossEntropy(Ops tf, Operand<T> logits, Operand<TInt32> y, int classes,
                                                                Class<T> type) {
        Operand<T> oneHot = tf.oneHot(y, tf.constant(classes), tf.dtypes.cast(tf.constant(1.0f), type),
                tf.dtypes.cast(tf.constant(0.0f), type));
        return tf.math.neg(tf.reduceSum(tf.math.mul(oneHot, tf.nn.logSoftmax(logits)), tf.constant(1)));
    }
}
