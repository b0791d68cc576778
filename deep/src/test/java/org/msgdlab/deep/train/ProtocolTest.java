package org.msgdlab.deep.train;

import org.msgdlab.deep.graph.PixelScale;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.stats.FalseAlarm;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each difference between the paper's text and the authors' released code, seen where it acts:
 * the pixels the first layer gets, the moments of the initial weights, which 1,000 images are
 * trained on, SGD's batch without repeated indices, MSGD-Bernoulli's expected batch, and what
 * run.json records. Generated Fashion-MNIST-format files (1,000 "t10k", 60 "train" images).
 */
class ProtocolTest {

    @TempDir
    static Path tmp;
    static Path data;
    static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @BeforeAll
    static void writeData() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
    }

    @Test
    void theFirstLayerSeesUnitPixelsUnderThePaperTextAndRawPixelsUnderTheAuthorsCode() throws IOException {
        Preset p = Preset.FASHION_MNIST_SMALL;
        Preset.Data d = p.load(data, 0, Protocol.AUTHORS_CODE);
        int[] idx = new int[50];
        Arrays.setAll(idx, i -> i);
        double maxPixel = 0;
        for (int k = 0; k < idx.length * 784; k++) {
            maxPixel = Math.max(maxPixel, d.train().pixels()[k] & 0xff);
        }
        assertTrue(maxPixel > 200, "the generated images reach high pixel values: " + maxPixel);
        for (Protocol protocol : new Protocol[] {Protocol.PAPER_TEXT, Protocol.AUTHORS_CODE}) {
            try (TrainingGraph g = TrainingGraph.build(ConvSmall.paper(), d.train(), null,
                    p.graphOptions(1, protocol).withThreads(1, 1))) {
                double[] x = g.trainingImages(idx);
                double max = Arrays.stream(x).max().orElseThrow();
                double min = Arrays.stream(x).min().orElseThrow();
                assertTrue(min >= 0, protocol.name() + ": " + min);
                if (protocol == Protocol.PAPER_TEXT) {
                    assertEquals(maxPixel / 255, max, 1e-6, "x/255 in [0, 1]");
                } else {
                    assertEquals(maxPixel, max, 1e-4, "raw 0-255, never divided (FashionMNIST/mnist.py)");
                }
            }
        }
    }

    @Test
    void theAuthorsInitializationIsOneFlatNormalDrawWithStandardDeviationTwoHundredths() throws IOException {
        Preset p = Preset.FASHION_MNIST_SMALL;
        Preset.Data d = p.load(data, 0, Protocol.PAPER_TEXT);
        double[] authors = flat(d, p.graphOptions(3, Protocol.AUTHORS_CODE));
        double[] framework = flat(d, p.graphOptions(3, Protocol.PAPER_TEXT));
        assertEquals(11_330, authors.length);
        // sample moments of 11,330 N(0, 0.02^2) draws: SE of the mean 0.02/sqrt(n), of the sd 0.02/sqrt(2n);
        // z SE bounds at the toolkit's per-claim false-alarm probability (1e-7, z = 5.33) each
        double n = authors.length;
        double z = FalseAlarm.z(FalseAlarm.PER_CLAIM, 1);
        assertEquals(0, mean(authors), z * 0.02 / Math.sqrt(n));
        assertEquals(0.02, sd(authors), z * 0.02 / Math.sqrt(2 * n));
        // excess kurtosis 0 (normal), not -1.2 (uniform): SE sqrt(24/n)
        assertEquals(0, excessKurtosis(authors), z * Math.sqrt(24 / n));
        // biases are drawn too (net.py draws the whole flat vector): conv1's 10 biases follow the weights
        double[] conv1Bias = Arrays.copyOfRange(authors, 250, 260);
        assertTrue(Arrays.stream(conv1Bias).allMatch(v -> v != 0 && Math.abs(v) < 0.2), Arrays.toString(conv1Bias));
        // power: the framework's per-layer uniform initialization is far from these moments
        assertTrue(Math.abs(sd(framework) - 0.02) > 10 * 0.02 / Math.sqrt(2 * n), "framework sd " + sd(framework));
        assertTrue(Math.abs(excessKurtosis(Arrays.copyOfRange(framework, 260, 2760)) + 1.2) < 0.2,
                "conv2's framework weights are uniform (excess kurtosis -1.2)");
    }

    private static double[] flat(Preset.Data d, GraphOptions o) {
        try (TrainingGraph g = TrainingGraph.build(ConvSmall.paper(), d.train(), null, o.withThreads(1, 1))) {
            return Arrays.stream(g.parameters()).flatMapToDouble(Arrays::stream).toArray();
        }
    }

    @Test
    void theAuthorsTrainOnTheFirstThousandTestImagesAndThePaperTextOnASeededDraw() throws IOException {
        FashionMnist.Original o = FashionMnist.load(data);
        FashionMnist.Split first = FashionMnist.firstSplit(o, 1000);
        int[] expected = new int[1000];
        Arrays.setAll(expected, i -> i);
        assertArrayEquals(expected, first.trainIndicesInOriginalTest());
        assertArrayEquals(o.test().head(1000).pixels(), first.train().pixels(), "the first 1,000 t10k images, in order");
        assertArrayEquals(o.test().head(1000).labels(), first.train().labels());
        FashionMnist.Split o1 = FashionMnist.paperSplit(FashionMnist.load(data), 500, 1);
        FashionMnist.Split o2 = FashionMnist.paperSplit(FashionMnist.load(data), 500, 2);
        assertNotEquals(Arrays.toString(o1.trainIndicesInOriginalTest()), Arrays.toString(o2.trainIndicesInOriginalTest()),
                "a drawn split depends on the data seed");
        Preset.Data a = Preset.FASHION_MNIST_SMALL.load(data, 7, Protocol.AUTHORS_CODE);
        Preset.Data b = Preset.FASHION_MNIST_SMALL.load(data, 8, Protocol.AUTHORS_CODE);
        assertEquals(a.train(), b.train(), "the first-n split ignores the data seed");
        assertEquals(60, a.test().count(), "the original training set is the test set");
    }

    @Test
    void sgdWithoutReplacementNeverRepeatsAnIndexWithinABatchAndWithReplacementDoes() {
        Method wor = Protocol.AUTHORS_CODE.method("sgd-50", 50);
        Method wr = Protocol.PAPER_TEXT.method("sgd-50", 50);
        assertEquals(new SgdMethod(50, true), wor);
        assertEquals(new SgdMethod(50, false), wr);
        int repeatsWithReplacement = 0;
        Method.Plan pw = wor.plan(1000, 5, true);
        Method.Plan pr = wr.plan(1000, 5, true);
        for (int k = 0; k < 200; k++) {
            int[] idx = pw.draw(k).indices();
            assertEquals(50, idx.length);
            assertEquals(50, Arrays.stream(idx).distinct().count(), "iteration " + k + ": " + Arrays.toString(idx));
            Set<Integer> seen = new HashSet<>();
            for (int i : pr.draw(k).indices()) {
                if (!seen.add(i)) {
                    repeatsWithReplacement++;
                    break;
                }
            }
        }
        // P(no repeat among 50 of 1000) = prod (1 - i/1000) = 0.29 per draw: 200 draws without one has probability 1e-107
        assertTrue(repeatsWithReplacement > 100, "with replacement repeats an index in most batches: " + repeatsWithReplacement);
    }

    @Test
    void theAuthorsBernoulliKeepsTwentyOfAThousandOnAverage() {
        Method m = Protocol.AUTHORS_CODE.method("msgd-bernoulli", 50);
        assertEquals("msgd-bernoulli-20", m.id());
        assertEquals(Method.parse("msgd-bernoulli-20", 50, Double.NaN), m, "the spelling round-trips");
        Method.Plan plan = m.plan(1000, 3);
        long kept = 0;
        int draws = 400;
        for (int k = 0; k < draws; k++) {
            Method.Feed f = plan.draw(k);
            for (double w : f.weights()) {
                if (w != 0) {
                    kept++;
                    assertEquals(1.0 / 20, w, 1e-15, "weight value/n = 50/1000 in bgd.py, i.e. 1/20");
                }
            }
        }
        // Binomial(400 000, 0.02): mean 8000, sd 88.5; z sd at the per-claim false-alarm probability
        assertEquals(8000, kept, FalseAlarm.z(FalseAlarm.PER_CLAIM, 1) * 88.5);
        assertEquals("msgd-bernoulli", Protocol.PAPER_TEXT.method("msgd-bernoulli", 50).id(), "paper-text keeps b = 50");
    }

    @Test
    void runJsonRecordsTheResolvedProtocolAndAResumeKeepsIt() throws IOException {
        Path dir = tmp.resolve("authors");
        Preset p = Preset.FASHION_MNIST_SMALL;
        RunConfig.Builder b = RunConfig.builder(p, Method.parse("sgd-50", 50, Double.NaN), dir).data(data).iterations(2)
                .eval(1, 0).checkpointEvery(1).progress(false).threads(1, 1);
        RunConfig c = b.protocol(Protocol.AUTHORS_CODE).build();
        assertEquals("sgd-50-wor", c.method().id());
        Trainer.run(c, null, QUIET, TrainingContext.uncancelled(Map.of()));
        String json = Files.readString(dir.resolve("run.json"));
        for (String s : new String[] {"\"pixels\" : \"raw\"", "\"initialization\" : \"normal:0.02\"", "\"split\" : \"first\"",
                "\"sgdSampling\" : \"without-replacement\"", "\"bernoulliBatch\" : 20", "\"name\" : \"authors-code\""}) {
            assertTrue(json.contains(s), "run.json records " + s);
        }
        assertTrue(Trainer.completed(c, m -> { }).isPresent());
        assertTrue(Trainer.completed(b.protocol(Protocol.PAPER_TEXT).build(), m -> { }).isEmpty(),
                "a run of the other protocol is not reused");
    }

    /** run.json's protocol is written and read by the types' own words: every combination comes back as it was. */
    @Test
    void theDescriptionReadsBackEveryCombination() {
        assertEquals("{name=authors-code, pixels=raw, initialization=normal:0.02, split=first, sgdSampling=without-replacement,"
                + " bernoulliBatch=20, presetOverrides=true}", Protocol.AUTHORS_CODE.describe().toString(), "run.json's words");
        assertEquals("{name=paper-text, pixels=unit, initialization=framework, split=drawn, sgdSampling=with-replacement,"
                + " bernoulliBatch=0, presetOverrides=false}", Protocol.PAPER_TEXT.describe().toString());
        for (Protocol base : Protocol.named()) {
            for (Protocol.Init init : List.of(Protocol.Init.FRAMEWORK, Protocol.Init.parse("normal:0.05"))) {
                for (Protocol.TrainingSplit split : Protocol.TrainingSplit.values()) {
                    for (Protocol.SgdSampling sampling : Protocol.SgdSampling.values()) {
                        Protocol p = base.withInitialization(init).withSplit(split).withSgdSampling(sampling);
                        assertEquals(p, Protocol.fromDescription(p.describe()), p.toString());
                    }
                }
            }
        }
        Map<String, Object> old = new LinkedHashMap<>(Protocol.PAPER_TEXT.describe());
        old.remove("initialization");
        old.remove("split");
        old.remove("sgdSampling");
        assertEquals(Protocol.PAPER_TEXT, Protocol.fromDescription(old), "a key a file lacks keeps the value runs had before it");
    }

    @Test
    void eachDifferenceIsSettableOnItsOwnWithClearErrors() {
        Protocol p = Protocol.PAPER_TEXT.withPixels(PixelScale.parse("raw"));
        assertEquals(PixelScale.RAW, p.pixels());
        assertEquals(Protocol.Initialization.FRAMEWORK_DEFAULT, p.initialization());
        assertTrue(p.name().startsWith("custom"));
        assertEquals(0.05, Protocol.AUTHORS_CODE.withInitialization(Protocol.Init.parse("normal:0.05")).initStd());
        assertEquals(Protocol.TrainingSplit.SEEDED_DRAW, Protocol.AUTHORS_CODE.withSplit(Protocol.TrainingSplit.parse("drawn")).split());
        assertEquals(Protocol.SgdSampling.WITH_REPLACEMENT, Protocol.AUTHORS_CODE.withSgdSampling(Protocol.SgdSampling.parse("with")).sgdSampling());
        assertEquals(0, Protocol.AUTHORS_CODE.withBernoulliBatch(Protocol.parseBernoulliBatch("0")).bernoulliBatch());
        assertEquals(Protocol.fromDescription(Protocol.AUTHORS_CODE.describe()), Protocol.AUTHORS_CODE);
        assertEquals(Protocol.PAPER_TEXT, Protocol.fromDescription(null), "runs made before protocols ran the paper's text");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Protocol.Init.parse("normal:-1"));
        assertEquals("--init=normal:-1 must be normal:STD with STD a finite number > 0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Protocol.parse("authors"));
        assertTrue(e.getMessage().contains("[paper-text, authors-code]"), e.getMessage());
        assertEquals(0.1, Protocol.AUTHORS_CODE.apply(Preset.SVHN_VGG11).learningRate(), "SVHN/sgd.py: lr 0.1");
        assertEquals(5e-4, Protocol.AUTHORS_CODE.apply(Preset.CIFAR10_RESNET18).weightDecay(), "CIFAR10/sgd.py: wd 5e-4");
        assertEquals(0, Protocol.AUTHORS_CODE.apply(Preset.CIFAR100_RESNET18).ghostBatch(), "CIFAR100/sgd.py: no chunks");
        assertEquals(Preset.FASHION_MNIST_SMALL, Protocol.AUTHORS_CODE.apply(Preset.FASHION_MNIST_SMALL));
        Protocol cifar = Protocol.AUTHORS_CODE.effectiveFor(Preset.CIFAR10_RESNET18);
        assertEquals(PixelScale.UNIT, cifar.pixels(), "the authors' CIFAR code divides by 255");
        assertEquals(Protocol.Initialization.FRAMEWORK_DEFAULT, cifar.initialization());
        assertEquals(Protocol.AUTHORS_CODE, Protocol.AUTHORS_CODE.effectiveFor(Preset.FASHION_MNIST_SMALL));
    }

    private static double mean(double[] a) {
        return Arrays.stream(a).average().orElseThrow();
    }

    private static double sd(double[] a) {
        double m = mean(a);
        return Math.sqrt(Arrays.stream(a).map(v -> (v - m) * (v - m)).sum() / (a.length - 1));
    }

    private static double excessKurtosis(double[] a) {
        double m = mean(a);
        double s2 = Arrays.stream(a).map(v -> (v - m) * (v - m)).average().orElseThrow();
        double s4 = Arrays.stream(a).map(v -> Math.pow(v - m, 4)).average().orElseThrow();
        return s4 / (s2 * s2) - 3;
    }
}
