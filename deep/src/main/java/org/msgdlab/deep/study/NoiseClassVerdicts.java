package org.msgdlab.deep.study;

import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.PairedEventRates;
import org.msgdlab.core.stats.PairedHypothesis;
import org.msgdlab.core.stats.SequentialDesign;
import org.msgdlab.core.stats.SignedRankRatio;
import org.msgdlab.deep.train.BitProvenance;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The verdicts of the noise-class study's twelve claims from its completed runs
 * (deep/results/noise-class-study/PLAN.md), nothing trained here.
 * <p>
 * <b>Which seeds count.</b> A paired seed is <i>settled</i> when all eight of its runs are completed. A
 * settled seed is used when its eight runs were computed alike (equal {@link BitProvenance} in their
 * run.json); one that mixes builds or machine types is left out and named, unless mixed pairs are
 * allowed, and then marked. The seeds used are the settled ones in seed order up to the first seed not
 * yet settled: which seeds enter a look depends on how and whether they were computed, never on their
 * results, and a look once reached keeps its seeds.
 * <p>
 * Stateless and thread-safe.
 */
public final class NoiseClassVerdicts {

    private NoiseClassVerdicts() {
    }

    /**
     * One paired seed.
     *
     * @param seed       the paired seed
     * @param settled    whether all eight runs are completed
     * @param alike      whether they were computed alike (equal bits), when settled
     * @param bits       the bits of its first run, when recorded
     * @param mixed      for a seed computed otherwise, what differs
     * @param collapses  method name to its run's collapse verdict, for the completed runs
     */
    public record Seed(int seed, boolean settled, boolean alike, Optional<BitProvenance> bits, List<String> mixed,
                       Map<String, Collapse> collapses) {
    }

    /**
     * The seeds of a study and those that count.
     *
     * @param seeds  every paired seed below the cap with at least one completed run, in order
     * @param used   the paired seeds the claims use, in order
     * @param notes  seeds left out and why, and the first seed that blocks further ones
     */
    public record Seeds(List<Seed> seeds, List<Integer> used, List<String> notes) {
    }

    /**
     * Reads which seeds count.
     *
     * @param runs       the completed runs of the noise-class plan
     * @param allowMixed whether a seed whose runs were computed differently is used (and marked) or left out
     * @return the seeds
     * @throws IOException when a run.json cannot be read
     */
    public static Seeds seeds(StudyRuns runs, boolean allowMixed) throws IOException {
        StudyPlan plan = runs.plan();
        List<Seed> all = new ArrayList<>();
        List<Integer> used = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        boolean blocked = false;
        for (int s = 0; s < StudyPlan.NOISE_CLASS_CAP; s++) {
            boolean settled = true;
            boolean any = false;
            Map<String, Collapse> collapses = new LinkedHashMap<>();
            Optional<BitProvenance> first = Optional.empty();
            List<String> mixed = new ArrayList<>();
            for (String m : plan.methods()) {
                if (!runs.has(m, s)) {
                    settled = false;
                    continue;
                }
                any = true;
                collapses.put(m, Collapse.of(runs.byMethod().get(m).get(s).rows(), plan.iterations()));
                Optional<BitProvenance> b = BitProvenance.recordedIn(plan.runDir(m, s));
                if (b.isEmpty()) {
                    mixed.add(m + ": no bits recorded");
                } else if (first.isEmpty()) {
                    first = b;
                } else if (!b.get().equals(first.get())) {
                    mixed.add(m + ": " + String.join("; ", first.get().differences(b.get())));
                }
            }
            if (!any) {
                blocked = true;     // a seed with no run yet: the seeds after it wait for it
                continue;
            }
            boolean alike = settled && mixed.isEmpty();
            all.add(new Seed(s, settled, alike, first, List.copyOf(mixed), java.util.Collections.unmodifiableMap(collapses)));
            if (!settled && !blocked) {
                blocked = true;
                notes.add("paired seed " + s + " is not settled (" + (plan.methods().size() - collapses.size())
                        + " of its runs to train): the seeds after it wait for it");
            }
            if (settled && !blocked) {
                if (alike || allowMixed) {
                    used.add(s);
                    if (!alike) {
                        notes.add("paired seed " + s + " is used although its runs were computed differently (--allow-mixed): "
                                + mixed);
                    }
                } else {
                    notes.add("paired seed " + s + " left out: its runs were not computed alike: " + mixed);
                }
            }
        }
        return new Seeds(List.copyOf(all), List.copyOf(used), List.copyOf(notes));
    }

