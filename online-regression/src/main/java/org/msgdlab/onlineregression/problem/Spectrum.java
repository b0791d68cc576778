package org.msgdlab.onlineregression.problem;

import java.util.Arrays;

/**
 * The eigenvalues {@code lambda_1 >= ... >= lambda_d > 0} of the input covariance
 * {@code Sigma = E[x x^T]} of problem (P) (Section 3), in the eigenbasis of Sigma. Every problem of
 * this module is stated in that basis, where Sigma is diagonal. Immutable (the array is copied in
 * and out) and thread-safe.
 *
 * @param eigenvalues the eigenvalues, each finite and {@code > 0} (Sigma positive definite, so that
 *                    {@code theta_*} is unique and the bound's {@code (theta_0-theta_*)^T Sigma^{-1}
 *                    (theta_0-theta_*)} is finite)
 */
public record Spectrum(double[] eigenvalues) {

    /**
     * Validates and copies the eigenvalues.
     *
     * @param eigenvalues the eigenvalues
     * @throws IllegalArgumentException if there is none, or one is not finite and &gt; 0
     */
    public Spectrum {
        if (eigenvalues == null || eigenvalues.length < 1) {
            throw new IllegalArgumentException("dimension d=" + (eigenvalues == null ? 0 : eigenvalues.length) + " must be >= 1");
        }
        eigenvalues = eigenvalues.clone();
        for (int k = 0; k < eigenvalues.length; k++) {
            double l = eigenvalues[k];
            if (!(l > 0) || !Double.isFinite(l)) {
                throw new IllegalArgumentException("covariance Sigma is not positive definite: eigenvalue lambda_" + (k + 1)
                        + "=" + l + " must be finite and > 0");
            }
        }
    }

    /**
     * The power-law spectrum {@code lambda_k = scale * k^(-alpha)}, k = 1..d, of the problem
     * family.
     *
     * @param d     the dimension
     * @param alpha the decay exponent
     * @param scale lambda_1
     * @return the spectrum
     * @throws IllegalArgumentException unless {@code d >= 1}, alpha is finite and &ge; 0, and scale is
     *                                  finite and &gt; 0
     */
    public static Spectrum powerLaw(int d, double alpha, double scale) {
        if (d < 1) {
            throw new IllegalArgumentException("dimension d=" + d + " must be >= 1");
        }
        if (!(alpha >= 0) || !Double.isFinite(alpha)) {
            throw new IllegalArgumentException("spectral decay alpha=" + alpha + " must be finite and >= 0");
        }
        if (!(scale > 0) || !Double.isFinite(scale)) {
            throw new IllegalArgumentException("spectral scale=" + scale + " must be finite and > 0");
        }
        double[] l = new double[d];
        for (int k = 0; k < d; k++) {
            l[k] = scale * Math.pow(k + 1, -alpha);
        }
        return new Spectrum(l);
    }

    /** @return a copy of the eigenvalues */
    @Override
    public double[] eigenvalues() {
        return eigenvalues.clone();
    }

    /** @return the dimension d */
    public int dimension() {
        return eigenvalues.length;
    }

    /**
     * One eigenvalue, without copying.
     *
     * @param k the index, 0-based
     * @return {@code lambda_{k+1}}
     * @throws ArrayIndexOutOfBoundsException unless {@code 0 <= k < d}
     */
    public double eigenvalue(int k) {
        return eigenvalues[k];
    }

    /** @return {@code lambda_max(Sigma)}: the smallest lambda of assumption (A3) {@code Sigma <= lambda I} */
    public double max() {
        double m = 0;
        for (double l : eigenvalues) {
            m = Math.max(m, l);
        }
        return m;
    }

    /** @return {@code lambda_min(Sigma)} */
    public double min() {
        double m = Double.POSITIVE_INFINITY;
        for (double l : eigenvalues) {
            m = Math.min(m, l);
        }
        return m;
    }

    /** @return {@code tr(Sigma) = E||x||^2} */
    public double trace() {
        double s = 0;
        for (double l : eigenvalues) {
            s += l;
        }
        return s;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Spectrum s && Arrays.equals(eigenvalues, s.eigenvalues);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(eigenvalues);
    }

    @Override
    public String toString() {
        return "Spectrum" + Arrays.toString(eigenvalues);
    }
}
