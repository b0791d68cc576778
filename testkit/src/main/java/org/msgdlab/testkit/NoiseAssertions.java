package org.msgdlab.testkit;

import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.core.stats.FalseAlarm;

/**
 * Statistical assertions on sampling noises for JUnit 5 suites, built on the Monte Carlo claims of
 * the theory module ({@code NoiseClaims}, {@code MonteCarloClaim}): the same estimators, the same
 * tolerance {@code z' * SE + round-off} with {@code z = Phi^-1(1 - alpha/(2k))} (Bonferroni over
 * the k compared statistics, z' its Cornish–Fisher correction for the estimator's shape), and the
 * same power {@code P(|N(reference, SE^2) - alternative| > tolerance)}.
 *
 * <pre>{@code
 * import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;
 *
 * assertCovariance(myBatchNoise)                                   // a SamplingNoise, n = 1000
 *         .matches(new SgdWithoutReplacement(1000, 50).covariance())  // Proposition 1
 *         .falseAlarm(1e-6)
 *         .minPower(0.99, "with replacement", new SgdWithReplacement(1000, 50).covariance())
 *         .samples(200_000).seed(42)
 *         .check();
 * }</pre>
 *
 * A failed assertion throws {@link org.opentest4j.AssertionFailedError} whose message gives, per
 * compared statistic, the estimate, the reference, the standard error, the tolerance and the power
 * against the named alternative. Bad parameters throw {@link IllegalArgumentException} with one
 * line naming the parameter, its value and the rule. Assertions are immutable: every setter
 * returns a new one, so a configured assertion can be varied (another seed, more samples) and
 * run again without side effects.
 */
public final class NoiseAssertions {

    /**
     * Default false-alarm probability of one assertion: the core module's per-claim level
     * {@link FalseAlarm#PER_CLAIM} (1e-7 nominal; the promise, calibrated there, is at most 1e-6).
     */
    public static final double DEFAULT_FALSE_ALARM = FalseAlarm.PER_CLAIM;

    /** Default number of Monte Carlo samples: 100,000 (about 0.3 s at n = 1000, b = 50 on two busy cores). */
    public static final long DEFAULT_SAMPLES = 100_000;

    /**
     * The smallest number of samples allowed: 1000, the smallest at which the theory module
     * calibrates the false-alarm probability of its tolerances (and {@code MonteCarloClaim}'s own rule).
     */
    public static final long MIN_SAMPLES = 1000;

    /** Default seed (the toolkit's, {@link org.msgdlab.core.claims.CheckContext#DEFAULT_SEED}): an assertion without {@code seed(...)} is reproducible. */
    public static final long DEFAULT_SEED = org.msgdlab.core.claims.CheckContext.DEFAULT_SEED;

    private NoiseAssertions() {
    }

    /**
     * Asserts {@code Var[V]} of {@code noise}: by default against the covariance the noise states
     * itself ({@link SamplingNoise#covariance()}, the plug-in contract), or against
     * {@link CovarianceAssertion#matches the covariance given}.
     */
    public static CovarianceAssertion assertCovariance(SamplingNoise noise) {
        return CovarianceAssertion.of(Checks.requireNoise(noise));
    }

    /**
     * Asserts {@code E[W] = 1/n} for the sampling vector {@code W = 1/n + V} of {@code noise}, i.e.
     * {@code E[V] = 0}: the stochastic gradient is unbiased.
     */
    public static MeanAssertion assertMean(SamplingNoise noise) {
        return MeanAssertion.of(Checks.requireNoise(noise));
    }
}
