package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.MiniBatchMsgd;

/**
 * Algorithm 2 (mini-batch MSGD): every step draws B examples and weighs them by the theory's
 * {@link MiniBatchMsgd}, whose compensatory magnitude s is {@link #magnitude()} or, when that is NaN, the one
 * matching SGD-b's per-weight variance ({@link MiniBatchMsgd#fisherMagnitudeMatchingSgd}); the paper tunes it.
 * See {@link Method} for what a new noise needs.
 */
public sealed interface Algorithm2Method extends Method permits MiniBatchMsgdMethod {

    /**
     * The mini-batch MSGD with compensatory magnitude s.
     *
     * @param n the number of training samples
     * @param s the compensatory magnitude
     * @return the mini-batch MSGD on batches of {@link #bigBatch()}
     */
    MiniBatchMsgd compensated(int n, double s);

    /**
     * @param n the number of training samples
     * @return the mini-batch MSGD of this method on n samples
     */
    default MiniBatchMsgd miniBatchMsgd(int n) {
        double s = Double.isNaN(magnitude()) ? MiniBatchMsgd.fisherMagnitudeMatchingSgd(n, b(), bigBatch()) : magnitude();
        return compensated(n, s);
    }

    @Override
    default boolean miniBatch() {
        return true;
    }

    @Override
    default MiniBatchMsgd noise(int n) {
        return miniBatchMsgd(n);
    }

    @Override
    default String samplingNoise(int n) {
        return miniBatchMsgd(n).formula();
    }

    @Override
    default double compensatoryMagnitude(int n) {
        return Math.sqrt(miniBatchMsgd(n).compensatory().covariance().diagonal());
    }

    @Override
    default Feeds feeds(int n, boolean batchNorm) {
        MiniBatchMsgd mini = miniBatchMsgd(n);
        int bigB = bigBatch();
        return rng -> {
            int[] idx = new int[bigB];
            double[] w = new double[bigB];
            mini.batchSampler(rng).sample(idx, w);
            return new Feed(idx, w);
        };
    }
}
