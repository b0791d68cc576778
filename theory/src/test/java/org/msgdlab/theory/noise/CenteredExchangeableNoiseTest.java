package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Section 4.1 (MSGD-Cov): V_G = (bn)^(-1/2) (I - 11^T/n) eps ~ N(0, Var[V_sgd]), and Section 4.2:
 * V_C = V_F - (bn)^(-1/2) (1^T eps / n) 1.
 */
class CenteredExchangeableNoiseTest {

    static final String CENTRING_BUG = "KNOWN MAIN-CODE BUG (see the test report): CenteredExchangeableNoise.sampler takes "
            + "gamma = (sqrt(max(0, eigenvalueAlongOnes())) - sqrt(a)) / n; for a centring target the eigenvalue along 1 is "
            + "0 only up to round-off and is often computed as a tiny positive number (e.g. 2.8e-17 for msgdCov(3, 1)), whose "
            + "square root leaves a component ~1e-8 relative along 1: |sum V| ~ 3e-8 instead of <= 1e-15. Re-enable once fixed.";

    @Test
    void section41_msgdCovHasExactlyTheSgdCovariance() {
        Theories.forAll("MSGD-Cov: Var[V_G] = Var[V'_sgd] (and the without-replacement variant: Var[V_sgd])", 200,
                Setting.upTo(1000), Setting.edgeCases(1000), s -> {
                    assertEquals(new SgdWithReplacement(s.n(), s.b()).covariance(),
                            CenteredExchangeableNoise.msgdCov(s.n(), s.b()).covariance());
                    assertEquals(new SgdWithoutReplacement(s.n(), s.b()).covariance(),
                            CenteredExchangeableNoise.msgdCovWithoutReplacement(s.n(), s.b()).covariance());
                });
    }

    @Test
    void section41_msgdCovNoiseSumsToZero() {
        Theories.forAll("MSGD-Cov (both covariances, Gaussian and Rademacher drivers): sum V = 0 to round-off", 200,
                Setting.upTo(60), Setting.edgeCases(60), s -> {
                    for (Catalogue.Named named : Catalogue.gaussianClass(s)) {
                        if (!named.name().equals("msgd-fisher")) {
                            CenteredNoises.assertSumsToZero(named.noise(), s, 50);
                        }
                    }
                });
    }

    @Test
    void section42_msgdCovIsTheCentredFisherNoiseDrivenByTheSameEps() {
        // V_F = (bn)^(-1/2) eps and V_C = (bn)^(-1/2)(I - 11^T/n) eps with the same eps (same stream):
        // V_C = V_F - mean(V_F) 1. GradientNoiseClaims.fisherVersusCov* rely on this coupling.
        Theories.forAll("V_C = V_F - (1^T V_F / n) 1 when driven by the same eps", 200, Setting.upTo(60),
                Setting.edgeCases(60), s -> {
                    int n = s.n();
                    NoiseSampler cov = CenteredExchangeableNoise.msgdCov(n, s.b()).sampler(s.rng());
                    NoiseSampler fisher = new FisherNoise(n, s.b()).sampler(s.rng());
                    double[] vc = new double[n];
                    double[] vf = new double[n];
                    for (int draw = 0; draw < 50; draw++) {
                        cov.sample(vc);
                        fisher.sample(vf);
                        double mean = 0;
                        double abs = 0;
                        for (int i = 0; i < n; i++) {
                            mean += vf[i] / n;
                            abs += Math.abs(vf[i]);
                        }
                        // Entry i: sqrt(a) x_i + gamma S against x_i/sqrt(bn) - mean: a few roundings of terms
                        // bounded by |V_F,i| + |mean|, plus the two n-term sums: <= (n + 4) 2^-52 (sum|V_F| + |V_F,i|).
                        for (int i = 0; i < n; i++) {
                            double tol = (n + 4) * RoundOff.EPS * (abs + Math.abs(vf[i]));
                            RoundOff.assertClose(vf[i] - mean, vc[i], tol, "draw " + draw + ", entry " + i);
                        }
                    }
                });
    }

    @Test
    void rejectsATargetThatIsNotPositiveSemidefinite() {
        Rejections.assertRejects(() -> CenteredExchangeableNoise.of(new ExchangeableCovariance(4, 1.0, 2.0), StandardizedDriver.GAUSSIAN),
                "eigenvalue");
        // Eigenvalue along 1: 1 + 3 * (-0.5) = -0.5 < 0.
        Rejections.assertRejects(() -> CenteredExchangeableNoise.of(new ExchangeableCovariance(4, 1.0, -0.5), StandardizedDriver.GAUSSIAN),
                "-0.5");
        Rejections.assertRejects(() -> CenteredExchangeableNoise.msgdCov(1000, 1200), "b=1200", "n=1000");
        Rejections.assertRejects(() -> CenteredExchangeableNoise.msgdCov(1, 1), "n=1");
        Rejections.assertRejects(() -> CenteredExchangeableNoise.msgdCovWithoutReplacement(5, 6), "b=6", "n=5");
    }
}
