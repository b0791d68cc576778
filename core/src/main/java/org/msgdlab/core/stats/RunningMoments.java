package org.msgdlab.core.stats;

/**
 * Mean, variance, third and fourth central moments of k statistics over i.i.d. samples, by
 * Welford's update extended to higher moments; two accumulators merge exactly (Chan et al.; Pébay 2008),
 * so a Monte Carlo split into chunks gives the same numbers however the chunks are scheduled, as
 * long as they are merged in chunk order.
 *
 * <p>Not thread-safe: one accumulator per chunk, merged once the chunks are done.
 */
public final class RunningMoments {

    private final int k;
    private long count;
    private final double[] mean;
    private final double[] m2;
    private final double[] m3;
    private final double[] m4;

    /**
     * Empty moments of k statistics.
     *
     * @param k the number of statistics, at least 1
     * @throws IllegalArgumentException when {@code k < 1}
     */
    public RunningMoments(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("statistic count k=" + k + " must be >= 1");
        }
        this.k = k;
        this.mean = new double[k];
        this.m2 = new double[k];
        this.m3 = new double[k];
        this.m4 = new double[k];
    }

    /**
     * Adds one sample.
     *
     * @param x its k statistics (not kept)
     */
    public void add(double[] x) {
        long n1 = count;
        count++;
        long n = count;
        for (int j = 0; j < k; j++) {
            double delta = x[j] - mean[j];
            double deltaN = delta / n;
            double term1 = delta * deltaN * n1;
            mean[j] += deltaN;
            m4[j] += term1 * deltaN * deltaN * ((double) n * n - 3.0 * n + 3) + 6 * deltaN * deltaN * m2[j]
                    - 4 * deltaN * m3[j];
            m3[j] += term1 * deltaN * (n - 2) - 3 * deltaN * m2[j];
            m2[j] += term1;
        }
    }

    /**
     * Adds the samples of {@code other}, as if they had been added here after this one's.
     *
     * @param other moments of the same k statistics (not changed)
     * @throws IllegalArgumentException when {@code other} has another number of statistics
     */
    public void merge(RunningMoments other) {
        if (other.k != k) {
            throw new IllegalArgumentException("cannot merge moments of " + other.k + " statistics into " + k);
        }
        if (other.count == 0) {
            return;
        }
        double na = count;
        double nb = other.count;
        double n = na + nb;
        for (int j = 0; j < k; j++) {
            double d = other.mean[j] - mean[j];
            double d2 = d * d;
            m4[j] += other.m4[j] + d2 * d2 * na * nb * (na * na - na * nb + nb * nb) / (n * n * n)
                    + 6 * d2 * (na * na * other.m2[j] + nb * nb * m2[j]) / (n * n)
                    + 4 * d * (na * other.m3[j] - nb * m3[j]) / n;
            m3[j] += other.m3[j] + d * d * d * na * nb * (na - nb) / (n * n)
                    + 3 * d * (na * other.m2[j] - nb * m2[j]) / n;
            m2[j] += other.m2[j] + d * d * (na * nb / n);
            mean[j] += d * nb / n;
        }
        count += other.count;
    }

    /** @return the number of statistics k */
    public int statistics() {
        return k;
    }

    /** @return the number of samples added */
    public long count() {
        return count;
    }

    /**
     * Sample mean of statistic j.
     *
     * @param j the statistic's index, 0 &le; j &lt; k
     * @return its mean, 0 before any sample
     */
    public double mean(int j) {
        return mean[j];
    }

    /**
     * Unbiased sample variance of statistic j.
     *
     * @param j the statistic's index, 0 &le; j &lt; k
     * @return M2 / (N - 1); NaN before two samples
     */
    public double variance(int j) {
        return count > 1 ? m2[j] / (count - 1) : Double.NaN;
    }

    /**
     * Standard error of the mean of statistic j: sqrt(variance / count).
     *
     * @param j the statistic's index, 0 &le; j &lt; k
     * @return sqrt(max(0, variance) / N); NaN before two samples
     */
    public double standardError(int j) {
        return Math.sqrt(Math.max(0, variance(j)) / count);
    }

    /**
     * Sample skewness of the per-sample statistic j, {@code g1 = sqrt(N) M3 / M2^(3/2)}; 0 when
     * the statistic is constant.
     *
     * @param j the statistic's index, 0 &le; j &lt; k
     * @return g1; 0 also before three samples
     */
    public double skewness(int j) {
        if (count < 3 || m2[j] <= 0) {
            return 0;
        }
        return Math.sqrt((double) count) * m3[j] / Math.pow(m2[j], 1.5);
    }

    /**
     * Sample excess kurtosis of the per-sample statistic j, {@code g2 = N M4 / M2^2 - 3}; 0 when
     * the statistic is constant.
     *
     * @param j the statistic's index, 0 &le; j &lt; k
     * @return g2; 0 also before four samples
     */
    public double excessKurtosis(int j) {
        if (count < 4 || m2[j] <= 0) {
            return 0;
        }
        return count * m4[j] / (m2[j] * m2[j]) - 3;
    }

    /**
     * Excess kurtosis of the mean of statistic j: {@code g2 / N}.
     *
     * @param j the statistic's index, 0 &le; j &lt; k
     * @return g2 / N; 0 before four samples
     */
    public double excessKurtosisOfMean(int j) {
        return count < 4 ? 0 : excessKurtosis(j) / count;
    }

    /**
     * Skewness of the mean of statistic j: {@code g1 / sqrt(N)}.
     *
     * @param j the statistic's index, 0 &le; j &lt; k
     * @return g1 / sqrt(N); 0 before three samples
     */
    public double skewnessOfMean(int j) {
        return count < 3 ? 0 : skewness(j) / Math.sqrt((double) count);
    }
}
