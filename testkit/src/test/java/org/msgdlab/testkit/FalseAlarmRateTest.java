package org.msgdlab.testkit;

import org.hipparchus.distribution.discrete.BinomialDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.opentest4j.AssertionFailedError;

import java.util.function.LongConsumer;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;
import static org.msgdlab.testkit.NoiseAssertions.assertMean;

/**
 * An assertion on a correct noise fails with the probability it states, no more. At the default
 * 1e-7 no test can see it, so each assertion runs {@value #RUNS} times (seeds 17, 1000020, ...) at
 * {@code falseAlarm(0.05)} and the smallest sample budget allowed (1000), on small noises whose
 * statistics are far from normal (n = 10, b = 2 or 3). The number of failures must not exceed the
 * {@code 1 - 1e-6} quantile of Binomial({@value #RUNS}, 0.05): this test's own false-alarm
 * probability is at most 1e-6 per case (3e-6 in all), and the same bound lets a true rate of 0.15
 * through with probability below 1e-3 (asserted by {@link #theBinomialBoundRejectsARateOfFifteenPercent}).
 */
class FalseAlarmRateTest {

    static final int RUNS = 600;
    static final double FALSE_ALARM = 0.05;
    static final double OWN_FALSE_ALARM = 1e-6;

    /** An assertion that holds, run at one seed. */
    record Case(String name, LongConsumer assertion) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> correctAssertions() {
        SamplingNoise without = new SgdWithoutReplacement(10, 3);
        SamplingNoise with = new SgdWithReplacement(10, 2);
        return Stream.of(
                new Case("covariance of SGD without replacement (n=10, b=3)", seed -> assertCovariance(without)
                        .matches(without.covariance()).falseAlarm(FALSE_ALARM).samples(1000).seed(seed).check()),
                new Case("covariance of SGD with replacement (n=10, b=2)", seed -> assertCovariance(with)
                        .matches(with.covariance()).falseAlarm(FALSE_ALARM).samples(1000).seed(seed).check()),
                new Case("mean of SGD with replacement (n=10, b=2)", seed -> assertMean(with)
                        .falseAlarm(FALSE_ALARM).samples(1000).seed(seed).check()));
    }

    static int bound() {
        return new BinomialDistribution(RUNS, FALSE_ALARM).inverseCumulativeProbability(1 - OWN_FALSE_ALARM);
    }

    @ParameterizedTest
    @MethodSource("correctAssertions")
    void aCorrectNoiseFailsAtMostTheStatedFractionOfRuns(Case c) {
        int failures = 0;
        for (int r = 0; r < RUNS; r++) {
            try {
                c.assertion().accept(1_000_003L * r + 17);
            } catch (AssertionFailedError e) {
                failures++;
            }
        }
        String what = c + ": " + failures + " failures in " + RUNS + " runs at falseAlarm=" + FALSE_ALARM
                + " (expected at most " + FALSE_ALARM * RUNS + "; binomial bound " + bound() + " at " + OWN_FALSE_ALARM + ")";
        System.out.println(what);
        assertTrue(failures <= bound(), what);
    }

    @Test
    void theBinomialBoundRejectsARateOfFifteenPercent() {
        double passesAnyway = new BinomialDistribution(RUNS, 0.15).cumulativeProbability(bound());
        System.out.printf("a true false-alarm rate of 0.15 passes the bound %d/%d with probability %.2e%n",
                bound(), RUNS, passesAnyway);
        assertTrue(passesAnyway < 1e-3, "P(Binomial(" + RUNS + ", 0.15) <= " + bound() + ") = " + passesAnyway);
    }
}