    /**
     * A claim's verdict.
     *
     * @param claim     the claim
     * @param verdict   PASS, FAIL, INCONCLUSIVE, or NOT_RUN before its first look (collapse: before the cap)
     * @param look      the paired seeds of the look that decided, or of the last look reached (0: none)
     * @param used      the seeds the statistic used at that look (recovery: those without a collapse)
     * @param estimate  recovery: R's estimate at that look (or over the seeds so far before the first look); NaN
     *                  when it has no finite value; collapse: n10 / n
     * @param set       recovery: R's confidence set at that look's level (or at the first look's level over the
     *                  seeds so far, a description); collapse: empty
     * @param n10       seeds where the noise collapsed and SGD-50 did not (over the seeds used so far)
     * @param n01       seeds where SGD-50 collapsed and the noise did not
     * @param reason    the verdict in words, with its numbers
     */
    public record Result(NoiseClassClaim claim, Verdict verdict, int look, int used, double estimate,
                         List<SignedRankRatio.Interval> set, int n10, int n01, String reason) {
    }

    /**
     * The verdicts of the twelve claims.
     *
     * @param runs  the completed runs
     * @param seeds the seeds that count ({@link #seeds})
     * @return one result per claim of {@link NoiseClassClaim#all()}, in order
     */
    public static List<Result> evaluate(StudyRuns runs, Seeds seeds) {
        List<Result> out = new ArrayList<>();
        Map<Integer, Map<String, Collapse>> collapses = collapsesBySeed(seeds);
        for (NoiseClassClaim c : NoiseClassClaim.all()) {
            out.add(c.kind() == NoiseClassClaim.Kind.RECOVERY ? recovery(runs, seeds.used(), collapses, c)
                    : collapse(seeds.used(), collapses, c));
        }
        return out;
    }

    /** Each paired seed's collapse verdicts, method name to verdict, by seed number. */
    private static Map<Integer, Map<String, Collapse>> collapsesBySeed(Seeds seeds) {
        Map<Integer, Map<String, Collapse>> out = new java.util.HashMap<>();
        seeds.seeds().forEach(s -> out.put(s.seed(), s.collapses()));
        return out;
    }

    /** Whether {@code method}'s run at seed {@code s} collapsed (every used seed is settled: all its runs are judged). */
    private static boolean collapsed(Map<Integer, Map<String, Collapse>> collapses, int s, String method) {
        return collapses.get(s).get(method).collapsed();
    }

    /**
     * One noise's paired effects over the used seeds, in seed order.
     *
     * @param a         acc(X) − acc(GD) per used seed (the window statistic)
     * @param b         acc(SGD-50) − acc(GD)
     * @param collapsed whether GD, SGD-50 or X collapsed at that seed: the seed is left out of R's statistic
     */
    record Contrasts(double[] a, double[] b, boolean[] collapsed) {

        /** @return the (a, b) pairs of the first {@code n} seeds without a collapse: {a[], b[]} */
        double[][] kept(int n) {
            int k = 0;
            double[][] ab = new double[2][n];
            for (int s = 0; s < n; s++) {
                if (!collapsed[s]) {
                    ab[0][k] = a[s];
                    ab[1][k++] = b[s];
                }
            }
            return new double[][]{java.util.Arrays.copyOf(ab[0], k), java.util.Arrays.copyOf(ab[1], k)};
        }

        /** @return the seeds left out for a collapse */
        int collapses() {
            int k = 0;
            for (boolean x : collapsed) {
                k += x ? 1 : 0;
            }
            return k;
        }
    }

    /**
     * A noise's contrasts over the used seeds.
     *
     * @param runs  the completed runs
     * @param seeds the seeds that count
     * @param noise the noise's method name
     * @return its contrasts
     */
    static Contrasts contrasts(StudyRuns runs, Seeds seeds, String noise) {
        Map<Integer, Map<String, Collapse>> collapses = collapsesBySeed(seeds);
        return contrasts(runs, seeds.used(), collapses, noise);
    }

