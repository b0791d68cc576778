package org.msgdlab.theory.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.MonteCarloClaim;
import org.hipparchus.distribution.discrete.BinomialDistribution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.BernoulliNoise;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;

import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The false-alarm probability a claim states is the one it has. At the per-claim level 1e-7 no
 * test can observe it, so the same machinery (tolerance, Bonferroni, shape correction) is run at
 * larger alpha over R independent seeds, on true claims at the smallest sample size allowed
 * (1000), including strongly skewed statistics (with-replacement SGD with b = 1, Bernoulli with
 * b/n = 0.1) and the heavy-tailed off-diagonal statistic of Gaussian noise ((1^T V)^2 is a
 * chi-square with one degree of freedom).
 * <ul>
 *   <li>alpha = 0.05, R = 2000: the number of false alarms must be consistent with at most alpha
 *       (Bonferroni is conservative for correlated statistics) and not so low that the check is
 *       blind: it must exceed what a rate of alpha/4 would give;</li>
 *   <li>alpha = 0.002, R = 10000: the tail the shape correction is for; at most alpha.</li>
 * </ul>
 * This test's own false-alarm probability: each bound is a binomial quantile at 1e-6; 3 bounds per
 * noise, 3 noises: at most 1e-5 per run.
 */
class FalseAlarmCalibrationTest {

    static Stream<SamplingNoise> trueClaims() {
        return Stream.of(new FisherNoise(30, 5), new SgdWithReplacement(30, 1), new BernoulliNoise(30, 3));
    }

    @ParameterizedTest
    @MethodSource("trueClaims")
    void aTrueClaimFailsAboutAlphaOfTheTime(SamplingNoise noise) {
        double alpha = 0.05;
        int runs = 2000;
        int alarms = alarms(noise, alpha, runs);
        int upper = new BinomialDistribution(runs, alpha).inverseCumulativeProbability(1 - 1e-6);
        int lower = new BinomialDistribution(runs, alpha / 4).inverseCumulativeProbability(1e-6);
        String where = describe(noise, alarms, runs, alpha) + " (bounds " + lower + ".." + upper + ")";
        System.out.println(where);
        assertTrue(alarms <= upper, where + ": too many");
        assertTrue(alarms >= lower, where + ": too few, the check is blinder than alpha/4");
    }

    @ParameterizedTest
    @MethodSource("trueClaims")
    void inTheTailATrueClaimFailsAtMostAlphaOfTheTime(SamplingNoise noise) {
        double alpha = 0.002;
        int runs = 10_000;
        int alarms = alarms(noise, alpha, runs);
        int upper = new BinomialDistribution(runs, alpha).inverseCumulativeProbability(1 - 1e-6);
        String where = describe(noise, alarms, runs, alpha) + " (bound " + upper + ")";
        System.out.println(where);
        assertTrue(alarms <= upper, where + ": too many");
    }

    private static int alarms(SamplingNoise noise, double alpha, int runs) {
        NoiseClaims.Draws draws = new NoiseClaims.Draws(noise, new NoiseClaims.Samples(1000, 1000), Map.of());
        MonteCarloClaim claim = NoiseClaims.covariance(new ClaimRef("calibration", "-", "-"), draws, noise.covariance(),
                new NoiseClaims.Wrong<>("-", noise.covariance().scaled(2)), Discrepancy.none());
        int alarms = 0;
        for (int seed = 0; seed < runs; seed++) {
            if (claim.check(CheckContext.of(Budget.QUICK, 1_000_003L * seed + 17), alpha).verdict() != Verdict.PASS) {
                alarms++;
            }
        }
        return alarms;
    }

    private static String describe(SamplingNoise noise, int alarms, int runs, double alpha) {
        return noise.paperName() + " n=" + noise.dimension() + ": " + alarms + " false alarms in " + runs
                + " seeds at alpha=" + alpha;
    }
}
