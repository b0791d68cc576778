package org.msgdlab.onlineregression.sim;

import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.core.stats.FalseAlarm;
import org.msgdlab.core.stats.MonteCarlo;
import org.msgdlab.core.stats.RunningMoments;

import java.util.List;

/**
 * The Monte Carlo result of a {@link RiskExperiment}: per algorithm and checkpoint, the mean excess
 * risk over the runs and its standard error; per chunk, the chunk means (for jackknife errors of
 * nonlinear statistics such as fitted slopes and ratios). A read-only view of a finished run: safe
 * to share between threads once built.
 */
public final class RiskCurves {

    private final RiskExperiment experiment;
    private final MonteCarlo.Result result;
    private final RunningMoments total;

    /**
     * The curves of an experiment from its Monte Carlo result.
     *
     * @param experiment the experiment that was run
     * @param result     its result, with {@link RiskExperiment#statistics()} statistics per sample
     */
    public RiskCurves(RiskExperiment experiment, MonteCarlo.Result result) {
        this.experiment = experiment;
        this.result = result;
        this.total = result.total();
    }

    /** @return the experiment that was run */
    public RiskExperiment experiment() {
        return experiment;
    }

    /** @return the number of runs (Monte Carlo samples) */
    public long runs() {
        return total.count();
    }

    private int index(int algorithm, int checkpoint) {
        return algorithm * experiment.checkpoints().size() + checkpoint;
    }

    /**
     * The mean averaged-iterate excess risk over the runs.
     *
     * @param algorithm  the algorithm's index in the experiment
     * @param checkpoint the checkpoint's index
     * @return the mean risk
     */
    public double mean(int algorithm, int checkpoint) {
        return total.mean(index(algorithm, checkpoint));
    }

    /**
     * The standard error of {@link #mean(int, int)}.
     *
     * @param algorithm  the algorithm's index in the experiment
     * @param checkpoint the checkpoint's index
     * @return the standard error
     */
    public double standardError(int algorithm, int checkpoint) {
        return total.standardError(index(algorithm, checkpoint));
    }

    /**
     * The mean risk of an algorithm given by value.
     *
     * @param a          the algorithm, part of the experiment
     * @param checkpoint the checkpoint's index
     * @return the mean risk
     * @throws IllegalArgumentException if {@code a} is not part of the experiment
     */
    public double mean(Algorithm a, int checkpoint) {
        return mean(experiment.indexOf(a), checkpoint);
    }

    /**
     * The standard error of {@link #mean(Algorithm, int)}.
     *
     * @param a          the algorithm, part of the experiment
     * @param checkpoint the checkpoint's index
     * @return the standard error
     * @throws IllegalArgumentException if {@code a} is not part of the experiment
     */
    public double standardError(Algorithm a, int checkpoint) {
        return standardError(experiment.indexOf(a), checkpoint);
    }

    /**
     * The skewness of the mean's law (of the per-run risk, divided by sqrt(runs)).
     *
     * @param algorithm  the algorithm's index in the experiment
     * @param checkpoint the checkpoint's index
     * @return the skewness of the mean
     */
    public double skewnessOfMean(int algorithm, int checkpoint) {
        return total.skewnessOfMean(index(algorithm, checkpoint));
    }

    /**
     * The excess kurtosis of the mean's law.
     *
     * @param algorithm  the algorithm's index in the experiment
     * @param checkpoint the checkpoint's index
     * @return the excess kurtosis of the mean
     */
    public double excessKurtosisOfMean(int algorithm, int checkpoint) {
        return total.excessKurtosisOfMean(index(algorithm, checkpoint));
    }

