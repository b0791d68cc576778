package org.msgdlab.core.stats;

import org.hipparchus.distribution.continuous.BetaDistribution;

import java.util.Locale;

/**
 * The exact (Clopper-Pearson) two-sided interval of a binomial rate p from x events in n trials, at confidence
 * 1 - alpha:
 * <pre>
 *   lower = Beta^{-1}(alpha/2; x, n - x + 1)      (0 when x = 0),
 *   upper = Beta^{-1}(1 - alpha/2; x + 1, n - x)  (1 when x = n).
 * </pre>
 * Each end misses p with probability at most alpha/2, for every p. Immutable and thread-safe.
 *
 * @param events x, 0 &lt;= x &lt;= n
 * @param trials n, at least 1
 */
public record ClopperPearson(int events, int trials) {

    /**
     * Checks the counts.
     *
     * @throws IllegalArgumentException when {@code trials < 1} or {@code events} is not in [0, trials]
     */
    public ClopperPearson {
        if (trials < 1 || events < 0 || events > trials) {
            throw new IllegalArgumentException("Clopper-Pearson: events x=" + events + " must be in [0, n] with n=" + trials
                    + " >= 1");
        }
    }

    /** @return x / n */
    public double rate() {
        return (double) events / trials;
    }

    /**
     * The interval's lower end.
     *
     * @param alpha one minus the confidence, in (0, 1)
     * @return Beta^{-1}(alpha/2; x, n - x + 1), or 0 when x = 0
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 1)
     */
    public double lower(double alpha) {
        check(alpha);
        return events == 0 ? 0 : new BetaDistribution(events, trials - events + 1).inverseCumulativeProbability(alpha / 2);
    }

    /**
     * The interval's upper end.
     *
     * @param alpha one minus the confidence, in (0, 1)
     * @return Beta^{-1}(1 - alpha/2; x + 1, n - x), or 1 when x = n
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 1)
     */
    public double upper(double alpha) {
        check(alpha);
        return events == trials ? 1 : new BetaDistribution(events + 1, trials - events).inverseCumulativeProbability(1 - alpha / 2);
    }

    private static void check(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("Clopper-Pearson: alpha=" + alpha + " must be in (0, 1)");
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d of %d [%.3f, %.3f] (95%%, exact)", events, trials, lower(0.05), upper(0.05));
    }
}
