package org.msgdlab.onlineregression.exact;

import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;

/**
 * The exact expected excess risk of the averaged iterate, {@code E[f(bar theta_n)] - f(theta_*)},
 * by a recursion on second moments, without Monte Carlo, in O(d) operations per step.
 *
 * <p>With {@code e_n = theta_n - theta_*}, one step is {@code e_{n+1} = (I - eta L) e_n + eta N}
 * (proof of Theorem 1, Eqs. (defi-L), (defi-N)); L, N use the step's fresh batch and W, independent
 * of {@code e_n}. For a well-specified model ({@code epsilon} independent of x, mean 0) the cross
 * terms {@code E[L v N^T]} vanish and, with the {@link WeightMoments} {@code (1, a, c)} of W and
 * {@code F(A) = E[x x^T A x x^T]},
 * <pre>
 *   P_{n+1} = E[e_{n+1} e_{n+1}^T] = P_n - eta (Sigma P_n + P_n Sigma)
 *             + eta^2 (a F(P_n) + c Sigma P_n Sigma) + eta^2 a sigma^2 Sigma.            (1)
 * </pre>
 * For {@code j >= i}, {@code E[e_j e_i^T] = (I - eta Sigma)^{j-i} P_i} (the later noise has mean
 * zero and is independent of {@code e_i}). The averaged iterate needs all these cross moments;
 * they are accumulated exactly by
 * <pre>
 *   U_n = sum_{i &lt;= n} E[e_n e_i^T]:            U_0 = P_0,  U_{n+1} = (I - eta Sigma) U_n + P_{n+1},   (2)
 *   S_n = sum_{i,j &lt;= n} E[e_i e_j^T]:          S_0 = P_0,  S_{n+1} = S_n + U_{n+1} + U_{n+1}^T - P_{n+1},  (3)
 *   E[f(bar theta_n)] - f(theta_*) = tr(Sigma S_n) / (2 (n+1)^2).                            (4)
 * </pre>
 * In the eigenbasis Sigma is diagonal, and for the designs here F maps diagonal matrices to
 * diagonal matrices ({@link Design#fourthMomentDiagonal}), so (1)-(4) close on the diagonals of
 * P, U, S: three d-vectors. {@link DenseExactRisk} runs (1)-(4) on full matrices (O(d^3) per step)
 * for any Sigma; the two agree (tested).
 *
 * <p>Not thread-safe: one instance per trajectory of moments.
 */
public final class ExactRisk {

    private final Design fourthMoment;
    private final double[] lambda;
    private final double eta;
    private final double a;
    private final double c;
    private final double noise;
    private final double[] p;
    private final double[] u;
    private final double[] s;
    private final double[] f;
    private final boolean crossMoments;
    private double sumIterateRisk;
    private long n;

    private ExactRisk(RegressionProblem problem, Design fourthMoment, WeightMoments w, double eta, boolean crossMoments) {
        if (!(eta > 0) || !Double.isFinite(eta)) {
            throw new IllegalArgumentException("step size eta=" + eta + " must be finite and > 0");
        }
        if (Math.abs(w.mean() - 1) > 1e-12) {
            throw new IllegalArgumentException("weight mean sum_r E[w_r]=" + w.mean() + " must be 1 (unbiased gradient)");
        }
        this.fourthMoment = fourthMoment;
        this.lambda = problem.spectrum().eigenvalues();
        this.eta = eta;
        this.a = w.squares();
        this.c = w.cross();
        this.noise = eta * eta * w.squares() * problem.sigma2();
        double[] e0 = problem.initialError();
        int d = e0.length;
        this.p = new double[d];
        this.f = new double[d];
        for (int k = 0; k < d; k++) {
            p[k] = e0[k] * e0[k];
        }
        this.u = p.clone();
        this.s = p.clone();
        this.crossMoments = crossMoments;
        this.sumIterateRisk = iterateRisk();
    }

    /**
     * The recursion for {@code problem} run by an algorithm with weight moments {@code w} at step eta.
     *
     * @param problem the problem
     * @param w       the weight moments of the algorithm
     * @param eta     the step size
     * @return the recursion at n = 0
     * @throws IllegalArgumentException unless eta is finite and &gt; 0 and {@code w.mean()} is 1 (to 1e-12)
     */
    public static ExactRisk of(RegressionProblem problem, WeightMoments w, double eta) {
        return new ExactRisk(problem, problem.design(), w, eta, true);
    }

    /**
     * A deliberately wrong variant for power checks: the fourth moment of another design (e.g. the
     * Gaussian one for the bounded design).
     *
     * @param wrong   the design whose fourth moment is used
     * @param problem the problem
     * @param w       the weight moments of the algorithm
     * @param eta     the step size
     * @return the wrong recursion at n = 0
     * @throws IllegalArgumentException unless eta is finite and &gt; 0 and {@code w.mean()} is 1 (to 1e-12)
     */
    public static ExactRisk withFourthMomentOf(Design wrong, RegressionProblem problem, WeightMoments w, double eta) {
        return new ExactRisk(problem, wrong, w, eta, true);
    }

