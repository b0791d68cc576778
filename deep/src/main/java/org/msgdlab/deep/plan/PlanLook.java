package org.msgdlab.deep.plan;

import org.msgdlab.reports.figures.Charts;
import org.msgdlab.deep.train.Method;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.PairedEventRates;
import org.msgdlab.core.stats.SignedRankRatio;
import org.msgdlab.deep.study.Collapse;
import org.msgdlab.deep.study.NoiseClassVerdicts;
import org.msgdlab.deep.study.RecoveryAndCollapse;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.SupportVerdicts;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A look at a plan file's study: which paired seeds count, and each claim decided by its kind's rule, the rules the
 * committed studies used (recovery and event rate: {@link RecoveryAndCollapse}; difference:
 * {@link SupportVerdicts#decide}). Nothing is trained here, and a difference claim computes no statistic before its
 * first look.
 * <p>
 * <b>Which seeds count.</b> A paired seed is complete when every method's run is completed. In seed order, a complete
 * seed whose runs share their {@link org.msgdlab.deep.train.BitProvenance} counts; one whose runs do not is left out and named (used, and
 * marked, with {@code allowMixed}); the first seed not complete ends the list. The list ends at the cap: at
 * {@code cap} counted seeds when the plan replaces left-out seeds, else at seed number {@code cap}. Which seeds count
 * depends on whether and how they were computed, never on their results.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanLook {

    private PlanLook() {
    }

    /**
     * The seeds that count.
     *
     * @param counted the paired seeds used, in order
     * @param notes   seeds left out or used although mixed, and the seed that ends the list
     */
    public record Seeds(List<Integer> counted, List<String> notes) {
    }

    /**
     * One claim's result.
     *
     * @param claim    the claim
     * @param id       its id, {@code deep.<plan>.<claim>}
     * @param verdict  PASS, FAIL, INCONCLUSIVE, or NOT_RUN before its first look
     * @param settled  whether the verdict is final: decided at a look, or undecided at the cap (false before the
     *                 first look and for an INCONCLUSIVE whose next look is still to come: a verdict "so far")
     * @param look     the paired seeds of the deciding or last look reached (0: none)
     * @param estimate the estimate in words (R, a rate, or a location in points); "-" before the first look
     * @param bounds   its set or bounds in words; "-" when none
     * @param value    the estimate as a number (R, a share of seeds, or points; {@link #unit}); NaN when none
     * @param lower    the lower end of what {@code bounds} states, in {@link #unit}: a difference's one-sided bound L,
     *                 the lowest point of R's confidence set (its hull: {@code bounds} gives the pieces), 0 for an
     *                 event rate's one-sided bound; NaN when none; may be -infinity (an unbounded set)
     * @param upper    its upper end: U, the highest point of R's set, or an event rate's Clopper-Pearson upper bound
     *                 of P(only the noise's run is lost) at the claim's alpha (which the reason states); NaN when none
     * @param reason   the verdict in words, with its numbers
     */
    public record Result(PlannedClaim claim, String id, Verdict verdict, boolean settled, int look, String estimate,
                         String bounds, double value, double lower, double upper, String reason) {

        /** @return the unit of {@link #value}: {@code R} (recovery), {@code share of seeds} (event rate), {@code points} */
        public String unit() {
            return claim instanceof PlannedClaim.Recovery ? "R"
                    : claim instanceof PlannedClaim.EventRate ? "share of seeds" : "points";
        }
    }

    /**
     * The look.
     *
     * @param plan    the plan
     * @param seeds   the seeds that count
     * @param results one per claim, in the plan's order
     */
    public record Look(PlanFile plan, Seeds seeds, List<Result> results) {
    }

    /**
     * The paired seeds that count.
     *
     * @param plan       the plan
     * @param runs       its completed runs (read for at least the seeds the list can reach)
     * @param allowMixed whether a seed whose runs were computed differently is used (and marked)
     * @return the seeds
     * @throws IOException when a run.json cannot be read
     */
    public static Seeds seeds(PlanFile plan, StudyRuns runs, boolean allowMixed) throws IOException {
        List<Integer> counted = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        int s = 0;
        for (; counted.size() < plan.cap() && (plan.replaceLeftOut() || s < plan.cap()); s++) {
            int missing = 0;
            for (String m : plan.methods()) {
                missing += runs.has(m, s) ? 0 : 1;
            }
            if (missing > 0) {
                notes.add("paired seed " + s + " is not complete (" + missing + " of its " + plan.methods().size()
                        + " runs to train): the seeds after it wait for it");
                break;
            }
            List<String> mixed = SupportVerdicts.differences(runs, s);
            if (mixed.isEmpty() || allowMixed) {
                counted.add(s);
                if (!mixed.isEmpty()) {
                    notes.add("paired seed " + s + " is used although its runs were computed differently (--allow-mixed): " + mixed);
                }
            } else {
                notes.add("paired seed " + s + " left out: its runs were not computed alike: " + mixed);
            }
        }
        return new Seeds(List.copyOf(counted), List.copyOf(notes));
    }

    /**
     * Decides every claim at the looks the counted seeds reach.
     *
     * @param plan  the plan
     * @param runs  its completed runs
     * @param seeds the seeds that count ({@link #seeds})
     * @return the look
     */
    public static Look look(PlanFile plan, StudyRuns runs, Seeds seeds) {
        List<Integer> used = seeds.counted();
        Map<Integer, Map<String, Collapse>> collapses = new HashMap<>();
        if (plan.lostRun().collapse()) {
            for (int s : used) {
                Map<String, Collapse> bySeed = new LinkedHashMap<>();
                for (String m : plan.methods()) {
                    bySeed.put(m, Collapse.of(runs.byMethod().get(m).get(s).rows(), plan.iterations()));
                }
                collapses.put(s, bySeed);
            }
        }
        List<Result> out = new ArrayList<>();
        for (PlannedClaim c : plan.claims()) {
            if (c instanceof PlannedClaim.Recovery r) {
                out.add(recovery(plan, runs, used, collapses, r));
            } else if (c instanceof PlannedClaim.EventRate e) {
                out.add(eventRate(plan, runs, used, collapses, e));
            } else {
                out.add(difference(plan, runs, used, (PlannedClaim.Difference) c));
            }
        }
        return new Look(plan, seeds, List.copyOf(out));
    }

    private static Result recovery(PlanFile plan, StudyRuns runs, List<Integer> used,
                                   Map<Integer, Map<String, Collapse>> collapses, PlannedClaim.Recovery c) {
        var rule = new RecoveryAndCollapse.RecoveryRule(c.noise(), c.from(), c.to(), c.lower(), c.upper(),
                plan.recoveryDesign(), plan.lostRun().collapse(), Method.shortName(c.to()));
        RecoveryAndCollapse.Decision d = RecoveryAndCollapse.recovery(runs, used, collapses, rule);
        boolean settled = d.verdict() == Verdict.PASS || d.verdict() == Verdict.FAIL
                || d.verdict() == Verdict.INCONCLUSIVE && d.look() == plan.cap();
        return new Result(c, plan.id(c), d.verdict(), settled, d.look(), Double.isFinite(d.estimate())
                ? "R = " + NoiseClassVerdicts.fmt(d.estimate()) : "-", d.set().isEmpty() ? "-" : NoiseClassVerdicts.sets(d.set()),
                d.estimate(), d.set().stream().mapToDouble(SignedRankRatio.Interval::lower).min().orElse(Double.NaN),
                d.set().stream().mapToDouble(SignedRankRatio.Interval::upper).max().orElse(Double.NaN), d.reason());
    }

    private static Result eventRate(PlanFile plan, StudyRuns runs, List<Integer> used,
                                    Map<Integer, Map<String, Collapse>> collapses, PlannedClaim.EventRate c) {
        var rule = new RecoveryAndCollapse.EventRateRule(c.noise(), c.against(), c.margin(), plan.cap(), plan.claimAlpha(),
                Method.shortName(c.noise()), Method.shortName(c.against()));
        RecoveryAndCollapse.Decision d = RecoveryAndCollapse.collapse(used, collapses, rule);
        if (d.verdict() == Verdict.NOT_RUN) {
            return new Result(c, plan.id(c), d.verdict(), false, d.look(), "-", "-", Double.NaN, Double.NaN, Double.NaN,
                    d.reason());
        }
        // the bound the reason states: the rule's own comparison, at the look (the cap) and counts it decided on
        double upper = new PairedEventRates(d.look(), d.n10(), d.n01(), rule.margin()).upperBoundOnlyX(rule.alpha());
        return new Result(c, plan.id(c), d.verdict(), true, d.look(), String.format(Locale.ROOT, "%.3f", d.estimate()),
                "-", d.estimate(), 0, upper, d.reason());
    }

    private static Result difference(PlanFile plan, StudyRuns runs, List<Integer> used, PlannedClaim.Difference c) {
        int[] looks = plan.spending().looks();
        int n = 0;
        for (int l : looks) {
            n = l <= used.size() ? l : n;
        }
        if (n == 0) {
            return new Result(c, plan.id(c), Verdict.NOT_RUN, false, 0, "-", "-", Double.NaN, Double.NaN, Double.NaN,
                    String.format(Locale.ROOT,
                    "not looked at yet: %d of the first look's %d paired seeds count; the plan computes no statistic before it",
                    used.size(), looks[0]));
        }
        Map<String, double[]> points = new LinkedHashMap<>();
        for (String m : c.methods()) {
            double[] acc = new double[n];
            for (int i = 0; i < n; i++) {
                acc[i] = 100 * runs.byMethod().get(m).get(used.get(i)).statistic();
            }
            points.put(m, acc);
        }
        SupportVerdicts.Decided d = SupportVerdicts.decide(c.name(), c.band(), plan.rule(c), c.perSeed(points));
        var last = d.looks().get(d.looks().size() - 1).look();
        return new Result(c, plan.id(c), d.verdict(), d.settled(), last.seeds(), Charts.signedAscii(last.estimate().estimate(), 3)
                + " points", "[" + Charts.signedAscii(last.lower(), 3) + ", " + Charts.signedAscii(last.upper(), 3) + "]",
                last.estimate().estimate(), last.lower(), last.upper(), d.reason());
    }
}
