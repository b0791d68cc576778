package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.integers;

/** Properties every sampling noise of the paper shares (Section 2.2: E[V] = 0, Var[V] a covariance). */
class SamplingNoisePropertiesTest {

    /** Noises whose sampling vector sums to 1 (sum V = 0): their covariance vanishes along 1. */
    private static final Set<String> SUM_PRESERVING = Set.of("sgd.without-replacement", "sgd.with-replacement", "msgd-cov",
            "msgd-cov.without-replacement", "rademacher.sgd-covariance", "sparse-cov", "sparse-cov.exact", "minibatch-msgd.cov",
            "thm1.subsampling", "thm1.gaussian", "thm1.rademacher");

    @Test
    void everyCovarianceIsPositiveSemidefiniteAndVanishesAlongOnesExactlyForSumPreservingNoises() {
        Theories.forAll("Var[V] is PSD; its eigenvalue along 1 is 0 iff sum V = 0", 500, Setting.upTo(1000),
                Setting.edgeCases(1000), s -> {
                    for (Catalogue.Named named : Catalogue.all(s)) {
                        ExchangeableCovariance c = named.noise().covariance();
                        int n = c.n();
                        // The entries are differences of second moments of W = 1/n + V, all of size at most
                        // M = |diag| + |off| + 1/n^2, each after a dozen roundings; an eigenvalue adds up n of
                        // them: error <= 8 n 2^-52 M.
                        double tol = 8 * n * RoundOff.EPS * (Math.abs(c.diagonal()) + Math.abs(c.offDiagonal()) + 1.0 / ((double) n * n));
                        double off1 = c.eigenvalueOrthogonalToOnes();
                        double along1 = c.eigenvalueAlongOnes();
                        assertTrue(off1 >= -tol, named + ": eigenvalue on the sum-zero subspace " + off1 + " < -" + tol);
                        assertTrue(along1 >= -tol, named + ": eigenvalue along 1 " + along1 + " < -" + tol);
                        if (SUM_PRESERVING.contains(named.name())) {
                            RoundOff.assertClose(0.0, along1, tol, named + ": eigenvalue along 1 of a noise with sum V = 0");
                        }
                    }
                });
    }

    @Test
    void everyNoiseHasMeanZeroAndTheDimensionOfItsSamples() {
        Theories.forAll("E[V] = 0 and dim V = n (B for Theorem 1)", 200, Setting.upTo(60), Setting.edgeCases(60), s -> {
            for (Catalogue.Named named : Catalogue.all(s)) {
                assertEquals(0.0, named.noise().mean(), named + ": mean");
                int expected = named.name().startsWith("thm1.") ? s.large() : s.n();
                assertEquals(expected, named.noise().dimension(), named + ": dimension");
                assertEquals(expected, named.noise().covariance().n(), named + ": covariance dimension");
                assertFalse(named.noise().paperName().isBlank(), named + ": paper name");
                assertFalse(named.noise().formula().isBlank(), named + ": formula");
            }
        });
    }

    @Test
    void theSameSeedGivesTheSameDrawsAndEveryDrawIsFinite() {
        // DESIGN.md: "Re-running with the same seed gives the same numbers."
        Theories.forAll("same stream seed => same draws", 100, Setting.upTo(60), Setting.edgeCases(60), s -> {
            for (Catalogue.Named named : Catalogue.all(s)) {
                int n = named.noise().dimension();
                NoiseSampler first = named.noise().sampler(s.rng());
                NoiseSampler second = named.noise().sampler(s.rng());
                double[] x = new double[n];
                double[] y = new double[n];
                for (int draw = 0; draw < 10; draw++) {
                    first.sample(x);
                    second.sample(y);
                    assertArrayEquals(x, y, named + ", draw " + draw);
                    for (double v : x) {
                        assertTrue(Double.isFinite(v), named + ", draw " + draw + ": non-finite entry " + v);
                    }
                }
            }
        });
    }

    /** An invalid (n, b) pair and which rule it breaks. */
    record BadSizes(int n, int b) {
        @Override
        public String toString() {
            return "BadSizes[n=" + n + ", b=" + b + "]";
        }
    }

    @Test
    void aBatchLargerThanTheTrainingSetIsRejectedNamingBothSizes() {
        Gen<BadSizes> tooLarge = integers().between(2, 5000).flatMap(n ->
                integers().between(n + 1, 3 * n).map(b -> new BadSizes(n, b)));
        Theories.forAll("b > n is rejected with a message naming b and n", 300, tooLarge,
                List.of(new BadSizes(1000, 1200), new BadSizes(2, 3)), s -> {
                    String b = "b=" + s.b();
                    String n = "n=" + s.n();
                    Rejections.assertRejects(() -> new SgdWithoutReplacement(s.n(), s.b()), b, n);
                    Rejections.assertRejects(() -> new BernoulliNoise(s.n(), s.b()), b, n);
                    Rejections.assertRejects(() -> new FisherNoise(s.n(), s.b()), b, n);
                    Rejections.assertRejects(() -> CenteredExchangeableNoise.msgdCov(s.n(), s.b()), b, n);
                    Rejections.assertRejects(() -> new SparseFisherNoise(s.n(), s.b(), 1, SparseFisherNoise.Form.AS_PRINTED, true), b, n);
                    Rejections.assertRejects(() -> new SparseCovNoise(s.n(), s.b(), 1), b, n);
                    String bigB = "B=" + s.b();
                    Rejections.assertRejects(() -> new SparseCovNoise(s.n(), 1, s.b()), bigB, n);
                    Rejections.assertRejects(() -> new SparseFisherNoise(s.n(), 1, s.b(), SparseFisherNoise.Form.MINI_BATCH_FISHER, false), bigB, n);
                    Rejections.assertRejects(() -> MiniBatchMsgd.fisherCompensated(s.n(), s.b(), 0.1), bigB, n);
                    Rejections.assertRejects(() -> MiniBatchMsgd.fisherMagnitudeMatchingSgd(s.n(), 1, s.b()), bigB, n);
                });
    }

    @Test
    void aNonPositiveBatchOrATrainingSetOfFewerThanTwoSamplesIsRejectedNamingTheValue() {
        Gen<BadSizes> bad = integers().between(-5, 1).flatMap(n -> integers().between(-5, 0).map(b -> new BadSizes(n, b)));
        Theories.forAll("n < 2 is rejected naming n; b <= 0 naming b", 200, bad, List.of(new BadSizes(1, 0), new BadSizes(0, -1)), s -> {
            String n = "n=" + s.n();
            String b = "b=" + s.b();
            Rejections.assertRejects(() -> new SgdWithoutReplacement(s.n(), 1), n);
            Rejections.assertRejects(() -> new SgdWithReplacement(s.n(), 1), n);
            Rejections.assertRejects(() -> new BernoulliNoise(s.n(), 1), n);
            Rejections.assertRejects(() -> new FisherNoise(s.n(), 1), n);
            Rejections.assertRejects(() -> new SparseCovNoise(s.n(), 1, 1), n);
            Rejections.assertRejects(() -> new SgdWithoutReplacement(10, s.b()), b);
            Rejections.assertRejects(() -> new SgdWithReplacement(10, s.b()), b);
            Rejections.assertRejects(() -> new BernoulliNoise(10, s.b()), b);
            Rejections.assertRejects(() -> new FisherNoise(10, s.b()), b);
            Rejections.assertRejects(() -> CenteredExchangeableNoise.msgdCov(10, s.b()), b);
            Rejections.assertRejects(() -> Theorem1SamplingVectors.covariance(s.b(), 10), b);
        });
    }
}
