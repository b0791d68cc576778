package org.msgdlab.deep.model;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GradientCheck;
import org.msgdlab.deep.graph.Precision;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.train.Preset;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** VGG-11 without batch norm: its size, and the SVHN preset's graph on generated 32x32x3 images. */
class Vgg11Test {

    static ImageSet generated(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] px = new byte[n * 3072];
        int[] lb = new int[n];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) r.nextInt(256);
        }
        for (int i = 0; i < n; i++) {
            lb[i] = r.nextInt(10);
        }
        return new ImageSet("generated-svhn", n, 32, 32, 3, 10, px, lb);
    }

    @Test
    void svhnNetworkHasTheStatedParameterCount() {
        Vgg11 m = Vgg11.svhn();
        assertEquals(9_225_610, m.parameterCount());
        assertEquals(18, m.parameters().size());
        // conv part 9,220,480 + classifier 512*10+10
        long conv = m.parameters().subList(0, 16).stream().mapToLong(Parameter::size).sum();
        assertEquals(9_220_480, conv);
        assertEquals(Preset.SVHN_VGG11.model().parameterCount(), m.parameterCount());
    }

    @Test
    void invalidShapesAreRejectedWithTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Vgg11.narrow(3, 10, 3));
        assertTrue(e.getMessage().contains("divisor=3") && e.getMessage().contains("divide 64"), e.getMessage());
    }

    @Test
    void svhnPresetBuildsItsGraphAndStepsOnGeneratedData() {
        Preset p = Preset.SVHN_VGG11;
        ImageSet data = generated(4, 1);
        try (TrainingGraph g = TrainingGraph.build(p.model(), data, data,
                GraphOptions.defaults(3).withThreads(2, 1))) {
            int[] idx = {0, 1, 2, 3};
            double[] w = {0.25, 0.25, 0.25, 0.25};
            double before = g.randomizedLoss(idx, w);
            assertTrue(Math.abs(before - Math.log(10)) < 0.5, "initial loss near log 10: " + before);
            TrainingGraph.StepStats s = g.step(idx, w, p.learningRate());
            assertTrue(Double.isFinite(s.randomizedLoss()), "loss " + s.randomizedLoss());
            assertTrue(Double.isFinite(g.evaluate(TrainingGraph.Pool.TEST, null, 2).meanLoss()));
        }
    }

    @Test
    void weightedGradientIdentityHoldsOnANarrowCopy() {
        ImageSet data = generated(3, 2);
        try (TrainingGraph g = TrainingGraph.build(Vgg11.narrow(3, 10, 16), data, null,
                GraphOptions.defaults(4).withPrecision(Precision.FLOAT64).withThreads(1, 1))) {
            GradientCheck.Error e = GradientCheck.weightedSum(g, new int[] {0, 1, 2}, new double[] {0.5, -0.2, 0.9});
            assertTrue(e.maxRelative() < 1e-10, "grad(L.W) vs sum_i w_i grad l_i: " + e);
        }
    }
}
