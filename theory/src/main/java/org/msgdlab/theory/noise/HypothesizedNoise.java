package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * A noise's own draws under a stated covariance declaration, in place of the one the noise states.
 * The covariance claims ({@code NoiseClaims.covariance}) take their exact ("derived") values from
 * the declaration and compute the power with them as the truth; wrapped, the truth is the
 * hypothesis under test, so that the power is the probability of rejecting the alternative when the
 * hypothesis holds. Used by the test kit's assertions, by the plug-in claims for noises that declare
 * no covariance, and to give an existing noise a declaration ("SGD-b's", "unknown", ...).
 *
 * <p>Immutable and thread-safe when the wrapped noise is; the samplers it creates are not.
 *
 * @param noise    the noise whose draws are used
 * @param declared the covariance declaration taken as the truth
 */
public record HypothesizedNoise(SamplingNoise noise, CovarianceDeclaration declared) implements SamplingNoise {

    /**
     * Checks that the declaration resolves at the noise's dimension.
     *
     * @param noise    the noise whose draws are used
     * @param declared the covariance declaration taken as the truth
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the declaration does not resolve at the noise's dimension
     *                                  (e.g. an exact covariance of another dimension)
     */
    public HypothesizedNoise {
        java.util.Objects.requireNonNull(noise, "noise");
        java.util.Objects.requireNonNull(declared, "declared");
        declared.resolve(noise.dimension()); // an exact covariance of another dimension is refused here
    }

    /**
     * The noise's draws under the exact covariance {@code covariance}.
     *
     * @param noise      the noise whose draws are used
     * @param covariance the exact covariance taken as the truth
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the covariance's dimension differs from the noise's
     */
    public HypothesizedNoise(SamplingNoise noise, ExchangeableCovariance covariance) {
        this(noise, new CovarianceDeclaration.Exact(covariance));
    }

    @Override
    public int dimension() {
        return noise.dimension();
    }

    @Override
    public String paperName() {
        return noise.paperName();
    }

    @Override
    public String formula() {
        return noise.formula();
    }

    @Override
    public double mean() {
        return noise.mean();
    }

    /**
     * The declared covariance; {@link UnsupportedOperationException} when the declaration gives none.
     *
     * @return the declared covariance
     * @throws UnsupportedOperationException if the declaration gives no covariance
     */
    @Override
    public ExchangeableCovariance covariance() {
        return declared.resolve(noise.dimension())
                .orElseThrow(() -> new UnsupportedOperationException("no covariance: " + declared.describe()));
    }

    @Override
    public CovarianceDeclaration declaredCovariance() {
        return declared;
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        return noise.sampler(rng);
    }
}
