package org.msgdlab.theory.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.MonteCarloClaim;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.Catalogue;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.Setting;
import org.msgdlab.theory.noise.Theorem1SamplingVectors;
import org.msgdlab.core.testing.Theories;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every noise's closed-form mean and covariance, checked by Monte Carlo as a property over small
 * generated set-ups (n in [2, 60], b and B in [1, n], any seed): the covariance claim with
 * paper = the noise's own covariance(), the mean claim E[W] = 1/n, and for Theorem 1's noises the
 * second moments E[w_i^2] = 1/(bB), E[w_i w_j] = (b-1)/(bB(B-1)). Each must PASS.
 *
 * <p><b>False alarms.</b> Each claim has a nominal false-alarm probability FalseAlarm.PER_CLAIM =
 * 1e-7 (promised <= 1e-6). This test runs at most {@link #monteCarloClaims()} = (12 edge cases + 40 drawn
 * settings) x 37 claims = 1924 claims, so at most 1924 x 1e-6 = 1.9e-3 expected false alarms per run
 * were the seeds random (QuickTheories may draw a setting twice, so fewer may run); {@link FalseAlarmBudgetTest} adds up the whole suite.
 *
 * <p><b>Sample size.</b> The promise needs the (shape-corrected) normal approximation of each
 * studentized mean. A statistic driven by a rare event of probability q per draw (such as the weight
 * of one given sample of SGD-1 among n, q = 1/n, which the statistics avoid by pooling) strains it
 * when N q is small. Exact binomial computation
 * of the rate at which such an indicator's mean leaves z' SE (k = 3, z' = FalseAlarm.shapeCorrected
 * with the sample skewness and kurtosis; N = 20000): 2.7e-6 at N q = 33, 1.2e-6 at 50, 4.8e-7 at
 * 83, 1.6e-7 at 167, 7.9e-8 at 333 (without the shape correction: 6.5e-5, 1.6e-5, 3.5e-6, 1.0e-6,
 * 2.9e-7). Every event behind these statistics has rate >= 1/n per draw (a given sample selected
 * or dropped, a pair selected together, a collision), so N = max(5000, 300 n) keeps N q >= 300.
 */
class NoiseClaimsPropertyTest {

    /** Settings drawn by QuickTheories, in addition to the edge cases. */
    static final int EXAMPLES = 40;
    static final int MAX_N = 60;

    static long samples(int n) {
        return Math.max(5000, 300L * n);
    }

    /** Claims per setting: a covariance and a mean claim per noise, plus Theorem 1's second moments. */
    static int claimsPerSetting() {
        Setting any = Setting.edgeCases(MAX_N).get(0);
        return 2 * Catalogue.all(any).size() + Catalogue.theorem1(any).size();
    }

    /** Number of Monte Carlo claims this test checks. */
    static int monteCarloClaims() {
        return (Setting.edgeCases(MAX_N).size() + EXAMPLES) * claimsPerSetting();
    }

    @Test
    void everyNoiseMatchesItsClosedFormMeanAndCovarianceByMonteCarlo() {
        Theories.forAll("Monte Carlo agrees with every closed-form mean and covariance (verdict PASS)", EXAMPLES,
                Setting.upTo(MAX_N), Setting.edgeCases(MAX_N), s -> {
                    List<String> failures = new ArrayList<>();
                    for (MonteCarloClaim claim : claims(s)) {
                        Evidence e = claim.check(Budget.QUICK, s.seed());
                        if (e.verdict() != Verdict.PASS) {
                            failures.add(EvidenceText.of(e));
                        }
                    }
                    assertEquals(List.of(), failures, "claims that did not PASS");
                });
    }

    static List<MonteCarloClaim> claims(Setting s) {
        long n = samples(s.n());
        NoiseClaims.Samples budget = new NoiseClaims.Samples(n, n);
        Map<String, Object> params = Map.of("setting", s.toString());
        List<MonteCarloClaim> out = new ArrayList<>();
        for (Catalogue.Named named : Catalogue.all(s)) {
            ExchangeableCovariance exact = named.noise().covariance();
            NoiseClaims.Draws draws = new NoiseClaims.Draws(named.noise(), budget, params);
            out.add(NoiseClaims.covariance(new ClaimRef("property." + named.name() + ".covariance", "test", "Var[V] = covariance()"),
                    draws, exact,
                    new NoiseClaims.Wrong<>("twice the covariance", exact.scaled(2)), Discrepancy.none()));
            out.add(NoiseClaims.mean(new ClaimRef("property." + named.name() + ".mean", "test", "E[W] = 1/n"), draws));
        }
        for (Catalogue.Named named : Catalogue.theorem1(s)) {
            int b = s.b();
            int large = s.large();
            out.add(NoiseClaims.secondMoments(new ClaimRef("property." + named.name() + ".moments", "Theorem 1", "E[w_i^2], E[w_i w_j]"),
                    new NoiseClaims.Draws(named.noise(), budget, params),
                    new NoiseClaims.Moments(Theorem1SamplingVectors.secondMoment(b, large), Theorem1SamplingVectors.crossMoment(b, large)),
                    new NoiseClaims.Wrong<>("zero", new NoiseClaims.Moments(0, 0))));
        }
        assertEquals(claimsPerSetting(), out.size(), "claims per setting");
        for (MonteCarloClaim c : out) {
            assertEquals(FalseAlarm.PER_CLAIM, 1e-7, "the budget above assumes alpha = 1e-7 per claim");
            assertEquals(n, c.samples(Budget.QUICK));
        }
        return out;
    }
}
