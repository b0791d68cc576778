package org.msgdlab.theory.gradient;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.junit.jupiter.api.Test;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.core.testing.Rejections;
import org.msgdlab.theory.noise.RoundOff;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.core.testing.Theories;
import org.msgdlab.core.random.Streams;
import org.quicktheories.core.Gen;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/**
 * Section 2, Eq. (sgd-cov): the gradient noise is G V, its covariance G Var[V] G^T, and for the
 * with-replacement SGD noise C = (1/b)(F - g g^T), F = G G^T / n, g = G 1 / n.
 */
class GradientNoiseTest {

    /** A gradient matrix shape, batch, alignment and the seed of its stream. */
    record Gradients(int d, int n, int b, double rho, long seed) {
        DMatrixRMaj matrix() {
            return GradientMatrices.withAlignment(d, n, rho, Streams.create(seed));
        }

        @Override
        public String toString() {
            return "Gradients[d=" + d + ", n=" + n + ", b=" + b + ", rho=" + rho + ", stream seed=" + seed
                    + "L (replay: GradientMatrices.withAlignment(d, n, rho, Streams.create(" + seed + "L)))]";
        }
    }

    private static final Gen<Gradients> GRADIENTS = integers().between(1, 12).zip(integers().between(2, 300),
            doubles().between(0, 0.99), longs().all(), (d, n, rho, seed) -> new Gradients(d, n, 1, rho, seed))
            .flatMap(g -> integers().between(1, g.n()).map(b -> new Gradients(g.d(), g.n(), b, g.rho(), g.seed())));

    private static final List<Gradients> EDGES = List.of(new Gradients(1, 2, 1, 0.5, 0), new Gradients(1, 2, 2, 0.0, 1),
            new Gradients(12, 300, 300, 0.99, 2), new Gradients(5, 40, 7, 0.5, 3), new Gradients(3, 300, 1, 0.0, 4));

    @Test
    void eqSgdCov_withReplacementTheCovarianceIsFisherMinusGGTransposeOverB() {
        Theories.forAll("G Var[V'_sgd] G^T = (F - g g^T) / b", 300, GRADIENTS, EDGES, s -> {
            DMatrixRMaj g = s.matrix();
            DMatrixRMaj c = GradientNoise.covariance(g, new SgdWithReplacement(s.n(), s.b()).covariance());
            DMatrixRMaj f = GradientNoise.fisher(g);
            DMatrixRMaj identity = GradientNoise.sgdCovarianceFromFisher(f, GradientNoise.fullGradient(g), s.b());
            assertEntrywise(identity, c, f, 1.0 / s.b(), s.n());
        });
    }

    @Test
    void eqSgdCov_withoutReplacementTheCovarianceCarriesTheFactorNMinusBOverNMinus1() {
        Theories.forAll("G Var[V_sgd] G^T = (n-b)/(n-1) (F - g g^T) / b", 300, GRADIENTS, EDGES, s -> {
            DMatrixRMaj g = s.matrix();
            DMatrixRMaj c = GradientNoise.covariance(g, new SgdWithoutReplacement(s.n(), s.b()).covariance());
            DMatrixRMaj f = GradientNoise.fisher(g);
            DMatrixRMaj identity = GradientNoise.sgdCovarianceFromFisher(f, GradientNoise.fullGradient(g), s.b());
            double factor = (double) (s.n() - s.b()) / (s.n() - 1);
            CommonOps_DDRM.scale(factor, identity);
            assertEntrywise(identity, c, f, 1.0 / s.b(), s.n());
        });
    }

    @Test
    void section42_theRelativeGapBetweenCovAndFisherGradientNoisesIsTheAlignmentOfTheGradients() {
        // With V_C = V_F - (bn)^(-1/2) (1^T eps / n) 1, Var[V_C - V_F] = 11^T / (b n^2), so
        // E||G (V_C - V_F)||^2 / E||G V_F||^2 = tr(G 11^T G^T)/(b n^2) / (tr(G G^T)/(bn)) = ||g||^2 / tr F.
        Theories.forAll("E||u_C - u_F||^2 / E||u_F||^2 = ||g||^2 / tr F", 300, GRADIENTS, EDGES, s -> {
            DMatrixRMaj g = s.matrix();
            double inv = 1.0 / ((double) s.b() * s.n() * s.n());
            double gap = trace(GradientNoise.covariance(g, new ExchangeableCovariance(s.n(), inv, inv)));
            double fisher = trace(GradientNoise.covariance(g, new FisherNoise(s.n(), s.b()).covariance()));
            double alignment = GradientMatrices.alignment(g);
            assertTrue(alignment >= 0 && alignment <= 1 + 4 * s.n() * RoundOff.EPS, "alignment " + alignment + " outside [0, 1]");
            // The denominator is a sum of squares (relative error <= (n + d) u). The numerator squares the row
            // sums r_i = sum_j G_ij, which may cancel: |error of r_i| <= n u a_i with a_i = sum_j |G_ij|, so the
            // ratio errs by at most 4 (n + d) u (alignment + sum_i a_i^2 / (n^2 tr F)).
            double absRows = 0;
            double trF = 0;
            for (int i = 0; i < s.d(); i++) {
                double a = 0;
                for (int j = 0; j < s.n(); j++) {
                    a += Math.abs(g.get(i, j));
                    trF += g.get(i, j) * g.get(i, j) / s.n();
                }
                absRows += a * a;
            }
            double tol = 4 * (s.n() + s.d()) * RoundOff.EPS * (alignment + absRows / ((double) s.n() * s.n() * trF));
            RoundOff.assertClose(alignment, gap / fisher, tol,
                    "relative mean-square gap");
        });
    }

