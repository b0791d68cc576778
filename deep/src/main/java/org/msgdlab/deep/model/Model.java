package org.msgdlab.deep.model;

import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.family.TFloating;

import java.util.List;

/**
 * A classifier network: its trainable parameters (shapes and initial values) and how to compute
 * logits {@code [batch, classes]} from images {@code [batch, height, width, channels]} (NHWC, values
 * as the graph scales the pixels: in [0, 1] by default, see
 * {@link org.msgdlab.deep.graph.GraphOptions#pixelScale}) given the parameter variables.
 * The networks of this module are immutable and thread-safe; building ops is not (one graph, one thread).
 */
public interface Model {

    /** @return the paper's name, e.g. {@code ConvSmall} */
    String name();

    /** @return input image shape: height, width, channels */
    int[] inputShape();

    /** @return the number of classes (the length of a logits row) */
    int classes();

    /** @return the trainable parameters, in a fixed order */
    List<Parameter> parameters();

    /**
     * Logits of {@code images} with the parameter variables {@code params} (same order as {@link #parameters()}).
     *
     * @param tf     the graph's ops
     * @param images {@code [batch, height, width, channels]}
     * @param params the parameter variables, in {@link #parameters()} order
     * @param <T>    the floating-point type
     * @return {@code [batch, classes]} logits
     */
    <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> params);

    /**
     * Non-trainable state: the running mean and variance of each batch-norm layer, in the order the
     * layers are applied (empty for networks without batch norm).
     *
     * @return mean, variance per batch-norm layer
     */
    default List<Parameter> runningStatistics() {
        return List.of();
    }

    /**
     * Logits with batch norm in the phase {@code batchNorm} gives (training: batch statistics,
     * evaluation: running statistics). Networks without batch norm ignore it.
     *
     * @param tf        the graph's ops
     * @param images    {@code [batch, height, width, channels]}
     * @param params    the parameter variables, in {@link #parameters()} order
     * @param batchNorm the phase, with the running-statistics variables
     * @param <T>       the floating-point type
     * @return {@code [batch, classes]} logits
     */
    default <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> params,
                                                    BatchNorm<T> batchNorm) {
        return logits(tf, images, params);
    }

    /** @return whether the network has batch-norm layers (then an example's training-phase loss depends on its batch) */
    default boolean hasBatchNorm() {
        return !runningStatistics().isEmpty();
    }

    /** @return the number of scalar trainable parameters */
    default long parameterCount() {
        return parameters().stream().mapToLong(Parameter::size).sum();
    }
}
