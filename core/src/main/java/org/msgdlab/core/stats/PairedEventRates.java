package org.msgdlab.core.stats;

import org.hipparchus.distribution.continuous.BetaDistribution;
import org.hipparchus.distribution.discrete.BinomialDistribution;

import java.util.Optional;

/**
 * "X has the event no more often than Y", on paired binary outcomes (seed s: did X's run have it, did
 * Y's), decided with three outcomes by exact tests. With n10 the seeds where only X had it and n01 those
 * where only Y had it, out of n:
 * <ul>
 *   <li>CONTRADICTED (X has it more often) when the exact one-sided McNemar test rejects
 *       p_X &lt;= p_Y: P(Binomial(n10 + n01, 1/2) &gt;= n10) &lt;= alpha. Conditional on the discordant
 *       count, n10 is Binomial(., q10 / (q10 + q01)), whose success probability is at most 1/2 when
 *       p_X &lt;= p_Y; so a wrong CONTRADICTED has probability at most alpha.</li>
 *   <li>SUPPORTED (X has it at most {@code margin} more often) when the one-sided Clopper-Pearson upper
 *       bound at level alpha of q10 = P(only X has it), from n10 of n, is below {@code margin}: since
 *       p_X - p_Y = q10 - q01 &lt;= q10, a wrong SUPPORTED (p_X - p_Y &gt;= margin, hence q10 &gt;= margin)
 *       has probability at most alpha.</li>
 *   <li>UNRESOLVED otherwise.</li>
 * </ul>
 * Immutable and thread-safe.
 *
 * @param n      paired seeds
 * @param n10    seeds where X had the event and Y did not
 * @param n01    seeds where Y had it and X did not
 * @param margin the excess rate still called "no more often", in (0, 1)
 */
public record PairedEventRates(int n, int n10, int n01, double margin) {

    /**
     * Checks the counts.
     *
     * @throws IllegalArgumentException when a count is negative, {@code n10 + n01 > n}, {@code n < 1}, or
     *                                  the margin is not in (0, 1)
     */
    public PairedEventRates {
        if (n < 1 || n10 < 0 || n01 < 0 || n10 + n01 > n) {
            throw new IllegalArgumentException("paired event rates: n10=" + n10 + ", n01=" + n01 + " must be >= 0 with"
                    + " n10 + n01 <= n=" + n + " (n >= 1)");
        }
        if (!(margin > 0 && margin < 1)) {
            throw new IllegalArgumentException("paired event rates: margin=" + margin + " must be in (0, 1)");
        }
    }

    /**
     * The counts of two paired outcome arrays.
     *
     * @param x      whether X had the event, per seed
     * @param y      whether Y had it, the same seeds in order
     * @param margin the excess rate still called "no more often"
     * @return the comparison
     * @throws IllegalArgumentException when the lengths differ or are 0
     */
    public static PairedEventRates of(boolean[] x, boolean[] y, double margin) {
        if (x.length != y.length) {
            throw new IllegalArgumentException("paired event rates: " + x.length + " and " + y.length
                    + " seeds must be equal");
        }
        int a = 0;
        int b = 0;
        for (int i = 0; i < x.length; i++) {
            a += x[i] && !y[i] ? 1 : 0;
            b += y[i] && !x[i] ? 1 : 0;
        }
        return new PairedEventRates(x.length, a, b, margin);
    }

    /** @return the one-sided exact McNemar p-value of "X has the event more often" */
    public double mcNemarP() {
        int d = n10 + n01;
        if (d == 0 || n10 == 0) {
            return 1;
        }
        return 1 - new BinomialDistribution(d, 0.5).cumulativeProbability(n10 - 1);
    }

    /**
     * The one-sided Clopper-Pearson upper bound of q10.
     *
     * @param alpha the level
     * @return the bound (1 when n10 = n)
     */
    public double upperBoundOnlyX(double alpha) {
        return n10 == n ? 1 : new BetaDistribution(n10 + 1, n - n10).inverseCumulativeProbability(1 - alpha);
    }

