package org.msgdlab.theory.noise;

import org.apache.commons.rng.UniformRandomProvider;

/**
 * The sampling vector {@code W = 1/n + V} of MSGD (Section 2.2 and Algorithm 1): the randomized
 * loss is {@code L(theta) W} and its gradient {@code grad L(theta) W} is the stochastic gradient.
 * {@code E[W] = 1/n}, {@code Var[W] = Var[V]}.
 */
public record SamplingVector(SamplingNoise noise) {

    public SamplingVector {
        java.util.Objects.requireNonNull(noise, "noise");
    }

    public int dimension() {
        return noise.dimension();
    }

    /** The mean of every entry, 1/n. */
    public double meanWeight() {
        return 1.0 / noise.dimension();
    }

    /** A sampler writing W = 1/n + V into the caller's array. */
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
