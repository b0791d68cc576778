package org.msgdlab.testkit;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.stats.FalseAlarm;
import org.opentest4j.AssertionFailedError;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the evidence of a Monte Carlo claim into an assertion's outcome: the evidence back when
 * every statistic agrees with the reference and the power requirement (if any) is met, otherwise
 * an {@link AssertionFailedError} whose message gives every compared statistic's estimate,
 * reference, standard error, tolerance and power against the alternative.
 *
 * @param subject      how the assertion is named in messages, e.g. {@code assertCovariance(SGD-50 ..., n=1000)}
 * @param reference    the asserted value, for the message
 * @param alternative  the named alternative, or null when none was named
 * @param altValues    the alternative's value of each statistic (the reference's when none was named)
 * @param minPower     required power against the alternative, or NaN for none
 * @param seed         the seed, for the message (a failure must be reproducible)
 */
record Outcome(String subject, String reference, String alternative, double[] altValues, double minPower, long seed) {

    /** Samples beyond which the search for a sufficient sample size gives up. */
    static final long MAX_SAMPLES = 1_000_000_000_000_000L;

    Evidence enforce(Evidence e) {
        List<StatisticCheck> stats = e.statistics();
        List<String> problems = new ArrayList<>();
        long failed = stats.stream().filter(s -> !s.agreesWithPaper()).count();
        if (failed > 0) {
            problems.add(failed + " of " + stats.size() + " statistics disagree with the reference");
        }
        PowerCheck power = e.power().get(0);
        if (!Double.isNaN(minPower) && power.power() < minPower) {
            problems.add("its power against the alternative is " + power(power.power()) + " at samples=" + e.samples()
                    + ", below the required minPower=" + minPower + "; " + samplesForPower(e));
        }
        if (problems.isEmpty()) {
            return e;
        }
        String message = message(e, problems);
        if (failed == 0) {
            throw new AssertionFailedError(message);
        }
        // expected and actual of the statistic farthest off, in tolerances, for IDEs' comparison views
        StatisticCheck head = stats.stream().filter(s -> !s.agreesWithPaper())
                .max((a, b) -> Double.compare(gapInTolerances(a), gapInTolerances(b))).orElseThrow();
        throw new AssertionFailedError(message, head.paperValue(), head.estimate());
    }

    private String message(Evidence e, List<String> problems) {
        StringBuilder m = new StringBuilder();
        m.append(subject).append(" failed: ").append(String.join("; ", problems));
        m.append(String.format(Locale.ROOT, "%n  (falseAlarm=%s split over %d statistics (Bonferroni): z=%.3g;"
                        + " samples=%d, seed=%d)", e.falseAlarmProbability(), e.statistics().size(),
                number(e.parameters().get("z")), e.samples(), seed));
        List<StatisticCheck> stats = e.statistics();
        for (int j = 0; j < stats.size(); j++) {
            StatisticCheck s = stats.get(j);
            m.append(String.format(Locale.ROOT, "%n  %-6s %s: estimate=%.6g, reference=%.6g, SE=%.3g, tolerance=%.3g,"
                            + " |estimate - reference| = %.3g tolerances, power=%s",
                    s.agreesWithPaper() ? "ok" : "FAILED", s.name(), s.estimate(), s.paperValue(), s.standardError(),
                    s.tolerance(), gapInTolerances(s), alternative == null ? "n/a"
                            : power(FalseAlarm.power(s.paperValue(), altValues[j], s.standardError(), s.tolerance()))));
        }
        m.append(String.format(Locale.ROOT, "%n  reference: %s", reference));
        if (alternative == null) {
            m.append(String.format(Locale.ROOT, "%n  power: n/a, no alternative named (name one with against(...) or minPower(p, ...))"));
        } else {
            PowerCheck p = e.power().get(0);
            m.append(String.format(Locale.ROOT, "%n  power against the alternative %s: %s (on %s; this run rejects it: %s)",
                    alternative, power(p.power()), p.statistic(), p.rejected() ? "yes" : "no"));
        }
        Object formula = e.parameters().get("formula");
        m.append(String.format(Locale.ROOT, "%n  noise: %s", formula));
        return m.toString();
    }

    /**
     * How many samples would give the power {@code minPower}, from this run's standard errors: the
     * smallest N at which some statistic reaches it with {@code SE_N = SE * sqrt(N0/N)} and
     * {@code tolerance_N = (tolerance/SE) * SE_N} ({@link FalseAlarm#power} for each N). Keeping the
     * ratio tolerance/SE of this run is conservative: its shape correction shrinks as N grows.
     */
    private String samplesForPower(Evidence e) {
        long n0 = e.samples();
        long best = Long.MAX_VALUE;
        boolean separable = false;
        List<StatisticCheck> stats = e.statistics();
        for (int j = 0; j < stats.size(); j++) {
            StatisticCheck s = stats.get(j);
            double se = s.standardError();
            if (se <= 0 || altValues[j] == s.paperValue()) {
                continue;
            }
            separable = true;
            double zPrime = s.tolerance() / se;
            double ref = s.paperValue();
            double alt = altValues[j];
            java.util.function.LongPredicate enough = n -> {
                double seN = se * Math.sqrt((double) n0 / n);
                return FalseAlarm.power(ref, alt, seN, zPrime * seN) >= minPower;
            };
            long hi = n0;
            while (!enough.test(hi) && hi < MAX_SAMPLES) {
                hi = Math.min(MAX_SAMPLES, hi * 2);
            }
            if (!enough.test(hi)) {
                continue;
            }
            long lo = hi / 2;
            while (hi - lo > 1) {
                long mid = lo + (hi - lo) / 2;
                if (enough.test(mid)) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            best = Math.min(best, hi);
        }
        if (!separable) {
            return "no sample size can reach it: the alternative has the reference's value on every statistic"
                    + " this run could vary";
        }
        if (best == Long.MAX_VALUE) {
            return "no sample size up to " + MAX_SAMPLES + " would reach it";
        }
        return String.format(Locale.ROOT, "about samples(%,d) would reach it (from this run's standard errors,"
                + " SE proportional to 1/sqrt(samples))", roundUp(best));
    }

    /** Rounds up to two significant digits: 9,321 -> 9,400 (a margin for the standard error's own noise). */
    static long roundUp(long n) {
        long scale = 1;
        while (n / scale >= 100) {
            scale *= 10;
        }
        return ((n + scale - 1) / scale) * scale;
    }

    private static double gapInTolerances(StatisticCheck s) {
        double gap = Math.abs(s.estimate() - s.paperValue());
        return s.tolerance() > 0 ? gap / s.tolerance() : (gap > 0 ? Double.POSITIVE_INFINITY : 0);
    }

    /** A power for people: four decimals, or {@code 1 - 3.2e-09} when it rounds to 1. */
    static String power(double p) {
        if (p > 0.99995 && p < 1) {
            return String.format(Locale.ROOT, "1 - %.2g", 1 - p);
        }
        return String.format(Locale.ROOT, "%.4f", p);
    }

    private static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : Double.NaN;
    }
}
