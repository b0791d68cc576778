package org.msgdlab.deep.model;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GradientCheck;
import org.msgdlab.deep.graph.Precision;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.train.Preset;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ResNet-18 with batch norm: its size, its gradient, and what batch norm does in each phase. */
class ResNet18Test {

    static GraphOptions float64(long seed, int ghost) {
        return GraphOptions.defaults(seed).withPrecision(Precision.FLOAT64).withThreads(2, 1).withGhostBatch(ghost);
    }

    @Test
    void cifarNetworksHaveTheStandardParameterCounts() {
        ResNet18 ten = ResNet18.cifar(10);
        assertEquals(11_173_962, ten.parameterCount());
        assertEquals(11_220_132, ResNet18.cifar(100).parameterCount());
        // 20 batch-norm layers (stem, 16 in the blocks, 3 projection shortcuts), a mean and a variance each
        assertEquals(40, ten.runningStatistics().size());
        long bnChannels = ten.runningStatistics().stream().mapToLong(Parameter::size).sum() / 2;
        assertEquals(4800, bnChannels);
        assertEquals(ten.parameterCount(), Preset.CIFAR10_RESNET18.model().parameterCount());
        assertEquals(11_220_132, Preset.CIFAR100_RESNET18.model().parameterCount());
        assertTrue(ten.hasBatchNorm());
    }

    @Test
    void theGradientOfTheBatchLossMatchesFiniteDifferencesThroughTheBatchStatistics() {
        ImageSet data = Vgg11Test.generated(8, 11);
        int[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] w = {0.2, 0.1, -0.05, 0.15, 0.1, 0.2, 0.05, 0.25};
        try (TrainingGraph g = TrainingGraph.build(ResNet18.narrow(3, 10, 16), data, null, float64(5, 4))) {
            // h = 1e-7: batch norm centres the ReLU inputs at 0, so with 10^5 ReLUs a larger h steps over kinks
            // (probed: errors up to 5e-3 at h = 1e-4 and 4e-5 at h = 1e-6, all below 3e-9 at h = 1e-7, round-off/h).
            // Tolerance 1e-5 relative: one kink crossed changes one unit's share of the gradient.
            GradientCheck.Error fd = GradientCheck.finiteDifference(g, idx, w, 2, 1e-7, 9);
            assertTrue(fd.maxRelative() < 1e-5, "finite differences vs graph gradient: " + fd.maxRelative());
            // a gradient that ignored the batch statistics' dependence on theta would be off: the check can fail
            double[][] other = g.gradients(idx, new double[] {0.25, 0.1, -0.05, 0.15, 0.1, 0.2, 0.05, 0.2});
            assertTrue(GradientCheck.compare(other, g.gradients(idx, w)).maxRelative() > 1e-3);
        }
    }

    @Test
    void trainingLossesDependOnTheBatchAndEvaluationLossesDoNot() {
        ImageSet data = Vgg11Test.generated(8, 12);
        try (TrainingGraph g = TrainingGraph.build(ResNet18.narrow(3, 10, 16), data, data, float64(6, 0))) {
            double a = g.perExampleLoss(new int[] {0, 1, 2, 3})[0];
            double b = g.perExampleLoss(new int[] {0, 5, 6, 7})[0];
            assertTrue(Math.abs(a - b) > 1e-6, "example 0's training loss in two batches: " + a + " vs " + b);
            double alone = g.evaluate(TrainingGraph.Pool.TEST, new int[] {0}, 1).meanLoss();
            double one = g.evaluate(TrainingGraph.Pool.TEST, new int[] {1}, 1).meanLoss();
            double pair = g.evaluate(TrainingGraph.Pool.TEST, new int[] {0, 1}, 2).meanLoss();
            assertEquals((alone + one) / 2, pair, 1e-12);
        }
    }

