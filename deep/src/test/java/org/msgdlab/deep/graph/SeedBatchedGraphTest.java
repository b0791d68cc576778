package org.msgdlab.deep.graph;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Method;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Seeds side by side compute what separate runs compute, to the bit: three copies of ConvSmall
 * (seeds 3, 4, 5) stepped together with MSGD-Fisher weights, against three separate graphs stepped
 * with the same draws; parameters and losses equal exactly, with one and with three inter-op
 * threads (copies run at once).
 */
class SeedBatchedGraphTest {

    @TempDir
    static Path tmp;
    static ImageSet train;
    static final long[] SEEDS = {3, 4, 5};
    static final int STEPS = 4;

    @BeforeAll
    static void data() throws IOException {
        Path dir = IdxFiles.fashionLike(tmp.resolve("fm"), 30, 200, 11);
        train = FashionMnist.paperSplit(FashionMnist.load(dir), 200, 0).train();
    }

    static GraphOptions options(long seed) {
        return GraphOptions.defaults(seed).withThreads(1, 1).withPixelScale(PixelScale.RAW).withFlatNormalInit(0.02);
    }

    static Method.Feed feed(long seed, int k) {
        return Method.parse("msgd-fisher", 50, Double.NaN).plan(train.count(), seed).draw(k);
    }

    record Trajectory(double[][] parameters, double[] losses) {
    }

    static Trajectory separate(long seed) {
        try (TrainingGraph g = TrainingGraph.build(ConvSmall.paper(), train, null, options(seed))) {
            double[] losses = new double[STEPS];
            for (int k = 0; k < STEPS; k++) {
                Method.Feed f = feed(seed, k);
                losses[k] = g.step(f.indices(), f.weights(), 1e-4).randomizedLoss();
            }
            return new Trajectory(g.parameters(), losses);
        }
    }

    static List<Trajectory> sideBySide(int interThreads) {
        List<GraphOptions> opts = Arrays.stream(SEEDS).mapToObj(SeedBatchedGraphTest::options).toList();
        try (SeedBatchedGraph g = SeedBatchedGraph.build(ConvSmall.paper(), train, opts, interThreads)) {
            double[][] losses = new double[SEEDS.length][STEPS];
            for (int k = 0; k < STEPS; k++) {
                List<int[]> idx = new ArrayList<>();
                List<double[]> w = new ArrayList<>();
                for (long s : SEEDS) {
                    Method.Feed f = feed(s, k);
                    idx.add(f.indices());
                    w.add(f.weights());
                }
                List<TrainingGraph.StepStats> st = g.step(idx, w, 1e-4);
                for (int c = 0; c < SEEDS.length; c++) {
                    losses[c][k] = st.get(c).randomizedLoss();
                }
            }
            List<Trajectory> out = new ArrayList<>();
            for (int c = 0; c < SEEDS.length; c++) {
                out.add(new Trajectory(g.parameters(c), losses[c]));
            }
            return out;
        }
    }

    @Test
    void eachCopyIsTheSeparateRunOfItsSeedBitForBit() {
        List<Trajectory> expected = Arrays.stream(SEEDS).mapToObj(SeedBatchedGraphTest::separate).toList();
        for (int inter : new int[] {1, 3}) {
            List<Trajectory> got = sideBySide(inter);
            for (int c = 0; c < SEEDS.length; c++) {
                assertArrayEquals(expected.get(c).losses(), got.get(c).losses(), 0.0, "losses of seed " + SEEDS[c]);
                for (int p = 0; p < expected.get(c).parameters().length; p++) {
                    assertArrayEquals(expected.get(c).parameters()[p], got.get(c).parameters()[p], 0.0,
                            "seed " + SEEDS[c] + ", parameter " + p + ", " + inter + " inter-op threads");
                }
            }
        }
        // the comparison can fail: the copies are different runs
        assertFalse(Arrays.equals(expected.get(0).parameters()[0], expected.get(1).parameters()[0]));
    }

    @Test
    void badFeedsAndOptionsAreRefusedInOneLine() {
        List<GraphOptions> two = List.of(options(1), options(2));
        try (SeedBatchedGraph g = SeedBatchedGraph.build(ConvSmall.paper(), train, two, 2)) {
            assertEquals(2, g.copies());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> g.step(List.of(new int[] {0}), List.of(new double[] {1.0}), 0.1));
            assertEquals("a step feeds each of the 2 copies: got 1 index and 1 weight vectors", e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SeedBatchedGraph.build(ConvSmall.paper(), train, List.of(options(1), options(2).withMomentum(0.9, 0)), 2));
        assertEquals(true, e.getMessage().startsWith("seeds side by side differ only in their seed"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SeedBatchedGraph.build(ConvSmall.paper(), train, List.of(), 2));
        assertEquals("seeds side by side need at least one copy (options is empty)", e.getMessage());
    }
}
