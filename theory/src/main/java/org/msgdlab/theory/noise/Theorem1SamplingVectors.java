package org.msgdlab.theory.noise;

/**
 * Sampling vectors for large-batch MSGD on online least squares (Theorem 1, Eq. (online-msgd)):
 * W on a batch of B with {@code E[W] = 1/B} and
 * <pre>
 *   Var[W] = (B-b)/(b B (B-1)) (I - 11^T/B),
 * </pre>
 * hence (proof of Theorem 1, "Moments of L(k)") {@code E[w_i^2] = 1/(bB)} and
 * {@code E[w_i w_j] = (b-1)/(bB(B-1))}. Three noise classes share this covariance: SGD
 * sub-sampling of b among the B (Proposition 1 with n = B), Gaussian, and Rademacher.
 * Each factory returns the noise V = W - 1/B; wrap it in a {@link SamplingVector} for W.
 * Stateless and thread-safe.
 */
public final class Theorem1SamplingVectors {

    private Theorem1SamplingVectors() {
    }

    /**
     * Theorem 1's covariance {@code (B-b)/(bB(B-1)) (I - 11^T/B)}: Proposition 1's covariance of
     * SGD without replacement at n = B, written once in {@link SgdWithoutReplacement#covariance()}.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @return Var[W] on R^B
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code B >= 2} and {@code B >= b}
     */
    public static ExchangeableCovariance covariance(int b, int batch) {
        check(b, batch);
        return new SgdWithoutReplacement(batch, b).covariance();
    }

    /**
     * {@code E[w_i^2] = 1/(bB)}.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @return the second moment 1/(bB)
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code B >= 2} and {@code B >= b}
     */
    public static double secondMoment(int b, int batch) {
        check(b, batch);
        return 1.0 / ((double) b * batch);
    }

    /**
     * {@code E[w_i w_j] = (b-1)/(bB(B-1))}, i != j.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @return the cross moment (b-1)/(bB(B-1))
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code B >= 2} and {@code B >= b}
     */
    public static double crossMoment(int b, int batch) {
        check(b, batch);
        return (double) (b - 1) / ((double) b * batch * (batch - 1));
    }

    /**
     * SGD class: b of the B drawn without replacement, weight 1/b each.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @return the noise V = W - 1/B
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code B >= 2} and {@code B >= b}
     */
    public static SamplingNoise subsampling(int b, int batch) {
        check(b, batch);
        return new SgdWithoutReplacement(batch, b);
    }

    /**
     * Gaussian class: {@code V = sqrt((B-b)/(bB(B-1))) (I - 11^T/B) eps}.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @return the noise V = W - 1/B
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code B >= 2} and {@code B >= b}
     */
    public static SamplingNoise gaussian(int b, int batch) {
        return new CenteredExchangeableNoise(covariance(b, batch), StandardizedDriver.GAUSSIAN,
                "MSGD-Gaussian (Theorem 1)", "V = sqrt((B-b)/(bB(B-1))) (I - 11^T/B) eps");
    }

    /**
     * Rademacher class: {@code V = sqrt((B-b)/(bB(B-1))) (I - 11^T/B) xi}, xi i.i.d. +-1.
     *
     * @param b     the small batch size b
     * @param batch the large batch size B
     * @return the noise V = W - 1/B
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code B >= 2} and {@code B >= b}
     */
    public static SamplingNoise rademacher(int b, int batch) {
        return new CenteredExchangeableNoise(covariance(b, batch), StandardizedDriver.RADEMACHER,
                "MSGD-Rademacher (Theorem 1)", "V = sqrt((B-b)/(bB(B-1))) (I - 11^T/B) xi, xi = +-1");
    }

    private static void check(int b, int batch) {
        if (b < 1) {
            throw new IllegalArgumentException("small batch size b=" + b + " must be >= 1");
        }
        if (batch < 2) {
            throw new IllegalArgumentException("large batch size B=" + batch + " must be >= 2");
        }
        if (batch < b) {
            throw new IllegalArgumentException("large batch size B=" + batch + " must be >= b=" + b);
        }
    }
}
