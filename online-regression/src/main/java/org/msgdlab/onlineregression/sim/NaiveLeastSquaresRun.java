package org.msgdlab.onlineregression.sim;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.theory.noise.NoiseSampler;

/**
 * The straightforward per-sample loop, as the proof writes the step: accumulate
 * {@code L = sum_r w_r x_r x_r^T} by m rank-1 updates and {@code N = sum_r w_r epsilon_r x_r}, then
 * {@code e <- e - eta (L e - N)}: {@code 2 m d^2 + 2 m d + 2 d^2} flops per step. Consumes random
 * numbers in the same order as {@link LeastSquaresRun}, so the two follow the same trajectory up to
 * rounding (tested); kept as the baseline of the benchmark. Not thread-safe: one instance per
 * thread and stream.
 */
public final class NaiveLeastSquaresRun {

    private final int d;
    private final int m;
    private final double eta;
    private final double sigma;
    private final double[] x;
    private final double[] eps;
    private final double[] w;
    private final double[][] l;
    private final double[] nvec;
    private final double[] e;
    private final double[] tmp;
    private final Design.RowSampler rows;
    private final ContinuousSampler noise;
    private final NoiseSampler weights;

    /**
     * A kernel at {@code theta_0} for one algorithm on one problem (eta is not checked).
     *
     * @param problem   the problem
     * @param algorithm the algorithm (batch size and weights)
     * @param eta       the step size
     * @param rng       the random stream of rows, noise and weights, used by this instance only
     */
    public NaiveLeastSquaresRun(RegressionProblem problem, Algorithm algorithm, double eta, UniformRandomProvider rng) {
        this.d = problem.dimension();
        this.m = algorithm.samplesPerStep();
        this.eta = eta;
        this.sigma = Math.sqrt(problem.sigma2());
        double[] sqrtLambda = problem.spectrum().eigenvalues();
        for (int k = 0; k < d; k++) {
            sqrtLambda[k] = Math.sqrt(sqrtLambda[k]);
        }
        this.x = new double[m * d];
        this.eps = new double[m];
        this.w = new double[m];
        java.util.Arrays.fill(w, 1.0 / m);
        this.l = new double[d][d];
        this.nvec = new double[d];
        this.e = problem.initialError();
        this.tmp = new double[d];
        this.rows = problem.design().rows(rng, sqrtLambda);
        this.noise = problem.design().standardNoise(rng);
        this.weights = algorithm.weights(rng);
    }

    /** One step n to n+1: {@code e <- e - eta (L e - N)}. */
    public void step() {
        for (int r = 0; r < m; r++) {
            rows.sample(x, r * d);
            eps[r] = sigma == 0 ? 0 : sigma * noise.sample();
        }
        if (weights != null) {
            weights.sample(w);
        }
        for (double[] row : l) {
            java.util.Arrays.fill(row, 0);
        }
        java.util.Arrays.fill(nvec, 0);
        for (int r = 0; r < m; r++) {
            int o = r * d;
            double wr = w[r];
            for (int i = 0; i < d; i++) {
                double xi = wr * x[o + i];
                double[] row = l[i];
                for (int j = 0; j < d; j++) {
                    row[j] += xi * x[o + j];
                }
                nvec[i] += xi * eps[r];
            }
        }
        for (int i = 0; i < d; i++) {
            double s = 0;
            double[] row = l[i];
            for (int j = 0; j < d; j++) {
                s += row[j] * e[j];
            }
            tmp[i] = s - nvec[i];
        }
        for (int i = 0; i < d; i++) {
            e[i] -= eta * tmp[i];
        }
    }

    /** @return the current error {@code e_n} (a copy) */
    public double[] error() {
        return e.clone();
    }

    /**
     * Flops of one step: 2 m d^2 (rank-1 updates) + 2 m d (N) + 2 d^2 (L e) + 2 d.
     *
     * @param m samples per step
     * @param d dimension
     * @return the flop count
     */
    public static double flopsPerStep(int m, int d) {
        return 2.0 * m * d * d + 2.0 * m * d + 2.0 * d * d + 2.0 * d;
    }
}
