package org.msgdlab.testkit;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.theory.claims.ExchangeableStatistics;
import org.msgdlab.core.claims.MonteCarloClaim;
import org.msgdlab.theory.claims.NoiseClaims;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.CheckFailure;
import org.msgdlab.core.claims.Evidence;
import org.opentest4j.AssertionFailedError;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.HypothesizedNoise;
import org.msgdlab.theory.noise.SamplingNoise;

import java.util.Map;

/**
 * An assertion that a sampling noise V has the exchangeable covariance {@code Var[V]} stated by
 * {@link #matches}, checked by the theory module's covariance claim ({@code NoiseClaims.covariance}):
 * four pooled statistics of V (diagonal and off-diagonal means, each over all indices and over the
 * first half), each compared with the reference at the tolerance {@code z' * SE + round-off},
 * {@code z = Phi^-1(1 - falseAlarm/8)}. Immutable: each setter returns a new assertion.
 *
 * <p>Defaults: the reference is the covariance the noise states ({@link SamplingNoise#covariance()}),
 * {@code falseAlarm} {@link NoiseAssertions#DEFAULT_FALSE_ALARM}, {@code samples}
 * {@link NoiseAssertions#DEFAULT_SAMPLES}, {@code seed} {@link NoiseAssertions#DEFAULT_SEED}, no
 * alternative and no power requirement.
 */
public final class CovarianceAssertion {

    /** Claim id of the assertion: it names the random stream derived from the seed. */
    static final String ID = "testkit.covariance";

    private final SamplingNoise noise;
    private final ExchangeableCovariance expected;
    private final double falseAlarm;
    private final double minPower;
    private final String alternativeName;
    private final ExchangeableCovariance alternative;
    private final long samples;
    private final long seed;

    private CovarianceAssertion(SamplingNoise noise, ExchangeableCovariance expected, double falseAlarm, double minPower,
                                String alternativeName, ExchangeableCovariance alternative, long samples, long seed) {
        this.noise = noise;
        this.expected = expected;
        this.falseAlarm = falseAlarm;
        this.minPower = minPower;
        this.alternativeName = alternativeName;
        this.alternative = alternative;
        this.samples = samples;
        this.seed = seed;
    }

    static CovarianceAssertion of(SamplingNoise noise) {
        return new CovarianceAssertion(noise, null, NoiseAssertions.DEFAULT_FALSE_ALARM, Double.NaN, null, null,
                NoiseAssertions.DEFAULT_SAMPLES, NoiseAssertions.DEFAULT_SEED);
    }

    /** The covariance the noise must have; its dimension must be the noise's. */
    public CovarianceAssertion matches(ExchangeableCovariance expectedCovariance) {
        return new CovarianceAssertion(noise, Checks.requireCovariance("expected", expectedCovariance, noise), falseAlarm,
                minPower, alternativeName, alternative, samples, seed);
    }

    /** The probability, in (0, 1), that a noise with the expected covariance fails this assertion. */
    public CovarianceAssertion falseAlarm(double probability) {
        return new CovarianceAssertion(noise, expected, Checks.requireOpenUnit("falseAlarm", probability), minPower,
                alternativeName, alternative, samples, seed);
    }

    /**
     * Names a wrong covariance the assertion should be able to reject: its power against it is
     * reported in failure messages and in the evidence, without a requirement.
     */
    public CovarianceAssertion against(String name, ExchangeableCovariance wrong) {
        return new CovarianceAssertion(noise, expected, falseAlarm, minPower, Checks.requireName("alternative name", name),
                Checks.requireCovariance("alternative", wrong, noise), samples, seed);
    }

    /** {@link #against(String, ExchangeableCovariance)} named by its formula. */
    public CovarianceAssertion against(ExchangeableCovariance wrong) {
        return against(wrong == null ? "null" : "Var[V] with " + wrong, wrong);
    }

    /**
     * Requires probability at least {@code power} of rejecting {@code wrong} when the noise has the
     * expected covariance ({@code P(|N(expected, SE^2) - wrong| > tolerance)} on the statistic that
     * separates them best, SE from this run). When the sample budget does not give it, the assertion
     * fails and says which power was reached and about how many samples would reach the required one.
     */
    public CovarianceAssertion minPower(double power, String name, ExchangeableCovariance wrong) {
        CovarianceAssertion a = against(name, wrong);
        return new CovarianceAssertion(noise, expected, falseAlarm, Checks.requireOpenUnit("minPower", power),
                a.alternativeName, a.alternative, samples, seed);
    }

    /** {@link #minPower(double, String, ExchangeableCovariance)} with the alternative named by its formula. */
    public CovarianceAssertion minPower(double power, ExchangeableCovariance wrong) {
        return minPower(power, wrong == null ? "null" : "Var[V] with " + wrong, wrong);
    }

    /** Number of Monte Carlo draws of V, at least {@link NoiseAssertions#MIN_SAMPLES}. */
    public CovarianceAssertion samples(long count) {
        return new CovarianceAssertion(noise, expected, falseAlarm, minPower, alternativeName, alternative,
                Checks.requireSamples(count), seed);
    }

    /** The seed of the draws: the same seed gives the same numbers, whatever the number of threads. */
    public CovarianceAssertion seed(long value) {
        return new CovarianceAssertion(noise, expected, falseAlarm, minPower, alternativeName, alternative, samples, value);
    }

    /**
     * Runs the assertion.
     *
     * @return the evidence (every statistic, its tolerance, the power) when the assertion holds
     * @throws org.opentest4j.AssertionFailedError when a statistic disagrees with the expected
     *         covariance, or the required power is not reached at this sample budget
     *         (or when the noise draws a NaN or an infinity: the message names the entry and its value)
     */
    public Evidence check() {
        ExchangeableCovariance reference = expected != null ? expected : Checks.ownCovariance(noise);
        ExchangeableCovariance wrong = alternative != null ? alternative : reference;
        NoiseClaims.Draws draws = new NoiseClaims.Draws(new HypothesizedNoise(noise, reference),
                new NoiseClaims.Samples(samples, samples), Map.of());
        MonteCarloClaim claim = NoiseClaims.covariance(new ClaimRef(ID, "msgd-lab testkit", "Var[V] = " + reference), draws, reference,
                new NoiseClaims.Wrong<>(alternative != null ? alternativeName : "none named", wrong), Discrepancy.none());
        Evidence evidence;
        try {
            evidence = claim.check(CheckContext.of(Budget.QUICK, seed), falseAlarm);
        } catch (CheckFailure f) {
            throw new AssertionFailedError("assertCovariance(" + noise.paperName() + ", n=" + noise.dimension() + ")" + " failed: " + f.getMessage());
        }
        String subject = "assertCovariance(" + noise.paperName() + ", n=" + noise.dimension() + ")";
        return new Outcome(subject, reference + (expected == null ? " (the noise's own covariance())" : ""),
                alternative == null ? null : "\"" + alternativeName + "\"",
                ExchangeableStatistics.expected(wrong.diagonal(), wrong.offDiagonal()), minPower, seed).enforce(evidence);
    }
}
