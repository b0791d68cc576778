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

/** Proposition 1, second case: b indices drawn uniformly and independently (with replacement). */
public class SgdWithReplacementTest {

    /** Chi-square goodness-of-fit tests in this class (each at alpha = FalseAlarm.PER_CLAIM). */
    public static final int CHI_SQUARE_TESTS = 1;

    @Test
    void proposition1_covarianceIsExactly1OverBnTimesTheCentringForEverySmallSetup() {
        // Enumerate all n^b ordered index tuples, each of probability n^-b (b > n is allowed too).
        for (int n = 2; n <= 6; n++) {
            for (int b = 1; b <= 4; b++) {
                SgdWithReplacement noise = new SgdWithReplacement(n, b);
                List<ExactMoments.Outcome> outcomes = new ArrayList<>();
                int tuples = (int) Math.round(Math.pow(n, b));
                for (int t = 0; t < tuples; t++) {
                    double[] v = new double[n];
                    java.util.Arrays.fill(v, -1.0 / n);
                    for (int k = 0, rest = t; k < b; k++, rest /= n) {
                        v[rest % n] += 1.0 / b;
                    }
                    outcomes.add(new ExactMoments.Outcome(1.0 / tuples, v));
                }
                String what = "Proposition 1 (with replacement), n=" + n + ", b=" + b;
                ExactMoments.of(n, outcomes).assertMatches(noise.covariance(), 0.0, tuples, 1.0, what);
                double s = 1.0 / ((double) b * n);
                RoundOff.assertClose(s * (1 - 1.0 / n), noise.covariance().diagonal(), 4 * RoundOff.EPS * s, what + " diagonal");
                RoundOff.assertClose(-s / n, noise.covariance().offDiagonal(), 4 * RoundOff.EPS * s, what + " off-diagonal");
            }
        }
    }

    @Test
    void samplingVectorIsNonNegativeInMultiplesOf1OverBAndSumsToOne() {
        Theories.forAll("SGD with replacement: W >= 0, W = counts / b with sum of counts b, sum W = 1", 300,
                Setting.upTo(60), Setting.edgeCases(60), s -> {
                    int n = s.n();
                    int b = s.b();
                    NoiseSampler sampler = new SamplingVector(new SgdWithReplacement(n, b)).sampler(s.rng());
                    double[] w = new double[n];
                    for (int draw = 0; draw < 50; draw++) {
                        sampler.sample(w);
                        long counts = 0;
                        double sum = 0;
                        for (int i = 0; i < n; i++) {
                            assertTrue(w[i] >= 0, "draw " + draw + ": w_" + i + "=" + w[i] + " < 0");
                            long c = Math.round(w[i] * b);
                            // w_i = fl(-1/n + 1/b + ... + 1/b + 1/n) with c additions of 1/b: every partial
                            // sum is at most c/b + 1/n, so the error is at most (c + 2)(c/b + 1/n) 2^-52.
                            RoundOff.assertClose((double) c / b, w[i], (c + 2) * ((double) c / b + 1.0 / n) * RoundOff.EPS,
                                    "draw " + draw + ": w_" + i + " as a multiple of 1/b");
                            counts += c;
                            sum += w[i];
                        }
                        assertEquals(b, counts, "draw " + draw + ": the counts must add up to the batch size");
                        // Sum of the per-entry bounds <= (b + 4) 2^-52 (sum c^2 <= b^2), plus (n-1)u for the sum.
                        RoundOff.assertClose(1.0, sum, (n + b + 5) * RoundOff.EPS, "draw " + draw + ": sum of W");
                    }
                });
    }

    @Test
    void countsFollowTheMultinomialLaw() {
        // n = 3, b = 3: the 10 count vectors (c_0, c_1, c_2) with probabilities 3!/(c_0! c_1! c_2!) / 27.
        int n = 3;
        int b = 3;
        Map<String, Integer> cell = new HashMap<>();
        List<Double> probability = new ArrayList<>();
        for (int c0 = 0; c0 <= b; c0++) {
            for (int c1 = 0; c0 + c1 <= b; c1++) {
                int c2 = b - c0 - c1;
                cell.put(c0 + "," + c1 + "," + c2, probability.size());
                probability.add(6.0 / (fact(c0) * fact(c1) * fact(c2)) / 27.0);
            }
        }
        long[] observed = new long[probability.size()];
        NoiseSampler sampler = new SamplingVector(new SgdWithReplacement(n, b)).sampler(Streams.create(Streams.derive(7L, "multinomial")));
        double[] w = new double[n];
        int draws = 60_000;
        for (int k = 0; k < draws; k++) {
            sampler.sample(w);
            observed[cell.get(Math.round(w[0] * b) + "," + Math.round(w[1] * b) + "," + Math.round(w[2] * b))]++;
        }
        double[] expected = probability.stream().mapToDouble(p -> p * draws).toArray();
        double p = new ChiSquareTest().chiSquareTest(expected, observed);
        assertTrue(p >= FalseAlarm.PER_CLAIM, "chi-square p-value " + p + " < alpha " + FalseAlarm.PER_CLAIM
                + ", counts " + java.util.Arrays.toString(observed));
    }

    @Test
    void allowsBatchesLargerThanNButRejectsEmptyBatchesAndTinyTrainingSets() {
        assertEquals(ExchangeableCovariance.centring(3, 1.0 / 15), new SgdWithReplacement(3, 5).covariance());
        Rejections.assertRejects(() -> new SgdWithReplacement(10, 0), "b=0");
        Rejections.assertRejects(() -> new SgdWithReplacement(10, -3), "b=-3");
        Rejections.assertRejects(() -> new SgdWithReplacement(1, 1), "n=1");
    }

    private static double fact(int k) {
        double f = 1;
        for (int i = 2; i <= k; i++) {
            f *= i;
        }
        return f;
    }
}
