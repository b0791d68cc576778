package org.msgdlab.theory.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.apache.commons.rng.UniformRandomProvider;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every kind of check can fail (DESIGN.md: "Every check that can pass must be shown able to fail"):
 * plausible broken samplers fail the mean / covariance claims, and checking one SGD sampler against
 * the other's formula fails (or is APPROXIMATE when the gap is declared vanishing).
 *
 * <p>Each broken sampler's statistics are known exactly (by enumerating its outcomes, or in closed
 * form for the Gaussian one), so before asserting FAIL the test shows that the claim's own
 * tolerance z SE rejects the paper's value with probability >= 1 - 1e-6: the set-up is sized to
 * resolve the bias, and a miss is as unlikely as a false alarm.
 */
public class PowerOfChecksTest {

    /** Monte Carlo claims in this class: each misses or false-alarms with probability <= 1e-6. */
    public static final int MONTE_CARLO_CLAIMS = 10;

    private static final long SAMPLES = 20_000;
    private static final NoiseClaims.Samples BUDGET = new NoiseClaims.Samples(SAMPLES, SAMPLES);
    private static final long SEED = 20200712L;
    private static final double MISS = 1e-6;

    /** An off-by-one index draw, rng.nextInt(n - 1): sample n-1 is never in the batch. Claims Prop. 1. */
    record NeverPicksLast(int n, int b) implements SamplingNoise {
        @Override public int dimension() { return n; }
        @Override public String paperName() { return "SGD-" + b + " with replacement, off by one"; }
        @Override public String formula() { return "indices rng.nextInt(n - 1)"; }
        @Override public ExchangeableCovariance covariance() { return new SgdWithReplacement(n, b).covariance(); }

        @Override
        public NoiseSampler sampler(UniformRandomProvider rng) {
            return v -> {
                java.util.Arrays.fill(v, 0, n, -1.0 / n);
                for (int k = 0; k < b; k++) {
                    v[rng.nextInt(n - 1)] += 1.0 / b;
                }
            };
        }

        /** The (n-1)^b equally likely outcomes V. */
        List<double[]> outcomes() {
            List<double[]> out = new ArrayList<>();
            int tuples = (int) Math.round(Math.pow(n - 1, b));
            for (int t = 0; t < tuples; t++) {
                double[] v = new double[n];
                java.util.Arrays.fill(v, -1.0 / n);
                for (int k = 0, rest = t; k < b; k++, rest /= n - 1) {
                    v[rest % (n - 1)] += 1.0 / b;
                }
                out.add(v);
            }
            return out;
        }
    }

    /** A batch of b consecutive samples from a uniform start: right marginals, correlated positions. */
    record ConsecutiveBatch(int n, int b) implements SamplingNoise {
        @Override public int dimension() { return n; }
        @Override public String paperName() { return "SGD-" + b + " without replacement, consecutive indices"; }
        @Override public String formula() { return "indices start, start+1, ..., start+b-1 (mod n)"; }
        @Override public ExchangeableCovariance covariance() { return new SgdWithoutReplacement(n, b).covariance(); }

        @Override
        public NoiseSampler sampler(UniformRandomProvider rng) {
            return v -> fill(v, rng.nextInt(n));
        }

        private void fill(double[] v, int start) {
            java.util.Arrays.fill(v, 0, n, -1.0 / n);
            for (int k = 0; k < b; k++) {
                v[(start + k) % n] += 1.0 / b;
            }
        }

        /** The n equally likely outcomes V. */
        List<double[]> outcomes() {
            List<double[]> out = new ArrayList<>();
            for (int start = 0; start < n; start++) {
                double[] v = new double[n];
                fill(v, start);
                out.add(v);
            }
            return out;
        }
    }

    /** MSGD-Cov without its centring: V = eps / sqrt(bn), still claiming Var[V'_sgd] (Section 4.1). */
    record ForgetsCentring(int n, int b) implements SamplingNoise {
        @Override public int dimension() { return n; }
        @Override public String paperName() { return "MSGD-Cov without the centring"; }
        @Override public String formula() { return "V = (bn)^(-1/2) eps"; }
        @Override public ExchangeableCovariance covariance() { return new SgdWithReplacement(n, b).covariance(); }
        @Override public NoiseSampler sampler(UniformRandomProvider rng) { return new FisherNoise(n, b).sampler(rng); }
    }

    @Test
    void anOffByOneIndexDrawFailsBothTheMeanAndTheCovarianceClaim() {
        NeverPicksLast broken = new NeverPicksLast(5, 2);
        ExchangeableCovariance paper = broken.covariance();
        assertResolvable(covarianceStatistics(broken.outcomes()), ExchangeableStatistics.expected(paper.diagonal(), paper.offDiagonal()), "covariance");
        assertResolvable(meanStatistics(broken.outcomes()), new double[] {0.2, 0.2, 0.2}, "mean");
        assertFails(covarianceClaim("power.off-by-one.covariance", broken, paper, Discrepancy.none()));
        assertFails(NoiseClaims.mean(new ClaimRef("power.off-by-one.mean", "test", "E[W] = 1/n"), draws(broken)).check(Budget.QUICK, SEED));
    }

