package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * Draws a mini-batch of B distinct indices uniformly from {0, ..., n-1} by Floyd's algorithm:
 * B random draws, a membership workspace of n booleans that is cleared after each draw (O(B)).
 * Not thread-safe: one instance per thread and stream.
 */
public final class BatchIndices {

    private final int n;
    private final int batch;
    private final UniformRandomProvider rng;
    private final boolean[] member;

    /**
     * A sampler of B distinct indices among n, drawing from {@code rng}.
     *
     * @param n     the number of samples to draw from
     * @param batch the number B of distinct indices per draw
     * @param rng   the random stream the indices are drawn from
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code 1 <= B <= n}
     */
    public BatchIndices(int n, int batch, UniformRandomProvider rng) {
        Validation.requireSampleCount(n);
        Validation.requireBatch("B", batch, n);
        this.n = n;
        this.batch = batch;
        this.rng = rng;
        this.member = new boolean[n];
    }

    /**
     * Writes B distinct indices into {@code out[0..B)}, in the order drawn.
     *
     * @param out the destination, of length at least B
     */
    public void sample(int[] out) {
        int k = 0;
        for (int j = n - batch; j < n; j++) {
            int t = rng.nextInt(j + 1);
            int pick = member[t] ? j : t;
            member[pick] = true;
            out[k++] = pick;
        }
        for (int i = 0; i < batch; i++) {
            member[out[i]] = false;
        }
    }
}
