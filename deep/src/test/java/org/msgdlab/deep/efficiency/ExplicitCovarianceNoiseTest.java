package org.msgdlab.deep.efficiency;

import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.stats.FalseAlarm;
import org.msgdlab.core.random.Streams;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The explicit baseline's factor reproduces Sigma = Gc Gc^T exactly, and its draws have that covariance. */
class ExplicitCovarianceNoiseTest {

    static DMatrixRMaj random(int n, int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        DMatrixRMaj m = new DMatrixRMaj(n, d);
        for (int i = 0; i < m.data.length; i++) {
            m.data[i] = r.nextDouble(-1, 1) + (i % d == 0 ? 3 : 0);   // a non-zero mean gradient
        }
        return m;
    }

    /** u^T Gc Gc^T u computed directly from the definition. */
    static double direct(DMatrixRMaj rows, int b, double[] u) {
        int n = rows.numRows;
        int d = rows.numCols;
        double[] proj = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                proj[i] += rows.get(i, j) * u[j];
            }
            mean += proj[i] / n;
        }
        double s = 0;
        for (double p : proj) {
            s += (p - mean) * (p - mean);
        }
        return s / ((double) b * n);
    }

    @Test
    void factorReproducesTheCentredCovarianceAndHasRankAtMostNMinusOne() {
        int n = 12;
        int d = 30;
        int b = 3;
        DMatrixRMaj g = random(n, d, 5);
        ExplicitCovarianceNoise e = ExplicitCovarianceNoise.factor(g, b);
        assertEquals(d, e.dimension());
        assertEquals(n - 1, e.rank());
        SplittableRandom r = new SplittableRandom(9);
        for (int k = 0; k < 10; k++) {
            double[] u = new double[d];
            for (int j = 0; j < d; j++) {
                u[j] = r.nextGaussian();
            }
            double want = direct(g, b, u);
            assertEquals(want, e.projectedVariance(u), 1e-12 * Math.max(1, want));
            // the Fisher (uncentred) value differs: the mean gradient is not zero
            double fisher = NoiseInjection.uncentredProjectedVariance(g, u) / ((double) b * n);
            assertTrue(fisher > want * (1 + 1e-9), "fisher " + fisher + " vs cov " + want);
        }
    }

    @Test
    void drawsHaveTheFactoredCovariance() {
        int n = 6;
        int d = 4;
        DMatrixRMaj g = random(n, d, 2);
        ExplicitCovarianceNoise e = ExplicitCovarianceNoise.factor(g, 2);
        ExplicitCovarianceNoise.Sampler s = e.sampler(Streams.create(4));
        double[] u = {0.5, -0.5, 0.5, 0.5};
        double want = e.projectedVariance(u);
        int draws = 200_000;
        double[] x = new double[d];
        double sum = 0;
        for (int k = 0; k < draws; k++) {
            s.sample(x);
            double p = 0;
            for (int j = 0; j < d; j++) {
                p += u[j] * x[j];
            }
            sum += p * p;
        }
        double est = sum / draws;
        // u.x is Gaussian with variance want, so (u.x)^2 has variance 2 want^2; the tolerance is the
        // toolkit's per-claim false-alarm rate, and the check has power against a noise that forgot
        // the 1/b of the factorization (twice the variance at b = 2)
        double se = want * Math.sqrt(2.0 / draws);
        double tolerance = FalseAlarm.z(FalseAlarm.PER_CLAIM, 1) * se;
        assertEquals(want, est, tolerance, "projected variance from draws");
        assertTrue(FalseAlarm.power(want, 2 * want, se, tolerance) > 0.999, "power against the variance without 1/b");
        assertTrue(Math.abs(est - 2 * want) > tolerance, "this run rejects the variance without 1/b");
    }

    @Test
    void invalidArgumentsNameTheParameterAndRule() {
        DMatrixRMaj g = random(4, 3, 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ExplicitCovarianceNoise.factor(g, 5));
        assertTrue(e.getMessage().contains("b=5") && e.getMessage().contains("n=4"), e.getMessage());
        IllegalArgumentException one = assertThrows(IllegalArgumentException.class,
                () -> ExplicitCovarianceNoise.factor(random(1, 3, 1), 1));
        assertTrue(one.getMessage().contains("n=1"), one.getMessage());
    }
}
