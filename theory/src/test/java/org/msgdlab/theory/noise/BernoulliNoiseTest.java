package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Section 4.3: the Bernoulli sampling noise, each sample kept independently with probability b/n
 * and weighted 1/b: E[V_B] = 0 and Var[V_B] = (n-b)/(bn^2) I = diag(Var[V_sgd]).
 */
class BernoulliNoiseTest {

    @Test
    void section43_meanIsZeroAndCovarianceIsExactly_nMinusB_over_bn2_I() {
        // Enumerate all 2^n keep/drop patterns with their probabilities (b/n)^k ((n-b)/n)^(n-k).
        for (int n = 2; n <= 10; n++) {
            for (int b = 1; b <= n; b++) {
                double p = (double) b / n;
                List<ExactMoments.Outcome> outcomes = new ArrayList<>();
                for (int mask = 0; mask < (1 << n); mask++) {
                    int k = Integer.bitCount(mask);
                    double prob = Math.pow(p, k) * Math.pow(1 - p, n - k);
                    double[] v = new double[n];
                    for (int i = 0; i < n; i++) {
                        v[i] = ((mask >> i) & 1) == 1 ? 1.0 / b - 1.0 / n : -1.0 / n;
                    }
                    outcomes.add(new ExactMoments.Outcome(prob, v));
                }
                BernoulliNoise noise = new BernoulliNoise(n, b);
                String what = "Bernoulli noise, n=" + n + ", b=" + b;
                ExactMoments.of(n, outcomes).assertMatches(noise.covariance(), 0.0, outcomes.size(), 1.0, what);
                double printed = (double) (n - b) / ((double) b * n * n);
                RoundOff.assertClose(printed, noise.covariance().diagonal(), 4 * RoundOff.EPS * printed, what + ": (n-b)/(bn^2)");
                assertEquals(0.0, noise.covariance().offDiagonal(), what + ": independent components");
            }
        }
    }

    @Test
    void section43_isTheDiagonalOfTheWithoutReplacementCovarianceAndOffByTheFactor_nMinusB_over_nMinus1_WithReplacement() {
        Theories.forAll("Var[V_B] = diag Var[V_sgd] = (n-b)/(n-1) diag Var[V'_sgd]", 500, Setting.upTo(2000),
                Setting.edgeCases(2000), s -> {
                    int n = s.n();
                    int b = s.b();
                    double bernoulli = new BernoulliNoise(n, b).covariance().diagonal();
                    double without = new SgdWithoutReplacement(n, b).covariance().diagonal();
                    double with = new SgdWithReplacement(n, b).covariance().diagonal();
                    // Each side is a product/quotient of a few exact integers: relative error <= 8u.
                    RoundOff.assertClose(without, bernoulli, 8 * RoundOff.EPS * without, "diag of the without-replacement covariance");
                    double factor = (double) (n - b) / (n - 1);
                    RoundOff.assertClose(factor * with, bernoulli, 8 * RoundOff.EPS * with, "(n-b)/(n-1) times the with-replacement diagonal");
                });
    }

    @Test
    void samplingVectorIsNonNegativeWithEntriesZeroOrOneOverB() {
        Theories.forAll("Bernoulli: W >= 0 with entries in {0, 1/b}", 300, Setting.upTo(60), Setting.edgeCases(60), s -> {
            int n = s.n();
            int b = s.b();
            NoiseSampler sampler = new SamplingVector(new BernoulliNoise(n, b)).sampler(s.rng());
            double[] w = new double[n];
            for (int draw = 0; draw < 50; draw++) {
                sampler.sample(w);
                for (int i = 0; i < n; i++) {
                    assertTrue(w[i] >= 0, "draw " + draw + ": w_" + i + "=" + w[i] + " < 0");
                    if (w[i] != 0) {
                        RoundOff.assertClose(1.0 / b, w[i], 2 * RoundOff.EPS / b, "draw " + draw + ": kept weight w_" + i);
                    }
                }
            }
        });
    }

    @Test
    void rejectsBadSizesNamingThem() {
        Rejections.assertRejects(() -> new BernoulliNoise(1000, 1200), "b=1200", "n=1000");
        Rejections.assertRejects(() -> new BernoulliNoise(10, 0), "b=0");
        Rejections.assertRejects(() -> new BernoulliNoise(0, 1), "n=0");
    }
}
