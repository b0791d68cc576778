package org.msgdlab.deep.train;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ResNet18;
import org.msgdlab.core.random.Streams;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The paper's set-ups (Appendix C): every preset trains on generated data of its shape; schedules, feeds, augmentation. */
class PresetTest {

    @TempDir
    Path tmp;
    static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    static ImageSet generated(String name, int n, int side, int channels, int classes, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] px = new byte[n * side * side * channels];
        int[] lb = new int[n];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) r.nextInt(256);
        }
        for (int i = 0; i < n; i++) {
            lb[i] = r.nextInt(classes);
        }
        return new ImageSet(name, n, side, side, channels, classes, px, lb);
    }

    @Test
    void everyPresetBuildsItsGraphAndTrainsOneIterationOnGeneratedData() throws IOException {
        for (Preset p : Preset.all()) {
            int[] in = p.model().inputShape();
            int classes = p.model().classes();
            // one SGD-b step: a batch of b examples (a multiple of the ghost batch); 20 test images
            int n = Math.max(p.sgdBatch(), 20);
            Preset.Data data = new Preset.Data(generated(p.id() + "/train", n, in[0], in[2], classes, 1),
                    generated(p.id() + "/test", 20, in[0], in[2], classes, 2));
            Path out = tmp.resolve(p.id());
            RunConfig c = RunConfig.builder(p, Method.parse("sgd", p.sgdBatch(), Double.NaN), out).build().withIterations(1)
                    .withEval(1, 0).withCheckpointEvery(1).withProgress(false).withThreads(2, 1);
            long t0 = System.nanoTime();
            Trainer.Outcome o = Trainer.run(c, data, QUIET, TrainingContext.uncancelled(Map.of()));
            assertEquals(Trainer.Status.COMPLETED, o.status(), p.id());
            assertTrue(Double.isFinite(o.last().trainLoss()) && Double.isFinite(o.last().testLoss()), p.id());
            // an untrained network is near chance: loss near log(classes)
            assertTrue(Math.abs(o.rows().get(0).testLoss() - Math.log(classes)) < 1.5, p.id() + " initial loss "
                    + o.rows().get(0).testLoss());
            JsonNode run = Trainer.JSON.readTree(out.resolve("run.json").toFile());
            assertEquals(p.id(), run.get("preset").asText());
            assertEquals(p.model().parameterCount(), run.get("hyperparameters").get("parameters").asLong());
            assertEquals(p.schedule().toString(), run.get("hyperparameters").get("learningRate").asText());
            // SGD has no compensatory magnitude: none is written (it was the text "NaN")
            assertFalse(run.get("hyperparameters").has("compensatoryMagnitude"), run.get("hyperparameters").toString());
            System.out.printf("preset %s: one SGD-%d iteration + evaluation in %.1f s%n", p.id(), p.sgdBatch(),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    @Test
    void cifarPresetsFollowAppendixC() {
        Preset vgg = Preset.CIFAR10_VGG11;
        assertEquals(0.9, vgg.momentum());
        assertEquals(0.01, vgg.learningRate());
        assertEquals(100, vgg.sgdBatch());
        assertEquals(0.1, Preset.CIFAR10_RESNET18.learningRate());
        assertEquals(0.0, Preset.CIFAR10_RESNET18.weightDecay());
        assertEquals(5e-4, Preset.CIFAR10_RESNET18_STANDARD.weightDecay());
        assertTrue(Preset.CIFAR10_RESNET18_STANDARD.augment() && !Preset.CIFAR10_RESNET18.augment());
        assertEquals(100, Preset.CIFAR100_RESNET18.model().classes());
        // "decayed by 0.1 at iteration 40,000 and 60,000": updates 40,001.. use eta/10, 60,001.. eta/100
        LearningRateSchedule s = Preset.CIFAR10_RESNET18.schedule();
        assertEquals(0.1, s.at(39_999));
        assertEquals(0.1 * 0.1, s.at(40_000), 1e-18);
        assertEquals(0.1 * 0.1 * 0.1, s.at(60_000), 1e-18);
        assertEquals(0.05 * 0.01, s.withInitial(0.05).at(70_000), 1e-18);
        assertEquals(0.01, Preset.FASHION_MNIST_SMALL.schedule().at(1_000_000));
    }

    @Test
    void unknownPresetsAndBadSchedulesAreRejectedWithTheRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Preset.parse("imagenet"));
        assertTrue(e.getMessage().contains("'imagenet'") && e.getMessage().contains("cifar10-resnet18"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> LearningRateSchedule.stepDecay(0.1, 0.1, List.of(60_000, 40_000)));
        assertTrue(e.getMessage().contains("strictly increasing"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LearningRateSchedule.stepDecay(0.1, 1.5, List.of()));
        assertTrue(e.getMessage().contains("factor=1.5"), e.getMessage());
    }

    @Test
    void onABatchNormNetworkSgdFeedsItsSampledBatchAndAlgorithm1FeedsEveryExample() {
        int n = 40;
        Method sgd = Method.parse("sgd-8", 8, Double.NaN);
        for (long k = 0; k < 5; k++) {
            Method.Feed plain = sgd.plan(n, 3).draw(k);
            Method.Feed bn = sgd.plan(n, 3, true).draw(k);
            assertEquals(8, bn.size());
            double[] wPlain = new double[n];
            for (int i = 0; i < plain.size(); i++) {
                wPlain[plain.indices()[i]] += plain.weights()[i];
            }
            double[] wBn = new double[n];
            for (int i = 0; i < bn.size(); i++) {
                assertEquals(1.0 / 8, bn.weights()[i]);
                wBn[bn.indices()[i]] += bn.weights()[i];
            }
            assertArrayEquals(wPlain, wBn, 1e-15, "the same W at iteration " + k);
        }
        Method bern = Method.parse("msgd-bernoulli", 8, Double.NaN);
        Method.Feed plain = bern.plan(n, 4).draw(2);
        Method.Feed bn = bern.plan(n, 4, true).draw(2);
        assertTrue(plain.size() < n, "without batch norm only the support is fed");
        assertEquals(n, bn.size());
        for (int i = 0; i < plain.size(); i++) {
            assertEquals(plain.weights()[i], bn.weights()[plain.indices()[i]]);
        }
    }

    @Test
    void augmentationIsARandomCropOfThePaddedImageAndAHorizontalFlip() {
        ImageSet data = generated("aug", 6, 32, 3, 10, 5);
        int[] idx = {0, 1, 2, 3, 4, 5};
        try (TrainingGraph g = TrainingGraph.build(ResNet18.narrow(3, 10, 16), data, null,
                GraphOptions.defaults(1).withThreads(1, 1).withAugmentation(true))) {
            g.augmentWith(null);
            double[] identity = g.trainingImages(idx);
            for (int k = 0; k < identity.length; k++) {
                assertEquals(data.pixel(k), identity[k], 1e-7);
            }
            long seed = 77;
            g.augmentWith(Streams.create(seed));
            double[] got = g.trainingImages(idx);
            UniformRandomProvider rng = Streams.create(seed);
            int flips = 0;
            int vertical = 0;
            for (int i = 0; i < idx.length; i++) {
                int dy = rng.nextInt(9);
                int dx = rng.nextInt(9);
                boolean flip = rng.nextBoolean();
                flips += flip ? 1 : 0;
                double[] mirrored = new double[32 * 32 * 3];
                for (int r = 0; r < 32; r++) {
                    for (int c = 0; c < 32; c++) {
                        for (int ch = 0; ch < 3; ch++) {
                            int at = ((i * 32 + r) * 32 + c) * 3 + ch;
                            int sy = dy + r - 4;
                            int sx = dx + (flip ? 31 - c : c) - 4;
                            double expected = sy < 0 || sy >= 32 || sx < 0 || sx >= 32 ? 0.0
                                    : data.pixel(((i * 32 + sy) * 32 + sx) * 3 + ch);
                            assertEquals(expected, got[at], 1e-7, "example " + i + " row " + r + " col " + c);
                            int vy = dy + (flip ? 31 - r : r) - 4;
                            int vx = dx + c - 4;
                            mirrored[(r * 32 + c) * 3 + ch] = vy < 0 || vy >= 32 || vx < 0 || vx >= 32 ? 0.0
                                    : data.pixel(((i * 32 + vy) * 32 + vx) * 3 + ch);
                        }
                    }
                }
                double[] mine = Arrays.copyOfRange(got, i * 3072, (i + 1) * 3072);
                if (flip && !Arrays.equals(mirrored, mine)) {
                    vertical++;   // a vertical flip (a plausible misreading) gives another image
                }
            }
            assertTrue(flips > 0 && vertical == flips, "flips drawn: " + flips + ", told apart from vertical: " + vertical);
        }
    }
}
