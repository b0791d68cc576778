package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.msgdlab.core.random.Streams;
import org.quicktheories.core.Gen;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** Welford accumulation and Chan's exact merge of running means and variances. */
class RunningMomentsTest {

    /** A data set of {@code size} rows split into {@code parts} consecutive chunks, drawn from {@code seed}. */
    record Split(int size, int parts, long seed) {
        @Override
        public String toString() {
            return "Split[size=" + size + ", parts=" + parts + ", stream seed=" + seed + "L (replay: Streams.create(" + seed + "L))]";
        }
    }

    @Test
    void mergingChunksEqualsAccumulatingSequentially() {
        Gen<Split> splits = integers().between(1, 3000).zip(integers().between(1, 64), longs().all(), Split::new);
        List<Split> edges = List.of(new Split(1, 1, 0), new Split(2, 2, 1), new Split(3000, 64, 2), new Split(10, 64, 3));
        Theories.forAll("merge of chunk moments = sequential moments (to 1e-12 relative)", 300, splits, edges, s -> {
            var rng = Streams.create(s.seed());
            double[][] rows = new double[s.size()][3];
            for (double[] r : rows) {
                // Statistics like the claims': a mean of 3 with unit spread, a positive skewed one, a tiny one.
                r[0] = 3 + (rng.nextDouble() - 0.5) * 3.4;
                r[1] = -Math.log(1 - rng.nextDouble());
                r[2] = 1e-9 * (rng.nextDouble() - 0.25);
            }
            RunningMoments sequential = new RunningMoments(3);
            for (double[] r : rows) {
                sequential.add(r);
            }
            RunningMoments merged = new RunningMoments(3);
            for (int c = 0; c < s.parts(); c++) {
                RunningMoments part = new RunningMoments(3);
                for (int i = (int) ((long) s.size() * c / s.parts()); i < (long) s.size() * (c + 1) / s.parts(); i++) {
                    part.add(rows[i]);
                }
                merged.merge(part);
            }
            assertEquals(sequential.count(), merged.count());
            for (int j = 0; j < 3; j++) {
                // Both are backward-stable updates of well-conditioned data (|mean| / sd <= 3): their
                // relative errors are O(sqrt(size) u), far below 1e-12.
                assertRelative(sequential.mean(j), merged.mean(j), "mean " + j);
                if (s.size() > 1) {
                    assertRelative(sequential.variance(j), merged.variance(j), "variance " + j);
                    assertRelative(sequential.standardError(j), merged.standardError(j), "standard error " + j);
                }
                if (s.size() > 3) {
                    // Skewness and kurtosis are scale-free and O(1) here; the third and fourth moment updates
                    // lose a few more digits than the variance (condition ~ (|mean|/sd)^4 <= 100).
                    assertAbsolute(sequential.skewness(j), merged.skewness(j), "skewness " + j);
                    assertAbsolute(sequential.excessKurtosis(j), merged.excessKurtosis(j), "excess kurtosis " + j);
                }
            }
        });
    }

    @Test
    void meanVarianceAndStandardErrorAreTheTextbookOnes() {
        RunningMoments m = new RunningMoments(1);
        for (double x : new double[] {2, 4, 4, 4, 5, 5, 7, 9}) {
            m.add(new double[] {x});
        }
        assertEquals(8, m.count());
        assertEquals(5.0, m.mean(0), 1e-15);
        assertEquals(32.0 / 7, m.variance(0), 1e-14);
        assertEquals(Math.sqrt(32.0 / 7 / 8), m.standardError(0), 1e-15);
        // Deviations -3, -1, -1, -1, 0, 0, 2, 4: M2 = 32, M3 = 42, M4 = 356.
        assertEquals(Math.sqrt(8) * 42 / Math.pow(32, 1.5), m.skewness(0), 1e-14);
        assertEquals(8 * 356.0 / (32 * 32) - 3, m.excessKurtosis(0), 1e-14);
        assertEquals(m.skewness(0) / Math.sqrt(8), m.skewnessOfMean(0), 1e-15);
        assertEquals(m.excessKurtosis(0) / 8, m.excessKurtosisOfMean(0), 1e-15);
        RunningMoments constant = new RunningMoments(1);
        for (int i = 0; i < 10; i++) {
            constant.add(new double[] {0.1});
        }
        assertEquals(0.0, constant.skewness(0), "a constant statistic has no shape");
        assertEquals(0.0, constant.excessKurtosis(0));
        RunningMoments one = new RunningMoments(1);
        one.add(new double[] {1});
        assertTrue(Double.isNaN(one.variance(0)), "the variance of one sample is undefined");
        RunningMoments empty = new RunningMoments(1);
        m.merge(empty);
        assertEquals(8, m.count(), "merging an empty accumulator changes nothing");
        assertEquals(5.0, m.mean(0), 1e-15);
    }

    @Test
    void rejectsBadSizesNamingThem() {
        Rejections.assertRejects(() -> new RunningMoments(0), "k=0");
        Rejections.assertRejects(() -> new RunningMoments(2).merge(new RunningMoments(3)), "3", "2");
    }

    private static void assertAbsolute(double expected, double actual, String what) {
        assertTrue(Math.abs(expected - actual) <= 1e-10, what + ": sequential " + expected + " vs merged " + actual);
    }

    private static void assertRelative(double expected, double actual, String what) {
        assertTrue(Math.abs(expected - actual) <= 1e-12 * Math.abs(expected), what + ": sequential " + expected
                + " vs merged " + actual + " (relative gap " + Math.abs(expected - actual) / Math.abs(expected) + ")");
    }
}
