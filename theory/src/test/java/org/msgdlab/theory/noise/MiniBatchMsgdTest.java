package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.hipparchus.stat.inference.ChiSquareTest;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Algorithm 2 (mini-batch MSGD): a batch S of B distinct samples weighted W_S = 1/B + V_c, W = 0
 * outside S, and the batch sampler {@link BatchIndices} behind it.
 */
public class MiniBatchMsgdTest {

    /** Chi-square goodness-of-fit tests in this class (each at alpha = FalseAlarm.PER_CLAIM). */
    public static final int CHI_SQUARE_TESTS = 1;

    @Test
    void batchIndicesAreBDistinctIndicesOfTheTrainingSet() {
        Theories.forAll("BatchIndices: B distinct indices in [0, n)", 300, Setting.upTo(60), Setting.edgeCases(60), s -> {
            BatchIndices indices = new BatchIndices(s.n(), s.batch(), s.rng());
            int[] out = new int[s.batch()];
            for (int draw = 0; draw < 50; draw++) {
                indices.sample(out);
                assertEquals(s.batch(), java.util.Arrays.stream(out).distinct().count(), "draw " + draw + ": distinct " + java.util.Arrays.toString(out));
                for (int i : out) {
                    assertTrue(i >= 0 && i < s.n(), "draw " + draw + ": index " + i + " outside [0, n)");
                }
            }
        });
    }

    @Test
    void everyBatchOfBDistinctSamplesIsEquallyLikely() {
        int n = 5;
        int batch = 3;
        List<int[]> subsets = SgdWithoutReplacementTest.subsets(n, batch);
        Map<Integer, Integer> cell = new HashMap<>();
        for (int c = 0; c < subsets.size(); c++) {
            int mask = 0;
            for (int i : subsets.get(c)) {
                mask |= 1 << i;
            }
            cell.put(mask, c);
        }
        BatchIndices indices = new BatchIndices(n, batch, Streams.create(Streams.derive(7L, "batch-indices")));
        int[] out = new int[batch];
        long[] observed = new long[subsets.size()];
        int draws = 2000 * subsets.size();
        for (int k = 0; k < draws; k++) {
            indices.sample(out);
            int mask = 0;
            for (int i : out) {
                mask |= 1 << i;
            }
            observed[cell.get(mask)]++;
        }
        double[] expected = new double[subsets.size()];
        java.util.Arrays.fill(expected, (double) draws / subsets.size());
        double p = new ChiSquareTest().chiSquareTest(expected, observed);
        assertTrue(p >= FalseAlarm.PER_CLAIM, "chi-square p-value " + p + " < alpha, counts " + java.util.Arrays.toString(observed));
    }

    @Test
    void algorithm2_samplingVectorHasExactlyBNonZerosAndVanishesOutsideTheBatch() {
        Theories.forAll("Algorithm 2: W has exactly B non-zeros (a.s.), W = 0 outside S", 300, Setting.upTo(60),
                Setting.edgeCases(60), s -> {
                    for (Catalogue.Named named : Catalogue.miniBatch(s)) {
                        MiniBatchMsgd noise = (MiniBatchMsgd) named.noise();
                        NoiseSampler sampler = new SamplingVector(noise).sampler(s.rng());
                        double[] w = new double[s.n()];
                        for (int draw = 0; draw < 50; draw++) {
                            sampler.sample(w);
                            assertEquals(noise.batch(), SparseFisherNoiseTest.countNonZero(w), named + ", draw " + draw + ": non-zeros");
                        }
                    }
                });
    }

    @Test
    void algorithm2_covCompensatedWeightsSumToOne() {
        // [MSGD-Cov]-B: V_c = s (I - 11^T/B) eps sums to 0, so sum W = 1.
        Theories.forAll("[MSGD-Cov]-B: sum of V_c = 0 to round-off", 300, Setting.upTo(60), Setting.edgeCases(60),
                s -> CenteredNoises.assertSumsToZero(((MiniBatchMsgd) Catalogue.miniBatch(s).get(1).noise()).compensatory(), s, 50));
    }

