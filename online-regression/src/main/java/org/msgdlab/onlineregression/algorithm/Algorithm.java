package org.msgdlab.onlineregression.algorithm;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingVector;

/**
 * An online algorithm of Section 3: every step draws a fresh batch of {@link #samplesPerStep()}
 * samples and a weight vector W, and updates
 * <pre>
 *   theta_{n+1} = theta_n - eta sum_{r in batch} w_r (x_r x_r^T theta_n - y_r x_r).
 * </pre>
 * The averaged iterate {@code bar theta_n = 1/(n+1) sum_{i=0}^n theta_i} is what Theorem 1 bounds.
 * Implementations are immutable and thread-safe; the weight samplers they create are not.
 */
public sealed interface Algorithm permits Algorithm.SmallBatchSgd, Algorithm.LargeBatchMsgd, Algorithm.LargeBatchSgd {

    /** @return stable lower-case id, e.g. {@code msgd-gaussian-b2-bigb8} */
    String id();

    /** @return human label for figures, e.g. {@code MSGD (Gaussian), B=8} */
    String label();

    /** @return samples drawn per step: b for small-batch SGD, B for the large-batch algorithms */
    int samplesPerStep();

    /**
     * The b that Theorem 1's bound is evaluated with: the small batch b for SGD-b and MSGD, and B for
     * large-batch SGD (which is SGD with batch B).
     *
     * @return the bound's batch size
     */
    int boundBatch();

    /** @return the moments of W that determine the expected risk exactly */
    WeightMoments moments();

    /**
     * A weight sampler bound to {@code rng}, writing W (length {@link #samplesPerStep()}), or
     * {@code null} when the weights are the constant 1/m (no randomness consumed).
     *
     * @param rng the random stream of W
     * @return a new sampler (not thread-safe), or null for constant weights
     */
    NoiseSampler weights(UniformRandomProvider rng);

    /**
     * Small-batch SGD, Eq. (online-sgd) <em>averaged over the batch</em>:
     * {@code theta_{n+1} = theta_n - (eta/b) sum_{r in b_n} (x_r x_r^T theta_n - y_r x_r)}. (The
     * paper prints the sum without 1/b; with the sum, SGD-b is this algorithm at step b*eta, and
     * Theorem 1's comparison with MSGD, whose weights average to 1, only holds for the average.)
     *
     * @param b the batch size
     */
    record SmallBatchSgd(int b) implements Algorithm {
        /**
         * Validates the batch size.
         *
         * @param b the batch size
         * @throws IllegalArgumentException unless {@code b >= 1}
         */
        public SmallBatchSgd {
            if (b < 1) {
                throw new IllegalArgumentException("small batch size b=" + b + " must be >= 1");
            }
        }

        @Override
        public String id() {
            return "sgd-b" + b;
        }

        @Override
        public String label() {
            return "SGD, b=" + b;
        }

        @Override
        public int samplesPerStep() {
            return b;
        }

        @Override
        public int boundBatch() {
            return b;
        }

        @Override
        public WeightMoments moments() {
            return WeightMoments.averaging(b);
        }

        @Override
        public NoiseSampler weights(UniformRandomProvider rng) {
            return null;
        }
    }

    /**
     * Large-batch MSGD, Eq. (online-msgd): B fresh samples per step weighted by
     * {@code W = 1/B + V} with Theorem 1's covariance, V of the given class.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @param noise the class of V
     */
    record LargeBatchMsgd(int b, int batch, NoiseClass noise) implements Algorithm {
        /**
         * Validates the parameters.
         *
         * @param b     the small batch size b
         * @param batch the large batch size B
         * @param noise the class of V
         * @throws IllegalArgumentException unless {@code 1 <= b <= B}, {@code B >= 2} and the noise class is given
         */
        public LargeBatchMsgd {
            if (b < 1) {
                throw new IllegalArgumentException("small batch size b=" + b + " must be >= 1");
            }
            if (batch < b) {
                throw new IllegalArgumentException("small batch size b=" + b + " must be <= large batch size B=" + batch);
            }
            if (batch < 2) {
                throw new IllegalArgumentException("large batch size B=" + batch + " must be >= 2");
            }
            if (noise == null) {
                throw new IllegalArgumentException("noise class must be given");
            }
        }

        @Override
        public String id() {
            return "msgd-" + noise.label() + "-b" + b + "-bigb" + batch;
        }

        @Override
        public String label() {
            return "MSGD (" + noise.label() + "), B=" + batch;
        }

        @Override
        public int samplesPerStep() {
            return batch;
        }

        @Override
        public int boundBatch() {
            return b;
        }

        /** @return the moments, from the covariance the theory module states for the sampler actually used */
        @Override
        public WeightMoments moments() {
            return WeightMoments.of(noise.noise(b, batch).covariance());
        }

        @Override
        public NoiseSampler weights(UniformRandomProvider rng) {
            return new SamplingVector(noise.noise(b, batch)).sampler(rng);
        }
    }

    /**
     * Plain large-batch SGD with batch B (the contrast): weights 1/B.
     *
     * @param batch the batch size B
     */
    record LargeBatchSgd(int batch) implements Algorithm {
        /**
         * Validates the batch size.
         *
         * @param batch the batch size B
         * @throws IllegalArgumentException unless {@code B >= 1}
         */
        public LargeBatchSgd {
            if (batch < 1) {
                throw new IllegalArgumentException("large batch size B=" + batch + " must be >= 1");
            }
        }

        @Override
        public String id() {
            return "sgd-bigb" + batch;
        }

        @Override
        public String label() {
            return "SGD, B=" + batch;
        }

        @Override
        public int samplesPerStep() {
            return batch;
        }

        @Override
        public int boundBatch() {
            return batch;
        }

        @Override
        public WeightMoments moments() {
            return WeightMoments.averaging(batch);
        }

        @Override
        public NoiseSampler weights(UniformRandomProvider rng) {
            return null;
        }
    }
}
