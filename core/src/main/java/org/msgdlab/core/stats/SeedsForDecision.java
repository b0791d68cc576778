package org.msgdlab.core.stats;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How many paired seeds a fresh study would need to decide a claim (PASS or FAIL) with a stated probability, in a
 * world made of a study's own seeds (the support study's PLAN.md, amendment 3):
 * <pre>
 *   m* = the smallest m in step, 2 step, ..., most   with   P_world(one look at m seeds decides) &gt;= power,
 * </pre>
 * one look: the location's one-sided bounds over m seeds at one-sided level alpha decide the {@link BandClaim}; the
 * probability is the share of {@code studies} simulated studies ({@link ResampledWorld#rates}) that PASS or FAIL.
 * "More than most" when the share at {@code most} is below {@code power}. A planning statement, not a verdict.
 * <p>
 * <b>Search.</b> Bisection on the grid: P(decision) at m is first simulated at {@code most}, then halved inwards.
 * This assumes the decision probability rises with m, which holds in expectation (the bounds narrow as 1/sqrt(m)
 * while the world stays fixed) but not for every simulated share: two shares within their Monte Carlo error of
 * {@code power} can come out in either order. Every m uses the same seed, so the studies at neighbouring m share
 * their random streams (common random numbers) and the shares move together; {@link Projection} carries the
 * share at m* and at m* - step with their standard errors, so a reader sees how sharp the threshold is.
 * <p>
 * Immutable and thread-safe.
 *
 * @param power   the probability of a decision asked for, in (0, 1)
 * @param step    the grid's spacing in paired seeds, at least 3 (a one-look rule needs at least 3 seeds)
 * @param most    the largest m searched, a multiple of {@code step}
 * @param studies simulated studies at each m, at least 2
 */
public record SeedsForDecision(double power, int step, int most, int studies) {

    /**
     * Checks the search.
     *
     * @throws IllegalArgumentException when a parameter breaks its rule, naming it, its value and the rule
     */
    public SeedsForDecision {
        if (!(power > 0 && power < 1)) {
            throw new IllegalArgumentException("seeds for a decision: power=" + power + " must be in (0, 1)");
        }
        if (step < 3) {
            throw new IllegalArgumentException("seeds for a decision: step=" + step + " must be >= 3");
        }
        if (most < step || most % step != 0) {
            throw new IllegalArgumentException("seeds for a decision: most=" + most + " must be a multiple of step=" + step
                    + " and >= it");
        }
        if (studies < 2) {
            throw new IllegalArgumentException("seeds for a decision: studies=" + studies + " must be >= 2");
        }
    }

    /**
     * What the search found.
     *
     * @param seeds  m*, or {@code most} when not reached
     * @param found  whether P(decision) reached the power at {@code seeds}; false: more than {@code most} are needed
     * @param rates  P(PASS) and P(FAIL) at {@code seeds}
     * @param before P(PASS) and P(FAIL) at {@code seeds - step}, where it was found above the grid's first point
     * @param alpha  the one-sided level of the one look
     * @param search the search's parameters
     */
    public record Projection(int seeds, boolean found, VerdictRates rates, Optional<VerdictRates> before, double alpha,
                             SeedsForDecision search) {

        /** @return P(PASS or FAIL) at {@link #seeds} */
        public double decision() {
            return decision(rates);
        }

        /** @return the seeds needed, or the search's end when no size up to it was enough */
        public Needed needed() {
            return new Needed(seeds, !found);
        }

        /**
         * The projection in words, e.g. "about 230 paired seeds would decide it with probability 0.8 (P(decision)
         * 0.803 +- 0.002 at 230, 0.784 at 220)".
         *
         * @return one clause, no trailing period
         */
        public String text() {
            String at = String.format(Locale.ROOT, "P(decision) %.3f (MC sd %.3f) at %,d", decision(),
                    VerdictRates.sd(decision(), rates.studies()), seeds);
            if (!found) {
                return String.format(Locale.ROOT, "more than %,d paired seeds would be needed to decide it with probability %s (%s)",
                        seeds, trim(search.power()), at);
            }
            return String.format(Locale.ROOT, "about %,d paired seeds would decide it with probability %s (%s%s)", seeds,
                    trim(search.power()), at, before.map(b -> String.format(Locale.ROOT, ", %.3f at %,d", decision(b),
                            seeds - search.step())).orElse(""));
        }

        /** @return "one look at one-sided alpha 0.005, 40,000 simulated studies at each m" */
        public String method() {
            return String.format(Locale.ROOT, "one look at one-sided alpha %s, %,d simulated studies at each m, m in steps of %d"
                    + " up to %,d", trim(alpha), search.studies(), search.step(), search.most());
        }

        private static double decision(VerdictRates r) {
            return r.pass() + r.fail();
        }
    }

    /**
     * A projection's answer as a table cell and an evidence parameter carry it: "310", or "&gt;1000" when the search
     * ended at 1,000 undecided. Written by {@link #cell} and read by {@link #parse} only, so the two ends agree.
     *
     * @param seeds  the paired seeds a decision would need, or the search's last size when {@code beyond}
     * @param beyond whether more than {@code seeds} would be needed
     */
    public record Needed(int seeds, boolean beyond) {

        /**
         * Checks the count.
         *
         * @throws IllegalArgumentException when {@code seeds} is below 1
         */
        public Needed {
            if (seeds < 1) {
                throw new IllegalArgumentException("seeds needed: seeds=" + seeds + " must be >= 1");
            }
        }

        /** @return "310" or "&gt;1000" */
        public String cell() {
            return (beyond ? ">" : "") + seeds;
        }

        /**
         * The answer in the words a sentence or a figure's label prints, the count as the {@link #cell} writes it.
         *
         * @return "about 310 seeds" or "over 1000 seeds"
         */
        public String words() {
            return (beyond ? "over " : "about ") + seeds + " seeds";
        }

        /**
         * The answer a {@link #cell} wrote.
         *
         * @param cell "310" or "&gt;1000"
         * @return the answer
         * @throws IllegalArgumentException when {@code cell} is not one of those forms, naming it
         */
        public static Needed parse(String cell) {
            if (cell == null || !cell.matches(">?[1-9][0-9]{0,8}")) {
                throw new IllegalArgumentException("seeds needed: cell '" + cell + "' must be a count of paired seeds,"
                        + " e.g. 310, or '>' and the search's end, e.g. >1000");
            }
            boolean beyond = cell.startsWith(">");
            return new Needed(Integer.parseInt(beyond ? cell.substring(1) : cell), beyond);
        }
    }

    /**
     * The seeds a fresh one-look study would need in {@code world}.
     *
     * @param world    the world the studies' seeds are drawn from (already shifted to the truth asked about)
     * @param location the rule's location (trimmed mean or mean)
     * @param claim    the claim its bounds decide
     * @param alpha    the one look's one-sided level, in (0, 0.5)
     * @param seed     the simulation's seed, the same at every m
     * @return m*, or "more than most", with the shares that decided it
     * @throws IllegalArgumentException when alpha is not in (0, 0.5)
     */
    public Projection find(ResampledWorld world, Location location, BandClaim claim, double alpha, long seed) {
        Objects.requireNonNull(world, "world");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(claim, "claim");
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("seeds for a decision: alpha=" + alpha + " must be in (0, 0.5)");
        }
        Map<Integer, VerdictRates> made = new HashMap<>();
        java.util.function.IntFunction<VerdictRates> at = k -> made.computeIfAbsent(k,
                kk -> rates(world, location, claim, alpha, kk * step, seed));
        int hi = most / step;
        if (decides(at.apply(hi))) {
            int lo = 0; // P(decision) below power at lo (none at 0 seeds), at least power at hi
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (decides(at.apply(mid))) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            Optional<VerdictRates> before = hi > 1 ? Optional.of(at.apply(hi - 1)) : Optional.empty();
            return new Projection(hi * step, true, at.apply(hi), before, alpha, this);
        }
        return new Projection(most, false, at.apply(hi), Optional.empty(), alpha, this);
    }

    /**
     * P(PASS) and P(FAIL) of one look at {@code seeds} paired seeds in {@code world}.
     *
     * @param world    the world
     * @param location the rule's location
     * @param claim    the claim
     * @param alpha    the look's one-sided level
     * @param seeds    the paired seeds of the look, at least 3
     * @param seed     the simulation's seed
     * @return the rates over {@link #studies} studies
     */
    public VerdictRates rates(ResampledWorld world, Location location, BandClaim claim, double alpha, int seeds, long seed) {
        return world.rates(LookRule.oneLook(alpha, seeds, location), claim, studies, seed);
    }

    private boolean decides(VerdictRates r) {
        return r.pass() + r.fail() >= power;
    }

    /** A level or power as written by hand: 0.005, 0.8. */
    private static String trim(double x) {
        return new java.math.BigDecimal(x).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /** @return the search in words */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "the smallest m in steps of %d up to %d whose one-look study decides with"
                + " probability >= %s (%d simulated studies each)", step, most, trim(power), studies);
    }
}
