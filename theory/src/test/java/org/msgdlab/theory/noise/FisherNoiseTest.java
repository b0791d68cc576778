package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.msgdlab.theory.gradient.GradientMatrices;
import org.msgdlab.theory.gradient.GradientNoise;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Section 4.2: MSGD-Fisher, V_F = (bn)^(-1/2) eps, so that grad L V_F ~ N(0, F/b). */
class FisherNoiseTest {

    @Test
    void section42_covarianceIsIOverBn() {
        assertEquals(ExchangeableCovariance.isotropic(1000, 1.0 / 50_000), new FisherNoise(1000, 50).covariance());
    }

    @Test
    void section42_gradientNoiseCovarianceIsTheFisherOverB() {
        Theories.forAll("G Var[V_F] G^T = F / b", 100, Setting.upTo(60), Setting.edgeCases(60), s -> {
            int d = 1 + (int) Math.floorMod(s.seed(), 7L);
            DMatrixRMaj g = GradientMatrices.withAlignment(d, s.n(), 0.3, s.rng());
            DMatrixRMaj c = GradientNoise.covariance(g, new FisherNoise(s.n(), s.b()).covariance());
            DMatrixRMaj f = GradientNoise.fisher(g);
            for (int i = 0; i < d; i++) {
                for (int j = 0; j < d; j++) {
                    // Both are n-term dot products scaled once: error <= (n + 2) u sqrt(F_ii F_jj) n / (bn), twice.
                    double tol = 2 * (s.n() + 2) * RoundOff.EPS * Math.sqrt(f.get(i, i) * f.get(j, j)) / s.b();
                    RoundOff.assertClose(f.get(i, j) / s.b(), c.get(i, j), tol, "entry (" + i + "," + j + ")");
                }
            }
        });
    }

    @Test
    void rejectsBadSizesNamingThem() {
        Rejections.assertRejects(() -> new FisherNoise(1000, 1200), "b=1200", "n=1000");
        Rejections.assertRejects(() -> new FisherNoise(10, -1), "b=-1");
        Rejections.assertRejects(() -> new FisherNoise(1, 1), "n=1");
    }
}
