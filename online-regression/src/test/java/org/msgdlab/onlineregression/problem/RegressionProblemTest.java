package org.msgdlab.onlineregression.problem;

import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.FalseAlarm;
import org.msgdlab.core.stats.RunningMoments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;
import static org.quicktheories.generators.SourceDSL.integers;

class RegressionProblemTest {

    @Test
    void badInputsGetOneLineMessagesNamingTheParameter() {
        assertEquals("covariance Sigma is not positive definite: eigenvalue lambda_2=-0.5 must be finite and > 0",
                assertThrows(IllegalArgumentException.class, () -> new Spectrum(new double[] {1, -0.5})).getMessage());
        assertEquals("dimension d=0 must be >= 1",
                assertThrows(IllegalArgumentException.class, () -> Spectrum.powerLaw(0, 1, 1)).getMessage());
        assertEquals("dimension d=0 must be >= 1",
                assertThrows(IllegalArgumentException.class, () -> RegressionProblem.powerLaw("p", Design.GAUSSIAN, 0, 1, 1, 1)).getMessage());
        assertEquals("noise variance sigma^2=-1.0 must be finite and >= 0",
                assertThrows(IllegalArgumentException.class, () -> RegressionProblem.powerLaw("p", Design.GAUSSIAN, 3, 1, -1, 1)).getMessage());
        String notPd = assertThrows(IllegalArgumentException.class, () -> RegressionProblem.gaussian("p",
                new double[][] {{1, 2}, {2, 1}}, 1, new double[2], new double[2])).getMessage();
        assertTrue(notPd.startsWith("covariance Sigma is not positive definite: smallest eigenvalue -1"), notPd);
        String notSym = assertThrows(IllegalArgumentException.class, () -> RegressionProblem.gaussian("p",
                new double[][] {{1, 0.2}, {0.1, 1}}, 1, new double[2], new double[2])).getMessage();
        assertEquals("covariance Sigma is not symmetric: Sigma[1][0]=0.1 differs from Sigma[0][1]=0.2", notSym);
        assertEquals("theta_* has length 2, must equal the dimension d=3", assertThrows(IllegalArgumentException.class,
                () -> new RegressionProblem("p", Design.GAUSSIAN, Spectrum.powerLaw(3, 1, 1), 1, new double[2], new double[3])).getMessage());
    }

    @Test
    void assumptionsInForceAreReported() {
        RegressionProblem g = RegressionProblem.powerLaw("g", Design.GAUSSIAN, 4, 1.0, 0.5, 1.0);
        Assumptions a = g.assumptions();
        double trace = 1 + 0.5 + 1.0 / 3 + 0.25;
        assertEquals(trace + 2, a.r2(), 1e-15);
        assertEquals(1.0, a.lambda());
        assertEquals(0.5, a.sigma2());
        assertEquals(1 + 2 + 3 + 4, a.initialDistance(), 1e-12);
        assertEquals(trace, RegressionProblem.powerLaw("r", Design.RADEMACHER, 4, 1.0, 0.5, 1.0).assumptions().r2(), 1e-15);
    }

    /** R^2 of each design is the smallest constant of (A1): max_i E[||x||^2 x_i^2] / lambda_i, from F(I). */
    @Test
    void r2IsTheSmallestConstantOfAssumptionA1() {
        qt().withFixedSeed(20200712L).withExamples(200).forAll(integers().between(1, 30), doubles().between(0, 3), doubles().between(0.01, 10))
                .checkAssert((d, alpha, scale) -> {
                    Spectrum s = Spectrum.powerLaw(d, alpha, scale);
                    for (Design design : Design.values()) {
                        double[] ones = new double[d];
                        java.util.Arrays.fill(ones, 1);
                        double[] f = new double[d];
                        design.fourthMomentDiagonal(s.eigenvalues(), ones, f);
                        double smallest = 0;
                        for (int i = 0; i < d; i++) {
                            smallest = Math.max(smallest, f[i] / s.eigenvalue(i));
                        }
                        assertEquals(smallest, design.r2(s), 1e-12 * smallest, design + " d=" + d);
                    }
                });
    }

    /** The samplers have covariance diag(lambda) and the fourth moments the designs state (z-test, alpha = 1e-6). */
    @Test
    void samplersMatchTheStatedMoments() {
        double[] lambda = {1.0, 0.5, 0.2};
        double[] p = {0.3, 1.0, 2.0};
        for (Design design : Design.values()) {
            UniformRandomProvider rng = Streams.create(31 + design.ordinal());
            double[] sq = lambda.clone();
            for (int k = 0; k < 3; k++) {
                sq[k] = Math.sqrt(sq[k]);
            }
            Design.RowSampler rows = design.rows(rng, sq);
            var noise = design.standardNoise(rng);
            RunningMoments m = new RunningMoments(8);
            double[] x = new double[3];
            double[] stat = new double[8];
            for (int i = 0; i < 200_000; i++) {
                rows.sample(x, 0);
                double q = p[0] * x[0] * x[0] + p[1] * x[1] * x[1] + p[2] * x[2] * x[2];
                for (int k = 0; k < 3; k++) {
                    stat[k] = x[k] * x[k];
                    stat[3 + k] = q * x[k] * x[k];
                }
                double eps = noise.sample();
                stat[6] = eps * eps;
                stat[7] = eps;
                m.add(stat);
            }
            double[] f = new double[3];
            design.fourthMomentDiagonal(lambda, p, f);
            double z = FalseAlarm.z(1e-6, 8);
            for (int k = 0; k < 3; k++) {
                assertEquals(lambda[k], m.mean(k), z * m.standardError(k) + 1e-12, design + " E[x_k^2], seed " + (31 + design.ordinal()));
                assertEquals(f[k], m.mean(3 + k), z * m.standardError(3 + k) + 1e-12, design + " F(p)_k");
            }
            assertEquals(1.0, m.mean(6), z * m.standardError(6) + 1e-12);
            assertEquals(0.0, m.mean(7), z * m.standardError(7));
        }
    }

    /** The factory for a full covariance rotates into the eigenbasis: the excess risk is unchanged. */
    @Test
    void fullCovarianceIsDiagonalizedAndRotated() {
        double[][] s = {{2, 0.5, 0}, {0.5, 1, 0.3}, {0, 0.3, 0.5}};
        double[] star = {1, -1, 2};
        double[] start = {0.5, 0, 0};
        RegressionProblem p = RegressionProblem.gaussian("full", s, 1, star, start);
        double direct = 0;
        double[] e = {start[0] - star[0], start[1] - star[1], start[2] - star[2]};
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                direct += 0.5 * e[i] * s[i][j] * e[j];
            }
        }
        assertEquals(direct, p.assumptions().initialRisk(), 1e-12);
        assertEquals(2 + 1 + 0.5, p.spectrum().trace(), 1e-12);
        assertTrue(p.spectrum().eigenvalue(0) >= p.spectrum().eigenvalue(1));
    }
}
