package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.testing.Rejections;

import java.util.concurrent.ForkJoinPool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Monte Carlo driver: fixed chunks with derived streams, so results do not depend on threads. */
public class MonteCarloTest {

    /** Monte Carlo checks with a tolerance in this class (each at alpha = FalseAlarm.PER_CLAIM). */
    public static final int MONTE_CARLO_CHECKS = 1;

    /** Two statistics of a uniform draw U: U and U^2 (means 1/2 and 1/3). */
    private static final SampleExperiment.Factory UNIFORM = rng -> out -> {
        double u = rng.nextDouble();
        out[0] = u;
        out[1] = u * u;
    };

    @Test
    void oneThreadAndTwoThreadsGiveBitIdenticalResults() {
        ForkJoinPool one = new ForkJoinPool(1);
        ForkJoinPool two = new ForkJoinPool(2);
        try {
            for (long samples : new long[] {2, 63, 64, 1000, 10_007}) {
                MonteCarlo.Result a = MonteCarlo.run(samples, 42L, 2, UNIFORM, one);
                MonteCarlo.Result b = MonteCarlo.run(samples, 42L, 2, UNIFORM, two);
                assertEquals(a.chunks().size(), b.chunks().size());
                for (int j = 0; j < 2; j++) {
                    assertEquals(Double.doubleToRawLongBits(a.total().mean(j)), Double.doubleToRawLongBits(b.total().mean(j)),
                            "samples=" + samples + ": mean " + j);
                    assertEquals(Double.doubleToRawLongBits(a.total().variance(j)), Double.doubleToRawLongBits(b.total().variance(j)),
                            "samples=" + samples + ": variance " + j);
                }
                assertEquals(samples, a.total().count());
                assertEquals(Math.min(MonteCarlo.CHUNKS, samples), a.chunks().size(), "chunks");
            }
        } finally {
            one.shutdown();
            two.shutdown();
        }
    }

    @Test
    void theSeedDecidesTheNumbers() {
        MonteCarlo.Result a = MonteCarlo.run(5000, 7L, 2, UNIFORM);
        MonteCarlo.Result b = MonteCarlo.run(5000, 7L, 2, UNIFORM);
        MonteCarlo.Result c = MonteCarlo.run(5000, 8L, 2, UNIFORM);
        assertEquals(a.total().mean(0), b.total().mean(0));
        assertNotEquals(a.total().mean(0), c.total().mean(0));
        // A prefix is a run with fewer samples on the same streams: prefix(all chunks) is the total.
        assertEquals(a.total().mean(1), a.prefix(a.chunks().size()).mean(1));
        assertEquals(a.chunks().get(0).count(), a.prefix(1).count());
    }

    @Test
    void estimatesTheMeanOfAUniformWithinItsTolerance() {
        RunningMoments m = MonteCarlo.run(20_000, 2020L, 2, UNIFORM).total();
        double z = FalseAlarm.z(FalseAlarm.PER_CLAIM, 2);
        assertTrue(Math.abs(m.mean(0) - 0.5) <= z * m.standardError(0), "E[U] = 1/2: " + m.mean(0) + " +- " + z * m.standardError(0));
        assertTrue(Math.abs(m.mean(1) - 1.0 / 3) <= z * m.standardError(1), "E[U^2] = 1/3: " + m.mean(1) + " +- " + z * m.standardError(1));
    }

    @Test
    void rejectsFewerThanTwoSamplesAndPropagatesFailures() {
        Rejections.assertRejects(() -> MonteCarlo.run(1, 0L, 1, UNIFORM), "samples=1");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> MonteCarlo.run(100, 0L, 1, rng -> out -> {
            throw new IllegalStateException("boom");
        }));
        // The experiment's exception comes back with its type; ForkJoin may re-wrap it (same type, the
        // original as cause) when it was thrown on another worker.
        Throwable root = e;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        assertEquals("boom", root.getMessage());
    }
}
