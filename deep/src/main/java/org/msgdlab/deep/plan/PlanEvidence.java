package org.msgdlab.deep.plan;

import org.msgdlab.deep.train.Method;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.core.stats.Location;
import org.msgdlab.deep.study.SupportVerdicts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A look's claims as the report's evidence ({@link Evidence}, an interval claim each), the analogue for a plan file of
 * what {@code msgd verify} builds for the noise-class study ({@code NoiseClassStudyClaim}): the verdict and its reason
 * as the look states them, the estimate and its bounds ({@link PlanLook.Result#value}, {@link PlanLook.Result#lower},
 * {@link PlanLook.Result#upper}), the lines the claim's rule compares them with ({@link #lines}), the level of the
 * bounds, the rule and the answer in words; the statement is the plan's own ({@link PlanProse#statement}). A claim
 * not looked at yet is NOT_RUN evidence with the look's reason and no interval. Nothing is computed here that the
 * look did not compute.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanEvidence {

    private PlanEvidence() {
    }

    /**
     * The evidence of every claim of a look, in the plan's order.
     *
     * @param look the look
     * @return one evidence per result
     */
    public static List<Evidence> of(PlanLook.Look look) {
        return look.results().stream().map(r -> of(look, r)).toList();
    }

    /**
     * One claim's evidence.
     *
     * @param look the look
     * @param r    one of its results
     * @return the evidence: NOT_RUN without an interval before the claim's first look, else an interval claim
     */
    public static Evidence of(PlanLook.Look look, PlanLook.Result r) {
        PlanFile plan = look.plan();
        String ref = paperRef(plan);
        String statement = PlanProse.statement(plan, r.claim());
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("paired seeds counted", look.seeds().counted().size());
        p.put("cap", plan.cap());
        p.put("looks", plan.looks());
        p.put("look", r.look());
        p.put("masterSeed", plan.masterSeed());
        p.put("plan sha256", plan.sha256());
        if (!look.seeds().notes().isEmpty()) {
            p.put("seeds", String.join("; ", look.seeds().notes()));
        }
        if (r.verdict() == Verdict.NOT_RUN) {
            return Evidence.builder(r.id(), ref, statement).verdict(Verdict.NOT_RUN, r.reason()).parameters(p).build();
        }
        double alpha = alpha(plan, r);
        IntervalAnswer a = new IntervalAnswer(quantity(r.claim()), r.value(), r.lower(), r.upper(), level(r.claim(), alpha),
                new double[0], lines(r.claim()), r.look(), rule(plan, r.claim()), answer(r), false);
        return Evidence.builder(r.id(), ref, statement).verdict(r.verdict(), r.reason()).parameters(p).interval(a)
                .falseAlarmProbability(alpha).samples(r.look()).build();
    }

    /**
     * Where a plan's claims are stated: the plan file, by name and digest.
     *
     * @param plan the plan
     * @return e.g. "plan noise-class (plan.json, sha256 3f2a9c01b7e4...)"
     */
    public static String paperRef(PlanFile plan) {
        return "plan " + plan.name() + " (" + plan.file().getFileName() + ", sha256 " + plan.sha256().substring(0, 12) + "...)";
    }

    /**
     * The values a claim's rule compares its estimate and bounds with, each drawn as a line: a difference claim's 0
     * and, for an equivalence, its margin -Delta and +Delta; a recovery claim's 0 ({@code from}), 1 ({@code to}) and
     * its band's edges; an event-rate claim's 0 and its margin.
     *
     * @param c a claim of a plan
     * @return its lines, on its estimate's scale ({@link PlanLook.Result#unit})
     */
    public static List<IntervalAnswer.Line> lines(PlannedClaim c) {
        List<IntervalAnswer.Line> out = new ArrayList<>();
        if (c instanceof PlannedClaim.Recovery r) {
            out.add(new IntervalAnswer.Line("as " + Method.shortName(r.from()) + " (R = 0)", 0));
            out.add(new IntervalAnswer.Line("as " + Method.shortName(r.to()) + " (R = 1)", 1));
            out.add(new IntervalAnswer.Line("band " + num(r.lower()), r.lower()));
            out.add(new IntervalAnswer.Line("band " + num(r.upper()), r.upper()));
        } else if (c instanceof PlannedClaim.EventRate e) {
            out.add(new IntervalAnswer.Line("never lost alone (0)", 0));
            out.add(new IntervalAnswer.Line("margin " + num(e.margin()), e.margin()));
        } else {
            PlannedClaim.Difference d = (PlannedClaim.Difference) c;
            out.add(new IntervalAnswer.Line("no difference", 0));
            if (d.band() instanceof BandClaim.Equivalence eq) {
                out.add(new IntervalAnswer.Line("margin -" + num(eq.margin()), -eq.margin()));
                out.add(new IntervalAnswer.Line("margin +" + num(eq.margin()), eq.margin()));
            }
        }
        return List.copyOf(out);
    }

    /**
     * The one-sided level of a result's bounds: a difference claim's at the look it reached, a recovery claim's per
     * look (alpha / J), an event-rate claim's at its one look.
     *
     * @param plan the plan
     * @param r    a result with a look (not NOT_RUN)
     * @return the level
     */
    static double alpha(PlanFile plan, PlanLook.Result r) {
        if (r.claim() instanceof PlannedClaim.Recovery) {
            return plan.recoveryDesign().alphaPerLook();
        }
        if (r.claim() instanceof PlannedClaim.EventRate) {
            return plan.claimAlpha();
        }
        int j = plan.looks().indexOf(r.look());
        if (j < 0) {
            throw new IllegalArgumentException("claim " + r.id() + ": look=" + r.look() + " must be one of the plan's looks "
                    + plan.looks());
        }
        return plan.spending().alpha(j);
    }

    private static String quantity(PlannedClaim c) {
        if (c instanceof PlannedClaim.Recovery r) {
            return "R, the ratio at which the contrasts (" + Method.shortName(r.noise()) + " - " + Method.shortName(r.from())
                    + ") - R (" + Method.shortName(r.to()) + " - " + Method.shortName(r.from()) + ") centre (a pseudo-median ratio)";
        }
        if (c instanceof PlannedClaim.EventRate e) {
            return "share of paired seeds where only " + Method.shortName(e.noise()) + "'s run was lost (not "
                    + Method.shortName(e.against()) + "'s)";
        }
        PlannedClaim.Difference d = (PlannedClaim.Difference) c;
        return (d.location() == Location.TRIMMED_MEAN ? "10%-trimmed mean" : "mean") + " of d = "
                + (d.of().size() > 1 ? "mean of " : "") + "acc(" + String.join(", ", d.of().stream().map(Method::shortName).toList())
                + ") - acc(" + Method.shortName(d.against()) + "), in points (paired)";
    }

    private static String level(PlannedClaim c, double alpha) {
        String a = SupportVerdicts.alpha(alpha);
        if (c instanceof PlannedClaim.Recovery) {
            return "signed-rank confidence set at one-sided alpha " + a + " per look (its hull; the reason gives its pieces)";
        }
        if (c instanceof PlannedClaim.EventRate) {
            return "Clopper-Pearson upper bound at one-sided alpha " + a;
        }
        return ((PlannedClaim.Difference) c).location() == Location.TRIMMED_MEAN
                ? "one-sided Tukey-McLaughlin bounds [L, U] at alpha " + a + " each"
                : "one-sided Student t bounds [L, U] at alpha " + a + " each";
    }

    private static String rule(PlanFile plan, PlannedClaim c) {
        String looks = " looks at " + plan.looks() + " paired seeds";
        if (c instanceof PlannedClaim.Recovery r) {
            return "PASS if R's confidence set lies inside [" + num(r.lower()) + ", " + num(r.upper()) + "], FAIL if it lies"
                    + " outside, INCONCLUSIVE otherwise;" + looks;
        }
        if (c instanceof PlannedClaim.EventRate e) {
            return "PASS if the upper bound is below " + num(e.margin()) + " and the exact McNemar test does not reject; FAIL if"
                    + " it finds more lone losses than " + Method.shortName(e.against()) + "'s; decided once, at " + plan.cap()
                    + " paired seeds";
        }
        return ((PlannedClaim.Difference) c).band().rule() + ";" + looks;
    }

    /** The answer in one sentence: the question the claim asks, then what the look found, in the look's own words. */
    static String answer(PlanLook.Result r) {
        String word = switch (r.verdict()) {
            case PASS -> "Yes";
            case FAIL -> "No";
            default -> r.settled() ? "Not decided" : "Not decided yet";
        };
        String found;
        if (r.claim() instanceof PlannedClaim.EventRate) {
            found = String.format(Locale.ROOT, "a share of %s of the paired seeds, upper bound %.3f", r.estimate(), r.upper());
        } else {
            found = r.estimate() + ", " + (r.claim() instanceof PlannedClaim.Recovery ? "set " : "bounds ") + r.bounds();
        }
        return String.format(Locale.ROOT, "%s (%s?): %s at the look of %d paired seeds%s.", word, question(r.claim()), found,
                r.look(), r.settled() ? "" : ", so far");
    }

    private static String question(PlannedClaim c) {
        if (c instanceof PlannedClaim.Recovery r) {
            return "does " + Method.shortName(r.noise()) + " keep R, its share of " + Method.shortName(r.to()) + "'s advantage over "
                    + Method.shortName(r.from()) + ", in [" + num(r.lower()) + ", " + num(r.upper()) + "]";
        }
        if (c instanceof PlannedClaim.EventRate e) {
            return "is " + Method.shortName(e.noise()) + "'s run lost no more often than " + Method.shortName(e.against()) + "'s";
        }
        PlannedClaim.Difference d = (PlannedClaim.Difference) c;
        return d.band() instanceof BandClaim.Equivalence eq ? "is the difference within +-" + num(eq.margin()) + " points"
                : "is the difference below 0";
    }

    private static String num(double x) {
        return PlanProse.num(x);
    }
}
