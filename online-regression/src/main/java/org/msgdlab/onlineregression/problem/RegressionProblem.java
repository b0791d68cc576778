package org.msgdlab.onlineregression.problem;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One instance of the online least-squares problem (P) of Section 3,
 * <pre>
 *   min_theta f(theta) = 1/2 E[(x^T theta - y)^2],   y = x^T theta_* + epsilon,
 * </pre>
 * well specified (epsilon independent of x, mean 0, variance sigma^2), written in the eigenbasis
 * of {@code Sigma = E[x x^T] = diag(lambda)}. The excess risk is
 * {@code f(theta) - f(theta_*) = 1/2 ||Sigma^{1/2}(theta - theta_*)||^2}.
 * Immutable (arrays are copied in and out) and thread-safe.
 *
 * @param name      short identifier used in claim parameters and series ids, e.g. {@code gaussian-a1-d10}
 * @param design    the law of x and epsilon
 * @param spectrum  the eigenvalues of Sigma
 * @param sigma2    the noise variance sigma^2 of (A2), finite and {@code >= 0}
 * @param thetaStar the optimum {@code theta_*}, length d
 * @param theta0    the starting point {@code theta_0}, length d
 */
public record RegressionProblem(String name, Design design, Spectrum spectrum, double sigma2,
                                double[] thetaStar, double[] theta0) {

    /**
     * Validates the problem and copies the vectors.
     *
     * @param name      short identifier
     * @param design    the law of x and epsilon
     * @param spectrum  the eigenvalues of Sigma
     * @param sigma2    the noise variance
     * @param thetaStar the optimum, length d
     * @param theta0    the starting point, length d
     * @throws IllegalArgumentException if the name is blank, the design or spectrum is missing, sigma^2 is
     *                                  not finite and &ge; 0, or a vector does not have length d or has a
     *                                  non-finite entry
     */
    public RegressionProblem {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("problem name '" + name + "' must be non-blank");
        }
        if (design == null || spectrum == null) {
            throw new IllegalArgumentException("problem " + name + ": design and spectrum must be given");
        }
        if (!(sigma2 >= 0) || !Double.isFinite(sigma2)) {
            throw new IllegalArgumentException("noise variance sigma^2=" + sigma2 + " must be finite and >= 0");
        }
        int d = spectrum.dimension();
        thetaStar = checkVector("theta_*", thetaStar, d);
        theta0 = checkVector("theta_0", theta0, d);
    }

    private static double[] checkVector(String what, double[] v, int d) {
        if (v == null || v.length != d) {
            throw new IllegalArgumentException(what + " has length " + (v == null ? 0 : v.length) + ", must equal the dimension d=" + d);
        }
        for (int k = 0; k < d; k++) {
            if (!Double.isFinite(v[k])) {
                throw new IllegalArgumentException(what + "[" + k + "]=" + v[k] + " must be finite");
            }
        }
        return v.clone();
    }

    /**
     * The problem family: {@code lambda_k = k^(-alpha)}, {@code theta_0 = 0},
     * {@code theta_* = start * (1, ..., 1)}.
     *
     * @param name   short identifier
     * @param design the law of x and epsilon
     * @param d      the dimension
     * @param alpha  the spectral decay
     * @param sigma2 the noise variance
     * @param start  every entry of {@code theta_*}
     * @return the problem
     * @throws IllegalArgumentException as {@link Spectrum#powerLaw} and the constructor (e.g. {@code d < 1},
     *                                  {@code alpha < 0}, a non-finite start)
     */
    public static RegressionProblem powerLaw(String name, Design design, int d, double alpha, double sigma2, double start) {
        double[] star = new double[d > 0 ? d : 0];
        Arrays.fill(star, start);
        return new RegressionProblem(name, design, Spectrum.powerLaw(d, alpha, 1.0), sigma2, star, new double[star.length]);
    }

    /**
     * A Gaussian-design problem given a full covariance matrix: Sigma is checked symmetric and
     * positive definite, diagonalized ({@code Sigma = Q diag(lambda) Q^T}, EJML's symmetric eigen
     * solver) and {@code theta_*}, {@code theta_0} are rotated into its eigenbasis
     * ({@code Q^T theta}). For the Gaussian design every quantity of Theorem 1 is invariant under
     * this rotation.
     *
     * @param name      short identifier
     * @param sigma     the d x d covariance Sigma
     * @param sigma2    the noise variance
     * @param thetaStar the optimum in the original basis, length d
     * @param theta0    the starting point in the original basis, length d
     * @return the problem, in the eigenbasis of Sigma
     * @throws IllegalArgumentException if Sigma is empty, not square, has a non-finite entry, is not
     *                                  symmetric (to 1e-12 relative), cannot be decomposed or is not
     *                                  positive definite, or as the constructor
     */
    public static RegressionProblem gaussian(String name, double[][] sigma, double sigma2, double[] thetaStar, double[] theta0) {
        if (sigma == null || sigma.length < 1) {
            throw new IllegalArgumentException("dimension d=" + (sigma == null ? 0 : sigma.length) + " must be >= 1");
        }
        int d = sigma.length;
        double scale = 0;
        for (int i = 0; i < d; i++) {
            if (sigma[i] == null || sigma[i].length != d) {
                throw new IllegalArgumentException("covariance Sigma must be square: row " + i + " has "
                        + (sigma[i] == null ? 0 : sigma[i].length) + " entries, expected d=" + d);
            }
            for (int j = 0; j < d; j++) {
                if (!Double.isFinite(sigma[i][j])) {
                    throw new IllegalArgumentException("covariance Sigma[" + i + "][" + j + "]=" + sigma[i][j] + " must be finite");
                }
                scale = Math.max(scale, Math.abs(sigma[i][j]));
            }
        }
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < i; j++) {
                if (Math.abs(sigma[i][j] - sigma[j][i]) > 1e-12 * scale) {
                    throw new IllegalArgumentException("covariance Sigma is not symmetric: Sigma[" + i + "][" + j + "]=" + sigma[i][j]
                            + " differs from Sigma[" + j + "][" + i + "]=" + sigma[j][i]);
                }
            }
        }
        DMatrixRMaj m = new DMatrixRMaj(sigma);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(d, true, true);
        if (!eig.decompose(m)) {
            throw new IllegalArgumentException("covariance Sigma: eigen-decomposition failed");
        }
        Integer[] order = new Integer[d];
        double[] values = new double[d];
        for (int k = 0; k < d; k++) {
            order[k] = k;
            values[k] = eig.getEigenvalue(k).getReal();
        }
        Arrays.sort(order, (a, b) -> Double.compare(values[b], values[a]));
        double smallest = values[order[d - 1]];
        if (!(smallest > 1e-14 * scale)) {
            throw new IllegalArgumentException("covariance Sigma is not positive definite: smallest eigenvalue " + smallest + " must be > 0");
        }
        double[] lambda = new double[d];
        double[] star = checkVector("theta_*", thetaStar, d);
        double[] start = checkVector("theta_0", theta0, d);
        double[] rotStar = new double[d];
        double[] rotStart = new double[d];
        for (int k = 0; k < d; k++) {
            lambda[k] = values[order[k]];
            DMatrixRMaj q = eig.getEigenVector(order[k]);
            double norm = 0;
            for (int i = 0; i < d; i++) {
                norm += q.get(i) * q.get(i);
            }
            norm = Math.sqrt(norm);
            double s1 = 0;
            double s0 = 0;
            for (int i = 0; i < d; i++) {
                s1 += q.get(i) / norm * star[i];
                s0 += q.get(i) / norm * start[i];
            }
            rotStar[k] = s1;
            rotStart[k] = s0;
        }
        return new RegressionProblem(name, Design.GAUSSIAN, new Spectrum(lambda), sigma2, rotStar, rotStart);
    }

    /**
     * This problem with another noise variance (a sweep over sigma^2).
     *
     * @param newName   the new problem's name
     * @param newSigma2 its noise variance
     * @return the new problem
     * @throws IllegalArgumentException if the name is blank or sigma^2 is not finite and &ge; 0
     */
    public RegressionProblem withSigma2(String newName, double newSigma2) {
        return new RegressionProblem(newName, design, spectrum, newSigma2, thetaStar, theta0);
    }

    /** @return a copy of {@code theta_*} */
    @Override
    public double[] thetaStar() {
        return thetaStar.clone();
    }

    /** @return a copy of {@code theta_0} */
    @Override
    public double[] theta0() {
        return theta0.clone();
    }

    /** @return the dimension d */
    public int dimension() {
        return spectrum.dimension();
    }

    /** @return the initial error {@code e_0 = theta_0 - theta_*}, a new array */
    public double[] initialError() {
        double[] e = new double[thetaStar.length];
        for (int k = 0; k < e.length; k++) {
            e[k] = theta0[k] - thetaStar[k];
        }
        return e;
    }

    /** @return the constants of assumptions (A1)-(A3) and of the bound in force for this problem */
    public Assumptions assumptions() {
        double[] e = initialError();
        double c = 0;
        double r0 = 0;
        for (int k = 0; k < e.length; k++) {
            c += e[k] * e[k] / spectrum.eigenvalue(k);
            r0 += 0.5 * spectrum.eigenvalue(k) * e[k] * e[k];
        }
        return new Assumptions(dimension(), design.r2(spectrum), sigma2, spectrum.max(), spectrum.min(), spectrum.trace(), c, r0);
    }

    /**
     * The excess risk {@code 1/2 ||Sigma^{1/2} e||^2} of an error vector e (eigenbasis).
     *
     * @param e the error {@code theta - theta_*}, length d
     * @return the excess risk
     */
    public double excessRisk(double[] e) {
        double s = 0;
        for (int k = 0; k < e.length; k++) {
            s += spectrum.eigenvalue(k) * e[k] * e[k];
        }
        return 0.5 * s;
    }

    /** @return parameters for evidence: the design and the constants in force, a new map */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("design", design.description());
        m.putAll(assumptions().toMap());
        return m;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RegressionProblem p && name.equals(p.name) && design == p.design && spectrum.equals(p.spectrum)
                && Double.compare(sigma2, p.sigma2) == 0 && Arrays.equals(thetaStar, p.thetaStar) && Arrays.equals(theta0, p.theta0);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + spectrum.hashCode();
    }

    @Override
    public String toString() {
        return name + " (" + design.name().toLowerCase(java.util.Locale.ROOT) + ", d=" + dimension() + ", sigma^2=" + sigma2 + ")";
    }
}
