package org.msgdlab.sde.path;

import org.junit.jupiter.api.Test;
import org.msgdlab.theory.noise.BernoulliNoise;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DiffusionTest {

    /** S applied twice is Σ_V: S is the symmetric square root of the sampling covariance. */
    @Test
    void squareRootSquaresToTheSamplingCovariance() {
        int n = 9;
        for (ExchangeableCovariance cov : new ExchangeableCovariance[] {new SgdWithReplacement(n, 3).covariance(),
                new SgdWithoutReplacement(n, 2).covariance(), new BernoulliNoise(n, 4).covariance(),
                CenteredExchangeableNoise.msgdCov(n, 1).covariance(), new ExchangeableCovariance(n, 0.7, 0.05)}) {
            Diffusion d = new Diffusion(cov, true, Double.NaN, "test");
            double[] dense = cov.toDense().data;
            for (int col = 0; col < n; col++) {
                double[] e = new double[n];
                e[col] = 1;
                double[] s1 = new double[n];
                double[] s2 = new double[n];
                d.applySqrt(e, 0, s1);
                d.applySqrt(s1, 0, s2);
                for (int row = 0; row < n; row++) {
                    assertEquals(dense[row * n + col], s2[row], 1e-15, cov.toString());
                }
            }
        }
    }

    @Test
    void theoremDiffusionScalesWithTheSquareRootOfEta() {
        Diffusion d = Diffusion.theorem(50, 5);
        assertEquals(0.1, d.scale(0.01), 1e-15);
        assertEquals(1.0 / (5 * 50), d.samplingCovariance().diagonal(), 1e-18);
        Diffusion fixed = Diffusion.etaIndependent(50, 1, 0.3);
        assertEquals(0.3, fixed.scale(0.01));
        assertEquals(0.3, fixed.scale(0.5));
    }
}
