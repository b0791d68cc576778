package org.msgdlab.examples;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.StableSampler;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.Validation;

import java.util.Locale;

/**
 * A heavy-tailed sampling noise: {@code V = (2bn)^(-1/2) S}, S with i.i.d. symmetric alpha-stable
 * entries of unit scale (Commons RNG's {@link StableSampler}, beta = 0). At alpha = 2 this is
 * MSGD-Fisher's N(0, I/(bn)); for alpha &lt; 2 the variance is infinite, so the covariance (and
 * the standard error of a sample mean) does not exist: it declares {@link CovarianceDeclaration.Undefined}.
 */
public record SymmetricAlphaStableNoise(int n, int b, double alpha) implements SamplingNoise {

    public SymmetricAlphaStableNoise {
        Validation.requireSampleCount(n);
        Validation.requireBatch("b", b, n);
        if (!(alpha > 1 && alpha < 2)) {
            throw new IllegalArgumentException("stability alpha=" + alpha + " must be in (1, 2): a finite mean, an infinite variance");
        }
    }

    @Override
    public int dimension() {
        return n;
    }

    @Override
    public String paperName() {
        return String.format(Locale.ROOT, "MSGD-SaS(%.2f)", alpha);
    }

    @Override
    public String formula() {
        return "V = (2bn)^(-1/2) S, S_i i.i.d. symmetric alpha-stable, unit scale";
    }

    @Override
    public CovarianceDeclaration declaredCovariance() {
        return new CovarianceDeclaration.Undefined(String.format(Locale.ROOT,
                "symmetric alpha-stable entries with alpha = %.2f < 2 have infinite variance", alpha));
    }

    /** Never: the variance is infinite ({@link #declaredCovariance()}). */
    @Override
    public ExchangeableCovariance covariance() {
        throw new UnsupportedOperationException(declaredCovariance().describe());
    }

    @Override
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final ContinuousSampler s = StableSampler.of(rng, alpha, 0.0);
        final double scale = 1.0 / Math.sqrt(2.0 * b * n);
        return v -> {
            for (int i = 0; i < n; i++) {
                v[i] = scale * s.sample();
            }
        };
    }
}
