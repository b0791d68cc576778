package org.msgdlab.sde.path;

import org.junit.jupiter.api.Test;
import org.msgdlab.sde.fit.Sample;
import org.msgdlab.sde.problem.LogisticRegression;
import org.msgdlab.theory.noise.BernoulliNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The control variate has mean exactly 0 (it is unbiased) and removes most of the variance. */
class LinearResponseTest {

    static final LogisticRegression P = new LogisticRegression.Spec(4, 30, 1.5, 2, 2, 8).generate();

    @Test
    void controlVariateIsUnbiasedAndReducesVariance() {
        WeakSetup s = new WeakSetup(P, 0.5, 8, 2, 2, 4000, 2, List.of(TestFunction.LOSS));
        for (SamplingNoise noise : List.of(new SgdWithReplacement(30, 2), new BernoulliNoise(30, 3))) {
            double[][] withControl = WeakErrorRun.discrete(s, noise, 5);
            // the same paths (same streams, same draws, both step sizes consumed in order) without the control
            double[][] plain = PathEnsemble.run(org.msgdlab.core.random.Streams.derive(5, "discrete:" + noise.paperName()),
                    4000, 1, rng -> {
                        var sampler = noise.sampler(rng);
                        var ev = P.evaluator();
                        double[] v = new double[30];
                        double[] u = new double[30];
                        double[] g = new double[4];
                        return out -> {
                            for (int j = 0; j < s.stepSizes(); j++) {
                                double[] theta = P.initialPoint();
                                double eta = s.eta(j);
                                for (int k = 0; k < s.steps(j); k++) {
                                    sampler.sample(v);
                                    for (int i = 0; i < 30; i++) {
                                        u[i] = eta * (1.0 / 30 + v[i]);
                                    }
                                    ev.contract(theta, u, g);
                                    for (int d = 0; d < 4; d++) {
                                        theta[d] -= g[d];
                                    }
                                }
                                if (j == 0) {
                                    out[0] = ev.loss(theta);
                                }
                            }
                        };
                    });
            double[] a = column(withControl, 0);
            double[] b = column(plain, 0);
            double diff = Sample.mean(a) - Sample.mean(b);
            // a and b are the same paths (same streams, same draws), so Z = b - a path by path
            double[] z = new double[a.length];
            for (int i = 0; i < a.length; i++) {
                z[i] = b[i] - a[i];
            }
            assertTrue(Math.abs(Sample.mean(z)) < 5 * Sample.standardError(z), "E Z = 0: mean " + Sample.mean(z)
                    + ", SE " + Sample.standardError(z) + " (" + noise.paperName() + ")");
            assertTrue(Sample.variance(a) < Sample.variance(b) / 10, "variance reduced: " + Sample.variance(a) + " vs "
                    + Sample.variance(b));
            assertTrue(Math.abs(diff) < 5 * Sample.standardError(z));
        }
    }

    private static double[] column(double[][] m, int c) {
        double[] v = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            v[i] = m[i][c];
        }
        return v;
    }
}
