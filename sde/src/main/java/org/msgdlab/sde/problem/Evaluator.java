package org.msgdlab.sde.problem;

import org.ejml.data.DMatrixRMaj;

/**
 * Evaluates the per-sample gradients of one {@link Problem} at a parameter theta. Instances own
 * scratch arrays and are used by one thread (one per simulated path or chunk of paths).
 *
 * <p>Notation (Section 2): the loss vector {@code ℒ(θ) = (ℓ_1(θ), ..., ℓ_N(θ))}, the gradient matrix
 * {@code ∇ℒ(θ) = (∇ℓ_1(θ), ..., ∇ℓ_N(θ)) ∈ R^{D×N}} and the empirical loss
 * {@code L(θ) = ℒ(θ)·1 / N}.
 *
 * <p>Not thread-safe.
 */
public interface Evaluator {

    /**
     * {@code out = ∇ℒ(θ) u = Σ_i u_i ∇ℓ_i(θ)}: the gradient matrix applied to a weight vector, the
     * single operation an MSGD or Euler–Maruyama step needs (with {@code u = W}, the sampling vector
     * of Eq. (msgd), or {@code u = h/N·1 - σ S ΔW} for a step of Eq. (sde)).
     *
     * @param theta the parameter θ, length D
     * @param u     the weights, length N
     * @param out   the destination, length D
     */
    void contract(double[] theta, double[] u, double[] out);

    /**
     * {@code out = ∇L(θ) = ∇ℒ(θ) 1 / N}.
     *
     * @param theta the parameter θ, length D
     * @param out   the destination, length D
     */
    void gradient(double[] theta, double[] out);

    /**
     * {@code L(θ) = (1/N) Σ_i ℓ_i(θ)}.
     *
     * @param theta the parameter θ, length D
     * @return the empirical loss
     */
    double loss(double[] theta);

    /**
     * The per-sample losses {@code ℒ(θ)} into {@code out} (length N).
     *
     * @param theta the parameter θ, length D
     * @param out   the destination, length N
     */
    void losses(double[] theta, double[] out);

    /**
     * The gradient matrix {@code ∇ℒ(θ)} (D×N, column i = ∇ℓ_i(θ)) into {@code out}.
     *
     * @param theta the parameter θ, length D
     * @param out   the destination, D×N
     */
    void gradientMatrix(double[] theta, DMatrixRMaj out);

    /**
     * {@code out = ∇²L(θ) v}, the Hessian of the empirical loss applied to v. The default is a
     * central difference of the gradient with step {@code 1e-5 (1 + |θ|)/|v|}.
     *
     * @param theta the parameter θ, length D
     * @param v     the direction, length D
     * @param out   the destination, length D (zero when v = 0)
     */
    default void hessianVector(double[] theta, double[] v, double[] out) {
        int d = theta.length;
        double nv = 0;
        double nt = 0;
        for (int i = 0; i < d; i++) {
            nv += v[i] * v[i];
            nt += theta[i] * theta[i];
        }
        nv = Math.sqrt(nv);
        if (nv == 0) {
            java.util.Arrays.fill(out, 0, d, 0.0);
            return;
        }
        double eps = 1e-5 * (1 + Math.sqrt(nt)) / nv;
        double[] plus = new double[d];
        double[] minus = new double[d];
        double[] gp = new double[d];
        double[] gm = new double[d];
        for (int i = 0; i < d; i++) {
            plus[i] = theta[i] + eps * v[i];
            minus[i] = theta[i] - eps * v[i];
        }
        gradient(plus, gp);
        gradient(minus, gm);
        for (int i = 0; i < d; i++) {
            out[i] = (gp[i] - gm[i]) / (2 * eps);
        }
    }
}
