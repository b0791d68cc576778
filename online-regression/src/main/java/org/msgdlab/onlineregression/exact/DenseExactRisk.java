package org.msgdlab.onlineregression.exact;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.msgdlab.onlineregression.algorithm.WeightMoments;

/**
 * The second-moment recursion of {@link ExactRisk}, Eqs. (1)-(4), on full d x d matrices for a
 * Gaussian design with an arbitrary (not necessarily diagonal) covariance Sigma, using
 * {@code F(A) = E[x x^T A x x^T] = 2 Sigma A Sigma + tr(A Sigma) Sigma} (Isserlis). O(d^3) per step
 * (EJML products). Serves as an independent check of the O(d) eigenbasis recursion.
 *
 * <p>Not thread-safe: one instance per trajectory of moments.
 */
public final class DenseExactRisk {

    private final DMatrixRMaj sigma;
    private final DMatrixRMaj contraction;
    private final double eta;
    private final double a;
    private final double c;
    private final double noise;
    private final DMatrixRMaj p;
    private final DMatrixRMaj u;
    private final DMatrixRMaj s;
    private final DMatrixRMaj t1;
    private final DMatrixRMaj t2;
    private final DMatrixRMaj next;
    private long n;

    /**
     * The recursion at n = 0, with {@code P_0 = U_0 = S_0 = e_0 e_0^T}.
     *
     * @param sigma  the input covariance (symmetric positive definite; not checked here)
     * @param e0     {@code theta_0 - theta_*}
     * @param sigma2 noise variance
     * @param w      weight moments of the algorithm
     * @param eta    step size
     * @throws IllegalArgumentException unless sigma is d x d and e0 has length d
     */
    public DenseExactRisk(DMatrixRMaj sigma, double[] e0, double sigma2, WeightMoments w, double eta) {
        int d = sigma.numRows;
        if (sigma.numCols != d || e0.length != d) {
            throw new IllegalArgumentException("covariance is " + sigma.numRows + "x" + sigma.numCols + " and e0 has length " + e0.length
                    + "; they must be d x d and d");
        }
        this.sigma = sigma.copy();
        this.contraction = CommonOps_DDRM.identity(d);
        CommonOps_DDRM.addEquals(contraction, -eta, sigma);
        this.eta = eta;
        this.a = w.squares();
        this.c = w.cross();
        this.noise = eta * eta * w.squares() * sigma2;
        this.p = new DMatrixRMaj(d, d);
        CommonOps_DDRM.multOuter(new DMatrixRMaj(d, 1, true, e0), p);
        this.u = p.copy();
        this.s = p.copy();
        this.t1 = new DMatrixRMaj(d, d);
        this.t2 = new DMatrixRMaj(d, d);
        this.next = new DMatrixRMaj(d, d);
    }

    /**
     * One step of Eqs. (1)-(3). {@code P Sigma} is computed as a product, not as {@code (Sigma P)^T}:
     * with the transpose, the round-off's antisymmetric part of P would evolve as
     * {@code A -> A - eta Sigma A + eta A Sigma}, which is unstable; P is also re-symmetrized.
     */
    public void step() {
        // t1 = Sigma P, t2 = Sigma P Sigma
        CommonOps_DDRM.mult(sigma, p, t1);
        CommonOps_DDRM.mult(t1, sigma, t2);
        double trace = CommonOps_DDRM.trace(t1);
        // next = P - eta (Sigma P + P Sigma) + eta^2 ((2a + c) Sigma P Sigma + a tr(Sigma P) Sigma) + noise Sigma
        next.setTo(p);
        CommonOps_DDRM.addEquals(next, -eta, t1);
        CommonOps_DDRM.mult(p, sigma, t1);
        CommonOps_DDRM.addEquals(next, -eta, t1);
        CommonOps_DDRM.addEquals(next, eta * eta * (2 * a + c), t2);
        CommonOps_DDRM.addEquals(next, eta * eta * a * trace + noise, sigma);
        int d = p.numRows;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < i; j++) {
                double v = 0.5 * (next.get(i, j) + next.get(j, i));
                next.set(i, j, v);
                next.set(j, i, v);
            }
        }
        p.setTo(next);
        // U <- (I - eta Sigma) U + P
        CommonOps_DDRM.mult(contraction, u, t1);
        CommonOps_DDRM.add(t1, p, u);
        // S <- S + U + U^T - P
        CommonOps_DDRM.addEquals(s, u);
        CommonOps_DDRM.transpose(u, t2);
        CommonOps_DDRM.addEquals(s, t2);
        CommonOps_DDRM.subtractEquals(s, p);
        n++;
    }

    /** @return steps taken so far */
    public long steps() {
        return n;
    }

    /** @return Eq. (4): {@code tr(Sigma S_n) / (2 (n+1)^2)} */
    public double averagedRisk() {
        double m = n + 1.0;
        double t = 0;
        for (int i = 0; i < s.data.length; i++) {
            t += sigma.data[i] * s.data[i];
        }
        return 0.5 * t / (m * m);
    }
}