    @Test
    void withoutCompensatoryNoiseItIsSgdWithoutReplacementWithBatchB() {
        // s = 0: W = 1/B on S, so Var[W] must be Proposition 1's (n-B)/(Bn(n-1)) (I - 11^T/n).
        Theories.forAll("Algorithm 2 with s = 0 has the covariance of SGD-B without replacement", 300, Setting.upTo(1000),
                Setting.edgeCases(1000), s -> {
                    ExchangeableCovariance sgd = new SgdWithoutReplacement(s.n(), s.batch()).covariance();
                    double scale = 1.0 / ((double) s.batch() * s.n());
                    for (MiniBatchMsgd mb : List.of(MiniBatchMsgd.fisherCompensated(s.n(), s.batch(), 0.0),
                            MiniBatchMsgd.covCompensated(s.n(), s.batch(), 0.0))) {
                        // Var[W] entries are differences of second moments <= 1/(Bn): error <= 8u/(Bn).
                        RoundOff.assertClose(sgd.diagonal(), mb.covariance().diagonal(), 8 * RoundOff.EPS * scale, mb.paperName() + " diagonal");
                        RoundOff.assertClose(sgd.offDiagonal(), mb.covariance().offDiagonal(), 8 * RoundOff.EPS * scale, mb.paperName() + " off-diagonal");
                    }
                });
    }

    @Test
    void theMatchingMagnitudeGivesEachFisherCompensatedWeightTheVarianceOfSgdWithBatchB() {
        Theories.forAll("s^2 = (n-1+b)/(bnB) - 1/B^2 makes Var[W_i] = (n-1)/(bn^2) for [MSGD-Fisher]-B", 300,
                Setting.upTo(1000), Setting.edgeCases(1000), s -> {
                    double target = new SgdWithReplacement(s.n(), s.b()).covariance().diagonal();
                    double magnitude = MiniBatchMsgd.fisherMagnitudeMatchingSgd(s.n(), s.b(), s.large());
                    // Var[W_i] = (B/n)(1/B^2 + d_c) - 1/n^2: every term is <= (n-1+b)/(bn^2) + 1/n^2 <= 3/(bn),
                    // and a dozen roundings touch it.
                    double tol = 16 * RoundOff.EPS * 3.0 / ((double) s.b() * s.n());
                    MiniBatchMsgd fisher = MiniBatchMsgd.fisherCompensated(s.n(), s.large(), magnitude);
                    RoundOff.assertClose(target, fisher.covariance().diagonal(), tol, fisher.paperName() + ": Var[W_i]");
                    // The centred compensatory noise of [MSGD-Cov]-B has d_c = s^2 (1 - 1/B): Var[W_i] is s^2/n lower.
                    MiniBatchMsgd cov = MiniBatchMsgd.covCompensated(s.n(), s.large(), magnitude);
                    RoundOff.assertClose(target - magnitude * magnitude / s.n(), cov.covariance().diagonal(), tol,
                            cov.paperName() + ": Var[W_i]");
                });
        Rejections.assertRejects(() -> MiniBatchMsgd.fisherMagnitudeMatchingSgd(100, 50, 1), "B=1");
    }

    @Test
    void rejectsBadSizesNamingThem() {
        Rejections.assertRejects(() -> new BatchIndices(1000, 1200, Streams.create(1)), "B=1200", "n=1000");
        Rejections.assertRejects(() -> new BatchIndices(10, 0, Streams.create(1)), "B=0");
        Rejections.assertRejects(() -> new BatchIndices(1, 1, Streams.create(1)), "n=1");
        Rejections.assertRejects(() -> MiniBatchMsgd.fisherCompensated(1000, 1200, 0.1), "B=1200", "n=1000");
        Rejections.assertRejects(() -> MiniBatchMsgd.covCompensated(1, 1, 0.1), "n=1");
        Rejections.assertRejects(() -> MiniBatchMsgd.fisherCompensated(100, 10, -0.5), "s=-0.5");
        Rejections.assertRejects(() -> MiniBatchMsgd.fisherCompensated(100, 10, Double.NaN), "s=NaN");
        Rejections.assertRejects(() -> new MiniBatchMsgd(100, 10, new FisherNoise(9, 1), "wrong"), "B=10");
    }
}