    /**
     * The decision at one-sided level {@code alpha}.
     *
     * @param alpha the level, in (0, 0.5)
     * @return SUPPORTED, CONTRADICTED or UNRESOLVED
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
     */
    public PairedHypothesis.Outcome decide(double alpha) {
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("paired event rates: alpha=" + alpha + " must be in (0, 0.5)");
        }
        if (mcNemarP() <= alpha) {
            return PairedHypothesis.Outcome.CONTRADICTED;
        }
        return upperBoundOnlyX(alpha) < margin ? PairedHypothesis.Outcome.SUPPORTED : PairedHypothesis.Outcome.UNRESOLVED;
    }

    /**
     * A projection, not a decision: the fewest paired seeds at which these counts, scaled to that many
     * seeds at the same rates (n10·m/n and n01·m/n, rounded half up; n01's count is held to m − n10's when
     * both round up past m), would be decided at {@code alpha}. It states what an undecided comparison would
     * still need if the rates stayed as observed.
     *
     * @param alpha the level, in (0, 0.5)
     * @param limit the most seeds to try
     * @return the seeds (at least n) and the outcome there, or empty when no number of seeds up to
     *         {@code limit} decides (as when X alone has the event at exactly the margin's rate)
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
     */
    public Optional<Projection> projectedDecision(double alpha, int limit) {
        decide(alpha);                                   // checks alpha even when limit < n
        for (int m = n; m <= limit; m++) {
            int a = (int) Math.round((double) n10 * m / n);
            int b = Math.min((int) Math.round((double) n01 * m / n), m - a);
            PairedHypothesis.Outcome o = new PairedEventRates(m, a, b, margin).decide(alpha);
            if (o != PairedHypothesis.Outcome.UNRESOLVED) {
                return Optional.of(new Projection(m, a, b, o));
            }
        }
        return Optional.empty();
    }

    /**
     * The probability that a study of {@code m} paired seeds ends in {@code outcome} at {@code alpha} if the rates
     * observed here were the truth: each seed "only X" with probability n10/n, "only Y" with n01/n. Exact: the
     * sum over the trinomial law of the study's counts (n10', n01') of the decision {@link #decide} gives them
     * (terms below 1e-17 after the mode of n10' left out). It is the power behind a {@link #projectedDecision},
     * which scales the counts at exactly these rates and so lands near a coin flip, not at a stated power.
     *
     * @param m       the paired seeds of the study, at least 1
     * @param alpha   the level, in (0, 0.5)
     * @param outcome the decision whose probability is wanted
     * @return its probability, in [0, 1]
     * @throws IllegalArgumentException when {@code m < 1} or {@code alpha} is not in (0, 0.5)
     */
    public double decisionProbability(int m, double alpha, PairedHypothesis.Outcome outcome) {
        decide(alpha);                                   // checks alpha
        if (m < 1) {
            throw new IllegalArgumentException("paired event rates: a study of m=" + m + " seeds must have m >= 1");
        }
        double q10 = (double) n10 / n;
        double q01 = (double) n01 / n;
        BinomialDistribution only = new BinomialDistribution(m, q10);
        int kPass = largestSupportedCount(m, alpha);
        double supported = 0;
        double contradicted = 0;
        for (int a = 0; a <= m; a++) {
            double pa = only.probability(a);
            if (a > m * q10 && pa < 1e-17) {
                break;
            }
            if (pa == 0) {
                continue;
            }
            int rest = m - a;
            // given n10' = a, n01' ~ Binomial(m - a, q01 / (1 - q10)); McNemar rejects for n01' <= f(a)
            int f = largestContradictedOther(a, rest, alpha);
            double pf = f < 0 ? 0 : q10 >= 1 ? 1 : new BinomialDistribution(rest, Math.min(1, q01 / (1 - q10)))
                    .cumulativeProbability(f);
            contradicted += pa * pf;
            if (a <= kPass) {
                supported += pa * (1 - pf);
            }
        }
        double p = switch (outcome) {
            case SUPPORTED -> supported;
            case CONTRADICTED -> contradicted;
            case UNRESOLVED -> 1 - supported - contradicted;
        };
        return Math.max(0, Math.min(1, p));
    }

    /**
     * The fewest paired seeds, from n on, at which {@link #decisionProbability} of {@code outcome} reaches
     * {@code power}: seeds for a stated power, where {@link #projectedDecision} gives a coin flip. The rule is
     * discrete, so the probability saws with m; this is where it first reaches {@code power}.
     *
     * @param power   the power wanted, in (0, 1)
     * @param alpha   the level, in (0, 0.5)
     * @param outcome the decision wanted
     * @param limit   the most seeds to try
     * @return the seeds, or empty when no number up to {@code limit} reaches the power
     * @throws IllegalArgumentException when {@code power} or {@code alpha} is out of range
     */
    public java.util.OptionalInt seedsForPower(double power, double alpha, PairedHypothesis.Outcome outcome, int limit) {
        if (!(power > 0 && power < 1)) {
            throw new IllegalArgumentException("paired event rates: power=" + power + " must be in (0, 1)");
        }
        decide(alpha);
        for (int m = n; m <= limit; m++) {
            if (decisionProbability(m, alpha, outcome) >= power) {
                return java.util.OptionalInt.of(m);
            }
        }
        return java.util.OptionalInt.empty();
    }

    /** The largest n10' of m whose Clopper-Pearson bound is below the margin (-1: none), as {@link #decide} tests it. */
    private int largestSupportedCount(int m, double alpha) {
        int lo = -1;
        int hi = m;                                      // the bound at n10' = m is 1: never below the margin
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (new PairedEventRates(m, mid, 0, margin).upperBoundOnlyX(alpha) < margin) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The largest n01' in [0, rest] at which McNemar rejects with n10' = a (its p grows with n01'); -1 when none. */
    private int largestContradictedOther(int a, int rest, double alpha) {
        if (a == 0 || new PairedEventRates(a, a, 0, margin).mcNemarP() > alpha) {
            return -1;
        }
        int lo = 0;
        int hi = rest + 1;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (new PairedEventRates(a + mid, a, mid, margin).mcNemarP() <= alpha) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Where {@link #projectedDecision} lands.
     *
     * @param seeds   the paired seeds
     * @param n10     the scaled count of seeds where only X had the event
     * @param n01     the scaled count of seeds where only Y had it
     * @param outcome the decision there
     */
    public record Projection(int seeds, int n10, int n01, PairedHypothesis.Outcome outcome) {
    }
}