    @Test
    void consecutiveIndicesFailTheCovarianceClaimThroughItsFirstHalfPairsButNotTheMeanClaim() {
        ConsecutiveBatch broken = new ConsecutiveBatch(8, 3);
        ExchangeableCovariance paper = broken.covariance();
        assertResolvable(covarianceStatistics(broken.outcomes()), ExchangeableStatistics.expected(paper.diagonal(), paper.offDiagonal()), "covariance");
        assertFails(covarianceClaim("power.consecutive.covariance", broken, paper, Discrepancy.none()));
        // Each sample is in the batch with probability b/n, exactly: no first moment can see the defect.
        double[][] mean = meanStatistics(broken.outcomes());
        for (double[] m : mean) {
            assertEquals(1.0 / 8, m[0], 1e-15, "a consecutive batch has exact marginals");
        }
        Evidence e = NoiseClaims.mean(new ClaimRef("power.consecutive.mean", "test", "E[W] = 1/n"), draws(broken)).check(Budget.QUICK, SEED);
        assertEquals(Verdict.PASS, e.verdict(), EvidenceText.of(e));
    }

    @Test
    void aGaussianNoiseThatForgetsTheCentringFailsTheMsgdCovCovarianceClaim() {
        int n = 20;
        int b = 4;
        ForgetsCentring broken = new ForgetsCentring(n, b);
        ExchangeableCovariance paper = broken.covariance();
        // Off-diagonal statistic of V ~ N(0, s I), s = 1/(bn): T / (n(n-1)) with T = V^T (11^T - I) V =
        // s ((n-1) chi2_1 - chi2_{n-1}): cumulants k2 = 2 n (n-1) s^2, k3 = 8 ((n-1)^3 - (n-1)) s^3,
        // k4 = 48 ((n-1)^4 + (n-1)) s^4.
        double s = 1.0 / (b * n);
        double m = n - 1.0;
        double k2 = 2 * n * m;
        double se = s * Math.sqrt(k2 / SAMPLES) / (n * m);
        double skewOfMean = 8 * (m * m * m - m) / Math.pow(k2, 1.5) / Math.sqrt(SAMPLES);
        double kurtOfMean = 48 * (m * m * m * m + m) / (k2 * k2) / SAMPLES;
        double z = FalseAlarm.shapeCorrected(FalseAlarm.z(FalseAlarm.PER_CLAIM, ExchangeableStatistics.COUNT), skewOfMean, kurtOfMean);
        double power = FalseAlarm.power(0.0, paper.offDiagonal(), se, z * se);
        assertTrue(power >= 1 - MISS, "power " + power + " to see the missing off-diagonal " + paper.offDiagonal());
        assertFails(covarianceClaim("power.forgets-centring.covariance", broken, paper, Discrepancy.none()));
    }

    @Test
    void theWithReplacementSamplerFailsTheWithoutReplacementFormulaAndViceVersa() {
        int n = 10;
        int b = 4;
        ExchangeableCovariance with = new SgdWithReplacement(n, b).covariance();
        ExchangeableCovariance without = new SgdWithoutReplacement(n, b).covariance();
        Discrepancy persistent = Discrepancy.persistent("factor (n-b)/(n-1) = 2/3 at n = 10");
        Discrepancy vanishing = Discrepancy.vanishing("factor (n-b)/(n-1) -> 1 as n -> infinity with b fixed");
        for (SamplingNoise noise : List.<SamplingNoise>of(new SgdWithReplacement(n, b), new SgdWithoutReplacement(n, b))) {
            ExchangeableCovariance other = noise instanceof SgdWithReplacement ? without : with;
            Evidence fail = covarianceClaim("power.swap." + noise.paperName(), noise, other, persistent);
            assertEquals(Verdict.FAIL, fail.verdict(), EvidenceText.of(fail));
            assertTrue(fail.verdictReason().contains("does not vanish"), "it matched the exact formula: " + fail.verdictReason());
            Evidence approximate = covarianceClaim("power.swap." + noise.paperName(), noise, other, vanishing);
            assertEquals(Verdict.APPROXIMATE, approximate.verdict(), EvidenceText.of(approximate));
            assertEquals(fail.estimate(), approximate.estimate(), "same seed, same numbers");
            // The claim records its power to resolve the gap from the noise, and that it did.
            PowerCheck resolve = approximate.power().get(1);
            assertTrue(resolve.rejected() && resolve.power() >= 1 - MISS, EvidenceText.of(approximate));
            assertEquals((double) (n - b) / (n - 1) - 1, relative(approximate, 0, noise instanceof SgdWithReplacement), 1e-14);
        }
        // With b = 1 the two laws coincide: nothing to resolve, the same check PASSES.
        Evidence same = covarianceClaim("power.swap.b1", new SgdWithReplacement(n, 1), new SgdWithoutReplacement(n, 1).covariance(), persistent);
        assertEquals(Verdict.PASS, same.verdict(), EvidenceText.of(same));
    }

