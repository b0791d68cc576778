package org.msgdlab.deep.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.bench.Isa;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Core-hours of a paired seed of the second study from given step and evaluation times. */
class PairedSeedCostTest {

    private static StepParts parts(double full, double small, double eval) {
        return new StepParts(new IsaCap.InUse(Isa.AVX2, "given"), full, small, eval);
    }

    @Test
    void fiveMethodsFeedTheFullBatchAndThreeABatch() {
        assertEquals(List.of("gd", "msgd-fisher", "msgd-cov", "msgd-[fisher-10]", "msgd-[cov-10]"),
                PairedSeedCost.fullBatchMethods());
        assertEquals(8, PairedSeedCost.METHODS.size());
    }

    @Test
    void aPairedSeedCostsEightRunsOfStepsAndTwentySixEvaluationsAtOneThread() {
        // full-batch run: 5,000 x 0.05 s + 26 x 1 s = 276 s; small-batch: 5,000 x 0.005 + 26 = 51 s;
        // 5 x 276 + 3 x 51 = 1,533 s of one core = 0.425833 core-hours
        PairedSeedCost c = new PairedSeedCost(parts(0.05, 0.005, 1.0));
        assertEquals(276, c.runSeconds("gd"), 1e-9);
        assertEquals(276, c.runSeconds("msgd-[cov-10]"), 1e-9);
        assertEquals(51, c.runSeconds("msgd-bernoulli-20"), 1e-9);
        assertEquals(1533.0 / 3600, c.coreHours(), 1e-12);
        // evaluation alone: 8 runs x 26 evaluations of 2 s = 416 s
        assertEquals(416.0 / 3600, new PairedSeedCost(parts(0, 0, 2.0)).coreHours(), 1e-12);
        assertTrue(c.describe().startsWith("0.426 core-hours (avx2 (given): full-batch step 0.0500 s"), c.describe());
    }

    @Test
    void negativeOrMissingTimesAreRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parts(0.05, -1, 1));
        assertEquals("step parts fullBatchStep=0.05, smallBatchStep=-1.0 and evaluation=1.0 must be >= 0 seconds",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> parts(Double.NaN, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> RunCost.runSeconds(1, 5000, 0, 1));
    }
}
