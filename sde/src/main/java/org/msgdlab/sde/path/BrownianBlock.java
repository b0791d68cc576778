package org.msgdlab.sde.path;

import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/**
 * The increments of an N-dimensional Brownian motion over one block of {@code 2^levels} finest
 * steps of length h, with all their dyadic sums: level ℓ holds the {@code 2^(levels-ℓ)} increments
 * over {@code 2^ℓ} consecutive finest steps. Every scheme driven by a block (any step size that is
 * a power-of-two multiple of h) sees the <em>same</em> Brownian path: the nested grids of a
 * strong-convergence study.
 *
 * <p>Not thread-safe: one block per path simulator.
 */
public final class BrownianBlock {

    private final int n;
    private final int levels;
    private final double[][] level;

    /**
     * An empty block (call {@link #fill} before reading it).
     *
     * @param n      the dimension N of the Brownian motion
     * @param levels the number of dyadic levels above the finest
     * @throws IllegalArgumentException unless {@code n >= 1} and {@code 0 <= levels <= 24}
     */
    public BrownianBlock(int n, int levels) {
        if (n < 1 || levels < 0 || levels > 24) {
            throw new IllegalArgumentException("Brownian block needs n >= 1 and 0 <= levels <= 24, got n=" + n
                    + ", levels=" + levels);
        }
        this.n = n;
        this.levels = levels;
        this.level = new double[levels + 1][];
        for (int l = 0; l <= levels; l++) {
            level[l] = new double[(1 << (levels - l)) * n];
        }
    }

    /** @return number of finest steps in the block, {@code 2^levels} */
    public int length() {
        return 1 << levels;
    }

    /** @return the number of dyadic levels above the finest */
    public int levels() {
        return levels;
    }

    /** @return the dimension N of the Brownian motion */
    public int dimension() {
        return n;
    }

    /**
     * Draws the finest increments {@code sqrt(h) ξ}, ξ i.i.d. N(0, 1) in time order, and sums them.
     *
     * @param normal the standard normal sampler
     * @param sqrtH  sqrt(h), h the finest step
     */
    public void fill(ContinuousSampler normal, double sqrtH) {
        double[] fine = level[0];
        for (int i = 0; i < fine.length; i++) {
            fine[i] = sqrtH * normal.sample();
        }
        for (int l = 1; l <= levels; l++) {
            double[] lo = level[l - 1];
            double[] hi = level[l];
            int count = 1 << (levels - l);
            for (int q = 0; q < count; q++) {
                int a = 2 * q * n;
                int b = a + n;
                int o = q * n;
                for (int i = 0; i < n; i++) {
                    hi[o + i] = lo[a + i] + lo[b + i];
                }
            }
        }
    }

    /**
     * The array of level ℓ; increment q of that level starts at {@code q * n}.
     *
     * @param l the level ℓ, 0 (finest) .. levels
     * @return the block's own array (not a copy)
     */
    public double[] level(int l) {
        return level[l];
    }
}
