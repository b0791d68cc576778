package org.msgdlab.deep.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.model.ConvSmall;

import java.util.EnumMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The roofline's FLOPs per part, against counts worked out by hand from ConvSmall's layer shapes. */
class StepPartTest {

    @Test
    void thePapersNetworkAtN1000() {
        // conv: 2 N Ho Wo Cout Kh Kw Cin; dense: 2 N In Out (n = 1000):
        // conv1 2 x 1000 x 24 x 24 x 10 x 5 x 5 x 1 = 288,000,000; conv2 2 x 1000 x 8 x 8 x 10 x 5 x 5 x 10 = 320,000,000;
        // fc1 + fc2 2 x 1000 x (160 x 50 + 50 x 10) = 17,000,000; weight gradients as many, input gradients but conv1's
        Map<StepPart, Long> byHand = new EnumMap<>(StepPart.class);
        byHand.put(StepPart.CONV1_FORWARD, 288_000_000L);
        byHand.put(StepPart.CONV2_FORWARD, 320_000_000L);
        byHand.put(StepPart.DENSE_FORWARD, 17_000_000L);
        byHand.put(StepPart.CONV1_WEIGHT_GRADIENT, 288_000_000L);
        byHand.put(StepPart.CONV2_WEIGHT_GRADIENT, 320_000_000L);
        byHand.put(StepPart.DENSE_WEIGHT_GRADIENT, 17_000_000L);
        byHand.put(StepPart.CONV2_INPUT_GRADIENT, 320_000_000L);
        byHand.put(StepPart.DENSE_INPUT_GRADIENT, 17_000_000L);
        ConvSmall.MultiplyAdds m = ConvSmall.paper().multiplyAdds();
        long total = 0;
        for (StepPart p : StepPart.values()) {
            long flops = 1000 * p.flopsPerImage(m);
            assertEquals(byHand.getOrDefault(p, 0L), flops, p.name());
            assertEquals(byHand.containsKey(p), p.arithmetic(), p.name());
            total += flops;
        }
        // the step's total: 1,587,000 per image (deep/README.md, Speed), as ConvSmall counts it
        assertEquals(1_587_000_000L, total);
        assertEquals(1000 * ConvSmall.paper().trainingFlopsPerImage(), total);
    }

    @Test
    void aSmallNetworkByHand() {
        // 16x16x1 images, 2 conv channels, 4 hidden, 3 classes: conv1 12x12x2 outputs of 25 taps = 7,200 multiply-adds;
        // conv2 input 6x6x2, output 2x2x2 of 5x5x2 taps = 400; fc1 (1x1x2 = 2) x 4 = 8; fc2 4 x 3 = 12
        ConvSmall.MultiplyAdds m = ConvSmall.of(16, 16, 1, 3, 2, 4).multiplyAdds();
        assertEquals(new ConvSmall.MultiplyAdds(7_200, 400, 8, 12), m);
        assertEquals(14_400, StepPart.CONV1_WEIGHT_GRADIENT.flopsPerImage(m));
        assertEquals(800, StepPart.CONV2_INPUT_GRADIENT.flopsPerImage(m));
        assertEquals(40, StepPart.DENSE_FORWARD.flopsPerImage(m));
        assertEquals(0, StepPart.POOL_RELU_GRADIENT.flopsPerImage(m));
    }

    @Test
    void anEvaluationHasTheForwardPartsAndNoGradients() {
        for (StepPart p : StepPart.values()) {
            boolean gradient = p.name().contains("GRADIENT") || p == StepPart.UPDATE || p == StepPart.NOISE_DRAW;
            assertEquals(!gradient, p.inEvaluation(), p.name());
        }
        assertTrue(StepPart.LOSS.inEvaluation());
        assertFalse(StepPart.SESSION.arithmetic());
    }
}
