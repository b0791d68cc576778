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
