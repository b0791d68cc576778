package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A sampling noise V in R^n of the paper: zero mean, exchangeable, with a covariance known in
 * closed form. The MSGD step is {@code theta <- theta - eta * grad L(theta) * W} with the sampling
 * vector {@code W = 1/n + V} (Section 2.2, Eq. (msgd)); the gradient noise is
 * {@code grad L(theta) V}.
 *
 * <p>Implementations are immutable values; drawing goes through a {@link NoiseSampler} bound to a
 * seeded Commons RNG generator, as Commons RNG separates samplers from sources.
 */
public interface SamplingNoise {

    /**
     * The dimension n (number of training samples the noise weights).
     *
     * @return n
     */
    int dimension();

    /**
     * The paper's name of the method using this noise, e.g. {@code "MSGD-Fisher"}.
     *
     * @return the method's name
     */
    String paperName();

    /**
     * The defining formula, as the paper writes it, e.g. {@code "V_F = (bn)^(-1/2) eps"}.
     *
     * @return the formula, as text
     */
    String formula();

    /**
     * The exact covariance Var[V] (derived here; compared with the paper's by the claims). A noise
     * whose covariance does not exist or is not known says so in {@link #declaredCovariance()} and
     * throws {@link UnsupportedOperationException} here.
     *
     * @return Var[V]
     * @throws UnsupportedOperationException if the noise declares no covariance
     */
    ExchangeableCovariance covariance();

    /**
     * What this noise states about Var[V], the value its covariance claims check: {@link #covariance()}
     * exactly, for every noise of the paper. Plug-in noises may state "SGD-b's covariance",
     * "undefined" (infinite variance) or "unknown" instead.
     *
     * @return the declaration; by default {@link CovarianceDeclaration.Exact} of {@link #covariance()}
     */
    default CovarianceDeclaration declaredCovariance() {
        return new CovarianceDeclaration.Exact(covariance());
    }

    /**
     * The mean of every entry of V: 0 for every noise of the paper.
     *
     * @return E[V_i]; 0 by default
     */
    default double mean() {
        return 0.0;
    }

    /**
     * A sampler drawing from this noise with {@code rng}.
     *
     * @param rng the random stream the sampler draws from
     * @return a new sampler, not thread-safe
     */
    NoiseSampler sampler(UniformRandomProvider rng);
}