    @Test
    void stepsMoveTheRunningStatisticsGradientsDoNotAndCheckpointsKeepThem(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        ImageSet data = Vgg11Test.generated(8, 13);
        int[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] w = new double[8];
        Arrays.fill(w, 1.0 / 8);
        try (TrainingGraph g = TrainingGraph.build(ResNet18.narrow(3, 10, 16), data, data,
                GraphOptions.defaults(7).withThreads(2, 1).withMomentum(0.9, 5e-4).withGhostBatch(4))) {
            double[][] r0 = g.runningStatistics();
            assertEquals(0.0, r0[0][0]);
            assertEquals(1.0, r0[1][0]);
            g.gradients(idx, w);
            assertArrayEquals(r0[0], g.runningStatistics()[0]);
            double before = g.randomizedLoss(idx, w);
            for (int k = 0; k < 5; k++) {
                g.step(idx, w, 0.05);
            }
            double[][] r1 = g.runningStatistics();
            assertTrue(Math.abs(r1[0][0]) > 1e-6, "running mean moved: " + r1[0][0]);
            assertTrue(g.randomizedLoss(idx, w) < before, "five steps on one batch lower its loss");
            Path ck = dir.resolve("ck");
            Files.createDirectories(ck);
            g.save(ck.resolve("model"));
            g.step(idx, w, 0.05);
            g.restore(ck.resolve("model"));
            assertArrayEquals(r1[0], g.runningStatistics()[0]);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> g.step(new int[] {0, 1, 2}, new double[] {0.3, 0.3, 0.4}, 0.05));
            assertTrue(e.getMessage().contains("3 examples") && e.getMessage().contains("ghost batch size 4"), e.getMessage());
        }
    }

    @Test
    void aRestoredCheckpointContinuesExactlyWithMomentumRunningStatisticsAndAugmentation(
            @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        ImageSet data = Vgg11Test.generated(8, 14);
        int[] idx = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] w = new double[8];
        Arrays.fill(w, 1.0 / 8);
        GraphOptions o = GraphOptions.defaults(8).withThreads(1, 1).withMomentum(0.9, 5e-4)
                .withGhostBatch(4).withAugmentation(true);
        double[][] straightParams;
        double[][] straightStats;
        try (TrainingGraph g = TrainingGraph.build(ResNet18.narrow(3, 10, 16), data, data, o)) {
            for (int k = 0; k < 4; k++) {
                g.augmentWith(org.msgdlab.core.random.Streams.create(k));
                g.step(idx, w, 0.05);
                if (k == 1) {
                    Files.createDirectories(dir.resolve("ck"));
                    g.save(dir.resolve("ck").resolve("model"));
                }
            }
            straightParams = g.parameters();
            straightStats = g.runningStatistics();
        }
        try (TrainingGraph g = TrainingGraph.build(ResNet18.narrow(3, 10, 16), data, data, o.withAugmentation(true))) {
            g.restore(dir.resolve("ck").resolve("model"));
            for (int k = 2; k < 4; k++) {
                g.augmentWith(org.msgdlab.core.random.Streams.create(k));
                g.step(idx, w, 0.05);
            }
            double[][] p = g.parameters();
            double[][] r = g.runningStatistics();
            for (int i = 0; i < p.length; i++) {
                assertArrayEquals(straightParams[i], p[i], "parameter " + i);
            }
            for (int i = 0; i < r.length; i++) {
                assertArrayEquals(straightStats[i], r[i], "running statistic " + i);
            }
            // another augmentation draw gives another trajectory: the comparison can fail
            g.restore(dir.resolve("ck").resolve("model"));
            g.augmentWith(org.msgdlab.core.random.Streams.create(99));
            g.step(idx, w, 0.05);
            g.augmentWith(org.msgdlab.core.random.Streams.create(3));
            g.step(idx, w, 0.05);
            assertTrue(!Arrays.equals(straightParams[0], g.parameters()[0]), "a different crop changes the step");
        }
    }

    @Test
    void invalidShapesAreRejectedWithTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResNet18.narrow(3, 1, 1));
        assertTrue(e.getMessage().contains("classes=1"), e.getMessage());
    }
}
