package org.msgdlab.deep.study;

import org.msgdlab.reports.figures.Charts;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.core.stats.LookRule;
import org.msgdlab.core.stats.Location;
import org.msgdlab.core.stats.ResampledWorld;
import org.msgdlab.core.stats.SeedsForDecision;
import org.msgdlab.core.stats.TBounds;
import org.msgdlab.core.random.Streams;
import org.msgdlab.deep.train.BitProvenance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The verdicts of the support study's six claims from its completed runs (deep/results/support-study/PLAN.md),
 * nothing trained here.
 * <p>
 * <b>Which seeds count</b> (PLAN.md, amendment 2). A paired seed is complete when all nine of its runs are
 * completed. In seed order 0, 1, 2, ...: a complete seed whose nine runs share their {@link BitProvenance} counts; a
 * complete seed whose runs do not (or one without recorded bits; the runner and train.sh prevent it) is left out,
 * named, and the next seed taken; the first seed not complete ends the list, at most {@value StudyPlan#SUPPORT_CAP}
 * seeds. A look at n (50, then 100) uses the first n seeds of that list: every one of them, in every claim,
 * whatever its runs did ("No seed is left out" of the statistic for its results). Which seeds enter a look depends
 * on whether and how they were computed, never on their results; before the look at 50 no statistic of a claim is
 * computed.
 * <p>
 * Stateless and thread-safe.
 */
public final class SupportVerdicts {

    /**
     * PLAN.md amendment 3: "the seeds a decision would need at power 0.8" of a claim undecided at the cap, the smallest m
     * in steps of 10 paired seeds up to 1,000 whose one-look study decides with probability at least 0.8, 40,000
     * simulated studies each.
     */
    public static final SeedsForDecision SEEDS_NEEDED = new SeedsForDecision(0.8, 10, 1000, 40_000);

    private SupportVerdicts() {
    }

    /**
     * One look made for one claim, with the plain mean described beside it.
     *
     * @param look      the rule's look: seeds, alpha, the trimmed mean, its bounds L and U, what they decide
     * @param mean      the plain mean difference over the same seeds
     * @param meanLower its one-sided Student-t lower bound at the look's alpha (a description, no verdict)
     * @param meanUpper its upper bound
     */
    public record LookRow(LookRule.Look look, TBounds mean, double meanLower, double meanUpper) {
    }

    /**
     * A claim's verdict.
     *
     * @param claim   the claim
     * @param verdict PASS or FAIL (decided at a look), or INCONCLUSIVE (undecided at the looks made)
     * @param settled whether the verdict is final: decided, or undecided at the cap
     * @param looks   the looks made, in order (the deciding one last)
     * @param reason  the verdict in words, with the trimmed mean and its bounds
     * @param needed  for a claim undecided at the cap, the seeds a decision would need ({@link #seedsNeeded}); else empty
     */
    public record ClaimResult(SupportClaim claim, Verdict verdict, boolean settled, List<LookRow> looks, String reason,
                              Optional<SeedsForDecision.Projection> needed) {

        /** @return the last look made */
        public LookRow last() {
            return looks.get(looks.size() - 1);
        }
    }

    /**
     * The paired seeds that count, in seed order.
     *
     * @param counted the complete seeds whose runs share their bits, in seed order (at most the cap)
     * @param leftOut complete seeds left out, each "paired seed s left out: ..." with what differs
     * @param next    the first seed after the list: not complete, or past the cap's count
     */
    public record Seeds(List<Integer> counted, List<String> leftOut, int next) {
    }

    /**
     * The verdicts at the last look reached and the descriptions over its seeds.
     *
     * @param seeds       the seeds that count
     * @param look        the paired seeds of the last look reached (50 or 100): the first of {@code seeds.counted()}
     * @param claims      the six claims' results, in the plan's order
     * @param description the described outcomes over the same seeds
     */
    public record Report(Seeds seeds, List<Integer> look, List<ClaimResult> claims, SupportDescription description) {

        /** @return the number of paired seeds of the last look reached */
        public int lookSeeds() {
            return look.size();
        }
    }

    /**
     * The paired seeds that count (PLAN.md, amendment 2): reads which runs are completed and their bits, no statistic
     * of theirs.
     *
     * @param runs the completed runs of the support plan
     * @return in seed order, the complete seeds computed alike (up to the cap), those left out, where the list ends
     * @throws IOException when a run.json cannot be read
     */
    public static Seeds seeds(StudyRuns runs) throws IOException {
        List<Integer> counted = new ArrayList<>();
        List<String> leftOut = new ArrayList<>();
        int s = 0;
        for (; counted.size() < StudyPlan.SUPPORT_CAP && runs.complete(s); s++) {
            List<String> mixed = differences(runs, s);
            if (mixed.isEmpty()) {
                counted.add(s);
            } else {
                leftOut.add("paired seed " + s + " left out: its nine runs do not share their bits: " + mixed);
            }
        }
        return new Seeds(List.copyOf(counted), List.copyOf(leftOut), s);
    }

    /**
     * The support study's completed runs, read far enough that a seed left out (amendment 2 of PLAN.md) is replaced by
     * the next one, past seed cap - 1 if need be.
     *
     * @param plan the support plan
     * @return the runs, and {@link #seeds} of them counts up to the cap where such seeds exist
     * @throws IOException when a run cannot be read
     */
    public static StudyRuns read(StudyPlan plan) throws IOException {
        int cap = StudyPlan.SUPPORT_CAP;
        StudyRuns trained = StudyRuns.read(plan, cap);
        Seeds counted = seeds(trained);
        for (int read = cap; counted.counted().size() < cap && counted.next() == read; ) {
            read += cap - counted.counted().size();
            trained = StudyRuns.read(plan, read);
            counted = seeds(trained);
        }
        return trained;
    }

    /**
     * The last look reached with {@code complete} complete paired seeds.
     *
     * @param complete the paired seeds that count
     * @return 0 before the first look, else the largest look of {@link SupportClaim#SPENDING} not above it
     */
    public static int lookReached(int complete) {
        int reached = 0;
        for (int n : SupportClaim.SPENDING.looks()) {
            if (n <= complete) {
                reached = n;
            }
        }
        return reached;
    }

    /**
     * The verdicts of the six claims at the last look reached, and the plan's descriptions over its seeds.
     *
     * @param runs the completed runs of the support plan
     * @return the report
     * @throws IllegalStateException when no look is reached (fewer than 50 paired seeds count: the plan computes
     *                               nothing before the first look)
     * @throws IOException           when a run.json cannot be read
     */
    public static Report evaluate(StudyRuns runs) throws IOException {
        Seeds seeds = seeds(runs);
        int n = lookReached(seeds.counted().size());
        if (n == 0) {
            throw new IllegalStateException("support study: " + seeds.counted().size() + " paired seeds count, before the"
                    + " first look at " + StudyPlan.SUPPORT_LOOK_EVERY + "; the plan computes no statistic of a claim before it");
        }
        List<Integer> look = seeds.counted().subList(0, n);
        Map<String, double[]> points = new LinkedHashMap<>();
        for (String m : runs.plan().methods()) {
            double[] acc = new double[n];
            for (int i = 0; i < n; i++) {
                acc[i] = 100 * runs.byMethod().get(m).get(look.get(i)).statistic();
            }
            points.put(m, acc);
        }
        List<ClaimResult> claims = new ArrayList<>();
        for (SupportClaim c : SupportClaim.all()) {
            claims.add(claim(c, c.perSeed(points)));
        }
        return new Report(seeds, List.copyOf(look), List.copyOf(claims), SupportDescription.of(runs, points, look));
    }

    /**
     * One claim's verdict from its per-seed values: the plan's rule ({@link SupportClaim#RULE}) at the looks the
     * values reach, and the plain mean with its t bounds at each look's alpha beside it.
     *
     * @param claim  the claim
     * @param values d_s of paired seeds 0..k-1, k at least the first look
     * @return the result
     * @throws IllegalArgumentException when fewer values than the first look, or one is not finite
     */
    public static ClaimResult claim(SupportClaim claim, double[] values) {
        return claim(claim, values, SEEDS_NEEDED);
    }

    /**
     * {@link #claim(SupportClaim, double[])} with another search for the seeds needed (a cheaper one, where a test
     * compares two ways of deciding many claims).
     *
     * @param claim  the claim
     * @param values d_s of paired seeds 0..k-1, k at least the first look
     * @param search the seeds-needed search, for a claim undecided at the cap
     * @return the result
     * @throws IllegalArgumentException when fewer values than the first look, or one is not finite
     */
    public static ClaimResult claim(SupportClaim claim, double[] values, SeedsForDecision search) {
        Decided d = decide(claim.name(), claim.band(), SupportClaim.RULE, values, search);
        return new ClaimResult(claim, d.verdict(), d.settled(), d.looks(), d.reason(), d.needed());
    }

    /**
     * A difference claim's decision, before it is tied to a claim record: the fields of {@link ClaimResult} but the
     * claim.
     *
     * @param verdict PASS or FAIL (decided at a look), or INCONCLUSIVE (undecided at the looks made)
     * @param settled whether the verdict is final: decided, or undecided at the cap
     * @param looks   the looks made, in order (the deciding one last)
     * @param reason  the verdict in words, with the location estimate and its bounds
     * @param needed  for a claim undecided at the cap, the seeds a decision would need ({@link #seedsNeeded}); else empty
     */
    public record Decided(Verdict verdict, boolean settled, List<LookRow> looks, String reason,
                          Optional<SeedsForDecision.Projection> needed) {
    }

    /**
     * A difference claim decided by {@code rule} at the looks the values reach (the support study's six claims, and a
     * plan file's difference claims), the plain mean with its t bounds at each look's alpha beside it; undecided at the
     * cap, with the seeds a decision would need ({@link #seedsNeeded}).
     *
     * @param name   the claim's name, for the errors
     * @param band   what the claim says of the location of d
     * @param rule   the location, its bounds and the looks with their alpha
     * @param values d_s of paired seeds 0..k-1, k at least the first look
     * @return the decision
     * @throws IllegalArgumentException when fewer values than the first look, or one is not finite
     */
    public static Decided decide(String name, BandClaim band, LookRule rule, double[] values) {
        return decide(name, band, rule, values, SEEDS_NEEDED);
    }

    /**
     * {@link #decide(String, BandClaim, LookRule, double[])} with another search for the seeds needed.
     *
     * @param name   the claim's name, for the errors
     * @param band   what the claim says of the location of d
     * @param rule   the location, its bounds and the looks with their alpha
     * @param values d_s of paired seeds 0..k-1, k at least the first look
     * @param search the seeds-needed search, for a claim undecided at the cap
     * @return the decision
     * @throws IllegalArgumentException when fewer values than the first look, or one is not finite
     */
    public static Decided decide(String name, BandClaim band, LookRule rule, double[] values, SeedsForDecision search) {
        LookRule.Decision d = rule.decide(band, values);
        int[] looks = rule.spending().looks();
        if (d.looks().isEmpty()) {
            throw new IllegalArgumentException("claim " + name + ": " + values.length + " seeds, before the"
                    + " first look at " + looks[0]);
        }
        List<LookRow> rows = new ArrayList<>();
        for (LookRule.Look look : d.looks()) {
            TBounds mean = Location.MEAN.of(values, look.seeds());
            rows.add(new LookRow(look, mean, mean.lower(look.alpha()), mean.upper(look.alpha())));
        }
        LookRule.Look last = d.last();
        String why = String.format(Locale.ROOT, "%s at the look of %d paired seeds: %s %s points, one-sided"
                        + " bounds [%s, %s] at alpha %s; %s", d.verdict(), last.seeds(), locationName(rule.location()),
                Charts.signedAscii(last.estimate().estimate(), 3), Charts.signedAscii(last.lower(), 3),
                Charts.signedAscii(last.upper(), 3), alpha(last.alpha()), band.rule());
        Optional<SeedsForDecision.Projection> needed = Optional.empty();
        if (!d.settled()) {
            why += "; undecided: the next look is at " + next(looks, last.seeds()) + " paired seeds";
        } else if (d.verdict() == Verdict.INCONCLUSIVE) {
            needed = Optional.of(seedsNeeded(name, band, rule, values, search));
            why += String.format(Locale.ROOT, "; undecided at the cap: %s (a planning statement, not a verdict: %s, in worlds"
                            + " resampled from these %d paired seeds and centred at their %s)", needed.get().text(),
                    needed.get().method(), last.seeds(), locationName(rule.location()));
        }
        return new Decided(d.verdict(), d.settled(), List.copyOf(rows), why, needed);
    }

    /**
     * The seeds a fresh study would need to decide a claim left undecided at the cap (PLAN.md amendment 3; a plan
     * file's difference claims alike): the search (amendment 3's {@link #SEEDS_NEEDED}) in the world of the cap's per-seed values drawn with
     * replacement ({@link ResampledWorld}, no dips added), shifted so that its location (the rule's, of that law,
     * exactly: {@link ResampledWorld#lawCentre}; at a cap of 100 no shift at all) is the estimate at the cap; one look at the rule's whole one-sided alpha per claim (the sum over
     * its looks: the support plan's 0.001 + 0.004 = 0.005). The simulation's seed is derived from
     * {@link StudyPlan#SUPPORT_MASTER_SEED} and the claim's name, so the same values give the same projection.
     *
     * @param name   the claim's name
     * @param band   what the claim says
     * @param rule   the rule that left it undecided
     * @param values d_s of paired seeds 0..k-1, k at least the cap
     * @param search the search ({@link #SEEDS_NEEDED}: amendment 3's)
     * @return the projection
     */
    public static SeedsForDecision.Projection seedsNeeded(String name, BandClaim band, LookRule rule, double[] values,
                                                          SeedsForDecision search) {
        int cap = rule.spending().cap();
        double[] atCap = Arrays.copyOf(values, cap);
        double alpha = rule.spending().ruleAlpha();
        long seed = Streams.derive(StudyPlan.SUPPORT_MASTER_SEED, "seeds needed: " + name);
        ResampledWorld observed = ResampledWorld.of(atCap, ResampledWorld.Dips.NONE);
        double estimate = rule.location().of(atCap, cap).estimate();
        ResampledWorld world = observed.centredAt(estimate, observed.lawCentre(rule.location()));
        return search.find(world, rule.location(), band, alpha, seed);
    }

    /** The location's name in a verdict's words: "trimmed mean" (the support plan's) or "mean". */
    private static String locationName(Location location) {
        return location == Location.TRIMMED_MEAN ? "trimmed mean" : "mean";
    }

    /** The first look after {@code seeds}, or the cap when none. */
    private static int next(int[] looks, int seeds) {
        for (int n : looks) {
            if (n > seeds) {
                return n;
            }
        }
        return looks[looks.length - 1];
    }

    /**
     * An estimate and its bounds in points as verdicts.md writes them: "-0.039 [-0.403, +0.325]", three decimals,
     * ASCII, no sign on a value that rounds to zero.
     *
     * @param estimate the estimate
     * @param lower    its lower bound
     * @param upper    its upper bound
     * @return the text
     */
    public static String interval(double estimate, double lower, double upper) {
        return Charts.signedAscii(estimate, 3) + " [" + Charts.signedAscii(lower, 3) + ", " + Charts.signedAscii(upper, 3) + "]";
    }

    /**
     * A level as the plan writes it: three significant digits, no trailing zeros.
     *
     * @param alpha the level
     * @return e.g. {@code 0.001}, {@code 0.004}
     */
    public static String alpha(double alpha) {
        return new java.math.BigDecimal(alpha).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }

    /**
     * What differs between the bits of seed {@code s}'s runs (this plan's nine, or a plan file's).
     *
     * @param runs the completed runs
     * @param s    the paired seed
     * @return per method that differs from the first, what differs; empty when they share their bits
     * @throws IOException when a run.json cannot be read
     */
    public static List<String> differences(StudyRuns runs, int s) throws IOException {
        List<String> mixed = new ArrayList<>();
        Optional<BitProvenance> first = Optional.empty();
        for (String m : runs.plan().methods()) {
            Optional<BitProvenance> b = BitProvenance.recordedIn(runs.plan().runDir(m, s));
            if (b.isEmpty()) {
                mixed.add(m + ": no bits recorded");
            } else if (first.isEmpty()) {
                first = b;
            } else if (!b.get().equals(first.get())) {
                mixed.add(m + ": " + String.join("; ", first.get().differences(b.get())));
            }
        }
        return mixed;
    }
}
