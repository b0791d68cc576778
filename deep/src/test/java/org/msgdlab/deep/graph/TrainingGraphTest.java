package org.msgdlab.deep.graph;

import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.ConvSmall;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MSGD step on a tiny ConvSmall-shaped network (16x16 inputs, 3 classes), in float64. */
class TrainingGraphTest {

    static final ConvSmall TINY = ConvSmall.of(16, 16, 1, 3, 2, 4);
    static ImageSet data;
    static TrainingGraph g64;

    static ImageSet tinyData(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] px = new byte[n * 256];
        int[] lb = new int[n];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) r.nextInt(256);
        }
        for (int i = 0; i < n; i++) {
            lb[i] = r.nextInt(3);
        }
        return new ImageSet("tiny", n, 16, 16, 1, 3, px, lb);
    }

    @BeforeAll
    static void build() {
        data = tinyData(8, 3);
        g64 = TrainingGraph.build(TINY, data, data, GraphOptions.defaults(11).withPrecision(Precision.FLOAT64)
                .withThreads(1, 1));
    }

    @AfterAll
    static void close() {
        g64.close();
    }

    @Test
    void paperConvSmallHas11330Parameters() {
        assertEquals(11_330, ConvSmall.paper().parameterCount());
        assertEquals(ConvSmall.PAPER_PARAMETERS, ConvSmall.paper().parameterCount());
    }

    @Test
    void gradientOfRandomizedLossIsWeightedSumOfPerExampleGradients() {
        int[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] w = {0.3, -0.1, 0.25, 0.0, 0.5, 0.125, -0.2, 0.05};
        GradientCheck.Error e = GradientCheck.weightedSum(g64, idx, w);
        System.out.println("float64 grad(L.W) vs sum w_i grad l_i: max relative error " + e.maxRelative());
        assertTrue(e.maxRelative() < 1e-12, "max relative error " + e.maxRelative());
        // repeated indices add their weights
        GradientCheck.Error r = GradientCheck.compare(g64.gradients(new int[] {2, 2}, new double[] {0.25, 0.5}),
                g64.gradients(new int[] {2}, new double[] {0.75}));
        assertTrue(r.maxRelative() < 1e-12, "repeated index " + r.maxRelative());
    }

    @Test
    void perExampleGradientMatchesFiniteDifferences() {
        GradientCheck.Error e = GradientCheck.finiteDifference(g64, 3, 4, 1e-6, 5);
        System.out.println("float64 finite-difference check of grad l_i: max relative error " + e.maxRelative()
                + " over " + e.compared() + " coordinates");
        assertTrue(e.maxRelative() < 1e-6, "max relative error " + e.maxRelative());
    }

    @Test
    void updateIsThetaMinusEtaGradient() {
        double[][] saved = g64.parameters();
        try {
            GradientCheck.Error e = GradientCheck.update(g64, new int[] {0, 1, 5}, new double[] {0.2, 0.3, 0.5}, 0.7);
            assertTrue(e.maxRelative() < 1e-12, "update error " + e.maxRelative());
        } finally {
            g64.setParameters(saved);
        }
    }

    @Test
    void chunkAccumulationEqualsOneStep() {
        double[][] saved = g64.parameters();
        int[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] w = new double[8];
        Arrays.fill(w, 1.0 / 8);
        g64.step(idx, w, 0.5);
        double[][] oneStep = g64.parameters();
        g64.setParameters(saved);
        g64.accumulate(Arrays.copyOfRange(idx, 0, 3), Arrays.copyOfRange(w, 0, 3));
        g64.accumulate(Arrays.copyOfRange(idx, 3, 8), Arrays.copyOfRange(w, 3, 8));
        g64.applyAccumulated(0.5);
        double[][] chunked = g64.parameters();
        assertTrue(GradientCheck.compare(chunked, oneStep).maxRelative() < 1e-12);
        // accumulators are reset: a second accumulated step from the same point gives the same result
        g64.setParameters(saved);
        g64.accumulate(idx, w);
        g64.applyAccumulated(0.5);
        assertTrue(GradientCheck.compare(g64.parameters(), oneStep).maxRelative() < 1e-12, "accumulators reset");
        g64.setParameters(saved);
    }

    @Test
    void momentumFollowsPyTorchSemantics() {
        try (TrainingGraph g = TrainingGraph.build(TINY, data, null, GraphOptions.defaults(11)
                .withPrecision(Precision.FLOAT64).withThreads(1, 1).withMomentum(0.9, 0.01))) {
            int[] idx = {0, 1, 2};
            double[] w = {0.5, 0.25, 0.25};
            double[][] theta = g.parameters();
            double[][] buf = new double[theta.length][];
            for (int p = 0; p < theta.length; p++) {
                buf[p] = new double[theta[p].length];
            }
            for (int step = 0; step < 2; step++) {
                double[][] grad = g.gradients(idx, w);
                for (int p = 0; p < theta.length; p++) {
                    for (int j = 0; j < theta[p].length; j++) {
                        double gj = grad[p][j] + 0.01 * theta[p][j];
                        buf[p][j] = 0.9 * buf[p][j] + gj;
                        theta[p][j] -= 0.1 * buf[p][j];
                    }
                }
                g.step(idx, w, 0.1);
            }
            assertTrue(GradientCheck.compare(g.parameters(), theta).maxRelative() < 1e-12);
        }
    }

    @Test
    void float32GraphAgreesWithFloat64() {
        try (TrainingGraph g32 = TrainingGraph.build(TINY, data, null, GraphOptions.defaults(11).withThreads(1, 1))) {
            int[] idx = {0, 1, 2, 3};
            double[] w = {0.1, 0.2, 0.3, 0.4};
            GradientCheck.Error e = GradientCheck.weightedSum(g32, idx, w);
            assertTrue(e.maxRelative() < 1e-5, "float32 identity " + e.maxRelative());
            double[][] a = g32.gradients(idx, w);
            double[][] saved = g64.parameters();
            try (TrainingGraph fresh = TrainingGraph.build(TINY, data, null, GraphOptions.defaults(11)
                    .withPrecision(Precision.FLOAT64).withThreads(1, 1))) {
                assertTrue(GradientCheck.compare(a, fresh.gradients(idx, w)).maxRelative() < 1e-4);
            }
            g64.setParameters(saved);
        }
    }

    @Test
    void evaluationCountsAndInitializationIsSeeded() {
        TrainingGraph.Evaluation e = g64.evaluate(TrainingGraph.Pool.TEST, null, 3);
        assertEquals(8, e.count());
        assertTrue(e.accuracy() >= 0 && e.accuracy() <= 1 && e.meanLoss() > 0);
        double mean = Arrays.stream(g64.perExampleLoss(new int[] {0, 1, 2, 3, 4, 5, 6, 7})).average().orElseThrow();
        assertEquals(mean, e.meanLoss(), 1e-12);
        try (TrainingGraph a = TrainingGraph.build(TINY, data, null, GraphOptions.defaults(42).withThreads(1, 1));
             TrainingGraph b = TrainingGraph.build(TINY, data, null, GraphOptions.defaults(42).withThreads(1, 1))) {
            double[][] pa = a.parameters();
            double[][] pb = b.parameters();
            for (int p = 0; p < pa.length; p++) {
                assertArrayEquals(pa[p], pb[p]);
            }
        }
    }

    @Test
    void saveAndRestoreRoundTrip(@TempDir Path dir) {
        double[][] saved = g64.parameters();
        g64.save(dir.resolve("m"));
        g64.step(new int[] {0}, new double[] {1}, 1.0);
        g64.restore(dir.resolve("m"));
        assertTrue(GradientCheck.compare(g64.parameters(), saved).maxRelative() == 0);
    }

    @Test
    void badFeedsAreRejectedWithMessages() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> g64.step(new int[] {0, 9}, new double[] {1, 1}, 0.1));
        assertTrue(e.getMessage().contains("index 9 must be in [0, 8)"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> g64.gradients(new int[] {0}, new double[] {1, 2}));
        ImageSet wrong = new ImageSet("w", 2, 28, 28, 1, 3, new byte[2 * 784], new int[2]);
        IllegalArgumentException e2 = assertThrows(IllegalArgumentException.class,
                () -> TrainingGraph.build(TINY, wrong, null, GraphOptions.defaults(1)));
        assertTrue(e2.getMessage().contains("28x28x1") && e2.getMessage().contains("16x16x1"), e2.getMessage());
    }

    @Test
    void aTracedStepAndATracedEvaluationComputeWhatTheUntracedOnesDo() {
        // the roofline times traced runs as stand-ins for the untraced ones: the same feeds, fetches and updates, so
        // the same numbers; and the trace holds the ops' times
        int[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] w = {0.3, -0.1, 0.25, 0.0, 0.5, 0.125, -0.2, 0.05};
        org.tensorflow.proto.RunOptions trace = org.tensorflow.proto.RunOptions.newBuilder()
                .setTraceLevel(org.tensorflow.proto.RunOptions.TraceLevel.FULL_TRACE).build();
        GraphOptions o = GraphOptions.defaults(5).withThreads(1, 1);
        try (TrainingGraph plain = TrainingGraph.build(TINY, data, data, o);
             TrainingGraph traced = TrainingGraph.build(TINY, data, data, o)) {
            plain.step(idx, w, 0.1);
            org.tensorflow.proto.RunMetadata md = traced.tracedStep(idx, w, 0.1, trace);
            double[][] a = plain.parameters();
            double[][] b = traced.parameters();
            for (int i = 0; i < a.length; i++) {
                assertArrayEquals(a[i], b[i], 0.0, "parameter " + i);
            }
            assertTrue(md.getStepStats().getDevStatsList().stream().mapToInt(d -> d.getNodeStatsCount()).sum() > 20,
                    "a step runs more than 20 ops");
            java.util.List<org.tensorflow.proto.RunMetadata> chunks = new java.util.ArrayList<>();
            TrainingGraph.Evaluation e = traced.tracedEvaluation(TrainingGraph.Pool.TEST, null, 3, trace, chunks::add);
            assertEquals(plain.evaluate(TrainingGraph.Pool.TEST, null, 3), e);
            assertEquals(3, chunks.size(), "8 images at chunks of 3: three runs, each traced");
        }
    }
}
