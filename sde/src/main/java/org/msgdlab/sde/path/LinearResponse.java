package org.msgdlab.sde.path;

import org.ejml.data.DMatrixRMaj;
import org.msgdlab.sde.problem.Evaluator;
import org.msgdlab.sde.problem.Problem;

/**
 * Control-variate weights for a noisy gradient iteration
 * <pre>
 *   θ_{j+1} = θ_j - ∇ℒ(θ_j) (h/N 1 + ξ_j),   E ξ_j = 0,
 * </pre>
 * (MSGD/SGD: {@code h = η, ξ = ηV}; Euler–Maruyama for Eq. (sde): {@code ξ = -σ S ΔW}). Linearized
 * about the noise-free path θ̄ (gradient descent with step h), the deviation
 * {@code δ_{j+1} = (I - h∇²L(θ̄_j)) δ_j - ∇ℒ(θ̄_j) ξ_j} gives
 * <pre>
 *   φ(θ_K) - φ(θ̄_K) ≈ ∇φ(θ̄_K)·δ_K = Σ_j c_j·ξ_j,   c_j = -∇ℒ(θ̄_j)^T a_{j+1},
 *   a_K = ∇φ(θ̄_K),   a_j = (I - h∇²L(θ̄_j)) a_{j+1}.
 * </pre>
 * The weights are deterministic, so {@code Z = Σ_j c_j·ξ_j} has mean exactly 0 for every noise with
 * mean 0, and {@code φ(θ_K) - Z} is an unbiased estimator of {@code E φ(θ_K)} whose O(√η)
 * fluctuation is removed, leaving O(η). Stateless and thread-safe.
 */
public final class LinearResponse {

    private LinearResponse() {
    }

    /**
     * The weights {@code c_j ∈ R^N}, j = 0..steps-1, for φ at horizon {@code steps·h}.
     *
     * @param problem the training set
     * @param h       the step h
     * @param steps   the number of steps K
     * @param phi     the test function φ
     * @return {@code steps} arrays of N weights
     */
    public static double[][] weights(Problem problem, double h, int steps, TestFunction phi) {
        Evaluator ev = problem.evaluator();
        int d = problem.dimension();
        int n = problem.samples();
        double[][] path = new double[steps + 1][];
        double[] theta = problem.initialPoint();
        double[] g = new double[d];
        path[0] = theta.clone();
        for (int j = 0; j < steps; j++) {
            ev.gradient(theta, g);
            for (int k = 0; k < d; k++) {
                theta[k] -= h * g[k];
            }
            path[j + 1] = theta.clone();
        }
        double[] a = new double[d];
        phi.gradient(ev, path[steps], a);
        double[] ha = new double[d];
        DMatrixRMaj gm = new DMatrixRMaj(d, n);
        double[][] c = new double[steps][n];
        for (int j = steps - 1; j >= 0; j--) {
            ev.gradientMatrix(path[j], gm);
            for (int i = 0; i < n; i++) {
                double s = 0;
                for (int k = 0; k < d; k++) {
                    s += gm.unsafe_get(k, i) * a[k];
                }
                c[j][i] = -s;
            }
            ev.hessianVector(path[j], a, ha);
            for (int k = 0; k < d; k++) {
                a[k] -= h * ha[k];
            }
        }
        return c;
    }

    /**
     * The gradient-descent value φ(θ̄_K) with step h (the control's expansion point).
     *
     * @param problem the training set
     * @param h       the step h
     * @param steps   the number of steps K
     * @param phi     the test function φ
     * @return φ(θ̄_K)
     */
    public static double noiseFreeValue(Problem problem, double h, int steps, TestFunction phi) {
        Evaluator ev = problem.evaluator();
        double[] theta = problem.initialPoint();
        double[] g = new double[theta.length];
        for (int j = 0; j < steps; j++) {
            ev.gradient(theta, g);
            for (int k = 0; k < theta.length; k++) {
                theta[k] -= h * g[k];
            }
        }
        return phi.value(ev, theta);
    }
}
