package org.msgdlab.onlineregression.exact;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.problem.RegressionProblem;

/**
 * The operators of the proof's "Noiseless term" computed exactly: with {@code S A = E[L A L]} and
 * {@code T A = Sigma A + A Sigma - eta S A}, the matrix {@code M = T^{-1} I} and the traces
 * {@code tr[Sigma M]} and {@code tr[S M]} that "Bound SM" bounds. For the designs here, S and T
 * map diagonal matrices to diagonal matrices (eigenbasis), so M is diagonal and solves a d x d
 * linear system:
 * <pre>
 *   (T m)_i = 2 lambda_i m_i - eta (a F(m)_i + c lambda_i^2 m_i) = 1.
 * </pre>
 * Taking the trace of {@code T M = I} gives the identity {@code d = 2 tr[Sigma M] - eta tr[S M]}.
 * Immutable and thread-safe.
 *
 * @param traceSigmaM {@code tr[Sigma M]}
 * @param traceSM     {@code tr[S M]}
 * @param d           the dimension
 */
public record ProofTraces(double traceSigmaM, double traceSM, int d) {

    /**
     * Solves {@code T m = 1} for the problem's design and takes the two traces.
     *
     * @param problem the problem
     * @param w       the weight moments (a, c) of S
     * @param eta     the step size
     * @return the traces
     * @throws IllegalArgumentException if T is singular at this eta
     */
    public static ProofTraces compute(RegressionProblem problem, WeightMoments w, double eta) {
        double[] lambda = problem.spectrum().eigenvalues();
        int d = lambda.length;
        DMatrixRMaj t = new DMatrixRMaj(d, d);
        double[] unit = new double[d];
        double[] f = new double[d];
        for (int j = 0; j < d; j++) {
            java.util.Arrays.fill(unit, 0);
            unit[j] = 1;
            problem.design().fourthMomentDiagonal(lambda, unit, f);
            for (int i = 0; i < d; i++) {
                double v = -eta * w.squares() * f[i];
                if (i == j) {
                    v += 2 * lambda[i] - eta * w.cross() * lambda[i] * lambda[i];
                }
                t.set(i, j, v);
            }
        }
        DMatrixRMaj ones = new DMatrixRMaj(d, 1);
        ones.fill(1);
        DMatrixRMaj m = new DMatrixRMaj(d, 1);
        if (!CommonOps_DDRM.solve(t, ones, m)) {
            throw new IllegalArgumentException("operator T is singular at eta=" + eta);
        }
        double[] mv = m.data.clone();
        double traceSigmaM = 0;
        for (int i = 0; i < d; i++) {
            traceSigmaM += lambda[i] * mv[i];
        }
        problem.design().fourthMomentDiagonal(lambda, mv, f);
        double traceSM = 0;
        for (int i = 0; i < d; i++) {
            traceSM += w.squares() * f[i] + w.cross() * lambda[i] * lambda[i] * mv[i];
        }
        return new ProofTraces(traceSigmaM, traceSM, d);
    }
}
