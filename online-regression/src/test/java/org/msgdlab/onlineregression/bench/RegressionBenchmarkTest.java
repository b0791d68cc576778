package org.msgdlab.onlineregression.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.random.Streams;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class RegressionBenchmarkTest {

    /** The benchmark's two arithmetic kernels compute the same update. */
    @Test
    void fusedAndRankOneUpdatesAgree() {
        int m = 12;
        int d = 7;
        var rng = Streams.create(3);
        double[] x = new double[m * d];
        double[] eps = new double[m];
        double[] w = new double[m];
        for (int i = 0; i < x.length; i++) {
            x[i] = rng.nextDouble() - 0.5;
        }
        for (int r = 0; r < m; r++) {
            eps[r] = rng.nextDouble();
            w[r] = rng.nextDouble() / m;
        }
        double[] e1 = {1, 2, 3, 4, 5, 6, 7};
        double[] e2 = e1.clone();
        RegressionBenchmark.fusedUpdate(x, eps, w, e1, new double[m], m, d, 0.3);
        RegressionBenchmark.rankOneUpdate(x, eps, w, e2, new double[d][d], new double[d], m, d, 0.3);
        assertArrayEquals(e2, e1, 1e-12);
    }
}
