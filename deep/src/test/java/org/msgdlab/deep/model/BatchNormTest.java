package org.msgdlab.deep.model;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.graph.Precision;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat64;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Batch norm as PyTorch's BatchNorm2d defines it, and ghost batch norm as Hoffer et al. define it,
 * against the same formulas evaluated here on the host in double precision (tolerance 1e-12:
 * float64 round-off only). Each test also shows that a plausible wrong formula is rejected.
 */
class BatchNormTest {

    static final int N = 8;
    static final int H = 2;
    static final int W = 3;
    static final int C = 2;

    /** x[n][h][w][c] flattened in NHWC order. */
    static double[] input(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[N * H * W * C];
        for (int i = 0; i < x.length; i++) {
            x[i] = 3 * r.nextDouble() - 1 + (i % C);
        }
        return x;
    }

    static final double[] GAMMA = {1.5, 0.5};
    static final double[] BETA = {0.25, -1.0};

    /** Host reference: normalize examples [from, to) with their own statistics. */
    static double[] reference(double[] x, int from, int to, double[] outMean, double[] outUnbiasedVar) {
        double[] y = x.clone();
        int per = H * W * C;
        for (int c = 0; c < C; c++) {
            double sum = 0;
            int m = 0;
            for (int i = from * per + c; i < to * per; i += C) {
                sum += x[i];
                m++;
            }
            double mean = sum / m;
            double ss = 0;
            for (int i = from * per + c; i < to * per; i += C) {
                ss += (x[i] - mean) * (x[i] - mean);
            }
            double var = ss / m;
            for (int i = from * per + c; i < to * per; i += C) {
                y[i] = GAMMA[c] * (x[i] - mean) / Math.sqrt(var + BatchNorm.EPS) + BETA[c];
            }
            outMean[c] = mean;
            outUnbiasedVar[c] = ss / (m - 1);
        }
        return y;
    }

    record Run(double[] y, double[] runningMean, double[] runningVar) {
    }

    /** Builds x -> BN (training with ghost size, or evaluation) and runs it once with the updates. */
    static Run run(double[] x, boolean training, int ghost, double[] runMean0, double[] runVar0) {
        try (Graph graph = new Graph()) {
            Ops tf = Ops.create(graph);
            Operand<TFloat64> in = tf.constant(Shape.of(N, H, W, C), DataBuffers.of(x, true, false));
            Variable<TFloat64> rm = tf.variable(tf.constant(Shape.of(C), DataBuffers.of(runMean0, true, false)));
            Variable<TFloat64> rv = tf.variable(tf.constant(Shape.of(C), DataBuffers.of(runVar0, true, false)));
            List<Variable<TFloat64>> running = List.of(rm, rv);
            BatchNorm<TFloat64> bn = training ? BatchNorm.training(ghost, running) : BatchNorm.evaluation(running);
            Operand<TFloat64> y = bn.apply(tf, in, tf.constant(GAMMA), tf.constant(BETA));
            try (Session s = new Session(graph)) {
                s.initialize();
                var runner = s.runner().fetch(y);
                for (Op u : bn.updates()) {
                    runner.addTarget(u);
                }
                double[] out;
                try (Result r = runner.run()) {
                    out = Precision.read(r.get(0));
                }
                try (Result r = s.runner().fetch(rm).fetch(rv).run()) {
                    return new Run(out, Precision.read(r.get(0)), Precision.read(r.get(1)));
                }
            }
        }
    }

    static double maxAbs(double[] a, double[] b) {
        double m = 0;
        for (int i = 0; i < a.length; i++) {
            m = Math.max(m, Math.abs(a[i] - b[i]));
        }
        return m;
    }

    @Test
    void trainingPhaseNormalizesWithTheBatchStatisticsAndMovesTheRunningOnesByPyTorchsRule() {
        double[] x = input(1);
        double[] mean = new double[C];
        double[] unbiased = new double[C];
        double[] expected = reference(x, 0, N, mean, unbiased);
        double[] rm0 = {0.5, -0.5};
        double[] rv0 = {2.0, 0.5};
        Run r = run(x, true, 0, rm0, rv0);
        assertTrue(maxAbs(r.y(), expected) < 1e-12, "output error " + maxAbs(r.y(), expected));
        for (int c = 0; c < C; c++) {
            assertEquals(0.9 * rm0[c] + 0.1 * mean[c], r.runningMean()[c], 1e-12);
            assertEquals(0.9 * rv0[c] + 0.1 * unbiased[c], r.runningVar()[c], 1e-12);
            // the biased variance (a plausible misreading) moves the running variance elsewhere
            double biased = unbiased[c] * (N * H * W - 1.0) / (N * H * W);
            assertTrue(Math.abs(0.9 * rv0[c] + 0.1 * biased - r.runningVar()[c]) > 1e-4);
        }
    }

    @Test
    void ghostBatchNormNormalizesEachGhostBatchWithItsOwnStatistics() {
        double[] x = input(2);
        int ghost = 4;
        double[] expected = new double[x.length];
        double[] meanAvg = new double[C];
        double[] varAvg = new double[C];
        for (int from = 0; from < N; from += ghost) {
            double[] m = new double[C];
            double[] v = new double[C];
            double[] part = reference(x, from, from + ghost, m, v);
            int per = H * W * C;
            System.arraycopy(part, from * per, expected, from * per, ghost * per);
            for (int c = 0; c < C; c++) {
                meanAvg[c] += m[c] / (N / ghost);
                varAvg[c] += v[c] / (N / ghost);
            }
        }
        Run r = run(x, true, ghost, new double[C], new double[] {1, 1});
        assertTrue(maxAbs(r.y(), expected) < 1e-12, "ghost output error " + maxAbs(r.y(), expected));
        for (int c = 0; c < C; c++) {
            assertEquals(0.1 * meanAvg[c], r.runningMean()[c], 1e-12);
            assertEquals(0.9 + 0.1 * varAvg[c], r.runningVar()[c], 1e-12);
        }
        // whole-batch normalization is a different function: the ghost split is not a no-op
        double[] whole = reference(x, 0, N, new double[C], new double[C]);
        assertTrue(maxAbs(whole, r.y()) > 1e-3, "ghost and whole-batch outputs differ by " + maxAbs(whole, r.y()));
    }

    @Test
    void evaluationPhaseUsesTheRunningStatisticsAndChangesNothing() {
        double[] x = input(3);
        double[] rm = {0.3, 1.2};
        double[] rv = {0.8, 1.7};
        Run r = run(x, false, 0, rm, rv);
        double[] expected = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            int c = i % C;
            expected[i] = GAMMA[c] * (x[i] - rm[c]) / Math.sqrt(rv[c] + BatchNorm.EPS) + BETA[c];
        }
        assertTrue(maxAbs(r.y(), expected) < 1e-12, "evaluation error " + maxAbs(r.y(), expected));
        assertEquals(rm[0], r.runningMean()[0]);
        assertEquals(rv[1], r.runningVar()[1]);
    }

    @Test
    void aNegativeGhostBatchIsRejectedWithTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BatchNorm.training(-2, new ArrayList<Operand<TFloat64>>()));
        assertTrue(e.getMessage().contains("ghost batch size=-2") && e.getMessage().contains(">= 0"), e.getMessage());
    }
}
