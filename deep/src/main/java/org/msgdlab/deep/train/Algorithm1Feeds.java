package org.msgdlab.deep.train;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.deep.train.Method.Feed;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SamplingVector;

import java.util.Arrays;

/**
 * The feeds of Algorithm 1: W = 1/n + V drawn from the step's stream, fed as its support when that is at
 * most half of the training set (the dropped examples have weight exactly 0, so the gradient is the same);
 * with batch norm the whole training set, or for SGD the sampled batch behind W.
 */
final class Algorithm1Feeds implements Method.Feeds {

    private final SamplingNoise noise;
    private final int n;
    private final int[] all;
    private final boolean batchNorm;
    private final int batch;

    /**
     * @param noise     the sampling noise V
     * @param n         the number of training samples
     * @param batchNorm whether the network has batch norm
     * @param batch     with batch norm, the batch b behind W to feed (SGD); 0: the whole training set
     */
    Algorithm1Feeds(SamplingNoise noise, int n, boolean batchNorm, int batch) {
        this.noise = noise;
        this.n = n;
        this.all = all(n);
        this.batchNorm = batchNorm;
        this.batch = batch;
    }

    /** @return 0, 1, ..., n-1: the whole training set */
    static int[] all(int n) {
        int[] all = new int[n];
        Arrays.setAll(all, i -> i);
        return all;
    }

    @Override
    public Feed draw(UniformRandomProvider rng) {
        double[] w = new double[n];
        new SamplingVector(noise).sampler(rng).sample(w);
        if (batchNorm) {
            return batch > 0 ? sampledBatch(w) : new Feed(all, w);
        }
        int support = 0;
        for (double x : w) {
            if (x != 0.0) {
                support++;
            }
        }
        if (support > n / 2 || support == 0) {
            return new Feed(all, w);
        }
        int[] idx = new int[support];
        double[] ws = new double[support];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (w[i] != 0.0) {
                idx[j] = i;
                ws[j++] = w[i];
            }
        }
        return new Feed(idx, ws);
    }

    /** SGD's batch behind W = (c_i / b): example i repeated c_i times, each with weight 1/b. */
    private Feed sampledBatch(double[] w) {
        int b = batch;
        int[] idx = new int[b];
        int j = 0;
        for (int i = 0; i < n; i++) {
            long copies = Math.round(w[i] * b);
            if (Math.abs(copies - w[i] * b) > 1e-6) {
                throw new IllegalStateException("SGD weight " + w[i] + " of example " + i + " is not a multiple of 1/b, b=" + b);
            }
            for (long c = 0; c < copies; c++) {
                idx[j++] = i;
            }
        }
        if (j != b) {
            throw new IllegalStateException("SGD weights add up to " + j + " examples, expected b=" + b);
        }
        double[] ws = new double[b];
        Arrays.fill(ws, 1.0 / b);
        return new Feed(idx, ws);
    }
}
