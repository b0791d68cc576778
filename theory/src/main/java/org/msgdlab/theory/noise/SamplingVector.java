package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The sampling vector {@code W = 1/n + V} of MSGD (Section 2.2 and Algorithm 1): the randomized
 * loss is {@code L(theta) W} and its gradient {@code grad L(theta) W} is the stochastic gradient.
 * {@code E[W] = 1/n}, {@code Var[W] = Var[V]}.
 *
 * <p>Immutable and thread-safe when the noise is; the samplers it creates are not.
 *
 * @param noise the sampling noise V
 */
public record SamplingVector(SamplingNoise noise) {

    /**
     * Checks the noise is present.
     *
     * @param noise the sampling noise V
     * @throws NullPointerException if {@code noise} is null
     */
    public SamplingVector {
        java.util.Objects.requireNonNull(noise, "noise");
    }

    /** @return the dimension n of W */
    public int dimension() {
        return noise.dimension();
    }

    /** @return the mean of every entry, 1/n */
    public double meanWeight() {
        return 1.0 / noise.dimension();
    }

    /**
     * A sampler writing W = 1/n + V into the caller's array.
     *
     * @param rng the random stream of V
     * @return a new sampler, not thread-safe
     */
    public NoiseSampler sampler(UniformRandomProvider rng) {
        final NoiseSampler v = noise.sampler(rng);
        final double base = meanWeight();
        final int n = noise.dimension();
        return w -> {
            v.sample(w);
            for (int i = 0; i < n; i++) {
                w[i] += base;
            }
        };
    }
}
