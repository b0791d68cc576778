package org.msgdlab.sde.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.sde.SdeStudy;

import static org.junit.jupiter.api.Assertions.assertTrue;

class SdeBenchmarkTest {

    /** The naive and the optimized step compute the same path from the same increments. */
    @Test
    void naiveAndOptimizedAgree() {
        assertTrue(SdeBenchmark.agreement(SdeStudy.logistic()) < 1e-12);
        assertTrue(SdeBenchmark.agreement(SdeStudy.tanhNetwork()) < 1e-12);
    }
}
