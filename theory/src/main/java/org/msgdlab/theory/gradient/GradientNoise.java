package org.msgdlab.theory.gradient;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import org.msgdlab.theory.noise.ExchangeableCovariance;

/**
 * The gradient noise of a sampling noise (Section 2): for the gradient matrix
 * {@code G = grad L(theta)} in R^{d x n} (column i is the gradient of sample i),
 * <ul>
 *   <li>gradient noise {@code upsilon = G V};</li>
 *   <li>full gradient {@code g = G 1 / n};</li>
 *   <li>Fisher {@code F = G G^T / n} (Section 4.2);</li>
 *   <li>noise covariance {@code C = G Var[V] G^T}, which for the with-replacement SGD noise is
 *       Eq. (sgd-cov): {@code C = (F - g g^T)/b}.</li>
 * </ul>
 * Stateless and thread-safe; the arguments are not modified (except {@code out}).
 */
public final class GradientNoise {

    private GradientNoise() {
    }

    /**
     * {@code out = G v} (d entries).
     *
     * @param g   the d x n gradient matrix G
     * @param v   the vector v, at least n entries
     * @param out the destination, at least d entries
     * @throws IllegalArgumentException if {@code v} has fewer than n entries or {@code out} fewer than d
     */
    public static void apply(DMatrixRMaj g, double[] v, double[] out) {
        int d = g.numRows;
        int n = g.numCols;
        if (v.length < n || out.length < d) {
            throw new IllegalArgumentException("G is " + d + "x" + n + ": v needs " + n + " entries (has " + v.length
                    + "), out needs " + d + " (has " + out.length + ")");
        }
        double[] a = g.data;
        for (int i = 0; i < d; i++) {
            double s = 0;
            int row = i * n;
            for (int j = 0; j < n; j++) {
                s += a[row + j] * v[j];
            }
            out[i] = s;
        }
    }

    /**
     * The full gradient {@code g = G 1 / n}.
     *
     * @param g the d x n gradient matrix G
     * @return g, d entries
     */
    public static double[] fullGradient(DMatrixRMaj g) {
        double[] ones = new double[g.numCols];
        java.util.Arrays.fill(ones, 1.0 / g.numCols);
        double[] out = new double[g.numRows];
        apply(g, ones, out);
        return out;
    }

    /**
     * The Fisher {@code F = G G^T / n}.
     *
     * @param g the d x n gradient matrix G
     * @return F, d x d
     */
    public static DMatrixRMaj fisher(DMatrixRMaj g) {
        DMatrixRMaj f = new DMatrixRMaj(g.numRows, g.numRows);
        CommonOps_DDRM.multTransB(1.0 / g.numCols, g, g, f);
        return f;
    }

    /**
     * {@code C = G Var[V] G^T}, without forming the n x n covariance.
     *
     * @param g                  the d x n gradient matrix G
     * @param samplingCovariance Var[V]
     * @return C, d x d
     * @throws IllegalArgumentException unless G has as many columns as Var[V] has dimensions
     */
    public static DMatrixRMaj covariance(DMatrixRMaj g, ExchangeableCovariance samplingCovariance) {
        return samplingCovariance.sandwich(g);
    }

    /**
     * The right-hand side of Eq. (sgd-cov): {@code (F - g g^T) / b}.
     *
     * @param fisher       the d x d Fisher F
     * @param fullGradient the full gradient g, d entries
     * @param b            the batch size
     * @return {@code (F - g g^T) / b}, d x d
     * @throws IllegalArgumentException unless {@code b >= 1}
     */
    public static DMatrixRMaj sgdCovarianceFromFisher(DMatrixRMaj fisher, double[] fullGradient, int b) {
        if (b < 1) {
            throw new IllegalArgumentException("batch size b=" + b + " must be >= 1");
        }
        int d = fisher.numRows;
        DMatrixRMaj c = new DMatrixRMaj(d, d);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                c.set(i, j, (fisher.get(i, j) - fullGradient[i] * fullGradient[j]) / b);
            }
        }
        return c;
    }

    /**
     * {@code u^T M u}.
     *
     * @param m the d x d matrix M
     * @param u the vector u, at least d entries
     * @return the quadratic form
     */
    public static double quadraticForm(DMatrixRMaj m, double[] u) {
        int d = m.numRows;
        double s = 0;
        for (int i = 0; i < d; i++) {
            double r = 0;
            for (int j = 0; j < d; j++) {
                r += m.unsafe_get(i, j) * u[j];
            }
            s += u[i] * r;
        }
        return s;
    }
}
