package org.msgdlab.sde.path;

import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.msgdlab.sde.problem.Evaluator;

import java.util.concurrent.ForkJoinPool;

/**
 * Runs a {@link StrongSetup}: for every path, one Brownian motion on the finest grid
 * {@code η_min / 2^mMax} (drawn block by block, a block spanning η_min), and on it, for every η_j,
 * the iteration at step η_j (level m = 0, the Gaussian MSGD of Eq. (M-SGD-gaussian) when the
 * diffusion is Eq. (sde)) and its Euler–Maruyama references at η_j/2^m, m = 1..mMax.
 * Stateless; the paths run in parallel, with results independent of the thread count.
 */
public final class StrongErrorRun {

    private StrongErrorRun() {
    }

    /**
     * Runs the experiment on the default pool.
     *
     * @param setup the experiment
     * @param seed  the master seed
     * @return the per-path squared errors
     * @throws IllegalStateException if the run is interrupted
     */
    public static StrongErrors run(StrongSetup setup, long seed) {
        return run(setup, seed, PathEnsemble.defaultPool());
    }

    /**
     * Runs the experiment on a given pool.
     *
     * @param setup the experiment
     * @param seed  the master seed
     * @param pool  the pool to run on
     * @return the per-path squared errors
     * @throws IllegalStateException if the run is interrupted
     */
    public static StrongErrors run(StrongSetup setup, long seed, ForkJoinPool pool) {
        int width = StrongErrors.width(setup);
        double[][] raw = PathEnsemble.run(seed, setup.paths(), width, rng -> new PathSimulation(setup,
                ZigguratSampler.NormalizedGaussian.of(rng)), pool);
        return new StrongErrors(setup, raw);
    }

    /** One path's schemes and workspace. */
    static final class PathSimulation implements PathEnsemble.Path {
        private final StrongSetup s;
        private final ContinuousSampler normal;
        private final BrownianBlock block;
        private final EulerMaruyama[][] schemes;
        private final int[] off;
        private final double[] theta0;
        private final int blocks;
        private final double sqrtH;

        PathSimulation(StrongSetup s, ContinuousSampler normal) {
            this.s = s;
            this.normal = normal;
            int mMax = s.refinement();
            int jLast = s.stepSizes() - 1;
            this.block = new BrownianBlock(s.problem().samples(), mMax);
            this.theta0 = s.problem().initialPoint();
            this.blocks = s.steps(jLast);
            double hFine = s.eta(jLast) / (1 << mMax);
            this.sqrtH = Math.sqrt(hFine);
            this.off = StrongErrors.layout(s);
            Evaluator ev = s.problem().evaluator();
            this.schemes = new EulerMaruyama[s.stepSizes()][mMax + 1];
            for (int j = 0; j <= jLast; j++) {
                double eta = s.eta(j);
                double sigma = s.diffusion().scale(eta);
                for (int m = 0; m <= mMax; m++) {
                    int units = (1 << (jLast - j)) << (mMax - m);
                    schemes[j][m] = new EulerMaruyama(ev, s.diffusion(), theta0, eta / (1 << m), sigma, units);
                }
            }
        }

        @Override
        public void simulate(double[] out) {
            int mMax = s.refinement();
            int jLast = s.stepSizes() - 1;
            int blockLen = block.length();
            for (EulerMaruyama[] family : schemes) {
                for (EulerMaruyama e : family) {
                    e.reset(theta0);
                }
            }
            for (int b = 0; b < blocks; b++) {
                block.fill(normal, sqrtH);
                long start = (long) b * blockLen;
                for (int j = 0; j <= jLast; j++) {
                    long coarse = (long) (1 << (jLast - j)) * blockLen;
                    int sync = (int) Math.min(coarse, blockLen);
                    EulerMaruyama[] family = schemes[j];
                    for (int o = 0; o < blockLen; o += sync) {
                        for (EulerMaruyama e : family) {
                            e.feed(block, o, sync);
                        }
                        long t = start + o + sync;
                        if (t % coarse == 0) {
                            int k = (int) (t / coarse);
                            double[] it = family[0].state();
                            for (int m = 1; m <= mMax; m++) {
                                out[StrongErrors.column(off, s, j, m, k)] = squaredDistance(family[m].state(), it);
                            }
                        }
                    }
                }
            }
            int d = theta0.length;
            int vec = off[s.stepSizes()];
            for (int j = 0; j <= jLast; j++) {
                double[] it = schemes[j][0].state();
                double[] ref = schemes[j][mMax].state();
                for (int c = 0; c < d; c++) {
                    out[vec + j * d + c] = ref[c] - it[c];
                }
            }
        }

        private static double squaredDistance(double[] a, double[] b) {
            double s = 0;
            for (int i = 0; i < a.length; i++) {
                double d = a[i] - b[i];
                s += d * d;
            }
            return s;
        }
    }
}