    @Test
    void fisherFullGradientApplyAndQuadraticFormAgreeWithDenseAlgebra() {
        Theories.forAll("F = GG^T/n, g = G1/n, Gv and u^T M u as EJML computes them", 100, GRADIENTS, EDGES, s -> {
            DMatrixRMaj g = s.matrix();
            int d = s.d();
            int n = s.n();
            DMatrixRMaj f = new DMatrixRMaj(d, d);
            CommonOps_DDRM.multTransB(1.0 / n, g, g, f);
            DMatrixRMaj ones = new DMatrixRMaj(n, 1);
            ones.fill(1.0 / n);
            DMatrixRMaj mean = new DMatrixRMaj(d, 1);
            CommonOps_DDRM.mult(g, ones, mean);
            double[] v = new double[n];
            var rng = Streams.create(s.seed() ^ 1);
            for (int j = 0; j < n; j++) {
                v[j] = rng.nextDouble() - 0.5;
            }
            DMatrixRMaj gv = new DMatrixRMaj(d, 1);
            CommonOps_DDRM.mult(g, DMatrixRMaj.wrap(n, 1, v), gv);
            double[] out = new double[d];
            GradientNoise.apply(g, v, out);
            double[] full = GradientNoise.fullGradient(g);
            DMatrixRMaj fisher = GradientNoise.fisher(g);
            double[] u = new double[d];
            for (int i = 0; i < d; i++) {
                u[i] = rng.nextDouble() - 0.5;
            }
            DMatrixRMaj fu = new DMatrixRMaj(d, 1);
            CommonOps_DDRM.mult(f, DMatrixRMaj.wrap(d, 1, u), fu);
            double uFu = 0;
            double absUFu = 0;
            for (int i = 0; i < d; i++) {
                uFu += u[i] * fu.get(i);
                for (int j = 0; j < d; j++) {
                    absUFu += Math.abs(u[i] * f.get(i, j) * u[j]);
                }
            }
            for (int i = 0; i < d; i++) {
                double rowAbs = 0;
                double rowSq = 0;
                for (int j = 0; j < n; j++) {
                    rowAbs += Math.abs(g.get(i, j) * v[j]);
                    rowSq += g.get(i, j) * g.get(i, j);
                }
                // n-term dot products: error <= (n + 1) u times the sum of |terms|, for each side.
                RoundOff.assertClose(gv.get(i), out[i], (n + 1) * RoundOff.EPS * rowAbs, "(G v)_" + i);
                RoundOff.assertClose(mean.get(i), full[i], (n + 2) * RoundOff.EPS * Math.sqrt(rowSq / n), "g_" + i);
                RoundOff.assertClose(f.get(i, i), fisher.get(i, i), (n + 2) * RoundOff.EPS * rowSq / n, "F_" + i + i);
            }
            RoundOff.assertClose(uFu, GradientNoise.quadraticForm(f, u), 2 * (d + 1) * RoundOff.EPS * absUFu, "u^T F u");
        });
    }

    @Test
    void rejectsBadShapesAndSizesNamingThem() {
        DMatrixRMaj g = new DMatrixRMaj(3, 4);
        Rejections.assertRejects(() -> GradientNoise.apply(g, new double[3], new double[3]), "(has 3)");
        Rejections.assertRejects(() -> GradientNoise.sgdCovarianceFromFisher(new DMatrixRMaj(2, 2), new double[2], 0), "b=0");
        Rejections.assertRejects(() -> GradientMatrices.withAlignment(0, 10, 0.5, Streams.create(1)), "d=0");
        Rejections.assertRejects(() -> GradientMatrices.withAlignment(3, 1, 0.5, Streams.create(1)), "n=1");
        Rejections.assertRejects(() -> GradientMatrices.withAlignment(3, 10, 1.0, Streams.create(1)), "rho=1.0");
        Rejections.assertRejects(() -> GradientMatrices.withAlignment(3, 10, -0.1, Streams.create(1)), "rho=-0.1");
        assertEquals(3, GradientMatrices.withAlignment(3, 10, 0.0, Streams.create(1)).numRows);
    }

    /**
     * Entries of two evaluations of (a multiple of) F - g g^T: each entry is a combination of n-term
     * dot products bounded, by Cauchy-Schwarz, by n sqrt(F_ii F_jj); both sides err by at most
     * 4(n + 1) u sqrt(F_ii F_jj) times the scale.
     */
    private static void assertEntrywise(DMatrixRMaj expected, DMatrixRMaj actual, DMatrixRMaj f, double scale, int n) {
        for (int i = 0; i < f.numRows; i++) {
            for (int j = 0; j < f.numRows; j++) {
                double tol = 4 * (n + 1) * RoundOff.EPS * Math.sqrt(f.get(i, i) * f.get(j, j)) * scale;
                RoundOff.assertClose(expected.get(i, j), actual.get(i, j), tol, "entry (" + i + "," + j + ")");
            }
        }
    }

    private static double trace(DMatrixRMaj m) {
        double t = 0;
        for (int i = 0; i < m.numRows; i++) {
            t += m.get(i, i);
        }
        return t;
    }
}