    /**
     * A deliberately wrong variant for power checks: the averaged-iterate risk computed as if the
     * iterates were uncorrelated, {@code (1/(n+1)^2) sum_i E[f(theta_i) - f_*]}.
     *
     * @param problem the problem
     * @param w       the weight moments of the algorithm
     * @param eta     the step size
     * @return the wrong recursion at n = 0
     * @throws IllegalArgumentException unless eta is finite and &gt; 0 and {@code w.mean()} is 1 (to 1e-12)
     */
    public static ExactRisk withoutCrossMoments(RegressionProblem problem, WeightMoments w, double eta) {
        return new ExactRisk(problem, problem.design(), w, eta, false);
    }

    /** Advances one step, n to n+1: Eqs. (1)-(3). */
    public void step() {
        int d = p.length;
        fourthMoment.fourthMomentDiagonal(lambda, p, f);
        double e2 = eta * eta;
        for (int k = 0; k < d; k++) {
            double l = lambda[k];
            double pk = p[k] - 2 * eta * l * p[k] + e2 * (a * f[k] + c * l * l * p[k]) + noise * l;
            p[k] = pk;
            double uk = (1 - eta * l) * u[k] + pk;
            u[k] = uk;
            s[k] += 2 * uk - pk;
        }
        n++;
        sumIterateRisk += iterateRisk();
    }

    /** @return steps taken so far */
    public long steps() {
        return n;
    }

    /** @return {@code E[f(bar theta_n)] - f(theta_*)}: Eq. (4) (or the uncorrelated variant) */
    public double averagedRisk() {
        double m = n + 1.0;
        if (!crossMoments) {
            return sumIterateRisk / (m * m);
        }
        double t = 0;
        for (int k = 0; k < s.length; k++) {
            t += lambda[k] * s[k];
        }
        return 0.5 * t / (m * m);
    }

    /** @return {@code E[f(theta_n)] - f(theta_*) = tr(Sigma P_n)/2}: the last iterate's excess risk */
    public double iterateRisk() {
        double t = 0;
        for (int k = 0; k < p.length; k++) {
            t += lambda[k] * p[k];
        }
        return 0.5 * t;
    }

    /** @return {@code E||theta_n - theta_*||^2 = tr(P_n)} */
    public double iterateSquaredDistance() {
        double t = 0;
        for (double v : p) {
            t += v;
        }
        return t;
    }

    /**
     * Runs to the largest of {@code steps} (sorted ascending, &gt;= 0) and returns the averaged risk at each.
     *
     * @param problem the problem
     * @param w       the weight moments of the algorithm
     * @param eta     the step size
     * @param steps   the checkpoints, ascending, &ge; 0
     * @return the averaged risk at each checkpoint
     * @throws IllegalArgumentException if the checkpoints are not ascending or one is negative, or as
     *                                  {@link #of}
     */
    public static double[] averaged(RegressionProblem problem, WeightMoments w, double eta, int[] steps) {
        return collect(of(problem, w, eta), steps);
    }

    /**
     * The averaged risk at every n = 0..nMax.
     *
     * @param problem the problem
     * @param w       the weight moments of the algorithm
     * @param eta     the step size
     * @param nMax    the last step, &ge; 0
     * @return nMax + 1 values, index n holding the risk after n steps
     * @throws IllegalArgumentException as {@link #of}
     */
    public static double[] everyStep(RegressionProblem problem, WeightMoments w, double eta, int nMax) {
        ExactRisk r = of(problem, w, eta);
        double[] out = new double[nMax + 1];
        out[0] = r.averagedRisk();
        for (int i = 1; i <= nMax; i++) {
            r.step();
            out[i] = r.averagedRisk();
        }
        return out;
    }

    /**
     * Advances {@code r} through {@code steps} (sorted ascending) and returns its averaged risk at each.
     *
     * @param r     the recursion, advanced in place
     * @param steps the checkpoints, ascending, none before {@code r.steps()}
     * @return the averaged risk at each checkpoint
     * @throws IllegalArgumentException if a checkpoint is below the steps already taken (not ascending)
     */
    public static double[] collect(ExactRisk r, int[] steps) {
        double[] out = new double[steps.length];
        for (int j = 0; j < steps.length; j++) {
            if (steps[j] < r.steps()) {
                throw new IllegalArgumentException("checkpoints must be ascending, got " + steps[j] + " after " + r.steps());
            }
            while (r.steps() < steps[j]) {
                r.step();
            }
            out[j] = r.averagedRisk();
        }
        return out;
    }
}
