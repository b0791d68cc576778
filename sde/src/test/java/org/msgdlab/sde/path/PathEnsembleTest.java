package org.msgdlab.sde.path;

import org.junit.jupiter.api.Test;
import org.msgdlab.sde.problem.LogisticRegression;

import java.util.concurrent.ForkJoinPool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Parallel paths are reproducible whatever the thread count. */
class PathEnsembleTest {

    @Test
    void strongRunIsBitForBitTheSameOnOneTwoAndThreeThreads() {
        LogisticRegression p = new LogisticRegression.Spec(3, 20, 1.5, 2, 2, 5).generate();
        StrongSetup s = new StrongSetup(p, Diffusion.theorem(20, 2), 0.5, 2, 3, 2, 70);
        double[][] ref = null;
        for (int threads : new int[] {1, 2, 3}) {
            ForkJoinPool pool = new ForkJoinPool(threads);
            try {
                StrongErrors e = StrongErrorRun.run(s, 42, pool);
                double[][] all = new double[e.paths()][];
                for (int i = 0; i < e.paths(); i++) {
                    all[i] = new double[e.width()];
                    for (int c = 0; c < e.width(); c++) {
                        all[i][c] = e.value(i, c);
                    }
                }
                if (ref == null) {
                    ref = all;
                } else {
                    for (int i = 0; i < ref.length; i++) {
                        assertArrayEquals(ref[i], all[i], 0.0, "path " + i + " on " + threads + " threads");
                    }
                }
            } finally {
                pool.shutdown();
            }
        }
    }

    @Test
    void pathsDifferAcrossChunksAndSeeds() {
        double[][] a = PathEnsemble.run(1, 10, 1, rng -> out -> out[0] = rng.nextDouble());
        double[][] b = PathEnsemble.run(2, 10, 1, rng -> out -> out[0] = rng.nextDouble());
        assertFalse(a[0][0] == b[0][0]);
        assertTrue(a[0][0] != a[1][0]);
    }
}
