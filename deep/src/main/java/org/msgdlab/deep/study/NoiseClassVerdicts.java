package org.msgdlab.deep.study;

import org.msgdlab.core.claims.Verdict;
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
            RecoveryAndCollapse.Decision d = c.kind() == NoiseClassClaim.Kind.RECOVERY
                    ? RecoveryAndCollapse.recovery(runs, seeds.used(), collapses, RecoveryAndCollapse.RecoveryRule.of(c))
                    : RecoveryAndCollapse.collapse(seeds.used(), collapses, RecoveryAndCollapse.EventRateRule.of(c));
            out.add(new Result(c, d.verdict(), d.look(), d.used(), d.estimate(), d.set(), d.n10(), d.n01(), d.reason()));
        }
        return out;
    }


    /** Each paired seed's collapse verdicts, method name to verdict, by seed number. */
    static Map<Integer, Map<String, Collapse>> collapsesBySeed(Seeds seeds) {
        Map<Integer, Map<String, Collapse>> out = new java.util.HashMap<>();
        seeds.seeds().forEach(s -> out.put(s.seed(), s.collapses()));
        return out;
    }

    /**
     * A noise's contrasts over the used seeds.
     *
     * @param runs  the completed runs
     * @param seeds the seeds that count
     * @param noise the noise's method name
     * @return its contrasts
     */
    static RecoveryAndCollapse.Contrasts contrasts(StudyRuns runs, Seeds seeds, String noise) {
        Map<Integer, Map<String, Collapse>> collapses = collapsesBySeed(seeds);
        return RecoveryAndCollapse.contrasts(runs, seeds.used(), collapses, RecoveryAndCollapse.RecoveryRule.of(new NoiseClassClaim(noise, NoiseClassClaim.Kind.RECOVERY)));
    }

    /**
     * An estimate as the verdicts write it.
     *
     * @param x the estimate
     * @return two decimals, or "undefined" when not finite
     */
    public static String fmt(double x) {
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
