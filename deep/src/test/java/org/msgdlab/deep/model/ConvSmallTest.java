package org.msgdlab.deep.model;

import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
    void theLayersMultiplyAddsAndShapesAreTheGraphs() {
        // multiplyAdds() (the roofline's FLOPs) and the activation shapes (how the roofline tells ops apart in a trace)
        // against the graph layers() builds, for the paper's network and two others
        for (ConvSmall m : List.of(ConvSmall.paper(), ConvSmall.of(16, 16, 3, 10, 4, 6), ConvSmall.of(20, 28, 2, 7, 3, 5))) {
            long[] graph = forwardMultiplyAddsOfTheGraph(m);
            ConvSmall.MultiplyAdds ma = m.multiplyAdds();
            assertArrayEquals(graph, new long[] {ma.conv1(), ma.conv2(), ma.fc1(), ma.fc2()}, m.toString());
            assertEquals(graph[0] + graph[1] + graph[2] + graph[3], ma.forward(), m.toString());
            try (Graph g = new Graph()) {
                Ops tf = Ops.create(g);
                Placeholder<TFloat32> images = tf.placeholder(TFloat32.class,
                        Placeholder.shape(Shape.of(1, m.inputShape()[0], m.inputShape()[1], m.inputShape()[2])));
                List<Operand<TFloat32>> variables = new ArrayList<>();
                for (Parameter p : m.parameters()) {
                    variables.add(tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(p.shape()))));
                }
                ConvSmall.Layers<TFloat32> l = m.layers(tf, images, variables);
                assertArrayEquals(Arrays.stream(m.imageShape()).asLongStream().toArray(), tail(l.input()), m.toString());
                assertArrayEquals(Arrays.stream(m.conv1Output()).asLongStream().toArray(), tail(l.conv1()), m.toString());
                assertArrayEquals(Arrays.stream(m.conv2Input()).asLongStream().toArray(), tail(l.pooled1()), m.toString());
                assertArrayEquals(Arrays.stream(m.conv2Output()).asLongStream().toArray(), tail(l.conv2()), m.toString());
                assertArrayEquals(new long[] {m.flatUnits()}, tail(l.flat()), m.toString());
                assertArrayEquals(new long[] {m.hiddenUnits()}, tail(l.fc1()), m.toString());
            }
        }
        ConvSmall.MultiplyAdds paper = ConvSmall.paper().multiplyAdds();
        assertEquals(new ConvSmall.MultiplyAdds(144_000, 160_000, 8_000, 500), paper);
        assertEquals(312_500, paper.forward());
    }

    /** A tensor's shape without its batch dimension. */
    private static long[] tail(Operand<?> o) {
        long[] s = o.shape().asArray();
        return Arrays.copyOfRange(s, 1, s.length);
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
