package org.msgdlab.testkit;

import org.hipparchus.distribution.discrete.BinomialDistribution;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.opentest4j.AssertionFailedError;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;

/**
 * An assertion can fail: it rejects the wrong formula, the power it reports is not optimistic, and
 * a power requirement the sample budget cannot meet fails with the budget that would meet it.
 */
class PowerTest {

    static final int RUNS = 400;

    @Test
    void aWithReplacementSamplerAssertedToHaveTheWithoutReplacementCovarianceFailsAlmostAlways() {
        SamplingNoise with = new SgdWithReplacement(10, 3);
        ExchangeableCovariance withoutFormula = new SgdWithoutReplacement(10, 3).covariance();
        int failures = 0;
        for (int r = 0; r < RUNS; r++) {
            try {
                assertCovariance(with).matches(withoutFormula).falseAlarm(1e-6).samples(1000).seed(1_000_003L * r + 17).check();
            } catch (AssertionFailedError e) {
                failures++;
            }
        }
        System.out.println("with-replacement SGD (n=10, b=3) asserted to have the without-replacement covariance: "
                + failures + " failures in " + RUNS + " runs at falseAlarm=1e-6, 1000 samples");
        assertTrue(failures >= 395, failures + " failures in " + RUNS + " runs, want >= 395");
    }

    /**
     * The reported power is P(|N(reference, SE^2) - alternative| > tolerance) on the best statistic;
     * the assertion fails when any statistic rejects, so it should fail at least that often. With
     * the alternative 7% above the true covariance (reported power about 0.6 at 1000 samples), the
     * failures in {@value #RUNS} runs must reach the 1e-6 quantile of Binomial(RUNS, reported power).
     */
    @Test
    void thePowerItReportsIsNotOptimistic() {
        SamplingNoise noise = new SgdWithReplacement(10, 3);
        ExchangeableCovariance alternative = noise.covariance().scaled(1.07);
        Evidence e = assertCovariance(noise).falseAlarm(1e-6).against("7% too large", alternative).samples(1000).seed(5).check();
        double reported = e.power().get(0).power();
        int failures = 0;
        for (int r = 0; r < RUNS; r++) {
            try {
                assertCovariance(noise).matches(alternative).falseAlarm(1e-6).samples(1000).seed(1_000_003L * r + 17).check();
            } catch (AssertionFailedError ex) {
                failures++;
            }
        }
        int lower = new BinomialDistribution(RUNS, reported).inverseCumulativeProbability(1e-6);
        String what = String.format("reported power %.4f against a covariance 7%% too large; the assertion of that"
                + " covariance failed %d of %d times (lower bound %d)", reported, failures, RUNS, lower);
        System.out.println(what);
        assertTrue(reported > 0.3 && reported < 0.9, what + ": the case should sit on the slope of the power curve");
        assertTrue(failures >= lower, what);
    }

    @Test
    void aPowerTheBudgetCannotGiveFailsAndNamesTheSamplesThatWould() {
        SamplingNoise noise = new SgdWithReplacement(10, 3);
        ExchangeableCovariance alternative = noise.covariance().scaled(1.02);
        CovarianceAssertion a = assertCovariance(noise).falseAlarm(1e-6).minPower(0.99, "2% too large", alternative).seed(5);

        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> a.samples(1000).check());
        String m = e.getMessage();
        assertTrue(m.contains("below the required minPower=0.99"), m);
        Matcher power = Pattern.compile("its power against the alternative is ([0-9.]+) at samples=1000").matcher(m);
        assertTrue(power.find(), m);
        assertTrue(Double.parseDouble(power.group(1)) < 0.99, m);
        Matcher samples = Pattern.compile("about samples\\(([0-9,]+)\\) would reach it").matcher(m);
        assertTrue(samples.find(), m);
        long enough = Long.parseLong(samples.group(1).replace(",", ""));

        Evidence ok = a.samples(enough).check();
        System.out.printf("power %s at 1000 samples; the %,d samples the message named give %.4f%n",
                power.group(1), enough, ok.power().get(0).power());
        assertTrue(ok.power().get(0).power() >= 0.99, "power at the named budget: " + ok.power().get(0).power());
    }

    @Test
    void anAlternativeNoBudgetCanSeparateIsSaidToBeSo() {
        SamplingNoise noise = new SgdWithReplacement(10, 3);
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> assertCovariance(noise)
                .minPower(0.9, "the same covariance", noise.covariance()).samples(1000).check());
        assertTrue(e.getMessage().contains("no sample size can reach it"), e.getMessage());
    }
}
