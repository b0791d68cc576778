package org.msgdlab.theory.noise;

/**
 * Draws sampling noises V into a caller's array, from the generator it was created with (see
 * {@link SamplingNoise#sampler}). Not thread-safe: one sampler per thread and stream.
 */
@FunctionalInterface
public interface NoiseSampler {

    /**
     * Overwrites {@code v} (length n) with a fresh draw of V.
     *
     * @param v the destination, of length n
     */
    void sample(double[] v);
}
