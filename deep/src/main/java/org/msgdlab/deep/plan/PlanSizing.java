package org.msgdlab.deep.plan;

import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.VerdictRates;
import org.msgdlab.deep.plan.SizingSimulation.Simulator;
import org.msgdlab.deep.plan.SizingSimulation.Tally;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;

/**
 * Sizing before the first run (deep issue 44): each claim of a plan decided by its own rule (the rule
 * {@link PlanLook} applies) on simulated studies in stated worlds ({@link SizingWorlds}), giving
 * <ul>
 *   <li><b>alpha</b>: the largest probability of a wrong verdict at the claim's boundary truths, a wrong PASS or the
 *       limit of a wrong FAIL: a difference claim at {@code BandClaim.boundaries()} (+-margin; 0), a recovery claim at
 *       R = lower and R = upper, an event-rate claim PASS at an excess rate of the margin (q10 = q + margin,
 *       q01 = q) and FAIL at equal rates. By the rules' construction it is at most the claim's share of the family
 *       alpha (family / claims), up to Monte Carlo error;</li>
 *   <li><b>power</b>: P(PASS) at the alternative (the world's {@link SizingWorlds#alternative}; equal rates for an
 *       event-rate claim);</li>
 * </ul>
 * both by look, cumulative (decided at or before it), and the smallest cap at which the power reaches the target,
 * the looks scaled in proportion to the cap (the same number of looks and the same spending; an event-rate claim's
 * one look is the cap; a recovery claim's looks keep its block spacing, the count may round differently), found
 * below the plan's cap by bisection, above it by doubling the cap and then bisection (power taken as increasing in the
 * cap), or none within the limit.
 * <p>
 * Every simulation draws from {@code Streams.derive(seed, "<claim id>/<what>")} through {@link SeededChunks}: the
 * numbers do not depend on the thread count. Stateless and thread-safe.
 */
public final class PlanSizing {

    /** Simulated studies per point by default: the Monte Carlo sd of a rate at a share 0.05/6 is 0.0009. */
    public static final int STUDIES = 10_000;
    /** Simulated studies per cap tried in the cap search, by default: the sd of a power near 0.8 is 0.009. */
    public static final int SEARCH_STUDIES = 2_000;
    /** The power a cap is sought for. */
    public static final double POWER = 0.8;
    /** The most paired seeds a cap search tries by default (the signed-rank ratio's limit is 1,000). */
    public static final int LIMIT = 1_000;
    /**
     * One-sided 0.001: an alpha is marked over its share when it exceeds share + Z sd, sd the binomial Monte Carlo sd of
     * a rate at the share; a mark is a false alarm with probability at most about 0.001 when the true rate sits at
     * the share, and less below it.
     */
    public static final double Z = 3.09;

    private PlanSizing() {
    }

    /**
     * How much to simulate.
     *
     * @param studies       simulated studies per truth, at least 2
     * @param searchStudies simulated studies per cap tried, at least 2
     * @param seed          the master seed of every simulation
     * @param power         the power a cap is sought for, in (0, 1)
     * @param limit         the most paired seeds a cap search tries, in [3, 1000]
     */
    public record Settings(int studies, int searchStudies, long seed, double power, int limit) {

        /** Checks the settings. */
        public Settings {
            if (studies < 2 || searchStudies < 2) {
                throw new IllegalArgumentException("sizing: studies=" + studies + ", searchStudies=" + searchStudies
                        + " must be >= 2 (a standard error needs two)");
            }
            if (!(power > 0 && power < 1)) {
                throw new IllegalArgumentException("sizing: power=" + power + " must be in (0, 1)");
            }
            if (limit < 3 || limit > LIMIT) {
                throw new IllegalArgumentException("sizing: limit=" + limit + " must be in [3, " + LIMIT + "] paired seeds");
            }
        }

        /**
         * The defaults but the studies and seed.
         *
         * @param studies simulated studies per truth
         * @param seed    the master seed
         * @return {@code studies}, min(studies, {@value #SEARCH_STUDIES}) per cap, power {@value #POWER}, limit
         *         {@value #LIMIT}
         */
        public static Settings of(int studies, long seed) {
            return new Settings(studies, Math.min(studies, SEARCH_STUDIES), seed, POWER, LIMIT);
        }
    }

