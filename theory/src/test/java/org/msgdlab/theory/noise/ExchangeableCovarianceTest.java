package org.msgdlab.theory.noise;

import org.msgdlab.core.testing.Rejections;
import org.msgdlab.core.testing.Theories;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;
import org.quicktheories.core.Gen;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

/** The exchangeable covariance a I + c 11^T: entries, eigenvalues and the sandwich G Sigma G^T. */
class ExchangeableCovarianceTest {

    /** A d x n matrix and an exchangeable covariance, drawn from {@code seed}. */
    record Shape(int d, int n, double diagonal, double offDiagonal, long seed) {
        @Override
        public String toString() {
            return "Shape[d=" + d + ", n=" + n + ", diagonal=" + diagonal + ", offDiagonal=" + offDiagonal
                    + ", stream seed=" + seed + "L (replay: Streams.create(" + seed + "L))]";
        }
    }

    @Test
    void sandwichEqualsTheDenseProductGSigmaGTranspose() {
        Gen<Shape> shapes = integers().between(1, 8).zip(integers().between(1, 40), doubles().between(-2, 2),
                doubles().between(-2, 2), longs().all(), Shape::new);
        List<Shape> edges = List.of(new Shape(1, 1, 1, 0, 0), new Shape(1, 2, 0.5, -0.5, 1), new Shape(8, 40, 0, 0, 2),
                new Shape(3, 2, -1, 2, 3));
        Theories.forAll("a G G^T + c (G1)(G1)^T = G Sigma G^T (EJML dense product)", 300, shapes, edges, s -> {
            var rng = Streams.create(s.seed());
            DMatrixRMaj g = new DMatrixRMaj(s.d(), s.n());
            for (int k = 0; k < g.data.length; k++) {
                g.data[k] = 2 * rng.nextDouble() - 1;
            }
            ExchangeableCovariance sigma = new ExchangeableCovariance(s.n(), s.diagonal(), s.offDiagonal());
            DMatrixRMaj gs = new DMatrixRMaj(s.d(), s.n());
            CommonOps_DDRM.mult(g, sigma.toDense(), gs);
            DMatrixRMaj dense = new DMatrixRMaj(s.d(), s.d());
            CommonOps_DDRM.multTransB(gs, g, dense);
            DMatrixRMaj sandwich = sigma.sandwich(g);
            // Both are sums of products G_ik Sigma_kl G_jl; each evaluation errs by at most 2(n + 2)u times
            // the same sum of absolute values, |G| (|a| I + |c| 11^T + |Sigma|) |G|^T entrywise.
            double a = Math.abs(sigma.identityCoefficient());
            double c = Math.abs(sigma.onesCoefficient());
            double absDiag = Math.abs(sigma.diagonal());
            for (int i = 0; i < s.d(); i++) {
                for (int j = 0; j < s.d(); j++) {
                    double bound = 0;
                    double ri = 0;
                    double rj = 0;
                    for (int k = 0; k < s.n(); k++) {
                        bound += Math.abs(g.get(i, k) * g.get(j, k)) * (a + absDiag);
                        ri += Math.abs(g.get(i, k));
                        rj += Math.abs(g.get(j, k));
                    }
                    bound += 2 * c * ri * rj;
                    RoundOff.assertClose(dense.get(i, j), sandwich.get(i, j), 2 * (s.n() + 2) * RoundOff.EPS * bound,
                            "entry (" + i + "," + j + ")");
                }
            }
        });
    }

    @Test
    void centringHasEntries_s_1minus1overN_and_minusSoverN_andEigenvalues_s_and_0() {
        for (int n = 1; n <= 12; n++) {
            double s = 0.37;
            ExchangeableCovariance c = ExchangeableCovariance.centring(n, s);
            assertEquals(s * (1 - 1.0 / n), c.diagonal());
            assertEquals(-s / n, c.offDiagonal());
            RoundOff.assertClose(s, c.eigenvalueOrthogonalToOnes(), 4 * RoundOff.EPS * s, "n=" + n + ": eigenvalue off 1");
            RoundOff.assertClose(0.0, c.eigenvalueAlongOnes(), (n + 1) * RoundOff.EPS * s, "n=" + n + ": eigenvalue along 1");
            assertEigenvalues(c, "centring, n=" + n);
        }
    }

