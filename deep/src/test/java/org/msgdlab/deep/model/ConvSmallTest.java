package org.msgdlab.deep.model;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The FLOP count of a ConvSmall training step, the denominator of the speed claim's GFLOP/s. */
class ConvSmallTest {

    @Test
    void thePapersNetworkCosts1587000FlopsPerImagePerStep() {
        // forward multiply-adds: conv1 24x24x10 outputs x 25 taps, conv2 8x8x10 x 250, fc1 160x50, fc2 50x10
        long forward = 24 * 24 * 10 * 25 + 8 * 8 * 10 * 250 + 160 * 50 + 50 * 10;
        assertEquals(312_500, forward);
        // weight gradients: the forward's multiply-adds again; input gradients: all but conv1's
        assertEquals(2 * (forward + forward + (forward - 24 * 24 * 10 * 25)), ConvSmall.paper().trainingFlopsPerImage());
        assertEquals(1_587_000, ConvSmall.paper().trainingFlopsPerImage());
    }

    @Test
    void otherSizesFollowTheSameLayers() {
        // 16x16x3 images, 4 channels, 6 hidden, 10 classes: conv1 12x12x4 x 75, pool 6x6, conv2 2x2x4 x 100, pool 1x1x4, fc1 4x6, fc2 6x10
        ConvSmall m = ConvSmall.of(16, 16, 3, 10, 4, 6);
        long conv1 = 12 * 12 * 4 * 75;
        long forward = conv1 + 2 * 2 * 4 * 100 + 4 * 6 + 6 * 10;
        assertEquals(2 * (3 * forward - conv1), m.trainingFlopsPerImage());
    }
}