    /**
     * One look's rates, cumulative: decided at this look or before.
     *
     * @param seeds   the paired seeds at the look
     * @param alpha   the largest wrong-verdict rate at the boundary truths
     * @param alphaSe its binomial Monte Carlo sd
     * @param power   P(PASS) at the alternative
     * @param powerSe its binomial Monte Carlo sd
     */
    public record LookRates(int seeds, double alpha, double alphaSe, double power, double powerSe) {
    }

    /**
     * The cap search's answer.
     *
     * @param seeds the smallest cap found at which the power reaches the target; 0 when none within {@code limit}
     * @param power the power simulated there (at the limit when none)
     * @param limit the most paired seeds tried
     */
    public record Cap(int seeds, double power, int limit) {

        /** @return whether a cap was found */
        public boolean found() {
            return seeds > 0;
        }
    }

    /**
     * One claim sized.
     *
     * @param claim       the claim
     * @param id          its id
     * @param share       its share of the family alpha, family / claims: the bound alpha must keep
     * @param worst       the wrong verdict and truth where the rate at the cap is largest, e.g. "PASS at theta = -0.42"
     * @param alternative where power is computed, in words
     * @param looks       the rates at each of the plan's looks (an event-rate claim: the cap only)
     * @param cap         the smallest cap for the target power
     */
    public record ClaimSizing(PlannedClaim claim, String id, double share, String worst, String alternative,
                              List<LookRates> looks, Cap cap) {

        /** Copies the looks. */
        public ClaimSizing {
            looks = List.copyOf(looks);
        }

        /** @return the rates at the cap */
        public LookRates atCap() {
            return looks.get(looks.size() - 1);
        }

        /**
         * Whether alpha at the cap keeps the share within Monte Carlo error: alpha &lt;= share + {@link #Z} sd,
         * sd = sqrt(share (1 - share) / studies).
         *
         * @param studies the studies each rate is a share of
         * @return whether it keeps the share
         */
        public boolean keepsShare(int studies) {
            return keeps(share, studies);
        }

        /**
         * Whether alpha at the cap keeps a bound within Monte Carlo error: alpha &lt;= bound + {@link #Z} sd,
         * sd = sqrt(bound (1 - bound) / studies).
         *
         * @param bound   the bound, e.g. the share of another plan
         * @param studies the studies each rate is a share of
         * @return whether it keeps it
         */
        public boolean keeps(double bound, int studies) {
            return atCap().alpha() <= bound + Z * VerdictRates.sd(bound, studies);
        }
    }

    /**
     * A plan sized.
     *
     * @param plan     the plan
     * @param worlds   the worlds, in words
     * @param settings how much was simulated
     * @param claims   one per claim, in the plan's order
     */
    public record Sizing(PlanFile plan, String worlds, Settings settings, List<ClaimSizing> claims) {

        /** Copies the claims. */
        public Sizing {
            claims = List.copyOf(claims);
        }

        /** @return the table ({@link SizingTable}) */
        public String render() {
            return SizingTable.render(this);
        }
    }

    /**
     * Sizes every claim of a plan.
     *
     * @param plan     the plan
     * @param worlds   the worlds to size it on
     * @param settings how much to simulate
     * @return the sizing
     * @throws IllegalArgumentException when the worlds have no world for a claim
     */
    public static Sizing size(PlanFile plan, SizingWorlds worlds, Settings settings) {
        List<ClaimSizing> out = new ArrayList<>();
        for (PlannedClaim c : plan.claims()) {
            out.add(claim(plan, worlds, settings, c));
        }
        return new Sizing(plan, worlds.describe(), settings, out);
    }