    /**
     * The critical value z corrected for the shape of this mean's law (second-order
     * Cornish-Fisher, {@link FalseAlarm#shapeCorrected}): a risk is a skewed, chi-square-like
     * per-run statistic.
     *
     * @param z          the normal critical value
     * @param algorithm  the algorithm's index in the experiment
     * @param checkpoint the checkpoint's index
     * @return the corrected critical value
     */
    public double shapeCorrectedZ(double z, int algorithm, int checkpoint) {
        return FalseAlarm.shapeCorrected(z, skewnessOfMean(algorithm, checkpoint), excessKurtosisOfMean(algorithm, checkpoint));
    }

    /**
     * As {@link #shapeCorrectedZ} for the difference of two independent means, (a1, j1) minus
     * (a2, j2): third cumulants subtract, fourth cumulants add.
     *
     * @param z     the normal critical value
     * @param other the curves of the second mean (may be this)
     * @param a1    the first algorithm's index
     * @param j1    the first checkpoint's index
     * @param a2    the second algorithm's index, in {@code other}
     * @param j2    the second checkpoint's index
     * @return the corrected critical value; z when both standard errors are 0
     */
    public double differenceZ(double z, RiskCurves other, int a1, int j1, int a2, int j2) {
        double s1 = standardError(a1, j1);
        double s2 = other.standardError(a2, j2);
        double k3 = skewnessOfMean(a1, j1) * s1 * s1 * s1 - other.skewnessOfMean(a2, j2) * s2 * s2 * s2;
        double k4 = excessKurtosisOfMean(a1, j1) * s1 * s1 * s1 * s1 + other.excessKurtosisOfMean(a2, j2) * s2 * s2 * s2 * s2;
        double v = s1 * s1 + s2 * s2;
        if (v <= 0) {
            return z;
        }
        return FalseAlarm.shapeCorrected(z, k3 / Math.pow(v, 1.5), k4 / (v * v));
    }

    /** @return number of chunks (jackknife groups) */
    public int chunks() {
        return result.chunks().size();
    }

    /**
     * The mean risk curve of algorithm a over all runs except those of chunk {@code leftOut}
     * ({@code leftOut < 0}: all runs).
     *
     * @param algorithm the algorithm's index
     * @param leftOut   the chunk left out, or negative for none
     * @return the mean risk at each checkpoint
     */
    public double[] curveWithout(int algorithm, int leftOut) {
        int j = experiment.checkpoints().size();
        double[] out = new double[j];
        List<RunningMoments> parts = result.chunks();
        long n = total.count() - (leftOut >= 0 ? parts.get(leftOut).count() : 0);
        for (int c = 0; c < j; c++) {
            int idx = index(algorithm, c);
            double s = total.mean(idx) * total.count();
            if (leftOut >= 0) {
                s -= parts.get(leftOut).mean(idx) * parts.get(leftOut).count();
            }
            out[c] = s / n;
        }
        return out;
    }

    /** A scalar statistic of the mean curves, evaluated on all runs and with each chunk left out. */
    @FunctionalInterface
    public interface CurveStatistic {
        /**
         * Evaluates the statistic.
         *
         * @param curveOfAlgorithm the mean risk curve of each algorithm, by index
         * @return the statistic
         */
        double apply(java.util.function.IntFunction<double[]> curveOfAlgorithm);
    }

    /**
     * Delete-one-chunk jackknife: the statistic on all runs, and its standard error
     * {@code sqrt((K-1)/K sum_c (s_(c) - mean s_(.))^2)} over the K chunks.
     *
     * @param statistic the statistic of the mean curves
     * @return {estimate, standard error}
     */
    public double[] jackknife(CurveStatistic statistic) {
        double full = statistic.apply(a -> curveWithout(a, -1));
        int k = chunks();
        double[] leave = new double[k];
        double mean = 0;
        for (int c = 0; c < k; c++) {
            final int left = c;
            leave[c] = statistic.apply(a -> curveWithout(a, left));
            mean += leave[c];
        }
        mean /= k;
        double ss = 0;
        for (double v : leave) {
            ss += (v - mean) * (v - mean);
        }
        return new double[] {full, Math.sqrt((k - 1.0) / k * ss)};
    }
}
