package org.msgdlab.deep.efficiency;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.Precision;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.model.Parameter;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The vectorised per-example gradients of ConvSmall against one gradient run per example
 * (TrainingGraph), in float64; that the comparison sees a wrong layout; and a timing of both in
 * float32 (printed, not asserted).
 */
class PerExampleGradientsTest {

    /** Non-square, 3-channel, conv 3 channels: every axis of the HWIO kernels has its own size or role. */
    static final ConvSmall ODD = ConvSmall.of(17, 20, 3, 4, 3, 5);

    static ImageSet images(int n, int h, int w, int c, int classes, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] px = new byte[n * h * w * c];
        int[] lb = new int[n];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) r.nextInt(256);
        }
        for (int i = 0; i < n; i++) {
            lb[i] = r.nextInt(classes);
        }
        return new ImageSet("generated", n, h, w, c, classes, px, lb);
    }

    static ImageSet imagesFor(ConvSmall m, int n, long seed) {
        int[] s = m.inputShape();
        return images(n, s[0], s[1], s[2], m.classes(), seed);
    }

    /** Largest relative Frobenius difference over the parameter blocks of the columns (blocks in subset order). */
    static double worstBlockError(DMatrixRMaj a, DMatrixRMaj ref, List<Parameter> specs, int[] subset) {
        assertEquals(ref.numRows, a.numRows, "rows");
        assertEquals(ref.numCols, a.numCols, "columns");
        double worst = 0;
        int col = 0;
        for (int p : subset) {
            int size = Math.toIntExact(specs.get(p).size());
            double diff = 0;
            double norm = 0;
            for (int i = 0; i < ref.numRows; i++) {
                for (int j = col; j < col + size; j++) {
                    double x = ref.get(i, j);
                    double e = a.get(i, j) - x;
                    diff += e * e;
                    norm += x * x;
                }
            }
            assertTrue(norm > 0, "reference gradient block of " + specs.get(p).name() + " is zero: the comparison"
                    + " would see nothing");
            worst = Math.max(worst, Math.sqrt(diff / norm));
            col += size;
        }
        return worst;
    }

    private static void assertMatches(ConvSmall model, int n, int chunk, int[] idx, int[] subsetParams, long seed) {
        ImageSet data = imagesFor(model, n, seed);
        try (TrainingGraph g = TrainingGraph.build(model, data, null,
                GraphOptions.defaults(seed).withPrecision(Precision.FLOAT64).withThreads(1, 1))) {
            NoiseInjection.ParameterSubset subset = new NoiseInjection.ParameterSubset("s", subsetParams);
            DMatrixRMaj ref = NoiseInjection.perSampleGradientsByExample(g, idx, subset);
            for (PerExampleGradients.ConvForm form : PerExampleGradients.ConvForm.values()) {
                try (PerExampleGradients pex = PerExampleGradients.of(g, chunk, form)) {
                    DMatrixRMaj vec = pex.compute(g, idx, subset);
                    double err = worstBlockError(vec, ref, model.parameters(), subsetParams);
                    System.out.printf(Locale.ROOT, "PerExampleGradients %s, %s, n=%d, chunk=%d, subset %s: worst"
                            + " block relative error %.2e%n", model, form, idx.length, chunk,
                            Arrays.toString(subsetParams), err);
                    assertTrue(err <= 1e-12, form + " vs one run per example: relative error " + err);
                }
            }
        }
    }

    @Test
    void vectorisedEqualsOneRunPerExampleOnAnOddShapedConvSmall() {
        // indices out of order and repeated; chunk 4 splits the 7 rows into two runs
        int[] idx = {5, 0, 3, 3, 1, 2, 4};
        assertMatches(ODD, 6, 4, idx, new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 21);
    }

    @Test
    void vectorisedEqualsOneRunPerExampleOnThePaperConvSmall() {
        assertMatches(ConvSmall.paper(), 5, PerExampleGradients.DEFAULT_CHUNK, new int[] {0, 1, 2, 3, 4},
                new int[] {0, 1, 2, 3, 4, 5, 6, 7}, 5);
    }

    @Test
    void subsetsKeepTheirOrder() {
        assertMatches(ODD, 4, 100, new int[] {3, 1, 0, 2}, new int[] {6, 7}, 8);
        assertMatches(ODD, 4, 100, new int[] {3, 1, 0, 2}, new int[] {2, 0, 5}, 9);
    }

    /** Columns of parameter block {@code p} (in the full layout) permuted: new column j takes old column perm(j). */
    static DMatrixRMaj permuteBlock(DMatrixRMaj m, List<Parameter> specs, int p, IntUnaryOperator perm) {
        int off = 0;
        for (int q = 0; q < p; q++) {
            off += Math.toIntExact(specs.get(q).size());
        }
        int size = Math.toIntExact(specs.get(p).size());
        DMatrixRMaj out = m.copy();
        for (int i = 0; i < m.numRows; i++) {
            for (int j = 0; j < size; j++) {
                out.set(i, off + j, m.get(i, off + perm.applyAsInt(j)));
            }
        }
        return out;
    }

    /** HWIO index of (h, w, i, o) in a kernel of shape s. */
    static int hwio(long[] s, int h, int w, int i, int o) {
        return Math.toIntExact(((h * s[1] + w) * s[2] + i) * s[3] + o);
    }

    @Test
    void theComparisonSeesAWrongLayout() {
        ImageSet data = imagesFor(ODD, 5, 13);
        List<Parameter> specs = ODD.parameters();
        int[] all = {0, 1, 2, 3, 4, 5, 6, 7};
        int[] idx = {0, 1, 2, 3, 4};
        try (TrainingGraph g = TrainingGraph.build(ODD, data, null,
                GraphOptions.defaults(13).withPrecision(Precision.FLOAT64).withThreads(1, 1));
             PerExampleGradients pex = PerExampleGradients.of(g)) {
            NoiseInjection.ParameterSubset subset = NoiseInjection.ParameterSubset.all(specs);
            DMatrixRMaj ref = NoiseInjection.perSampleGradientsByExample(g, idx, subset);
            DMatrixRMaj vec = pex.compute(g, idx, subset);
            assertTrue(worstBlockError(vec, ref, specs, all) <= 1e-12);

            long[] k1 = specs.get(0).shape();   // 5, 5, 3, 3
            long[] k2 = specs.get(2).shape();   // 5, 5, 3, 3
            long[] f1 = specs.get(4).shape();   // flat, 5
            // conv1 kernel with the rows and columns of the window swapped (kernel transposed in space)
            IntUnaryOperator swapHw1 = j -> {
                int o = (int) (j % k1[3]);
                int i = (int) (j / k1[3] % k1[2]);
                int w = (int) (j / (k1[3] * k1[2]) % k1[1]);
                int h = (int) (j / (k1[3] * k1[2] * k1[1]));
                return hwio(k1, w, h, i, o);
            };
            // conv1 patch vectorised channel-first, (i, h, w), instead of (h, w, i)
            IntUnaryOperator channelFirst1 = j -> {
                int o = (int) (j % k1[3]);
                int r = (int) (j / k1[3]);               // patch index as if (i, h, w)
                int w = (int) (r % k1[1]);
                int h = (int) (r / k1[1] % k1[0]);
                int i = (int) (r / (k1[1] * k1[0]));
                return hwio(k1, h, w, i, o);
            };
            // conv2 kernel with input and output channels exchanged (HWOI read as HWIO)
            IntUnaryOperator swapIo2 = j -> {
                int o = (int) (j % k2[3]);
                int i = (int) (j / k2[3] % k2[2]);
                int w = (int) (j / (k2[3] * k2[2]) % k2[1]);
                int h = (int) (j / (k2[3] * k2[2] * k2[1]));
                return hwio(k2, h, w, o, i);
            };
            // fc1 kernel [out, in] read as [in, out]
            IntUnaryOperator transposeFc1 = j -> {
                int in = (int) (j / f1[1]);
                int out = (int) (j % f1[1]);
                return Math.toIntExact(out * f1[0] + in);   // wrong layout: out-major
            };
            record Wrong(String name, int block, IntUnaryOperator perm) {
            }
            for (Wrong w : List.of(new Wrong("conv1 kernel, h and w swapped", 0, swapHw1),
                    new Wrong("conv1 kernel, patch channel-first", 0, channelFirst1),
                    new Wrong("conv2 kernel, in and out channels swapped", 2, swapIo2),
                    new Wrong("fc1 kernel transposed", 4, transposeFc1))) {
                DMatrixRMaj bad = permuteBlock(vec, specs, w.block(), w.perm());
                double err = worstBlockError(bad, ref, specs, all);
                System.out.printf(Locale.ROOT, "PerExampleGradients wrong layout '%s': relative error %.2e%n",
                        w.name(), err);
                assertTrue(err > 1e-2, w.name() + " should not match, relative error " + err);
            }
        }
    }

    @Test
    void noiseInjectionUsesTheVectorisedFormForConvSmall() {
        ImageSet data = imagesFor(ODD, 4, 17);
        try (TrainingGraph g = TrainingGraph.build(ODD, data, null,
                GraphOptions.defaults(17).withPrecision(Precision.FLOAT64).withThreads(1, 1))) {
            int[] idx = {0, 1, 2, 3};
            NoiseInjection.ParameterSubset all = NoiseInjection.ParameterSubset.all(ODD.parameters());
            DMatrixRMaj viaNoiseInjection = NoiseInjection.perSampleGradients(g, idx, all);
            DMatrixRMaj ref = NoiseInjection.perSampleGradientsByExample(g, idx, all);
            assertTrue(worstBlockError(viaNoiseInjection, ref, ODD.parameters(), all.parameters()) <= 1e-12);
            assertEquals(PerExampleGradients.METHOD, NoiseInjection.perSampleMethod(ODD));
            List<NoiseInjectionTiming> t = NoiseInjectionTimer.time(g, idx, 2, List.of(all), 1, 3);
            assertEquals(PerExampleGradients.METHOD, t.get(0).perSampleMethod());
        }
    }

    @Test
    void rejectsBadInput() {
        ImageSet data = imagesFor(ODD, 3, 1);
        try (TrainingGraph g = TrainingGraph.build(ODD, data, null,
                GraphOptions.defaults(1).withPrecision(Precision.FLOAT64).withThreads(1, 1));
             PerExampleGradients pex = PerExampleGradients.of(g)) {
            NoiseInjection.ParameterSubset all = NoiseInjection.ParameterSubset.all(ODD.parameters());
            assertThrows(IllegalArgumentException.class, () -> pex.compute(g, new int[] {0, 3}, all));
            assertThrows(IllegalArgumentException.class, () -> pex.compute(g, new int[0], all));
            assertThrows(IllegalArgumentException.class, () -> pex.compute(new double[2][], new int[] {0}, all));
        }
        assertThrows(IllegalArgumentException.class, () -> PerExampleGradients.build(ConvSmall.paper(), data,
                Precision.FLOAT64, 1, 1, 10, PerExampleGradients.ConvForm.SHIFTED_SLICES));
    }

    /**
     * Timing (printed, not asserted): per-sample gradients of the paper's ConvSmall on n = 1000
     * generated 28x28 images, float32, 2 intra-op threads; vectorised vs one gradient run per example.
     * The variants run interleaved, one warm-up round, then the median of {@code reps} rounds.
     * Override with {@code -DargLine="-Dpex.benchmark.n=... -Dpex.benchmark.reps=..."}. A benchmark,
     * so not part of {@code mvn verify}: {@code mvn -pl deep test -Dtest=PerExampleGradientsTest
     * -Dmsgd.excludedGroups=none}.
     */
    @Test
    @Tag("benchmark")
    void benchmarkVectorisedVsOneRunPerExample() {
        int n = Integer.getInteger("pex.benchmark.n", 1000);
        int reps = Integer.getInteger("pex.benchmark.reps", 3);
        ConvSmall model = ConvSmall.paper();
        ImageSet data = imagesFor(model, n, 99);
        int[] idx = new int[n];
        Arrays.setAll(idx, i -> i);
        double[] uniform = new double[n];
        Arrays.fill(uniform, 1.0 / n);
        try (TrainingGraph g = TrainingGraph.build(model, data, null, GraphOptions.defaults(99).withThreads(2, 1))) {
            NoiseInjection.ParameterSubset all = NoiseInjection.ParameterSubset.all(model.parameters());
            long t = System.nanoTime();
            PerExampleGradients pex = PerExampleGradients.of(g);
            double build = (System.nanoTime() - t) / 1e9;
            try (pex; PerExampleGradients oneRun = PerExampleGradients.of(g, n);
                 PerExampleGradients patches = PerExampleGradients.of(g, PerExampleGradients.DEFAULT_CHUNK,
                         PerExampleGradients.ConvForm.PATCHES)) {
                double[][] times = new double[5][reps];   // default, one run, patches, loop, full gradient
                DMatrixRMaj vec = null;
                DMatrixRMaj loop = null;
                for (int r = -1; r < reps; r++) {   // r = -1: warm-up
                    double[] round = new double[5];
                    t = System.nanoTime();
                    vec = pex.compute(g, idx, all);
                    round[0] = (System.nanoTime() - t) / 1e9;
                    t = System.nanoTime();
                    oneRun.compute(g, idx, all);
                    round[1] = (System.nanoTime() - t) / 1e9;
                    t = System.nanoTime();
                    patches.compute(g, idx, all);
                    round[2] = (System.nanoTime() - t) / 1e9;
                    t = System.nanoTime();
                    loop = NoiseInjection.perSampleGradientsByExample(g, idx, all);
                    round[3] = (System.nanoTime() - t) / 1e9;
                    t = System.nanoTime();
                    g.gradients(idx, uniform);
                    round[4] = (System.nanoTime() - t) / 1e9;
                    if (r >= 0) {
                        for (int k = 0; k < 5; k++) {
                            times[k][r] = round[k];
                        }
                    }
                }
                double err = worstBlockError(vec, loop, model.parameters(), all.parameters());
                double[] m = new double[5];
                for (int k = 0; k < 5; k++) {
                    m[k] = NoiseInjectionTimer.median(times[k]);
                }
                System.out.printf(Locale.ROOT, "PerExampleGradients benchmark: ConvSmall (11,330 parameters), n=%d,"
                                + " float32, TF intra-op 2 / inter-op 1 threads, median of %d after one warm-up,"
                                + " %d processors (timings noisy: shared machine)%n"
                                + "  vectorised, shifted slices, chunks of %d (default): %.4f s   [graph build %.3f s,"
                                + " not timed]%n"
                                + "  vectorised, shifted slices, one run of %d:          %.4f s%n"
                                + "  vectorised, ExtractImagePatches, chunks of %d:      %.4f s%n"
                                + "  one gradient run per example:                       %.4f s%n"
                                + "  ratio loop / vectorised (default): %.1f (one run: %.1f; ExtractImagePatches: %.1f)%n"
                                + "  one full-batch gradient grad(L.W), for scale: %.4f s (vectorised / full = %.1f)%n"
                                + "  float32 agreement with the loop, worst block relative error: %.2e%n",
                        n, reps, Runtime.getRuntime().availableProcessors(), pex.chunk(), m[0], build, n, m[1],
                        patches.chunk(), m[2], m[3], m[3] / m[0], m[3] / m[1], m[3] / m[2], m[4], m[0] / m[4], err);
                assertTrue(err < 1e-3, "float32 vectorised vs loop: relative error " + err);
            }
        }
    }
}