    /** One claim: its boundary truths, its alternative, and the cap search. */
    private static ClaimSizing claim(PlanFile plan, SizingWorlds worlds, Settings set, PlannedClaim c) {
        String id = plan.id(c);
        List<Truth> wrong = new ArrayList<>();
        Truth right;
        String alternative;
        IntFunction<Simulator> atAlternative;
        if (c instanceof PlannedClaim.Difference d) {
            for (double b : d.band().boundaries()) {
                wrong.add(new Truth("theta = " + SizingWorlds.fmt(b), SizingSimulation.differences(plan, d, worlds, b, plan.cap(), set.seed())));
            }
            SizingWorlds.Alternative alt = worlds.alternative(plan, d);
            alternative = alt.words();
            atAlternative = n -> SizingSimulation.differences(plan, d, worlds, alt.truth(), n, set.seed());
        } else if (c instanceof PlannedClaim.Recovery r) {
            for (double b : new double[]{r.lower(), r.upper()}) {
                wrong.add(new Truth("R = " + SizingWorlds.fmt(b), SizingSimulation.recovery(plan, r, worlds, b, plan.cap())));
            }
            SizingWorlds.Alternative alt = worlds.alternative(plan, r);
            alternative = alt.words();
            atAlternative = n -> SizingSimulation.recovery(plan, r, worlds, alt.truth(), n);
        } else {
            PlannedClaim.EventRate e = (PlannedClaim.EventRate) c;
            double q = worlds.loneRate(e);
            if (2 * q + e.margin() > 1) {
                throw new IllegalArgumentException("sizing: claim " + c.name() + ": loneRate=" + q + " with margin="
                        + e.margin() + " must have 2 loneRate + margin <= 1 (the boundary's rates are shares of one seed)");
            }
            wrong.add(new Truth("excess " + SizingWorlds.fmt(e.margin()), SizingSimulation.events(plan, e, q + e.margin(), q, plan.cap())));
            alternative = "equal lone rates " + SizingWorlds.fmt(q);
            atAlternative = n -> SizingSimulation.events(plan, e, q, q, n);
        }
        right = new Truth(alternative, atAlternative.apply(plan.cap()));
        if (c instanceof PlannedClaim.EventRate) {
            wrong.add(new Truth("equal rates", right.simulator()));      // a FAIL at equal rates is wrong
        }
        int looks = c instanceof PlannedClaim.EventRate ? 1 : plan.looks().size();
        Tally power = SizingSimulation.simulate(right.simulator(), looks, set.studies(), Streams.derive(set.seed(), id + "/power"));
        List<Tally> wrongs = new ArrayList<>();
        for (Truth t : wrong) {
            wrongs.add(t.simulator() == right.simulator() ? power
                    : SizingSimulation.simulate(t.simulator(), looks, set.studies(), Streams.derive(set.seed(), id + "/" + t.words())));
        }
        List<LookRates> rates = new ArrayList<>();
        String worst = "";
        for (int j = 0; j < looks; j++) {
            double alpha = -1;
            for (int w = 0; w < wrong.size(); w++) {
                boolean failOnly = c instanceof PlannedClaim.EventRate && w == 1;
                boolean passOnly = c instanceof PlannedClaim.EventRate && w == 0;
                double pass = failOnly ? 0 : wrongs.get(w).passBy(j);
                double fail = passOnly ? 0 : wrongs.get(w).failBy(j);
                if (Math.max(pass, fail) > alpha) {
                    alpha = Math.max(pass, fail);
                    worst = (pass >= fail ? "PASS at " : "FAIL at ") + wrong.get(w).words();
                }
            }
            int seeds = c instanceof PlannedClaim.EventRate ? plan.cap() : plan.looks().get(j);
            rates.add(new LookRates(seeds, alpha, VerdictRates.sd(alpha, set.studies()), power.passBy(j),
                    VerdictRates.sd(power.passBy(j), set.studies())));
        }
        Cap cap = cap(rates.get(rates.size() - 1).power(), plan.cap(), atAlternative, looks, set, id);
        return new ClaimSizing(c, id, plan.spending().claimShare(), worst, alternative, rates, cap);
    }

    /**
     * The smallest cap whose power reaches the target: below the plan's cap by bisection when the plan's cap reaches
     * it; else the cap doubled (to the limit at most) until it does, then bisection between the last two tried.
     */
    private static Cap cap(double atPlanCap, int planCap, IntFunction<Simulator> at, int looks,
                           Settings set, String id) {
        IntToDoubleFunction power = n -> {
            Simulator s = at.apply(n);
            return s == null ? 0 : SizingSimulation.simulate(s, looks, set.searchStudies(), Streams.derive(set.seed(), id + "/cap")).passBy(looks - 1);
        };
        int lo = 2;
        int hi = planCap;
        double found = atPlanCap;
        while (found < set.power()) {
            if (hi >= set.limit()) {
                return new Cap(0, found, set.limit());
            }
            lo = hi;
            hi = Math.min(set.limit(), 2 * hi);
            found = power.applyAsDouble(hi);
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            double p = power.applyAsDouble(mid);
            if (p >= set.power()) {
                hi = mid;
                found = p;
            } else {
                lo = mid;
            }
        }
        return new Cap(hi, found, set.limit());
    }

    /** A truth in words and the simulator of a study there. */
    private record Truth(String words, Simulator simulator) {
    }
}
