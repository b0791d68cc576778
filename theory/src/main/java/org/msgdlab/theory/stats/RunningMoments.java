package org.msgdlab.theory.stats;

/**
 * Mean and variance of k statistics over i.i.d. samples, by Welford's update; two accumulators
 * merge exactly (Chan et al.), so a Monte Carlo split into chunks gives the same numbers however
 * the chunks are scheduled, as long as they are merged in chunk order.
 */
public final class RunningMoments {

    private final int k;
    private long count;
    private final double[] mean;
    private final double[] m2;

    public RunningMoments(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("statistic count k=" + k + " must be >= 1");
        }
        this.k = k;
        this.mean = new double[k];
        this.m2 = new double[k];
    }

    public void add(double[] x) {
        count++;
        for (int j = 0; j < k; j++) {
            double d = x[j] - mean[j];
            mean[j] += d / count;
            m2[j] += d * (x[j] - mean[j]);
        }
    }

    public void merge(RunningMoments other) {
        if (other.k != k) {
            throw new IllegalArgumentException("cannot merge moments of " + other.k + " statistics into " + k);
        }
        if (other.count == 0) {
            return;
        }
        long n = count + other.count;
        for (int j = 0; j < k; j++) {
            double d = other.mean[j] - mean[j];
            mean[j] += d * other.count / n;
            m2[j] += other.m2[j] + d * d * ((double) count * other.count / n);
        }
        count = n;
    }

    /** Number of statistics k. */
    public int statistics() {
        return k;
    }

    public long count() {
        return count;
    }

    public double mean(int j) {
        return mean[j];
    }

    /** Unbiased sample variance of statistic j. */
    public double variance(int j) {
        return count > 1 ? m2[j] / (count - 1) : Double.NaN;
    }

    /** Standard error of the mean of statistic j: sqrt(variance / count). */
    public double standardError(int j) {
        return Math.sqrt(Math.max(0, variance(j)) / count);
    }
}
