package org.msgdlab.theory.noise;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * A covariance matrix of the form {@code a*I + c*11^T} on R^n, stored as its two distinct
 * entries: {@code diagonal = a + c} and {@code offDiagonal = c}. Every sampling noise of the paper
 * is exchangeable (its law is invariant under permuting the samples), so its covariance has this
 * form; an n x n array is built only by {@link #toDense()}.
 *
 * <p>Its eigenvalues are {@code diagonal - offDiagonal} (multiplicity n-1, on the sum-zero
 * subspace) and {@code diagonal + (n-1) offDiagonal} (on the direction 1).
 *
 * <p>Immutable and thread-safe.
 *
 * @param n           the dimension
 * @param diagonal    every diagonal entry, {@code a + c}
 * @param offDiagonal every off-diagonal entry, {@code c}
 */
public record ExchangeableCovariance(int n, double diagonal, double offDiagonal) {

    /**
     * Validates the entries (positive semi-definiteness is not required; see
     * {@link #isPositiveSemidefinite(double)}).
     *
     * @param n           the dimension
     * @param diagonal    every diagonal entry
     * @param offDiagonal every off-diagonal entry
     * @throws IllegalArgumentException unless {@code n >= 1} and both entries are finite
     */
    public ExchangeableCovariance {
        if (n < 1) {
            throw new IllegalArgumentException("dimension n=" + n + " must be >= 1");
        }
        if (!Double.isFinite(diagonal) || !Double.isFinite(offDiagonal)) {
            throw new IllegalArgumentException("covariance entries must be finite, got diagonal=" + diagonal
                    + ", offDiagonal=" + offDiagonal);
        }
    }

    /**
     * {@code s * (I - 11^T/n)}: the centring projection scaled by s (Proposition 1's form).
     *
     * @param n the dimension
     * @param s the scale
     * @return the covariance
     * @throws IllegalArgumentException unless {@code n >= 1} and s is finite
     */
    public static ExchangeableCovariance centring(int n, double s) {
        return new ExchangeableCovariance(n, s * (1 - 1.0 / n), -s / n);
    }

    /**
     * {@code s * I}.
     *
     * @param n the dimension
     * @param s the variance of each entry
     * @return the covariance
     * @throws IllegalArgumentException unless {@code n >= 1} and s is finite
     */
    public static ExchangeableCovariance isotropic(int n, double s) {
        return new ExchangeableCovariance(n, s, 0);
    }

    /** @return coefficient a of {@code a*I + c*11^T} */
    public double identityCoefficient() {
        return diagonal - offDiagonal;
    }

    /** @return coefficient c of {@code a*I + c*11^T} */
    public double onesCoefficient() {
        return offDiagonal;
    }

    /** @return the eigenvalue on the direction 1, {@code diagonal + (n-1) offDiagonal} */
    public double eigenvalueAlongOnes() {
        return diagonal + (n - 1) * offDiagonal;
    }

    /** @return the eigenvalue on the sum-zero subspace, {@code diagonal - offDiagonal} */
    public double eigenvalueOrthogonalToOnes() {
        return diagonal - offDiagonal;
    }

    /**
     * Whether both eigenvalues (the diagonal entry when n = 1) are at least
     * {@code -relativeTolerance * (|diagonal| + n |offDiagonal|)}.
     *
     * @param relativeTolerance the tolerated negative part, relative to the entries' scale
     * @return true if positive semi-definite within the tolerance
     */
    public boolean isPositiveSemidefinite(double relativeTolerance) {
        double scale = Math.abs(diagonal) + n * Math.abs(offDiagonal);
        if (n == 1) {
            return diagonal >= -relativeTolerance * scale;
        }
        return eigenvalueOrthogonalToOnes() >= -relativeTolerance * scale
                && eigenvalueAlongOnes() >= -relativeTolerance * scale;
    }

    /**
     * {@code s * Sigma}.
     *
     * @param s the factor
     * @return the scaled covariance
     * @throws IllegalArgumentException if a scaled entry is not finite
     */
    public ExchangeableCovariance scaled(double s) {
        return new ExchangeableCovariance(n, s * diagonal, s * offDiagonal);
    }

    /**
     * {@code Sigma + o}.
     *
     * @param o a covariance of the same dimension
     * @return the sum
     * @throws IllegalArgumentException if the dimensions differ or an entry of the sum is not finite
     */
    public ExchangeableCovariance plus(ExchangeableCovariance o) {
        requireSameDimension(o);
        return new ExchangeableCovariance(n, diagonal + o.diagonal, offDiagonal + o.offDiagonal);
    }

    /**
     * {@code Sigma - o} (not necessarily positive semi-definite).
     *
     * @param o a covariance of the same dimension
     * @return the difference
     * @throws IllegalArgumentException if the dimensions differ or an entry of the difference is not finite
     */
    public ExchangeableCovariance minus(ExchangeableCovariance o) {
        requireSameDimension(o);
        return new ExchangeableCovariance(n, diagonal - o.diagonal, offDiagonal - o.offDiagonal);
    }

    /** @return the diagonal part, {@code diag(Sigma) = diagonal * I} */
    public ExchangeableCovariance diagonalPart() {
        return new ExchangeableCovariance(n, diagonal, 0);
    }

    /** @return the dense n x n matrix; only for when a claim really needs one */
    public DMatrixRMaj toDense() {
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        m.fill(offDiagonal);
        for (int i = 0; i < n; i++) {
            m.set(i, i, diagonal);
        }
        return m;
    }

    /**
     * {@code G * Sigma * G^T} for a d x n matrix G, in O(d^2 n) without forming Sigma:
     * {@code a * G G^T + c * (G1)(G1)^T}. With Sigma = Var[V] this is the covariance of the
     * gradient noise G V (Eq. (sgd-cov)).
     *
     * @param g the d x n matrix G
     * @return the d x d matrix {@code G Sigma G^T}, newly allocated
     * @throws IllegalArgumentException unless G has n columns
     */
    public DMatrixRMaj sandwich(DMatrixRMaj g) {
        if (g.numCols != n) {
            throw new IllegalArgumentException("gradient matrix has " + g.numCols + " columns, covariance dimension is n=" + n);
        }
        int d = g.numRows;
        DMatrixRMaj out = new DMatrixRMaj(d, d);
        CommonOps_DDRM.multTransB(identityCoefficient(), g, g, out);
        double[] rowSums = new double[d];
        for (int i = 0; i < d; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                s += g.unsafe_get(i, j);
            }
            rowSums[i] = s;
        }
        double c = onesCoefficient();
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                out.add(i, j, c * rowSums[i] * rowSums[j]);
            }
        }
        return out;
    }

    private void requireSameDimension(ExchangeableCovariance o) {
        if (o.n != n) {
            throw new IllegalArgumentException("covariances of dimension n=" + n + " and n=" + o.n + " cannot be combined");
        }
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "Var[i,i]=%.6g, Var[i,j]=%.6g (n=%d)", diagonal, offDiagonal, n);
    }
}
