package org.msgdlab.testkit;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.MonteCarloClaim;
import org.msgdlab.theory.claims.NoiseClaims;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.CheckFailure;
import org.msgdlab.core.claims.Evidence;
import org.opentest4j.AssertionFailedError;
import org.msgdlab.theory.noise.SamplingNoise;

import java.util.Map;

/**
 * An assertion that the sampling vector {@code W = 1/n + V} of a noise has {@code E[W] = 1/n}
 * ({@code E[V] = 0}: the stochastic gradient is unbiased), checked by the theory module's mean
 * claim ({@code NoiseClaims.mean}): the mean weight over all indices, over the first tenth and over
 * the first half, each compared with 1/n at the tolerance {@code z' * SE + round-off},
 * {@code z = Phi^-1(1 - falseAlarm/6)}. The alternative is the claim's: {@code E[W] = 0} (V used as
 * the sampling vector, 1/n never added). Immutable: each setter returns a new assertion.
 *
 * <p>Defaults: {@code falseAlarm} {@link NoiseAssertions#DEFAULT_FALSE_ALARM}, {@code samples}
 * {@link NoiseAssertions#DEFAULT_SAMPLES}, {@code seed} {@link NoiseAssertions#DEFAULT_SEED}, no
 * power requirement (the power is reported all the same).
 */
public final class MeanAssertion {

    /** Claim id of the assertion: it names the random stream derived from the seed. */
    static final String ID = "testkit.mean";

    private final SamplingNoise noise;
    private final double falseAlarm;
    private final double minPower;
    private final long samples;
    private final long seed;

    private MeanAssertion(SamplingNoise noise, double falseAlarm, double minPower, long samples, long seed) {
        this.noise = noise;
        this.falseAlarm = falseAlarm;
        this.minPower = minPower;
        this.samples = samples;
        this.seed = seed;
    }

    static MeanAssertion of(SamplingNoise noise) {
        return new MeanAssertion(noise, NoiseAssertions.DEFAULT_FALSE_ALARM, Double.NaN, NoiseAssertions.DEFAULT_SAMPLES,
                NoiseAssertions.DEFAULT_SEED);
    }

    /** The probability, in (0, 1), that a noise with {@code E[V] = 0} fails this assertion. */
    public MeanAssertion falseAlarm(double probability) {
        return new MeanAssertion(noise, Checks.requireOpenUnit("falseAlarm", probability), minPower, samples, seed);
    }

    /** Requires probability at least {@code power} of rejecting {@code E[W] = 0} when {@code E[W] = 1/n}. */
    public MeanAssertion minPower(double power) {
        return new MeanAssertion(noise, falseAlarm, Checks.requireOpenUnit("minPower", power), samples, seed);
    }

    /** Number of Monte Carlo draws of W, at least {@link NoiseAssertions#MIN_SAMPLES}. */
    public MeanAssertion samples(long count) {
        return new MeanAssertion(noise, falseAlarm, minPower, Checks.requireSamples(count), seed);
    }

    /** The seed of the draws: the same seed gives the same numbers, whatever the number of threads. */
    public MeanAssertion seed(long value) {
        return new MeanAssertion(noise, falseAlarm, minPower, samples, value);
    }

    /**
     * Runs the assertion.
     *
     * @return the evidence (every statistic, its tolerance, the power) when the assertion holds
     * @throws org.opentest4j.AssertionFailedError when a statistic disagrees with 1/n, or the
     *         required power is not reached at this sample budget
     *         (or when the noise draws a NaN or an infinity: the message names the entry and its value)
     */
    public Evidence check() {
        MonteCarloClaim claim = NoiseClaims.mean(new ClaimRef(ID, "msgd-lab testkit", "E[W] = 1/n"),
                new NoiseClaims.Draws(noise, new NoiseClaims.Samples(samples, samples), Map.of()));
        Evidence evidence;
        try {
            evidence = claim.check(CheckContext.of(Budget.QUICK, seed), falseAlarm);
        } catch (CheckFailure f) {
            throw new AssertionFailedError("assertMean(" + noise.paperName() + ", n=" + noise.dimension() + ")" + " failed: " + f.getMessage());
        }
        int n = noise.dimension();
        String subject = "assertMean(" + noise.paperName() + ", n=" + n + ")";
        double[] alt = claim.wrong().values().clone();
        return new Outcome(subject, "E[W] = 1/n = " + (1.0 / n), "\"" + claim.wrong().name() + "\"", alt, minPower, seed)
                .enforce(evidence);
    }
}
