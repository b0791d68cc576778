package org.msgdlab.deep.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.graph.Kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A run's cost from its parts: steps plus evaluations at 0 and every E iterations. */
class RunCostTest {

    @Test
    void aRunCostsItsStepsAndItsEvaluationsIncludingTheOneBeforeTraining() {
        RunCost c = new RunCost(Kernels.ONEDNN, 0.05, 0.004, 0.7, new double[] {0.8, 0.7, 0.73, 0.68, 0.69});
        // 10,000 x 0.05 s + (100 + 1) x 0.7 s
        assertEquals(500 + 70.7, c.runSeconds(c.gdStep(), 10_000, 100), 1e-9);
        assertEquals(40 + 51 * 0.7, c.runSeconds(c.sgd50Step(), 10_000, 200), 1e-9);
        assertEquals(5000, c.bestChunk());
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(2.5, RunCost.median(new double[] {4, 1, 3, 2}), 0);
        assertEquals(3, RunCost.median(new double[] {5, 3, 1}), 0);
    }
}