    private static Contrasts contrasts(StudyRuns runs, List<Integer> used, Map<Integer, Map<String, Collapse>> collapses,
                                       String noise) {
        int n = used.size();
        double[] a = new double[n];
        double[] b = new double[n];
        boolean[] x = new boolean[n];
        for (int k = 0; k < n; k++) {
            int s = used.get(k);
            for (String m : List.of(NoiseClassClaim.GD, NoiseClassClaim.SGD, noise)) {
                x[k] |= collapsed(collapses, s, m);
            }
            double gd = runs.byMethod().get(NoiseClassClaim.GD).get(s).statistic();
            a[k] = runs.byMethod().get(noise).get(s).statistic() - gd;
            b[k] = runs.byMethod().get(NoiseClassClaim.SGD).get(s).statistic() - gd;
        }
        return new Contrasts(a, b, x);
    }

    /**
     * A recovery claim: {@link SignedRankRatio#sequential}, the plan's rule, on the noise's contrasts; at the
     * look it decided (or at the cap) the estimate and set of that look's kept seeds; before that a
     * description over the seeds so far.
     */
    static Result recovery(StudyRuns runs, List<Integer> used, Map<Integer, Map<String, Collapse>> collapses,
                           NoiseClassClaim c) {
        var design = NoiseClassClaim.looks();
        double alpha = design.alphaPerLook();
        int[] counts = collapseCounts(used, collapses, c.noise());
        Contrasts ct = contrasts(runs, used, collapses, c.noise());
        SequentialDesign.Status st = SignedRankRatio.sequential(ct.a(), ct.b(), ct.collapsed(), design,
                NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER);
        int look = st.seedsUsed();
        double[][] atLook = ct.kept(look);
        if ((st.resolved() || st.atCap()) && atLook[0].length >= 2) {
            SignedRankRatio r = new SignedRankRatio(atLook[0], atLook[1]);
            List<SignedRankRatio.Interval> set = r.confidenceSet(alpha);
            PairedHypothesis.Outcome o = st.outcome();
            Verdict v = o == PairedHypothesis.Outcome.SUPPORTED ? Verdict.PASS
                    : o == PairedHypothesis.Outcome.CONTRADICTED ? Verdict.FAIL : Verdict.INCONCLUSIVE;
            String why = String.format(Locale.ROOT, "%s at the look of %d paired seeds (%d without a collapse): R = %s,"
                            + " set %s at one-sided alpha %.3g per look; band [%.1f, %.1f]", v, look, atLook[0].length,
                    fmt(r.estimate()), sets(set), alpha, NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER);
            if (v == Verdict.INCONCLUSIVE) {
                why += "; " + seedsNeeded(r.estimate(), set, atLook[0].length);
            }
            return new Result(c, v, look, atLook[0].length, r.estimate(), set, counts[0], counts[1], why);
        }
        double[][] ab = ct.kept(used.size());
        double est = Double.NaN;
        List<SignedRankRatio.Interval> set = List.of();
        if (ab[0].length >= 2) {
            SignedRankRatio r = new SignedRankRatio(ab[0], ab[1]);
            est = r.estimate();
            set = r.confidenceSet(alpha);
        }
        int next = design.nextLook(used.size());
        String why = look == 0
                ? String.format(Locale.ROOT, "not decided yet: %d of the first look's %d paired seeds; so far (a description,"
                        + " not a verdict) R = %s, set %s", used.size(), next, fmt(est), sets(set))
                : String.format(Locale.ROOT, "undecided at the look of %d paired seeds; the next look is at %d (%d settled now);"
                        + " so far R = %s, set %s", look, next, used.size(), fmt(est), sets(set));
        return new Result(c, look == 0 ? Verdict.NOT_RUN : Verdict.INCONCLUSIVE, look, ab[0].length, est, set,
                counts[0], counts[1], why);
    }

