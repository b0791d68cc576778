package org.msgdlab.deep.efficiency;

/**
 * Time per step of both ways for one parameter subset (the noise is injected into the
 * subset's coordinates; the gradient-descent part always covers the whole network). All times are
 * in seconds. Immutable and thread-safe.
 *
 * @param subset           the parameter subset's name
 * @param d                the subset's number of scalar parameters
 * @param n                the number of training examples
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

    /** @return seconds of one explicit step without factorization: GD step, per-sample gradients, {@code Gc z}, apply */
    public double explicitFactorFree() {
        return gdStep + perSample + direct + apply;
    }

    /** @return factorization-free explicit step / Algorithm 1 step: the strongest baseline */
    public double ratioFactorFree() {
        return explicitFactorFree() / algorithm1;
    }

    /** @return seconds of one explicit step: GD step, per-sample gradients, factor, sample, apply */
    public double explicit() {
        return gdStep + perSample + factor + sample + apply;
    }

    /** @return explicit step / Algorithm 1 step */
    public double ratio() {
        return explicit() / algorithm1;
    }

    /** @return the same ratio with the per-sample gradients given for free (the baseline's lower bound) */
    public double ratioGivenPerSampleGradients() {
        return (explicit() - perSample) / algorithm1;
    }
}
