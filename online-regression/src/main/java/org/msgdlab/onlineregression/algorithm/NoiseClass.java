package org.msgdlab.onlineregression.algorithm;

import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.Theorem1SamplingVectors;

/**
 * The classes of sampling noise V = W - 1/B that large-batch MSGD (Eq. (online-msgd)) is run with;
 * all share Theorem 1's covariance {@code Var[W] = (B-b)/(bB(B-1)) (I - 11^T/B)} and differ only in
 * their law. Drawn by the theory module's {@link Theorem1SamplingVectors}. Immutable and thread-safe.
 */
public enum NoiseClass {
    /** The SGD class: b of the B samples, drawn without replacement, weight 1/b each. */
    SUBSAMPLING("subsampling"),
    /** The Gaussian class: {@code V = sqrt((B-b)/(bB(B-1))) (I - 11^T/B) eps}. */
    GAUSSIAN("gaussian"),
    /** A bounded non-SGD class: {@code V = sqrt((B-b)/(bB(B-1))) (I - 11^T/B) xi}, xi i.i.d. +-1. */
    RADEMACHER("rademacher");

    private final String label;

    NoiseClass(String label) {
        this.label = label;
    }

    /** @return the lower-case label used in algorithm ids, e.g. {@code "gaussian"} */
    public String label() {
        return label;
    }

    /**
     * The sampling noise of this class for small batch b within large batch B.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @return the noise V = W - 1/B
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code B >= 2} and {@code B >= b}
     */
    public SamplingNoise noise(int b, int batch) {
        return switch (this) {
            case SUBSAMPLING -> Theorem1SamplingVectors.subsampling(b, batch);
            case GAUSSIAN -> Theorem1SamplingVectors.gaussian(b, batch);
            case RADEMACHER -> Theorem1SamplingVectors.rademacher(b, batch);
        };
    }
}
