package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;

/**
 * A noise with a prescribed exchangeable covariance {@code Sigma = a I + c 11^T}, built from i.i.d.
 * standardized variables xi (Gaussian: the Gaussian class; Rademacher: a bounded class):
 * <pre>
 *   V = sqrt(a) xi + gamma (1^T xi) 1,   gamma = (sqrt(a + n c) - sqrt(a)) / n,
 * </pre>
 * so that {@code Var[V] = a I + (2 sqrt(a) gamma + n gamma^2) 11^T = a I + c 11^T}.
 *
 * <p>With the SGD covariance {@code Sigma = 1/(bn) (I - 11^T/n)} (a = 1/(bn), a + nc = 0) this is
 * exactly the paper's MSGD-Cov noise (Section 4.1):
 * <pre>
 *   V_G = (bn)^(-1/2) (I - 11^T/n) eps,   eps ~ N(0, I_n).
 * </pre>
 *
 * <p>Immutable and thread-safe; the samplers it creates are not.
 *
 * @param target    the covariance Var[V] to reproduce
 * @param driver    the law of the standardized variables xi
 * @param paperName the paper's name of the method, see {@link #paperName()}
 * @param formula   the defining formula, see {@link #formula()}
 */
public record CenteredExchangeableNoise(ExchangeableCovariance target, StandardizedDriver driver, String paperName,
                                        String formula) implements SamplingNoise {

    /**
     * Checks that the target covariance is positive semi-definite.
     *
     * @param target    the covariance Var[V]
     * @param driver    the law of xi
     * @param paperName the method's name
     * @param formula   the formula
     * @throws IllegalArgumentException if {@code n > 1} and the eigenvalue a on the sum-zero subspace
     *                                  is negative, or if the eigenvalue along 1 is below
     *                                  {@code -1e-12} times the covariance's scale
     */
    public CenteredExchangeableNoise {
        if (target.n() > 1 && target.identityCoefficient() < 0) {
            throw new IllegalArgumentException("covariance " + target + " is not positive semi-definite: eigenvalue "
                    + target.identityCoefficient() + " on the sum-zero subspace must be >= 0");
        }
        double along = target.eigenvalueAlongOnes();
        double scale = Math.abs(target.diagonal()) + target.n() * Math.abs(target.offDiagonal());
        if (along < -1e-12 * scale) {
            throw new IllegalArgumentException("covariance " + target + " is not positive semi-definite: eigenvalue "
                    + along + " along 1 must be >= 0");
        }
    }

    /**
     * MSGD-Cov: Gaussian noise with the SGD covariance (with replacement, the paper's default),
     * {@code V_G = (bn)^(-1/2)(I - 11^T/n) eps}.
     *
     * @param n the number of samples
     * @param b the batch size
     * @return the MSGD-Cov noise
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code 1 <= b <= n}
     */
    public static CenteredExchangeableNoise msgdCov(int n, int b) {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
        return new CenteredExchangeableNoise(new SgdWithReplacement(n, b).covariance(), StandardizedDriver.GAUSSIAN,
                "MSGD-Cov", "V_G = (bn)^(-1/2) (I - 11^T/n) eps");
    }

    /**
     * Gaussian noise with the without-replacement SGD covariance {@code (n-b)/(bn(n-1)) (I - 11^T/n)}.
     *
     * @param n the number of samples
     * @param b the batch size
     * @return the noise
     * @throws IllegalArgumentException unless {@code n >= 2} and {@code 1 <= b <= n}
     */
    public static CenteredExchangeableNoise msgdCovWithoutReplacement(int n, int b) {
        return new CenteredExchangeableNoise(new SgdWithoutReplacement(n, b).covariance(), StandardizedDriver.GAUSSIAN,
                "MSGD-Cov (without-replacement covariance)", "V_G = sqrt((n-b)/(bn(n-1))) (I - 11^T/n) eps");
    }

    /**
     * Noise of the given covariance and driver, named generically.
     *
     * @param target the covariance Var[V]
     * @param driver the law of xi
     * @return the noise
     * @throws IllegalArgumentException if {@code target} is not positive semi-definite (see the constructor)
     */
    public static CenteredExchangeableNoise of(ExchangeableCovariance target, StandardizedDriver driver) {
        return new CenteredExchangeableNoise(target, driver, driver.label() + " noise with " + target,
                "V = sqrt(a) xi + gamma (1^T xi) 1, xi i.i.d. " + driver.label());
    }

    /**
     * The eigenvalue along 1, with values within round-off of 0 taken as exactly 0: a centring
     * covariance s(I - 11^T/n) computes it as s(1 - 1/n) + (n-1)(-s/n), a few ulps from 0, and its
     * square root (~1e-8) would leave V a component along 1 that the paper's V_G does not have.
     */
    static double eigenvalueAlongOnesOrZero(ExchangeableCovariance c) {
        double along = c.eigenvalueAlongOnes();
        double scale = Math.abs(c.diagonal()) + c.n() * Math.abs(c.offDiagonal());
        return along <= 4.0 * c.n() * 0x1p-52 * scale ? 0.0 : along;
    }

    @Override
    public int dimension() {
        return target.n();
    }

    @Override
    public ExchangeableCovariance covariance() {
        return target;
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final int n = target.n();
        final double a = target.identityCoefficient();
        final double sqrtA = Math.sqrt(a);
        final double gamma = (Math.sqrt(eigenvalueAlongOnesOrZero(target)) - sqrtA) / n;
        final ContinuousSampler xi = driver.sampler(rng);
        return v -> {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                double x = xi.sample();
                v[i] = x;
                sum += x;
            }
            double shift = gamma * sum;
            for (int i = 0; i < n; i++) {
                v[i] = sqrtA * v[i] + shift;
            }
        };
    }
}
