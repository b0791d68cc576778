package org.msgdlab.deep.model;

import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The FLOP count of a ConvSmall training step, the denominator of the speed claim's GFLOP/s, against
 * the multiply-adds of the graph {@link ConvSmall#layers} actually builds: each layer's output shape,
 * as TensorFlow infers it, times the multiply-adds per output read off its kernel variable's shape.
 */
class ConvSmallTest {

    /** Forward multiply-adds per image of each of conv1, conv2, fc1 and fc2, counted from the built graph. */
    static long[] forwardMultiplyAddsOfTheGraph(ConvSmall m) {
        try (Graph g = new Graph()) {
            Ops tf = Ops.create(g);
            Placeholder<TFloat32> images = tf.placeholder(TFloat32.class,
                    Placeholder.shape(Shape.of(1, m.inputShape()[0], m.inputShape()[1], m.inputShape()[2])));
            List<Operand<TFloat32>> variables = new ArrayList<>();
            for (Parameter p : m.parameters()) {
                variables.add(tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(p.shape()))));
            }
            ConvSmall.Layers<TFloat32> l = m.layers(tf, images, variables);
            long[] conv1Kernel = variables.get(0).shape().asArray();
            long[] conv2Kernel = variables.get(2).shape().asArray();
            long[] fc1Kernel = variables.get(4).shape().asArray();
            long[] fc2Kernel = variables.get(6).shape().asArray();
            return new long[] {
                l.conv1().shape().size() * conv1Kernel[0] * conv1Kernel[1] * conv1Kernel[2],
                l.conv2().shape().size() * conv2Kernel[0] * conv2Kernel[1] * conv2Kernel[2],
                l.fc1().shape().size() * fc1Kernel[0],
                l.logits().shape().size() * fc2Kernel[0]};
        }
    }

    /** 2 FLOPs per multiply-add: the forward pass, the weight gradients (as many) and the input gradients of all but conv1. */
    static long trainingFlops(long[] layers) {
        long forward = layers[0] + layers[1] + layers[2] + layers[3];
        return 2 * (forward + forward + (forward - layers[0]));
    }

    @Test
    void thePapersNetworkCosts1587000FlopsPerImagePerStep() {
        // Appendix C.1's layers: conv1 24x24x10 outputs of 5x5x1 taps, conv2 8x8x10 outputs of 5x5x10 taps,
        // fc1 4x4x10 -> 50, fc2 50 -> 10. The graph's shapes must give these; a ConvSmall whose layers() padded
        // its convolutions, pooled the wrong layer or flattened the wrong size would not.
        long[] graph = forwardMultiplyAddsOfTheGraph(ConvSmall.paper());
        assertEquals(24 * 24 * 10 * 25, graph[0], "conv1");
        assertEquals(8 * 8 * 10 * 250, graph[1], "conv2");
        assertEquals(160 * 50, graph[2], "fc1");
        assertEquals(50 * 10, graph[3], "fc2");
        // The FLOP formula must agree with the graph: one that took conv2's output as (H-4)/2 - 5, counted
        // the images' gradient or forgot a layer would not.
        assertEquals(trainingFlops(graph), ConvSmall.paper().trainingFlopsPerImage());
        assertEquals(1_587_000, ConvSmall.paper().trainingFlopsPerImage());
    }

    @Test
    void otherSizesFollowTheSameLayers() {
        // 16x16x3 images, 4 channels, 6 hidden units, 10 classes; and a non-square 20x28 image, where a
        // formula that used the height for the width shows.
        for (ConvSmall m : List.of(ConvSmall.of(16, 16, 3, 10, 4, 6), ConvSmall.of(20, 28, 2, 7, 3, 5))) {
            assertEquals(trainingFlops(forwardMultiplyAddsOfTheGraph(m)), m.trainingFlopsPerImage(), m.toString());
        }
    }
}
