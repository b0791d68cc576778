package org.msgdlab.sde.fit;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.doubles;

class OrderFitTest {

    static double[] steps(int n) {
        double[] h = new double[n];
        for (int j = 0; j < n; j++) {
            h[j] = 0.25 / (1 << j);
        }
        return h;
    }

    /** Exact data A h^p (1 + ρh) gives back p, whatever p and the size of the next term. */
    @Test
    void recoversTheOrderOfExactData() {
        double[] h = steps(6);
        qt().withExamples(60).withFixedSeed(7)
                .forAll(doubles().between(0.5, 3.5), doubles().between(-0.4, 1.8), doubles().between(1e-3, 1e3))
                .checkAssert((p, rhoH, a) -> {
                    double rho = rhoH / h[0];
                    double[] e = new double[h.length];
                    for (int j = 0; j < h.length; j++) {
                        e[j] = a * Math.pow(h[j], p) * (1 + rho * h[j]);
                    }
                    OrderFit f = OrderFit.fit(h, e, null, 4);
                    assertEquals(p, f.order(), 1e-5, "p=" + p + ", rho h=" + rhoH);
                    assertEquals(0.0, f.standardError());
                    assertEquals(6, f.used());
                });
    }

    /**
     * The delta-method standard error is calibrated: with independent relative noise of known
     * size on each error, about 95% of the fits fall within 1.96 SE of the true order.
     */
    @Test
    void standardErrorIsCalibrated() {
        double[] h = steps(6);
        UniformRandomProvider rng = Streams.create(123);
        var normal = ZigguratSampler.NormalizedGaussian.of(rng);
        int reps = 400;
        int inside = 0;
        double sigma = 0.03;
        for (int r = 0; r < reps; r++) {
            double[] e = new double[h.length];
            double[][] cov = new double[h.length][h.length];
            for (int j = 0; j < h.length; j++) {
                double truth = 2 * h[j] * h[j] * (1 + 1.0 * h[j]);
                e[j] = truth * (1 + sigma * normal.sample());
                cov[j][j] = Math.pow(sigma * truth, 2);
            }
            OrderFit f = OrderFit.fit(h, e, cov, 6);
            if (Math.abs(f.order() - 2) <= 1.96 * f.standardError()) {
                inside++;
            }
        }
        double coverage = inside / (double) reps;
        // binomial SE of the coverage at 400 repetitions is 0.011; the delta method is first order
        assertTrue(coverage > 0.90 && coverage < 0.99, "coverage " + coverage);
    }

    /** A pre-asymptotic largest step is excluded, and the exclusion is reported. */
    @Test
    void excludesAPreAsymptoticLargestStep() {
        double[] h = steps(7);
        double[] e = new double[h.length];
        double[][] cov = new double[h.length][h.length];
        for (int j = 0; j < h.length; j++) {
            e[j] = h[j] * h[j];
            cov[j][j] = Math.pow(1e-3 * e[j], 2);
        }
        e[0] *= 5;
        OrderFit f = OrderFit.fit(h, e, cov, 4);
        assertTrue(f.used() < 7, f.note());
        assertEquals(2.0, f.order(), 0.01);
        assertTrue(f.note().contains("excluded"), f.note());
    }

    @Test
    void rejectsBadInput() {
        double[] h = steps(5);
        String m = assertThrows(IllegalArgumentException.class,
                () -> OrderFit.fit(h, new double[] {1, 2, -3, 4, 5}, null, 4)).getMessage();
        assertEquals("error -3.0 at step 0.0625 must be finite and > 0 to fit an order on log-log", m);
        assertThrows(IllegalArgumentException.class, () -> OrderFit.fit(h, new double[] {1, 2, 3, 4, 5}, null, 3));
    }

    @Test
    void sampleCovarianceOfMeans() {
        double[][] c = Sample.covarianceOfMeans(new double[][] {{1, 2, 3, 4}, {2, 4, 6, 8}});
        assertEquals(Sample.variance(new double[] {1, 2, 3, 4}) / 4, c[0][0], 1e-15);
        assertEquals(2 * c[0][0], c[0][1], 1e-15);
        assertEquals(4 * c[0][0], c[1][1], 1e-15);
    }
}
