package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Section 4.4, MSGD-[Fisher-B]: V_F' = sqrt(B/b) V_sgd(B) (.) eps as printed, or sqrt(B/b) W_sgd(B) (.) eps
 * (the Gaussian noise with the Fisher of a mini-batch of B, as the prose describes).
 */
class SparseFisherNoiseTest {

    @Test
    void miniBatchFisherHasAtMostBNonZerosAndExactlyBWhenTheBatchIsDrawnWithoutReplacement() {
        Theories.forAll("MSGD-[Fisher-B] (mini-batch Fisher): at most B non-zeros", 300, Setting.upTo(60),
                Setting.edgeCases(60), s -> {
                    for (boolean withReplacement : new boolean[] {false, true}) {
                        SparseFisherNoise noise = new SparseFisherNoise(s.n(), s.b(), s.batch(),
                                SparseFisherNoise.Form.MINI_BATCH_FISHER, withReplacement);
                        NoiseSampler sampler = noise.sampler(s.rng());
                        double[] v = new double[s.n()];
                        for (int draw = 0; draw < 50; draw++) {
                            sampler.sample(v);
                            int nonZero = countNonZero(v);
                            assertTrue(nonZero <= s.batch(), noise.formula() + ", draw " + draw + ": " + nonZero + " non-zeros > B");
                            if (!withReplacement) {
                                // B distinct samples, each weighted by a Gaussian: exactly B non-zeros a.s.
                                assertEquals(s.batch(), nonZero, noise.formula() + ", draw " + draw + ": non-zeros");
                            }
                        }
                    }
                });
    }

    @Test
    void asPrintedWithABatchDrawnWithReplacementHasNoZeroEntryUnlessNDividesB() {
        Theories.forAll("MSGD-[Fisher-B] as printed (batch with replacement, B < n): no zero entry", 300,
                Setting.upTo(60), Setting.edgeCases(60), s -> {
                    if (s.batch() % s.n() == 0) {
                        return; // B = n: covered below, V_sgd(B)_i = c_i/B - 1/n vanishes when c_i = B/n.
                    }
                    SparseFisherNoise noise = new SparseFisherNoise(s.n(), s.b(), s.batch(), SparseFisherNoise.Form.AS_PRINTED, true);
                    NoiseSampler sampler = noise.sampler(s.rng());
                    double[] v = new double[s.n()];
                    for (int draw = 0; draw < 50; draw++) {
                        sampler.sample(v);
                        assertEquals(s.n(), countNonZero(v), "draw " + draw + ": the printed noise is dense");
                    }
                });
        // When n divides B the printed formula itself has zeros with positive probability: n = B = 2,
        // c_0 = 1 with probability 1/2 per draw (no zero in 200 draws: probability 2^-200).
        NoiseSampler sampler = new SparseFisherNoise(2, 1, 2, SparseFisherNoise.Form.AS_PRINTED, true)
                .sampler(Streams.create(Streams.derive(11L, "n-divides-B")));
        double[] v = new double[2];
        int withZeros = 0;
        for (int draw = 0; draw < 200; draw++) {
            sampler.sample(v);
            withZeros += countNonZero(v) < 2 ? 1 : 0;
        }
        assertTrue(withZeros > 0, "n = B = 2: V_sgd(B) vanishes whenever each sample is drawn once");
    }

    @Test
    void asPrintedWithABatchDrawnWithoutReplacementIsDenseForBLessThanNAndZeroForBEqualN() {
        Theories.forAll("MSGD-[Fisher-B] as printed (batch without replacement)", 200, Setting.upTo(60),
                Setting.edgeCases(60), s -> {
                    SparseFisherNoise noise = new SparseFisherNoise(s.n(), s.b(), s.batch(), SparseFisherNoise.Form.AS_PRINTED, false);
                    NoiseSampler sampler = noise.sampler(s.rng());
                    double[] v = new double[s.n()];
                    for (int draw = 0; draw < 50; draw++) {
                        sampler.sample(v);
                        assertEquals(s.batch() == s.n() ? 0 : s.n(), countNonZero(v), "draw " + draw + ": non-zeros");
                    }
                });
    }

    @Test
    void section44_theCovarianceIsDiagonalSoOnlyItsDiagonalCanMatchVarVsgd() {
        Theories.forAll("Var[V_F'] = (B/b) E[X_i^2] I", 300, Setting.upTo(1000), Setting.edgeCases(1000), s -> {
            int n = s.n();
            int b = s.b();
            int bb = s.batch();
            double nn = (double) n * n;
            ExchangeableCovariance sgd = new SgdWithReplacement(n, b).covariance();
            // As printed, batch with replacement: (B/b)(n-1)/(Bn^2) = (n-1)/(bn^2), the SGD diagonal.
            assertDiagonal(sgd.diagonal(), new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.AS_PRINTED, true), "as printed, with replacement");
            // As printed, batch without replacement: (B/b)(n-B)/(Bn^2) = (n-B)/(bn^2).
            assertDiagonal((n - bb) / (b * nn), new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.AS_PRINTED, false), "as printed, without replacement");
            // Mini-batch Fisher, without replacement: (B/b)(1/(Bn)) = 1/(bn), the MSGD-Fisher covariance.
            assertDiagonal(new FisherNoise(n, b).covariance().diagonal(),
                    new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.MINI_BATCH_FISHER, false), "mini-batch Fisher, without replacement");
            // Mini-batch Fisher, with replacement: (B/b)((n-1)/(Bn^2) + 1/n^2) = (n-1+B)/(bn^2).
            assertDiagonal((n - 1.0 + bb) / (b * nn),
                    new SparseFisherNoise(n, b, bb, SparseFisherNoise.Form.MINI_BATCH_FISHER, true), "mini-batch Fisher, with replacement");
        });
    }

    @Test
    void rejectsBadSizesNamingThem() {
        Rejections.assertRejects(() -> new SparseFisherNoise(1000, 50, 1200, SparseFisherNoise.Form.MINI_BATCH_FISHER, false), "B=1200", "n=1000");
        Rejections.assertRejects(() -> new SparseFisherNoise(1000, 50, 0, SparseFisherNoise.Form.AS_PRINTED, true), "B=0");
        Rejections.assertRejects(() -> new SparseFisherNoise(1000, 1200, 10, SparseFisherNoise.Form.AS_PRINTED, true), "b=1200", "n=1000");
        Rejections.assertRejects(() -> new SparseFisherNoise(1, 1, 1, SparseFisherNoise.Form.AS_PRINTED, true), "n=1");
        // With replacement a batch larger than n is a valid draw.
        assertEquals(10, new SparseFisherNoise(4, 2, 10, SparseFisherNoise.Form.AS_PRINTED, true).batch());
    }

    private static void assertDiagonal(double expected, SparseFisherNoise noise, String what) {
        ExchangeableCovariance c = noise.covariance();
        assertEquals(0.0, c.offDiagonal(), what + ": off-diagonal (eps is independent of the batch and centred)");
        RoundOff.assertClose(expected, c.diagonal(), 8 * RoundOff.EPS * Math.abs(expected) + 4 * RoundOff.EPS * c.diagonal(), what + ": diagonal");
    }

    static int countNonZero(double[] v) {
        int k = 0;
        for (double x : v) {
            k += x != 0 ? 1 : 0;
        }
        return k;
    }
}
