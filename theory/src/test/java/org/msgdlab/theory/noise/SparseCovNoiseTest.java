package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * MSGD-[Cov-B] (the SGD-covariance counterpart of Section 4.4's [Fisher-B]):
 * V_i = (bB)^(-1/2)(eps_i - mean_S eps) on a batch S of B, 0 elsewhere.
 */
class SparseCovNoiseTest {

    @Test
    void hasAtMostBNonZerosAndSumsToZero() {
        Theories.forAll("MSGD-[Cov-B]: at most B non-zeros (exactly B a.s. for B >= 2), sum V = 0", 300,
                Setting.upTo(60), Setting.edgeCases(60), s -> {
                    int n = s.n();
                    int bb = s.batch();
                    NoiseSampler sampler = new SparseCovNoise(n, s.b(), bb).sampler(s.rng());
                    double[] v = new double[n];
                    double scale = 1.0 / Math.sqrt((double) s.b() * bb);
                    for (int draw = 0; draw < 50; draw++) {
                        sampler.sample(v);
                        assertEquals(bb == 1 ? 0 : bb, SparseFisherNoiseTest.countNonZero(v), "draw " + draw + ": non-zeros");
                        double sum = 0;
                        double abs = 0;
                        for (double x : v) {
                            sum += x;
                            abs += Math.abs(x);
                        }
                        // sum_S scale (eps_k - m): error <= (B + 1) 2^-52 (sum|V| + scale |sum eps|), and
                        // |sum eps| <= 10 sqrt(B) except with probability < 2e-22.
                        double tol = (bb + 2) * RoundOff.EPS * (abs + scale * RoundOff.DRIVER_SUM_BOUND * Math.sqrt(bb));
                        RoundOff.assertClose(0.0, sum, tol, "draw " + draw + ": sum of V");
                    }
                });
    }

    @Test
    void covarianceIs_nBMinus1_over_nMinus1B_timesTheWithReplacementSgdCovariance() {
        Theories.forAll("Var[V_C'] = n(B-1)/((n-1)B) Var[V'_sgd(b)]: (B-1)/(bBn) on, -(B-1)/(bBn(n-1)) off the diagonal",
                300, Setting.upTo(1000), Setting.edgeCases(1000), s -> {
                    int n = s.n();
                    int b = s.b();
                    int bb = s.batch();
                    SparseCovNoise noise = new SparseCovNoise(n, b, bb);
                    ExchangeableCovariance c = noise.covariance();
                    double diag = (bb - 1.0) / ((double) b * bb * n);
                    double off = -(bb - 1.0) / ((double) b * bb * n * (n - 1));
                    RoundOff.assertClose(diag, c.diagonal(), 12 * RoundOff.EPS * diag, "diagonal");
                    RoundOff.assertClose(off, c.offDiagonal(), 12 * RoundOff.EPS * Math.abs(off), "off-diagonal");
                    RoundOff.assertClose((double) n * (bb - 1) / ((n - 1.0) * bb), noise.factorToSgdCovariance(), 4 * RoundOff.EPS, "factor");
                });
        // The factor is exactly 1 at B = n: then the noise has the SGD covariance.
        assertEquals(1.0, new SparseCovNoise(1000, 50, 1000).factorToSgdCovariance());
    }

    @Test
    void rejectsBadSizesNamingThem() {
        Rejections.assertRejects(() -> new SparseCovNoise(1000, 50, 1200), "B=1200", "n=1000");
        Rejections.assertRejects(() -> new SparseCovNoise(1000, 50, 0), "B=0");
        Rejections.assertRejects(() -> new SparseCovNoise(1000, 1200, 10), "b=1200", "n=1000");
        Rejections.assertRejects(() -> new SparseCovNoise(1, 1, 1), "n=1");
    }
}
