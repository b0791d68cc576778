package org.msgdlab.deep.efficiency;

/**
 * Time per step of both ways for one parameter subset (the noise is injected into the
 * subset's coordinates; the gradient-descent part always covers the whole network).
 *
 * @param algorithm1       one Algorithm-1 step: draw V_G, one run of the step graph with W = 1/n + V_G
 * @param gdStep           one plain GD step (W = 1/n), the explicit way's deterministic part
 * @param perSample        the per-sample gradient matrix (vectorised, or n gradient runs: see perSampleMethod)
 * @param factor           centring, Gram matrix, eigendecomposition, U S = Gc V
 * @param sample           one draw {@code U S z}
 * @param apply            adding {@code -eta xi} to the parameters (read and write back)
 * @param direct           one factorization-free draw {@code Gc z} from G
 *                         ({@link ExplicitCovarianceNoise#sampleFromGradients})
 * @param perSampleMethod  how the per-sample gradients were computed ({@link PerExampleGradients#METHOD}
 *                         or {@link NoiseInjection#PER_EXAMPLE_LOOP})
 */
public record NoiseInjectionTiming(String subset, int d, int n, double algorithm1, double gdStep, double perSample,
                     double factor, double sample, double apply, double direct, String perSampleMethod) {

    /** Seconds of one explicit step without factorization: per-sample gradients, then {@code Gc z}. */
    public double explicitFactorFree() {
        return gdStep + perSample + direct + apply;
    }

    /** Factorization-free explicit step / Algorithm 1 step: the strongest baseline. */
    public double ratioFactorFree() {
        return explicitFactorFree() / algorithm1;
    }

    /** Seconds of one explicit step. */
    public double explicit() {
        return gdStep + perSample + factor + sample + apply;
    }

    /** Explicit step / Algorithm 1 step. */
    public double ratio() {
        return explicit() / algorithm1;
    }

    /** The same ratio with the per-sample gradients given for free (the baseline's lower bound). */
    public double ratioGivenPerSampleGradients() {
        return (explicit() - perSample) / algorithm1;
    }
}
