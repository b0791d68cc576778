package org.msgdlab.core.stats;

import java.util.Locale;

/**
 * How often a rule passed and failed a claim over simulated studies, with the binomial Monte Carlo standard
 * errors sqrt(p (1 - p) / N). Immutable and thread-safe.
 *
 * @param passes  studies that ended PASS
 * @param fails   studies that ended FAIL
 * @param studies studies simulated, at least 1
 */
public record VerdictRates(long passes, long fails, long studies) {

    /**
     * Checks the counts.
     *
     * @throws IllegalArgumentException when {@code studies < 1}, a count is negative, or passes + fails &gt; studies
     */
    public VerdictRates {
        if (studies < 1 || passes < 0 || fails < 0 || passes + fails > studies) {
            throw new IllegalArgumentException("verdict rates: passes=" + passes + ", fails=" + fails + " must be >= 0 with"
                    + " passes + fails <= studies=" + studies + " (studies >= 1)");
        }
    }

    /** @return P(PASS), the share of studies that passed */
    public double pass() {
        return (double) passes / studies;
    }

    /** @return P(FAIL) */
    public double fail() {
        return (double) fails / studies;
    }

    /** @return the Monte Carlo standard error of {@link #pass()} */
    public double passSe() {
        return sd(pass(), studies);
    }

    /** @return the Monte Carlo standard error of {@link #fail()} */
    public double failSe() {
        return sd(fail(), studies);
    }

    /**
     * The binomial standard error of a rate.
     *
     * @param p       the rate
     * @param studies the studies it is a share of
     * @return sqrt(p (1 - p) / studies)
     */
    public static double sd(double p, long studies) {
        return Math.sqrt(p * (1 - p) / studies);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "P(PASS) %.4f (MC sd %.4f), P(FAIL) %.4f (MC sd %.4f) over %d studies",
                pass(), passSe(), fail(), failSe(), studies);
    }
}
