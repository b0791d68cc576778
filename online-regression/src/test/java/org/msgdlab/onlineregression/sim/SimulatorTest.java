package org.msgdlab.onlineregression.sim;

import org.junit.jupiter.api.Test;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.core.random.Streams;

import java.util.List;
import java.util.concurrent.ForkJoinPool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SimulatorTest {

    /** The two-pass rank-B update and the naive per-sample rank-1 loop follow the same trajectory. */
    @Test
    void fastKernelFollowsTheNaiveLoop() {
        for (Design design : Design.values()) {
            RegressionProblem p = RegressionProblem.powerLaw("p", design, 7, 1.0, 0.5, 1.0);
            for (Algorithm a : List.of(new Algorithm.LargeBatchMsgd(2, 9, NoiseClass.GAUSSIAN),
                    new Algorithm.LargeBatchMsgd(3, 9, NoiseClass.SUBSAMPLING), new Algorithm.SmallBatchSgd(4))) {
                LeastSquaresRun fast = new LeastSquaresRun(p, a, 0.1, Checkpoints.logSpaced(10, 1), Streams.create(5));
                fast.reset();
                NaiveLeastSquaresRun naive = new NaiveLeastSquaresRun(p, a, 0.1, Streams.create(5));
                for (int s = 0; s < 100; s++) {
                    fast.step();
                    naive.step();
                }
                assertArrayEquals(naive.error(), fast.error(), 1e-10, design + " " + a.id());
            }
        }
    }

    /** Same seed, same numbers, whatever the number of threads. */
    @Test
    void resultsDoNotDependOnTheThreadCount() {
        RegressionProblem p = RegressionProblem.powerLaw("p", Design.GAUSSIAN, 5, 1.0, 1.0, 1.0);
        RiskExperiment ex = new RiskExperiment("t", p, 0.2, List.of(new Algorithm.SmallBatchSgd(2),
                new Algorithm.LargeBatchMsgd(2, 8, NoiseClass.RADEMACHER)), Checkpoints.logSpaced(50, 2));
        ForkJoinPool one = new ForkJoinPool(1);
        ForkJoinPool three = new ForkJoinPool(3);
        try {
            RiskCurves a = ex.run(256, 42, one);
            RiskCurves b = ex.run(256, 42, three);
            for (int alg = 0; alg < 2; alg++) {
                for (int j = 0; j < ex.checkpoints().size(); j++) {
                    assertEquals(a.mean(alg, j), b.mean(alg, j), 0);
                    assertEquals(a.standardError(alg, j), b.standardError(alg, j), 0);
                }
            }
        } finally {
            one.shutdown();
            three.shutdown();
        }
    }

    @Test
    void checkpointsAreLogSpacedAndValidated() {
        Checkpoints c = Checkpoints.logSpaced(1000, 3);
        assertEquals(1, c.step(0));
        assertEquals(1000, c.last());
        assertArrayEquals(new int[] {1, 2, 5, 10, 22, 46, 100, 215, 464, 1000}, c.steps());
        assertEquals("largest step count nMax=0 must be >= 1", assertThrows(IllegalArgumentException.class,
                () -> Checkpoints.logSpaced(0, 3)).getMessage());
        assertEquals("checkpoints must increase strictly, got 3 after 5", assertThrows(IllegalArgumentException.class,
                () -> new Checkpoints(new int[] {1, 5, 3})).getMessage());
    }

    @Test
    void logLogSlopeOfAPowerLaw() {
        int[] steps = {9, 99, 999};
        double[] risk = {3.0 / 10, 3.0 / 100, 3.0 / 1000};
        assertEquals(-1.0, LogLogSlope.fit(steps, risk, 0, 3), 1e-12);
    }

    @Test
    void jackknifeOfALinearStatisticIsItsStandardError() {
        RegressionProblem p = RegressionProblem.powerLaw("p", Design.RADEMACHER, 3, 1.0, 1.0, 1.0);
        RiskCurves c = new RiskExperiment("t", p, 0.2, List.of(new Algorithm.SmallBatchSgd(1)), Checkpoints.logSpaced(20, 2))
                .run(640, 3);
        int last = c.experiment().checkpoints().size() - 1;
        double[] jk = c.jackknife(curve -> curve.apply(0)[last]);
        assertEquals(c.mean(0, last), jk[0], 1e-15);
        // the jackknife SE of a mean from 64 groups estimates the same SE with ~9% relative noise
        assertEquals(c.standardError(0, last), jk[1], 0.4 * c.standardError(0, last));
    }
}
