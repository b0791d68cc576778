package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.SamplingNoise;

/**
 * Algorithm 1 (MSGD): every step weighs the whole training set by W = 1/n + V, V the method's sampling
 * noise of the theory ({@link #noise(int)}). See {@link Method} for what a new noise needs.
 */
public sealed interface Algorithm1Method extends Method permits SgdMethod, MsgdGaussianMethod,
        MsgdBernoulliMethod, MsgdSparseMethod, PluginMethod {

    /**
     * The sampling noise V on n samples.
     *
     * @param n the number of training samples
     * @return the noise
     */
    @Override
    SamplingNoise noise(int n);

    @Override
    default String samplingNoise(int n) {
        SamplingNoise v = noise(n);
        return v.paperName() + ": " + v.formula();
    }

    /** With batch norm a step feeds the whole training set ({@link SgdMethod} feeds its batch instead). */
    @Override
    default Feeds feeds(int n, boolean batchNorm) {
        return new Algorithm1Feeds(noise(n), n, batchNorm, 0);
    }
}
