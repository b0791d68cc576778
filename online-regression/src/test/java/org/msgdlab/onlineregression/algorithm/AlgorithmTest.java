package org.msgdlab.onlineregression.algorithm;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;

class AlgorithmTest {

    @Test
    void badBatchesAreRejectedWithTheRule() {
        assertEquals("small batch size b=8 must be <= large batch size B=4",
                assertThrows(IllegalArgumentException.class, () -> new Algorithm.LargeBatchMsgd(8, 4, NoiseClass.GAUSSIAN)).getMessage());
        assertEquals("small batch size b=0 must be >= 1",
                assertThrows(IllegalArgumentException.class, () -> new Algorithm.SmallBatchSgd(0)).getMessage());
        assertEquals("large batch size B=1 must be >= 2",
                assertThrows(IllegalArgumentException.class, () -> new Algorithm.LargeBatchMsgd(1, 1, NoiseClass.SUBSAMPLING)).getMessage());
    }

    /** Theorem 1's covariance gives every class the batch sums (1, 1/b, (b-1)/b) of SGD-b, for every B. */
    @Test
    void theoremOneWeightsHaveTheMomentsOfSmallBatchSgd() {
        qt().withFixedSeed(20200712L).withExamples(300).forAll(integers().between(1, 64), integers().between(1, 64))
                .checkAssert((b, factor) -> {
                    int big = Math.max(2, b * factor);
                    WeightMoments sgd = WeightMoments.averaging(b);
                    for (NoiseClass c : NoiseClass.values()) {
                        WeightMoments m = new Algorithm.LargeBatchMsgd(b, big, c).moments();
                        assertEquals(1.0, m.mean(), 0);
                        assertEquals(sgd.squares(), m.squares(), 1e-13, c + " b=" + b + " B=" + big);
                        assertEquals(sgd.cross(), m.cross(), 1e-13, c + " b=" + b + " B=" + big);
                    }
                });
    }

    @Test
    void idsAreLowerCaseAndDistinct() {
        assertEquals("sgd-b2", new Algorithm.SmallBatchSgd(2).id());
        assertEquals("sgd-bigb8", new Algorithm.LargeBatchSgd(8).id());
        assertEquals("msgd-rademacher-b2-bigb8", new Algorithm.LargeBatchMsgd(2, 8, NoiseClass.RADEMACHER).id());
    }
}
