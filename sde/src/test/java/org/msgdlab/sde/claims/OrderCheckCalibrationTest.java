package org.msgdlab.sde.claims;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.hipparchus.distribution.discrete.BinomialDistribution;
import org.junit.jupiter.api.Test;
import org.msgdlab.sde.fit.OrderFit;
import org.msgdlab.sde.fit.Sample;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Calibration of the order check the weak and strong claims make: on synthetic Monte
 * Carlo errors whose true order is the claimed one, the check "fitted order within z(alpha)·SE of
 * the claim, a disagreement with ρ at its bound withheld" must FAIL at a rate of at most alpha, and
 * it must not be blind (at alpha = 0.05, above alpha/4), the same standard as the theory module's
 * {@code FalseAlarmCalibrationTest}. The verdict of a real claim is this check at
 * {@link FalseAlarm#PER_CLAIM}; a rate of 1e-7 cannot be observed, so the machinery is run at larger
 * alphas, where a miscalibrated standard error would show.
 *
 * <p>The synthetic errors mimic the quick weak set-up: six step sizes 1/4 ... 1/128 of a unit horizon,
 * true error {@code h (1 + h)} (first order with a correction), per-path values with a common part
 * across step sizes (nested paths), 1,000 paths, so that the relative standard error runs from 0.4%
 * at the largest step to 13% at the smallest.
 */
class OrderCheckCalibrationTest {

    private static final double[] STEPS = {1.0 / 4, 1.0 / 8, 1.0 / 16, 1.0 / 32, 1.0 / 64, 1.0 / 128};
    private static final int PATHS = 1000;
    private static final double PATH_SD = 0.03;
    private static final double COMMON = 0.5;   // share of a path's variance common to all step sizes
    private static final int REPETITIONS = 2000;

    /** FAILs, INCONCLUSIVEs (disagreements withheld with ρ at its bound) and the repetitions. */
    private record Rates(int fails, int withheld, int repetitions) {
        double failRate() {
            return fails / (double) repetitions;
        }
    }

    private static Rates run(double alpha, double trueOrder, int repetitions, long seed) {
        UniformRandomProvider rng = Streams.create(seed);
        ZigguratSampler.NormalizedGaussian normal = ZigguratSampler.NormalizedGaussian.of(rng);
        double z = FalseAlarm.z(alpha, 1);
        // the same error at the smallest step for every order, so that the noise resolves it alike
        double amplitude = Math.pow(STEPS[STEPS.length - 1], 1 - trueOrder);
        int fails = 0;
        int withheld = 0;
        for (int r = 0; r < repetitions; r++) {
            double[][] cols = new double[STEPS.length][PATHS];
            for (int i = 0; i < PATHS; i++) {
                double common = normal.sample();
                for (int j = 0; j < STEPS.length; j++) {
                    double h = STEPS[j];
                    double noise = Math.sqrt(COMMON) * common + Math.sqrt(1 - COMMON) * normal.sample();
                    cols[j][i] = amplitude * Math.pow(h, trueOrder) * (1 + h) + PATH_SD * noise;
                }
            }
            double[] means = new double[STEPS.length];
            for (int j = 0; j < STEPS.length; j++) {
                means[j] = Math.max(Math.abs(Sample.mean(cols[j])), Double.MIN_NORMAL);
            }
            OrderFit fit = OrderFit.fit(STEPS, means, Sample.covarianceOfMeans(cols), 4);
            StatisticCheck check = StatisticCheck.of("order", fit.order(), fit.standardError(), 1.0, 1.0,
                    z * fit.standardError());
            if (!check.agreesWithPaper()) {
                if (Fits.unresolvedAtBound("phi", check, fit) != null) {
                    withheld++;
                } else {
                    fails++;
                }
            }
        }
        return new Rates(fails, withheld, repetitions);
    }

    /** P(X >= k) for X ~ Binomial(n, p): how surprising k false alarms are if the rate is p. */
    private static double upperTail(int k, int n, double p) {
        return k == 0 ? 1.0 : 1.0 - new BinomialDistribution(n, p).cumulativeProbability(k - 1);
    }

    @Test
    void theOrderCheckFailsATrueFirstOrderClaimAtMostAtItsStatedRate() {
        for (double alpha : new double[] {0.05, 0.002}) {
            Rates rates = run(alpha, 1.0, REPETITIONS, 20260 + (long) (alpha * 1000));
            // the observed rate is refused only if it is above alpha beyond a binomial tail of 1e-4
            double tail = upperTail(rates.fails(), rates.repetitions(), alpha);
            String what = String.format(Locale.ROOT, "alpha %.3f: %d FAIL, %d withheld (INCONCLUSIVE) in %d, rate %.4f,"
                            + " P(X >= observed | alpha) = %.2g", alpha, rates.fails(), rates.withheld(), rates.repetitions(),
                    rates.failRate(), tail);
            System.out.println("order-check calibration: " + what);
            assertTrue(tail > 1e-4, "false alarms above the stated rate: " + what);
            if (alpha == 0.05) {
                assertTrue(rates.failRate() > alpha / 4, "blind: " + what);
            }
        }
    }

    /**
     * Power, with the same machinery: a true second-order error (what a claim of weak order 1 must
     * not accept if the scheme were really of order 2), scaled to the same size at the smallest step,
     * fails the first-order check at the real claims' rate {@link FalseAlarm#PER_CLAIM} in nearly
     * every repetition (a withheld disagreement counts: it is not accepted either).
     */
    @Test
    void theOrderCheckRejectsATrueSecondOrderErrorAtTheClaimsRate() {
        Rates rates = run(FalseAlarm.PER_CLAIM, 2.0, 400, 77);
        int rejected = rates.fails() + rates.withheld();
        String what = String.format(Locale.ROOT, "%d FAIL + %d withheld of %d", rates.fails(), rates.withheld(),
                rates.repetitions());
        System.out.println("order-check power against order 2: " + what);
        assertTrue(rejected >= 0.95 * rates.repetitions(), "power below 0.95: " + what);
    }
}
