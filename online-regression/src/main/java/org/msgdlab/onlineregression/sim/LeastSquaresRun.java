package org.msgdlab.onlineregression.sim;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.theory.noise.NoiseSampler;

/**
 * One trajectory of an online algorithm on problem (P), with its own workspaces and generator
 * (one instance per thread). The state is the error {@code e_n = theta_n - theta_*}: since
 * {@code y_r = x_r^T theta_* + epsilon_r}, the update of Eqs. (online-sgd)/(online-msgd),
 * {@code theta_{n+1} = theta_n - eta sum_r w_r (x_r x_r^T theta_n - y_r x_r)}, is exactly
 * <pre>
 *   e_{n+1} = e_n - eta sum_r w_r (x_r^T e_n - epsilon_r) x_r.
 * </pre>
 * One step is the rank-m update done as two matrix-vector products with the m x d batch X
 * (residuals {@code X e - epsilon}, then {@code e -= eta X^T (w o residuals)}): 4 m d flops, never
 * forming {@code sum_r w_r x_r x_r^T} (which costs 2 m d^2; see {@link NaiveLeastSquaresRun}).
 * Generation of each row is fused with its residual while the row is in L1.
 *
 * <p>Random numbers are consumed in a fixed order per step: for r = 1..m the row x_r then
 * epsilon_r (none when sigma = 0), then W (none for constant weights).
 *
 * <p>Not thread-safe: one instance per thread and stream.
 */
public final class LeastSquaresRun {

    private final int d;
    private final int m;
    private final double eta;
    private final double sigma;
    private final double[] lambda;
    private final double[] e0;
    private final double[] x;
    private final double[] residual;
    private final double[] w;
    private final double[] e;
    private final double[] sum;
    private final Design.RowSampler rows;
    private final ContinuousSampler noise;
    private final NoiseSampler weights;
    private final int[] checkpoints;
    private long n;

    /**
     * A kernel for one algorithm on one problem; call {@link #reset()} (or {@link #run}) before stepping.
     *
     * @param problem     the problem
     * @param algorithm   the algorithm (batch size and weights)
     * @param eta         the step size
     * @param checkpoints the step counts {@link #run} records
     * @param rng         the random stream of rows, noise and weights, used by this instance only
     * @throws IllegalArgumentException unless eta is finite and &gt; 0
     */
    public LeastSquaresRun(RegressionProblem problem, Algorithm algorithm, double eta, Checkpoints checkpoints,
                           UniformRandomProvider rng) {
        if (!(eta > 0) || !Double.isFinite(eta)) {
            throw new IllegalArgumentException("step size eta=" + eta + " must be finite and > 0");
        }
        this.d = problem.dimension();
        this.m = algorithm.samplesPerStep();
        this.eta = eta;
        this.sigma = Math.sqrt(problem.sigma2());
        this.lambda = problem.spectrum().eigenvalues();
        double[] sqrtLambda = new double[d];
        for (int k = 0; k < d; k++) {
            sqrtLambda[k] = Math.sqrt(lambda[k]);
        }
        this.e0 = problem.initialError();
        this.x = new double[m * d];
        this.residual = new double[m];
        this.w = new double[m];
        java.util.Arrays.fill(w, 1.0 / m);
        this.e = new double[d];
        this.sum = new double[d];
        this.rows = problem.design().rows(rng, sqrtLambda);
        this.noise = problem.design().standardNoise(rng);
        this.weights = algorithm.weights(rng);
        this.checkpoints = checkpoints.steps();
    }

    /** Restarts from {@code theta_0}. */
    public void reset() {
        System.arraycopy(e0, 0, e, 0, d);
        System.arraycopy(e0, 0, sum, 0, d);
        n = 0;
    }

    /** One step n to n+1, and adds {@code e_{n+1}} to the running sum of iterates. */
    public void step() {
        final double[] x = this.x;
        final double[] e = this.e;
        final int d = this.d;
        for (int r = 0, o = 0; r < m; r++, o += d) {
            rows.sample(x, o);
            double dot = 0;
            for (int k = 0; k < d; k++) {
                dot += x[o + k] * e[k];
            }
            residual[r] = sigma == 0 ? dot : dot - sigma * noise.sample();
        }
        if (weights != null) {
            weights.sample(w);
        }
        for (int r = 0, o = 0; r < m; r++, o += d) {
            double coef = eta * w[r] * residual[r];
            for (int k = 0; k < d; k++) {
                e[k] -= coef * x[o + k];
            }
        }
        for (int k = 0; k < d; k++) {
            sum[k] += e[k];
        }
        n++;
    }

    /** @return the current error {@code e_n} (a copy) */
    public double[] error() {
        return e.clone();
    }

    /** @return {@code f(bar theta_n) - f(theta_*) = 1/2 ||Sigma^{1/2} (sum_{i<=n} e_i)/(n+1)||^2} */
    public double averagedRisk() {
        double inv = 1.0 / (n + 1);
        double t = 0;
        for (int k = 0; k < d; k++) {
            double v = sum[k] * inv;
            t += lambda[k] * v * v;
        }
        return 0.5 * t;
    }

    /**
     * A full trajectory from {@code theta_0} to the last checkpoint, writing the averaged risk at
     * each checkpoint into {@code out[offset + j]}.
     *
     * @param out    the destination
     * @param offset where checkpoint 0's risk goes
     */
    public void run(double[] out, int offset) {
        reset();
        for (int j = 0; j < checkpoints.length; j++) {
            while (n < checkpoints[j]) {
                step();
            }
            out[offset + j] = averagedRisk();
        }
    }

    /**
     * Flops of one step of this kernel: 4 m d + 2 d.
     *
     * @param m samples per step
     * @param d dimension
     * @return the flop count
     */
    public static double flopsPerStep(int m, int d) {
        return 4.0 * m * d + 2.0 * d;
    }
}
