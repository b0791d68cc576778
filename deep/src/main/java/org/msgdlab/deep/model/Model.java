package org.msgdlab.deep.model;

import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.types.family.TFloating;

import java.util.List;

/**
 * A classifier network: its trainable parameters (shapes and initial values) and how to compute
 * logits {@code [batch, classes]} from images {@code [batch, height, width, channels]} (NHWC, values
 * in [0, 1]) given the parameter variables.
 */
public interface Model {

    /** The paper's name, e.g. {@code ConvSmall}. */
    String name();

    /** Input image shape: height, width, channels. */
    int[] inputShape();

    int classes();

    /** The trainable parameters, in a fixed order. */
    List<Parameter> parameters();

    /** Logits of {@code images} with the parameter variables {@code params} (same order as {@link #parameters()}). */
    <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> params);

    /**
     * Non-trainable state: the running mean and variance of each batch-norm layer, in the order the
     * layers are applied (empty for networks without batch norm).
     */
    default List<Parameter> runningStatistics() {
        return List.of();
    }

    /**
     * Logits with batch norm in the phase {@code batchNorm} gives (training: batch statistics,
     * evaluation: running statistics). Networks without batch norm ignore it.
     */
    default <T extends TFloating> Operand<T> logits(Ops tf, Operand<T> images, List<Operand<T>> params,
                                                    BatchNorm<T> batchNorm) {
        return logits(tf, images, params);
    }

    /** Whether the network has batch-norm layers (then an example's training-phase loss depends on its batch). */
    default boolean hasBatchNorm() {
        return !runningStatistics().isEmpty();
    }

    /** Number of scalar parameters. */
    default long parameterCount() {
        return parameters().stream().mapToLong(Parameter::size).sum();
    }
}
