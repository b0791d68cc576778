package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.hipparchus.stat.inference.ChiSquareTest;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Proposition 1, first case: a mini-batch of b distinct samples drawn uniformly from n. */
public class SgdWithoutReplacementTest {

    /** The (n, b) of the subset-uniformity chi-square tests. */
    private static final int[][] CHI_SQUARE_CASES = {{5, 2}, {6, 3}};

    /** Chi-square goodness-of-fit tests in this class (each at alpha = FalseAlarm.PER_CLAIM). */
    public static final int CHI_SQUARE_TESTS = CHI_SQUARE_CASES.length;

    @Test
    void proposition1_covarianceIsExactlyTheClosedFormForEverySmallSetup() {
        // Enumerate all C(n, b) batches, each of probability 1/C(n, b): exact moments, no sampling.
        for (int n = 2; n <= 10; n++) {
            for (int b = 1; b <= n; b++) {
                SgdWithoutReplacement noise = new SgdWithoutReplacement(n, b);
                List<ExactMoments.Outcome> outcomes = new ArrayList<>();
                List<int[]> batches = subsets(n, b);
                for (int[] batch : batches) {
                    double[] v = new double[n];
                    java.util.Arrays.fill(v, -1.0 / n);
                    for (int i : batch) {
                        v[i] += 1.0 / b;
                    }
                    outcomes.add(new ExactMoments.Outcome(1.0 / batches.size(), v));
                }
                String what = "Proposition 1 (without replacement), n=" + n + ", b=" + b;
                ExactMoments.of(n, outcomes).assertMatches(noise.covariance(), 0.0, outcomes.size(), 1.0, what);
                // The printed form (n-b)/(bn(n-1)) (I - 11^T/n), entry by entry.
                double s = (double) (n - b) / ((double) b * n * (n - 1));
                RoundOff.assertClose(s * (1 - 1.0 / n), noise.covariance().diagonal(), 4 * RoundOff.EPS * s, what + " diagonal");
                RoundOff.assertClose(-s / n, noise.covariance().offDiagonal(), 4 * RoundOff.EPS * s, what + " off-diagonal");
            }
        }
    }

    @Test
    void samplingVectorHasExactlyBEntriesOneOverBAndNMinusBZerosAndSumsToOne() {
        Theories.forAll("SGD without replacement: W has b entries 1/b, n-b zeros, sum W = 1", 300,
                Setting.upTo(60), Setting.edgeCases(60), s -> {
                    int n = s.n();
                    int b = s.b();
                    NoiseSampler sampler = new SamplingVector(new SgdWithoutReplacement(n, b)).sampler(s.rng());
                    double[] w = new double[n];
                    for (int draw = 0; draw < 50; draw++) {
                        sampler.sample(w);
                        int nonZero = 0;
                        double sum = 0;
                        for (int i = 0; i < n; i++) {
                            if (w[i] != 0) {
                                nonZero++;
                                // w_i = fl(fl(1/b - 1/n) + 1/n) is within 2u/b of 1/b.
                                RoundOff.assertClose(1.0 / b, w[i], 2 * RoundOff.EPS / b, "draw " + draw + ", w_" + i);
                            }
                            sum += w[i];
                        }
                        assertEquals(b, nonZero, "draw " + draw + ": number of non-zero weights");
                        // b entries within 2u/b of 1/b, summed with error <= (b-1)u: |sum - 1| <= n 2^-52.
                        RoundOff.assertClose(1.0, sum, n * RoundOff.EPS, "draw " + draw + ": sum of W");
                    }
                });
    }

    @Test
    void everyBatchOfBDistinctSamplesIsEquallyLikely() {
        // Chi-square over all C(n, b) batches (Floyd's algorithm must not favour any subset).
        for (int[] nb : CHI_SQUARE_CASES) {
            int n = nb[0];
            int b = nb[1];
            List<int[]> batches = subsets(n, b);
            Map<Integer, Integer> cell = new HashMap<>();
            for (int c = 0; c < batches.size(); c++) {
                int mask = 0;
                for (int i : batches.get(c)) {
                    mask |= 1 << i;
                }
                cell.put(mask, c);
            }
            long[] observed = new long[batches.size()];
            NoiseSampler sampler = new SamplingVector(new SgdWithoutReplacement(n, b)).sampler(Streams.create(Streams.derive(7L, "subsets")));
            double[] w = new double[n];
            int draws = 2000 * batches.size();
            for (int k = 0; k < draws; k++) {
                sampler.sample(w);
                int mask = 0;
                for (int i = 0; i < n; i++) {
                    if (w[i] != 0) {
                        mask |= 1 << i;
                    }
                }
                observed[cell.get(mask)]++;
            }
            double[] expected = new double[batches.size()];
            java.util.Arrays.fill(expected, (double) draws / batches.size());
            double p = new ChiSquareTest().chiSquareTest(expected, observed);
            assertTrue(p >= FalseAlarm.PER_CLAIM, "n=" + n + ", b=" + b + ": chi-square p-value " + p
                    + " < alpha " + FalseAlarm.PER_CLAIM + ", counts " + java.util.Arrays.toString(observed));
        }
    }

    @Test
    void rejectsABatchLargerThanTheTrainingSetNamingBothSizes() {
        Rejections.assertRejects(() -> new SgdWithoutReplacement(1000, 1200), "b=1200", "n=1000");
        Rejections.assertRejects(() -> new SgdWithoutReplacement(10, 0), "b=0");
        Rejections.assertRejects(() -> new SgdWithoutReplacement(1, 1), "n=1");
    }

    /** All b-subsets of {0..n-1}, as sorted index arrays. */
    static List<int[]> subsets(int n, int b) {
        List<int[]> out = new ArrayList<>();
        for (int mask = 0; mask < (1 << n); mask++) {
            if (Integer.bitCount(mask) == b) {
                int[] s = new int[b];
                int k = 0;
                for (int i = 0; i < n; i++) {
                    if ((mask & (1 << i)) != 0) {
                        s[k++] = i;
                    }
                }
                out.add(s);
            }
        }
        return out;
    }
}