    static Result collapse(List<Integer> used, Map<Integer, Map<String, Collapse>> collapses, NoiseClassClaim c) {
        int cap = StudyPlan.NOISE_CLASS_CAP;
        int n = used.size();
        int[] k = collapseCounts(used, collapses, c.noise());
        if (n < cap) {
            return new Result(c, Verdict.NOT_RUN, 0, n, n == 0 ? Double.NaN : (double) k[0] / n, List.of(), k[0], k[1],
                    String.format(Locale.ROOT, "decided once, at %d paired seeds; so far %d of %d seeds: %s collapsed alone"
                            + " at %d, SGD-50 alone at %d", cap, n, cap, NoiseClassClaim.paperName(c.noise()), k[0], k[1]));
        }
        PairedEventRates r = new PairedEventRates(cap, k[0], k[1], NoiseClassClaim.COLLAPSE_MARGIN);
        double alpha = NoiseClassClaim.claimAlpha();
        PairedHypothesis.Outcome o = r.decide(alpha);
        Verdict v = o == PairedHypothesis.Outcome.SUPPORTED ? Verdict.PASS
                : o == PairedHypothesis.Outcome.CONTRADICTED ? Verdict.FAIL : Verdict.INCONCLUSIVE;
        return new Result(c, v, cap, cap, (double) k[0] / cap, List.of(), k[0], k[1], String.format(Locale.ROOT,
                "%s at %d paired seeds: collapsed alone at %d seeds, SGD-50 alone at %d; exact McNemar p = %.3g,"
                        + " upper bound of P(only %s collapses) %.3f (margin %.2f) at one-sided alpha %.3g", v, cap, k[0], k[1],
                r.mcNemarP(), NoiseClassClaim.paperName(c.noise()), r.upperBoundOnlyX(alpha), NoiseClassClaim.COLLAPSE_MARGIN,
                alpha) + (v == Verdict.INCONCLUSIVE ? "; " + collapseSeedsNeeded(r, alpha) : ""));
    }

    /** The most paired seeds a collapse projection looks at. */
    static final int COLLAPSE_PROJECTION_LIMIT = 1_000;

    /** The power at which an undecided claim's seeds are stated. */
    static final double PROJECTION_POWER = 0.8;

    /**
     * What an undecided collapse claim would still need, if its lone-collapse rates stayed as observed: the
     * projection (the counts scaled at exactly these rates), the probability that a study of that many seeds
     * decides it so (exact, {@link PairedEventRates#decisionProbability}), and the seeds at which that probability
     * first reaches {@value #PROJECTION_POWER}.
     */
    static String collapseSeedsNeeded(PairedEventRates r, double alpha) {
        return r.projectedDecision(alpha, COLLAPSE_PROJECTION_LIMIT).map(p -> {
            String word = p.outcome() == PairedHypothesis.Outcome.SUPPORTED ? "PASS" : "FAIL";
            double there = r.decisionProbability(p.seeds(), alpha, p.outcome());
            var powered = r.seedsForPower(PROJECTION_POWER, alpha, p.outcome(), COLLAPSE_PROJECTION_LIMIT);
            return String.format(Locale.ROOT, "about %d paired seeds would %s it if the lone collapses went on at exactly"
                            + " these rates (%d and %d of %d: a projection, not a power); at these rates a study of %d seeds"
                            + " would %s it with probability %.2f, and %s", p.seeds(), word, p.n10(), p.n01(), p.seeds(),
                    p.seeds(), word, there, powered.isPresent()
                            ? String.format(Locale.ROOT, "with %.1f first at %d seeds", PROJECTION_POWER, powered.getAsInt())
                            : String.format(Locale.ROOT, "with %.1f at no number of seeds up to %d", PROJECTION_POWER,
                            COLLAPSE_PROJECTION_LIMIT));
        }).orElse(String.format(Locale.ROOT, "no projection: at these rates no number of paired seeds up to %d"
                + " would decide it", COLLAPSE_PROJECTION_LIMIT));
    }

    /** {n10, n01} over the used seeds: only the noise collapsed, only SGD-50 did. */
    static int[] collapseCounts(List<Integer> used, Map<Integer, Map<String, Collapse>> collapses, String noise) {
        int a = 0;
        int b = 0;
        for (int s : used) {
            boolean x = collapsed(collapses, s, noise);
            boolean y = collapsed(collapses, s, NoiseClassClaim.SGD);
            a += x && !y ? 1 : 0;
            b += y && !x ? 1 : 0;
        }
        return new int[]{a, b};
    }

