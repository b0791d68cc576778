package org.msgdlab.deep.bench;

import org.msgdlab.deep.model.ConvSmall;

/**
 * The parts a ConvSmall step (or evaluation pass) is split into by its roofline ({@link RooflineParts}): the
 * convolutions and matrix products, whose FLOPs are counted, and the parts that do no counted arithmetic (the images
 * fed in, pooling and ReLU, the loss, the update, TensorFlow's bookkeeping ops, the time of a run outside its ops, and
 * the Java draw of the weights W). {@link TraceAttribution} assigns every op of TensorFlow's trace to one of them.
 * <p>
 * The FLOPs of a part ({@link #flopsPerImage}), written once here: 2 per multiply-add, a layer's weight gradient and
 * its input gradient as many multiply-adds as its forward pass ({@link ConvSmall#multiplyAdds()}); conv1 has no input
 * gradient (the images need none). Summed over the parts they are {@link ConvSmall#trainingFlopsPerImage()}.
 */
public enum StepPart {
    /** The n images gathered from the graph's constants, cast and scaled. */
    IMAGES("images in (gather, cast, scale)"),
    /** conv1 forward, with its bias (one fused oneDNN op). */
    CONV1_FORWARD("conv1 forward"),
    /** conv2 forward, with its bias. */
    CONV2_FORWARD("conv2 forward"),
    /** fc1 and fc2 forward, with their biases. */
    DENSE_FORWARD("fc1+fc2 forward"),
    /** Max pooling and ReLU of the forward pass. */
    POOL_RELU("pool+ReLU forward"),
    /** Softmax cross-entropy, the weighted loss L.W (and the mean), and the loss's gradient; in an evaluation the accuracy. */
    LOSS("loss, L.W and its gradient"),
    /** conv1's filter gradient (with the bias gradient where oneDNN fuses it). */
    CONV1_WEIGHT_GRADIENT("conv1 weight gradient"),
    /** conv2's filter gradient (with the bias gradient where fused). */
    CONV2_WEIGHT_GRADIENT("conv2 weight gradient"),
    /** fc1's and fc2's weight and bias gradients. */
    DENSE_WEIGHT_GRADIENT("fc1+fc2 weight gradients"),
    /** conv2's input gradient (conv1 needs none). */
    CONV2_INPUT_GRADIENT("conv2 input gradient"),
    /** fc1's and fc2's input gradients. */
    DENSE_INPUT_GRADIENT("fc1+fc2 input gradients"),
    /** The gradients of max pooling and ReLU. */
    POOL_RELU_GRADIENT("pool+ReLU gradients"),
    /** The parameter update (gradient descent or momentum). */
    UPDATE("parameter update"),
    /** Every other op: shapes, constants, variables, arguments and return values, labels, conv biases' unfused gradients. */
    OTHER_OPS("other ops"),
    /** A run's time outside its ops: JNI, feeds and fetches, the executor's gaps between ops (and the trace's own cost). */
    SESSION("session outside the ops"),
    /** The Java draw of the weights W of a step (MSGD-Fisher's noise), outside TensorFlow. */
    NOISE_DRAW("noise draw W (Java)");

    private final String label;

    StepPart(String label) {
        this.label = label;
    }

    /** @return a short name for the roofline's table */
    public String label() {
        return label;
    }

    /**
     * Counted FLOPs of this part for one image of a training step (an evaluation runs the forward parts only).
     *
     * @param m the network's multiply-adds per image
     * @return 2 x the part's multiply-adds per image; 0 for a part without counted arithmetic
     */
    public long flopsPerImage(ConvSmall.MultiplyAdds m) {
        long dense = m.fc1() + m.fc2();
        long madds = switch (this) {
            case CONV1_FORWARD, CONV1_WEIGHT_GRADIENT -> m.conv1();
            case CONV2_FORWARD, CONV2_WEIGHT_GRADIENT, CONV2_INPUT_GRADIENT -> m.conv2();
            case DENSE_FORWARD, DENSE_WEIGHT_GRADIENT, DENSE_INPUT_GRADIENT -> dense;
            default -> 0;
        };
        return 2 * madds;
    }

    /** @return whether this part's FLOPs are counted: the convolutions and matrix products */
    public boolean arithmetic() {
        return flopsPerImage(new ConvSmall.MultiplyAdds(1, 1, 1, 1)) > 0;
    }

    /** @return whether an evaluation pass (forward only, no weights drawn) has this part */
    public boolean inEvaluation() {
        return switch (this) {
            case IMAGES, CONV1_FORWARD, CONV2_FORWARD, DENSE_FORWARD, POOL_RELU, LOSS, OTHER_OPS, SESSION -> true;
            default -> false;
        };
    }
}