    @Test
    void isotropicHasEntries_s_and_0_andEigenvalue_s() {
        for (int n = 1; n <= 12; n++) {
            ExchangeableCovariance c = ExchangeableCovariance.isotropic(n, 2.5);
            assertEquals(2.5, c.diagonal());
            assertEquals(0.0, c.offDiagonal());
            assertEquals(2.5, c.eigenvalueAlongOnes());
            assertEquals(2.5, c.eigenvalueOrthogonalToOnes());
            assertEigenvalues(c, "isotropic, n=" + n);
        }
    }

    @Test
    void aIPlusC11TransposeIsPositiveSemidefiniteExactlyWhenBothEigenvaluesAre() {
        assertTrue(new ExchangeableCovariance(5, 1.0, -0.25).isPositiveSemidefinite(0)); // along 1: 1 - 4/4 = 0 exactly
        assertFalse(new ExchangeableCovariance(4, 1.0, -0.5).isPositiveSemidefinite(1e-12)); // along 1: -0.5
        assertFalse(new ExchangeableCovariance(4, 1.0, 1.5).isPositiveSemidefinite(1e-12)); // off 1: -0.5
    }

    @Test
    void aOneByOneCovarianceIsPositiveSemidefiniteIffItsDiagonalIs() {
        assertTrue(new ExchangeableCovariance(1, 1.0, 7.0).isPositiveSemidefinite(0));
        assertFalse(new ExchangeableCovariance(1, -1.0, -7.0).isPositiveSemidefinite(0));
    }

    @Test
    void algebraIsEntrywise() {
        ExchangeableCovariance x = new ExchangeableCovariance(5, 2.0, -0.25);
        ExchangeableCovariance y = new ExchangeableCovariance(5, 0.5, 0.125);
        assertEquals(new ExchangeableCovariance(5, 2.5, -0.125), x.plus(y));
        assertEquals(new ExchangeableCovariance(5, 1.5, -0.375), x.minus(y));
        assertEquals(new ExchangeableCovariance(5, 4.0, -0.5), x.scaled(2));
        assertEquals(new ExchangeableCovariance(5, 2.0, 0.0), x.diagonalPart());
        assertEquals(2.25, x.identityCoefficient());
        assertEquals(-0.25, x.onesCoefficient());
        DMatrixRMaj dense = x.toDense();
        for (int i = 0; i < 5; i++) {
            for (int j = 0; j < 5; j++) {
                assertEquals(i == j ? 2.0 : -0.25, dense.get(i, j));
            }
        }
    }

    @Test
    void rejectsBadInputsNamingThem() {
        Rejections.assertRejects(() -> new ExchangeableCovariance(0, 1, 0), "n=0");
        Rejections.assertRejects(() -> new ExchangeableCovariance(3, Double.NaN, 0), "diagonal=NaN");
        Rejections.assertRejects(() -> new ExchangeableCovariance(3, 1, Double.POSITIVE_INFINITY), "offDiagonal=Infinity");
        Rejections.assertRejects(() -> ExchangeableCovariance.isotropic(3, 1).plus(ExchangeableCovariance.isotropic(4, 1)), "n=3", "n=4");
        Rejections.assertRejects(() -> ExchangeableCovariance.isotropic(3, 1).sandwich(new DMatrixRMaj(2, 4)), "n=3");
    }

    /**
     * The symmetric eigen-decomposition of the dense matrix has diag - off with multiplicity n - 1 and
     * diag + (n-1) off once. The QR algorithm is backward stable: each computed eigenvalue is within
     * c n u ||Sigma||_F of an exact one (Weyl); c = 64 covers EJML's iterations for n <= 12.
     */
    private static void assertEigenvalues(ExchangeableCovariance c, String what) {
        int n = c.n();
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false, true);
        assertTrue(eig.decompose(c.toDense()), what + ": decomposition");
        List<Double> values = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            values.add(eig.getEigenvalue(k).getReal());
        }
        values.sort(Double::compare);
        double norm = Math.sqrt(n * c.diagonal() * c.diagonal() + (double) n * (n - 1) * c.offDiagonal() * c.offDiagonal());
        double tol = 64 * n * RoundOff.EPS * norm;
        List<Double> expected = new ArrayList<>();
        for (int k = 0; k < n - 1; k++) {
            expected.add(c.eigenvalueOrthogonalToOnes());
        }
        expected.add(c.eigenvalueAlongOnes());
        expected.sort(Double::compare);
        for (int k = 0; k < n; k++) {
            RoundOff.assertClose(expected.get(k), values.get(k), tol, what + ": eigenvalue " + k + " of " + values);
        }
    }
}