    /**
     * The paired seeds at which an undecided recovery claim would be decided if its estimate stayed and
     * its set narrowed as 1/sqrt(n): a projection, stated as one. It puts the set's edge on the band's edge at
     * the current estimate, so a study of that size would decide the claim about half the time if the estimate
     * were the truth: a 50% point, said so in the text. The seeds for a power of 0.8 need a simulation on the
     * study's seeds (the study's {@code recount/power.py}).
     */
    static String seedsNeeded(double estimate, List<SignedRankRatio.Interval> set, int n) {
        if (set.size() != 1 || !set.get(0).bounded() || !Double.isFinite(estimate)) {
            return "no projection: the set is unbounded or in pieces (SGD-50's advantage over GD is not clear at these seeds)";
        }
        double half = (set.get(0).upper() - set.get(0).lower()) / 2;
        boolean inBand = estimate > NoiseClassClaim.BAND_LOWER && estimate < NoiseClassClaim.BAND_UPPER;
        double room = inBand ? Math.min(estimate - NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER - estimate)
                : Math.min(Math.abs(estimate - NoiseClassClaim.BAND_LOWER), Math.abs(estimate - NoiseClassClaim.BAND_UPPER));
        if (room <= 0) {
            return "no projection: the estimate sits on the band's edge";
        }
        long need = (long) Math.ceil(n * (half / room) * (half / room));
        return String.format(Locale.ROOT, "about %d seeds without a collapse would %s it if this estimate held and the set"
                + " narrowed as 1/sqrt(n) (a projection to a coin flip, not a power: a study of that size would %s it only"
                + " about half the time, and a power of %.1f needs more seeds)", need, inBand ? "PASS" : "FAIL",
                inBand ? "PASS" : "FAIL", PROJECTION_POWER);
    }

    static String fmt(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.2f", x) : "undefined";
    }

    /** Gaps of a confidence set narrower than this are joined in words (two decimals would print them as a point). */
    static final double HOLE = 0.005;

    /**
     * A confidence set in words, e.g. [0.61, 1.32] or (-inf, -3.1] u [0.2, +inf). Pieces whose gap is narrower
     * than {@link #HOLE} are joined and the holes counted ("[0.52, 1.17] (2 holes narrower than 0.005)"): the
     * set's pieces come from seeds where SGD-50 was below GD, and a hole that two decimals cannot show would
     * read as a piece "[0.52, 0.52]". The verdict uses the exact set.
     */
    public static String sets(List<SignedRankRatio.Interval> set) {
        return sets(set, NoiseClassVerdicts::fmt);
    }

    /**
     * The confidence set as {@link #sets(List)} writes it, its ends with 4 significant digits: the precision of the
     * interval columns beside it in a report (a two-decimal set beside them reads as another interval).
     *
     * @param set the set's pieces
     * @return the set in words
     */
    public static String setsToFourDigits(List<SignedRankRatio.Interval> set) {
        return sets(set, org.msgdlab.core.claims.Evidence::shortNumber);
    }

    private static String sets(List<SignedRankRatio.Interval> set, java.util.function.DoubleFunction<String> fmt) {
        if (set.isEmpty()) {
            return "(none)";
        }
        List<String> parts = new ArrayList<>();
        int holes = 0;
        double lower = set.get(0).lower();
        double upper = set.get(0).upper();
        for (SignedRankRatio.Interval iv : set.subList(1, set.size())) {
            if (iv.lower() - upper < HOLE) {
                holes++;
            } else {
                parts.add(interval(lower, upper, fmt));
                lower = iv.lower();
            }
            upper = iv.upper();
        }
        parts.add(interval(lower, upper, fmt));
        return String.join(" u ", parts) + (holes == 0 ? "" : String.format(Locale.ROOT, " (%d hole%s narrower than %s)",
                holes, holes == 1 ? "" : "s", HOLE));
    }

    private static String interval(double lower, double upper, java.util.function.DoubleFunction<String> fmt) {
        return (Double.isFinite(lower) ? "[" + fmt.apply(lower) : "(-inf") + ", " + (Double.isFinite(upper) ? fmt.apply(upper) + "]" : "+inf)");
    }
}
