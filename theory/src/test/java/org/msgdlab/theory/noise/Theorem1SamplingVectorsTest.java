package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Theorem 1 (Eq. (online-msgd)) and its proof: Var[W] = (B-b)/(bB(B-1)) (I - 11^T/B), hence
 * E[w_i^2] = 1/(bB) and E[w_i w_j] = (b-1)/(bB(B-1)), shared by three noise classes.
 */
class Theorem1SamplingVectorsTest {

    @Test
    void theorem1_secondMomentsFollowFromTheCovariance() {
        Theories.forAll("E[w_i^2] = Var_ii + 1/B^2 = 1/(bB), E[w_i w_j] = Var_ij + 1/B^2 = (b-1)/(bB(B-1))", 500,
                Setting.upTo(1000), Setting.edgeCases(1000), s -> {
                    int b = s.b();
                    int bb = s.large();
                    ExchangeableCovariance c = Theorem1SamplingVectors.covariance(b, bb);
                    double mean2 = 1.0 / ((double) bb * bb);
                    double second = Theorem1SamplingVectors.secondMoment(b, bb);
                    double cross = Theorem1SamplingVectors.crossMoment(b, bb);
                    RoundOff.assertClose(1.0 / ((double) b * bb), second, 2 * RoundOff.EPS * second, "1/(bB)");
                    RoundOff.assertClose((b - 1.0) / ((double) b * bb * (bb - 1)), cross, 4 * RoundOff.EPS * Math.abs(cross), "(b-1)/(bB(B-1))");
                    // Var entries come from a handful of roundings of quantities <= 1/(bB) + 1/B^2 <= 2/(bB).
                    double tol = 16 * RoundOff.EPS * second;
                    RoundOff.assertClose(second, c.diagonal() + mean2, tol, "diagonal");
                    RoundOff.assertClose(cross, c.offDiagonal() + mean2, tol, "off-diagonal");
                });
    }

    @Test
    void theorem1_theThreeClassesShareTheCovarianceAndSubsamplingIsProposition1WithNEqualB() {
        Theories.forAll("subsampling / Gaussian / Rademacher classes: Var[W] = Theorem 1's", 300, Setting.upTo(1000),
                Setting.edgeCases(1000), s -> {
                    ExchangeableCovariance expected = Theorem1SamplingVectors.covariance(s.b(), s.large());
                    for (Catalogue.Named named : Catalogue.theorem1(s)) {
                        assertEquals(s.large(), named.noise().dimension(), named + ": dimension B");
                        ExchangeableCovariance c = named.noise().covariance();
                        double scale = Math.abs(expected.diagonal()) + 1.0 / ((double) s.b() * s.large());
                        RoundOff.assertClose(expected.diagonal(), c.diagonal(), 4 * RoundOff.EPS * scale, named + ": diagonal");
                        RoundOff.assertClose(expected.offDiagonal(), c.offDiagonal(), 4 * RoundOff.EPS * scale, named + ": off-diagonal");
                    }
                    assertEquals(new SgdWithoutReplacement(s.large(), s.b()), Theorem1SamplingVectors.subsampling(s.b(), s.large()));
                });
    }

    @Test
    void theorem1_subsamplingWeightsSumToOne() {
        Theories.forAll("subsampling class: W has b entries 1/b among B, sum W = 1", 300, Setting.upTo(60),
                Setting.edgeCases(60), s -> {
                    int bb = s.large();
                    NoiseSampler sampler = new SamplingVector(Theorem1SamplingVectors.subsampling(s.b(), bb)).sampler(s.rng());
                    double[] w = new double[bb];
                    for (int draw = 0; draw < 50; draw++) {
                        sampler.sample(w);
                        double sum = 0;
                        for (double x : w) {
                            sum += x;
                        }
                        assertEquals(s.b(), SparseFisherNoiseTest.countNonZero(w), "draw " + draw + ": non-zeros");
                        RoundOff.assertClose(1.0, sum, bb * RoundOff.EPS, "draw " + draw + ": sum of W");
                    }
                });
    }

    @Test
    void theorem1_gaussianAndRademacherNoisesSumToZero() {
        Theories.forAll("Theorem 1 Gaussian / Rademacher classes: sum V = 0 to round-off", 300, Setting.upTo(60),
                Setting.edgeCases(60), s -> {
                    CenteredNoises.assertSumsToZero(Theorem1SamplingVectors.gaussian(s.b(), s.large()), s, 50);
                    CenteredNoises.assertSumsToZero(Theorem1SamplingVectors.rademacher(s.b(), s.large()), s, 50);
                });
    }

    @Test
    void theorem1_theRademacherClassIsBounded() {
        // V = sqrt(a)(xi - mean(xi)) with xi = +-1, so |V_i| <= sqrt(a)(2 - 2/B): a bounded, non-Gaussian class.
        Theories.forAll("Rademacher class: |V_i| <= 2 sqrt(a)", 300, Setting.upTo(60), Setting.edgeCases(60), s -> {
            SamplingNoise noise = Theorem1SamplingVectors.rademacher(s.b(), s.large());
            double bound = 2 * Math.sqrt(noise.covariance().identityCoefficient()) * (1 + (s.large() + 4) * RoundOff.EPS);
            NoiseSampler sampler = noise.sampler(s.rng());
            double[] v = new double[s.large()];
            for (int draw = 0; draw < 50; draw++) {
                sampler.sample(v);
                for (double x : v) {
                    assertTrue(Math.abs(x) <= bound, "draw " + draw + ": |V_i| = " + Math.abs(x) + " > " + bound);
                }
            }
        });
    }

    @Test
    void rejectsBadBatchesNamingThem() {
        Rejections.assertRejects(() -> Theorem1SamplingVectors.covariance(10, 5), "B=5", "b=10");
        Rejections.assertRejects(() -> Theorem1SamplingVectors.gaussian(10, 5), "B=5", "b=10");
        Rejections.assertRejects(() -> Theorem1SamplingVectors.rademacher(0, 5), "b=0");
        Rejections.assertRejects(() -> Theorem1SamplingVectors.subsampling(1, 1), "B=1");
        Rejections.assertRejects(() -> Theorem1SamplingVectors.secondMoment(3, 2), "B=2", "b=3");
        Rejections.assertRejects(() -> Theorem1SamplingVectors.crossMoment(-1, 2), "b=-1");
    }
}