    /** (derived - paper) / |paper| of statistic j, in the direction of the check. */
    private static double relative(Evidence e, int j, boolean withChecksWithout) {
        double r = e.statistics().get(j).relativeDiscrepancy();
        return withChecksWithout ? 1 / (1 + r) - 1 : r;
    }

    private static Evidence covarianceClaim(String id, SamplingNoise noise, ExchangeableCovariance paper, Discrepancy d) {
        return NoiseClaims.covariance(new ClaimRef(id, "test", "Var[V] = paper"), draws(noise), paper, new NoiseClaims.Wrong<>("zero", ExchangeableCovariance.isotropic(noise.dimension(), 0)), d).check(Budget.QUICK, SEED);
    }

    private static NoiseClaims.Draws draws(SamplingNoise noise) {
        return new NoiseClaims.Draws(noise, BUDGET, Map.of());
    }

    private static void assertFails(Evidence e) {
        assertEquals(Verdict.FAIL, e.verdict(), EvidenceText.of(e));
        assertTrue(e.verdictReason().contains("neither"), "a broken sampler matches neither formula: " + e.verdictReason());
    }

    /**
     * The probability that at least one statistic rejects the paper's value is at least the largest
     * single-statistic power, P(|N(mean, SE^2) - paper| > z' SE) with SE^2 = var / N and z' the
     * claim's critical value, shape-corrected with the exact skewness and kurtosis of the mean.
     */
    private static void assertResolvable(double[][] moments, double[] paper, String what) {
        double z = FalseAlarm.z(FalseAlarm.PER_CLAIM, moments.length);
        double best = 0;
        StringBuilder detail = new StringBuilder();
        for (int j = 0; j < moments.length; j++) {
            double var = moments[j][1];
            double se = Math.sqrt(var / SAMPLES);
            double skewOfMean = var > 0 ? moments[j][2] / Math.pow(var, 1.5) / Math.sqrt(SAMPLES) : 0;
            double kurtOfMean = var > 0 ? (moments[j][3] / (var * var) - 3) / SAMPLES : 0;
            double zj = FalseAlarm.shapeCorrected(z, skewOfMean, kurtOfMean);
            double p = FalseAlarm.power(moments[j][0], paper[j], se, zj * se);
            detail.append(String.format(java.util.Locale.ROOT, "%n  statistic %d: exact mean %.6g vs paper %.6g, SE %.3g, z' %.3f, power %.6g",
                    j, moments[j][0], paper[j], se, zj, p));
            best = Math.max(best, p);
        }
        assertTrue(best >= 1 - MISS, what + ": the set-up cannot resolve the defect" + detail);
    }

    /** Exact mean and variance of the covariance claim's statistics over equally likely outcomes V. */
    private static double[][] covarianceStatistics(List<double[]> outcomes) {
        int n = outcomes.get(0).length;
        return moments(outcomes, ExchangeableStatistics.COUNT, (v, out) -> ExchangeableStatistics.compute(v, n, out));
    }

    /** Exact mean and variance of the mean claim's statistics (over W = V + 1/n). */
    private static double[][] meanStatistics(List<double[]> outcomes) {
        int n = outcomes.get(0).length;
        int half = (n + 1) / 2;
        int tenth = (n + 9) / 10;
        return moments(outcomes, 3, (v, out) -> {
            double all = 0;
            double first = 0;
            double firstTenth = 0;
            for (int i = 0; i < n; i++) {
                double w = v[i] + 1.0 / n;
                all += w;
                first += i < half ? w : 0;
                firstTenth += i < tenth ? w : 0;
            }
            out[0] = all / n;
            out[1] = firstTenth / tenth;
            out[2] = first / half;
        });
    }

    /** Exact {mean, variance, third and fourth central moments} of each statistic over equally likely outcomes. */
    private static double[][] moments(List<double[]> outcomes, int k, java.util.function.BiConsumer<double[], double[]> statistics) {
        double[][] m = new double[k][4];
        double[] s = new double[k];
        for (double[] v : outcomes) {
            statistics.accept(v, s);
            for (int j = 0; j < k; j++) {
                m[j][0] += s[j] / outcomes.size();
            }
        }
        for (double[] v : outcomes) {
            statistics.accept(v, s);
            for (int j = 0; j < k; j++) {
                double d = s[j] - m[j][0];
                m[j][1] += d * d / outcomes.size();
                m[j][2] += d * d * d / outcomes.size();
                m[j][3] += d * d * d * d / outcomes.size();
            }
        }
        return m;
    }
}
