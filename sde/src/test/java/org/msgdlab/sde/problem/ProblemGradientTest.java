package org.msgdlab.sde.problem;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.longs;

/** The analytic per-sample gradient matrices against finite differences of the per-sample losses. */
class ProblemGradientTest {

    static final LogisticRegression LOGISTIC = new LogisticRegression.Spec(7, 30, 1.5, 2.0, 1.0, 11).generate();
    static final TanhNetwork TANH = new TanhNetwork.Spec(3, 4, 25, 1.0, 2.0, 0.7, 12).generate();

    static double[] randomPoint(Problem p, long seed, double scale) {
        UniformRandomProvider rng = Streams.create(seed);
        var normal = ZigguratSampler.NormalizedGaussian.of(rng);
        double[] t = p.initialPoint();
        for (int i = 0; i < t.length; i++) {
            t[i] += scale * normal.sample();
        }
        return t;
    }

    /** Central differences of ℓ_i along every coordinate, error O(ε^2). */
    static void assertGradientMatrixMatchesFiniteDifferences(Problem p, double[] theta) {
        Evaluator ev = p.evaluator();
        int d = p.dimension();
        int n = p.samples();
        DMatrixRMaj g = new DMatrixRMaj(d, n);
        ev.gradientMatrix(theta, g);
        double[] lp = new double[n];
        double[] lm = new double[n];
        double eps = 1e-5;
        for (int k = 0; k < d; k++) {
            double[] tp = theta.clone();
            double[] tm = theta.clone();
            tp[k] += eps;
            tm[k] -= eps;
            ev.losses(tp, lp);
            ev.losses(tm, lm);
            for (int i = 0; i < n; i++) {
                double fd = (lp[i] - lm[i]) / (2 * eps);
                assertEquals(fd, g.get(k, i), 1e-7 * (1 + Math.abs(fd)),
                        () -> p.name() + ": d l_i / d theta_k differs from the finite difference");
            }
        }
    }

    @Test
    void gradientMatricesMatchFiniteDifferences() {
        for (Problem p : List.of(LOGISTIC, TANH)) {
            qt().withExamples(8).withFixedSeed(1).forAll(longs().all())
                    .checkAssert(seed -> assertGradientMatrixMatchesFiniteDifferences(p, randomPoint(p, seed, 1.0)));
        }
    }

    @Test
    void contractionIsTheGradientMatrixTimesTheWeights() {
        for (Problem p : List.of(LOGISTIC, TANH)) {
            qt().withExamples(10).withFixedSeed(2).forAll(longs().all()).checkAssert(seed -> {
                double[] theta = randomPoint(p, seed, 1.0);
                Evaluator ev = p.evaluator();
                int n = p.samples();
                int d = p.dimension();
                double[] u = new double[n];
                UniformRandomProvider rng = Streams.create(seed + 1);
                for (int i = 0; i < n; i++) {
                    u[i] = rng.nextDouble() < 0.2 ? 0.0 : rng.nextDouble() - 0.5;
                }
                DMatrixRMaj g = new DMatrixRMaj(d, n);
                ev.gradientMatrix(theta, g);
                double[] out = new double[d];
                ev.contract(theta, u, out);
                for (int k = 0; k < d; k++) {
                    double s = 0;
                    for (int i = 0; i < n; i++) {
                        s += g.get(k, i) * u[i];
                    }
                    assertEquals(s, out[k], 1e-12 * (1 + Math.abs(s)));
                }
                double[] grad = new double[d];
                ev.gradient(theta, grad);
                double[] losses = new double[n];
                ev.losses(theta, losses);
                double mean = 0;
                for (double l : losses) {
                    mean += l / n;
                }
                assertEquals(mean, ev.loss(theta), 1e-12 * (1 + mean));
                for (int k = 0; k < d; k++) {
                    double s = 0;
                    for (int i = 0; i < n; i++) {
                        s += g.get(k, i) / n;
                    }
                    assertEquals(s, grad[k], 1e-12 * (1 + Math.abs(s)));
                }
            });
        }
    }

    @Test
    void logisticHessianVectorMatchesFiniteDifferencesOfTheGradient() {
        Problem p = LOGISTIC;
        Evaluator ev = p.evaluator();
        double[] theta = randomPoint(p, 5, 0.5);
        double[] v = randomPoint(p, 6, 1.0);
        double[] hv = new double[p.dimension()];
        ev.hessianVector(theta, v, hv);
        // the default (finite-difference) implementation of the interface
        double[] fd = new double[p.dimension()];
        Evaluator generic = new Evaluator() {
            public void contract(double[] t, double[] u, double[] out) { ev.contract(t, u, out); }
            public void gradient(double[] t, double[] out) { ev.gradient(t, out); }
            public double loss(double[] t) { return ev.loss(t); }
            public void losses(double[] t, double[] out) { ev.losses(t, out); }
            public void gradientMatrix(double[] t, DMatrixRMaj out) { ev.gradientMatrix(t, out); }
        };
        generic.hessianVector(theta, v, fd);
        for (int k = 0; k < hv.length; k++) {
            assertEquals(fd[k], hv[k], 1e-6 * (1 + Math.abs(hv[k])));
        }
    }

    @Test
    void logisticMeetsTheTheoremsBoundsMAndL() {
        Problem p = LOGISTIC;
        double m = p.gradientBound();
        double l = p.lipschitzBound();
        Evaluator ev = p.evaluator();
        int d = p.dimension();
        int n = p.samples();
        qt().withExamples(20).withFixedSeed(3).forAll(longs().all()).checkAssert(seed -> {
            double[] a = randomPoint(p, seed, 5.0);
            double[] b = randomPoint(p, seed + 7, 5.0);
            DMatrixRMaj ga = new DMatrixRMaj(d, n);
            DMatrixRMaj gb = new DMatrixRMaj(d, n);
            ev.gradientMatrix(a, ga);
            ev.gradientMatrix(b, gb);
            double dist = 0;
            for (int k = 0; k < d; k++) {
                dist += (a[k] - b[k]) * (a[k] - b[k]);
            }
            dist = Math.sqrt(dist);
            for (int i = 0; i < n; i++) {
                double na = 0;
                double diff = 0;
                for (int k = 0; k < d; k++) {
                    na += ga.get(k, i) * ga.get(k, i);
                    double x = ga.get(k, i) - gb.get(k, i);
                    diff += x * x;
                }
                assertTrue(Math.sqrt(na) <= m * (1 + 1e-12), "|grad l_i| <= M");
                assertTrue(Math.sqrt(diff) <= l * dist * (1 + 1e-12), "grad l_i is L-Lipschitz");
            }
        });
    }

    @Test
    void problemsHaveTheDocumentedDimensions() {
        assertEquals(7, LOGISTIC.dimension());
        assertEquals(3 * 4 + 2 * 4 + 1, TANH.dimension());
        assertEquals(25, TANH.samples());
        assertTrue(Double.isNaN(TANH.gradientBound()));
    }

    @Test
    void fastTanhAgreesWithTheLibraryTanh() {
        for (double h = -30; h <= 30; h += 0.37) {
            assertEquals(Math.tanh(h), TanhNetwork.tanh(h), 4e-16);
        }
    }
}
