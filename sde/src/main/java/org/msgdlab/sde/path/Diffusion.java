package org.msgdlab.sde.path;

import org.msgdlab.sde.Checks;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;

/**
 * The diffusion of an SDE driven by an N-dimensional Brownian motion W through the gradient matrix,
 * <pre>
 *   dΘ_t = -∇L(Θ_t) dt + σ ∇ℒ(Θ_t) S dW_t,    S = Σ_V^{1/2},
 * </pre>
 * with Σ_V an exchangeable sampling covariance {@code a I + c 11^T} and σ either √η (the SDE of
 * Appendix B depends on the step size η of the iteration it approximates) or a fixed σ_0.
 *
 * <p>Eq. (sde) of Appendix B is {@code dΘ = -∇L dt + √η C(Θ) dW} with {@code C = ∇ℒ/√(bN)}: here
 * {@code σ = √η} and {@code Σ_V = I/(bN)}, the covariance of the MSGD-Fisher noise V_F (Section
 * 4.2), so that one Euler–Maruyama step of length η with {@code ΔW = √η W_{k+1}} is exactly one step
 * of the Gaussian MSGD iteration Eq. (M-SGD-gaussian).
 *
 * <p>Immutable and thread-safe.
 *
 * @param samplingCovariance Σ_V
 * @param etaDependent       true: σ = √η (Eq. (sde)); false: σ = {@code fixedScale}
 * @param fixedScale         σ_0 when not eta-dependent (NaN otherwise)
 * @param formula            the diffusion term as written in the evidence
 */
public record Diffusion(ExchangeableCovariance samplingCovariance, boolean etaDependent, double fixedScale,
                        String formula) {

    /**
     * Validates the diffusion.
     *
     * @param samplingCovariance Σ_V
     * @param etaDependent       whether σ = √η
     * @param fixedScale         σ_0 when not eta-dependent
     * @param formula            the diffusion term as written in the evidence
     * @throws IllegalArgumentException if Σ_V is not positive semi-definite (to 1e-12 relative), or, when not
     *                                  eta-dependent, σ_0 is not finite and &gt; 0
     */
    public Diffusion {
        if (!samplingCovariance.isPositiveSemidefinite(1e-12)) {
            throw new IllegalArgumentException("sampling covariance " + samplingCovariance + " must be positive semi-definite");
        }
        if (!etaDependent) {
            Checks.positive("diffusion scale sigma_0", fixedScale);
        }
    }

    /**
     * Eq. (sde): {@code √η C(Θ) dW} with {@code C = ∇ℒ/√(bN)}.
     *
     * @param n the number of samples N
     * @param b the batch size
     * @return the diffusion
     * @throws IllegalArgumentException unless {@code 1 <= b <= n} and {@code n >= 2}
     */
    public static Diffusion theorem(int n, int b) {
        Checks.batch(b, n);
        return new Diffusion(new FisherNoise(n, b).covariance(), true, Double.NaN,
                "sqrt(eta) C(Theta) dW, C = grad L / sqrt(bN), b=" + b);
    }

    /**
     * An η-independent diffusion {@code σ_0 ∇ℒ/√(bN) dW} (the contrast: Euler–Maruyama has strong order 1/2).
     *
     * @param n      the number of samples N
     * @param b      the batch size
     * @param sigma0 σ_0
     * @return the diffusion
     * @throws IllegalArgumentException unless {@code 1 <= b <= n}, {@code n >= 2} and σ_0 is finite and &gt; 0
     */
    public static Diffusion etaIndependent(int n, int b, double sigma0) {
        Checks.batch(b, n);
        return new Diffusion(new FisherNoise(n, b).covariance(), false, sigma0,
                "sigma_0 grad L / sqrt(bN) dW, sigma_0=" + sigma0 + ", b=" + b + " (independent of eta)");
    }

    /**
     * The SDE matched to a sampling noise V (first-order weak approximation of the iteration
     * {@code θ_{k+1} = θ_k - η ∇ℒ(θ_k)(1/N + V)}): {@code √η ∇ℒ Var[V]^{1/2} dW}.
     *
     * @param noise the sampling noise V
     * @return the diffusion
     * @throws UnsupportedOperationException if the noise has no covariance
     * @throws IllegalArgumentException      if its covariance is not positive semi-definite
     */
    public static Diffusion matching(SamplingNoise noise) {
        return new Diffusion(noise.covariance(), true, Double.NaN,
                "sqrt(eta) grad L Var[V]^(1/2) dW, Var[V]: " + noise.covariance());
    }

    /**
     * σ for an iteration of step size η.
     *
     * @param eta the step size η
     * @return √η, or σ_0 when not eta-dependent
     * @throws IllegalArgumentException unless η is finite and &gt; 0
     */
    public double scale(double eta) {
        Checks.stepSize("eta", eta);
        return etaDependent ? Math.sqrt(eta) : fixedScale;
    }

    /** @return the number of Brownian components N */
    public int dimension() {
        return samplingCovariance.n();
    }

    /**
     * {@code out = S in} with {@code S = Σ_V^{1/2} = √a (I - 11^T/n) + √(a + nc) 11^T/n}, the square
     * root of {@code Σ_V = a I + c 11^T} (eigenvalues a on the sum-zero subspace, a + nc along 1).
     *
     * @param in     the source
     * @param offset where the N entries start in {@code in}
     * @param out    the destination, length N
     */
    public void applySqrt(double[] in, int offset, double[] out) {
        int n = samplingCovariance.n();
        double a = samplingCovariance.identityCoefficient();
        double along = samplingCovariance.eigenvalueAlongOnes();
        double sqrtA = Math.sqrt(a);
        if (samplingCovariance.onesCoefficient() == 0) {
            for (int i = 0; i < n; i++) {
                out[i] = sqrtA * in[offset + i];
            }
            return;
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += in[offset + i];
        }
        mean /= n;
        double shift = (Math.sqrt(Math.max(0, along)) - sqrtA) * mean;
        for (int i = 0; i < n; i++) {
            out[i] = sqrtA * in[offset + i] + shift;
        }
    }
}
