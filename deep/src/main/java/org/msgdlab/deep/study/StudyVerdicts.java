package org.msgdlab.deep.study;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.core.stats.PairedHypothesis;
import org.msgdlab.core.stats.SequentialDesign;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The verdicts of the pre-registered claims ({@link PairedClaim#all()}) from the completed runs of
 * a study: the sequential rule ({@link #design}) on the paired differences of the window
 * statistic, in seed order. PASS: the statement is supported at a look; FAIL: contradicted;
 * INCONCLUSIVE: unresolved, with the seeds of the next look or, at the cap, the seeds a decision
 * would need at the observed spread (at the design's alternatives, and at the observed mean); NOT_RUN:
 * fewer paired seeds than the first look.
 */
public final class StudyVerdicts {

    /**
     * Seeds at the first look, between looks, and the cap: looks at 5, 10 and 15 paired seeds. (A look
     * at 3 seeds would spend a third of alpha on a t quantile with 2 degrees of freedom, about 14 at
     * the per-look level of Figure 1(a): it could only resolve gaps of 14 standard errors.)
     */
    public static final int FIRST = 5;
    public static final int BLOCK = 5;
    public static final int CAP = 15;
    /** Power the seeds-needed estimate aims at. */
    public static final double TARGET_POWER = 0.8;

    private StudyVerdicts() {
    }

    /**
     * The sequential design of a claim: looks at 5, 10, 15 paired seeds, the claim's alpha split over them.
     *
     * @param c the claim
     * @return its design
     */
    public static SequentialDesign design(PairedClaim c) {
        return new SequentialDesign(FIRST, BLOCK, CAP, c.alpha());
    }

    /**
     * Where one claim stands.
     *
     * @param claim     the claim
     * @param paired    paired seeds completed by both of its methods (0, 1, ... without gaps)
     * @param status    the sequential rule's status, null below the first look
     * @param wantSeeds paired seeds the next look needs (0: resolved, or at the cap)
     * @param evidence  the evidence, for the report
     */
    public record ClaimResult(PairedClaim claim, int paired, SequentialDesign.Status status, int wantSeeds,
                              Evidence evidence) {
    }

    /**
     * Every claim of the study under the runs' protocol.
     *
     * @param runs the completed runs
     * @return one result per {@link PairedClaim#all()}, in that order
     */
    public static List<ClaimResult> evaluate(StudyRuns runs) {
        List<ClaimResult> out = new ArrayList<>();
        for (PairedClaim c : PairedClaim.all()) {
            out.add(evaluate(c, runs));
        }
        return out;
    }

    static ClaimResult evaluate(PairedClaim c, StudyRuns runs) {
        StudyPlan plan = runs.plan();
        String protocol = plan.protocol().name();
        String id = c.id(protocol);
        SequentialDesign design = design(c);
        String statement = "on small Fashion-MNIST (" + protocol + " protocol): " + c.statement();
        int n = Math.min(runs.pairedPrefix(c.x(), c.y()), CAP);
        String xName = plan.method(c.x()).paperName();
        String yName = plan.method(c.y()).paperName();
        if (n < FIRST) {
            Evidence e = Evidence.notRun(id, c.paperRef(), statement, String.format(Locale.ROOT,
                    "%d paired seeds of %s and %s completed; the first look needs %d (./msgd study --protocol %s)",
                    n, xName, yName, FIRST, protocol));
            return new ClaimResult(c, n, null, FIRST, e);
        }
        double[] x = runs.statistics(c.x(), n);
        double[] y = runs.statistics(c.y(), n);
        double[] d = PairedDifferences.of(x, y).differences();
        SequentialDesign.Status st = design.status(c.hypothesis(), d);
        PairedDifferences used = st.atDecision();
        double a = design.alphaPerLook();
        double sd = used.sd();
        PairedHypothesis h = c.hypothesis();
        double lo = used.lower(a);
        double hi = used.upper(a);
        Verdict v;
        String reason;
        String bounds = String.format(Locale.ROOT, "mean paired difference %+.4f (sd %.4f, %d seeds), one-sided %.4g-level"
                + " bounds [%+.4f, %+.4f]", used.mean(), sd, used.n(), a, lo, hi);
        int want = 0;
        int needed = h.seedsFor(sd, TARGET_POWER, a, 1000);
        if (st.outcome() == PairedHypothesis.Outcome.SUPPORTED) {
            v = Verdict.PASS;
            reason = "supported at the look at " + st.seedsUsed() + " seeds: " + bounds + "; " + h.rule();
        } else if (st.outcome() == PairedHypothesis.Outcome.CONTRADICTED) {
            v = Verdict.FAIL;
            reason = "contradicted at the look at " + st.seedsUsed() + " seeds: " + bounds + "; " + h.rule();
        } else if (st.atCap()) {
            v = Verdict.INCONCLUSIVE;
            reason = "unresolved at the cap of " + CAP + " seeds: " + bounds + "; at this spread a decision with power "
                    + TARGET_POWER + " needs about " + (needed > 1000 ? "more than 1000" : needed) + " paired seeds"
                    + " at the design's alternatives, " + seedsToDecideText(h, used, a) + " at the observed mean";
        } else {
            v = Verdict.INCONCLUSIVE;
            want = design.nextLook(n);
            reason = "unresolved so far (" + bounds + "); the next look is at " + want + " paired seeds (cap " + CAP
                    + "); at this spread power " + TARGET_POWER + " needs about " + (needed > 1000 ? "more than 1000" : needed)
                    + " at the design's alternatives, " + seedsToDecideText(h, used, a) + " at the observed mean";
        }
        // an interval claim: its estimate is the mean paired difference; the interval, rule and margin travel in its
        // answer (Evidence.interval), with no paper value (issue 46)
        String quantity = "window test accuracy, " + xName + " minus " + yName + " (paired)";
        List<PowerCheck> power = new ArrayList<>();
        boolean isSup = h instanceof PairedHypothesis.Superiority;
        double effect = isSup ? ((PairedHypothesis.Superiority) h).delta() : ((PairedHypothesis.Equivalence) h).margin();
        power.add(new PowerCheck(isSup ? "no gap (d = 0): the rule must answer FAIL" : "a difference of 2 x margin = "
                + 2 * effect + ": the rule must answer FAIL", quantity, isSup ? 0 : -2 * effect,
                v == Verdict.FAIL || v == Verdict.PASS, h.powerToContradict(sd, used.n(), a)));
        power.add(new PowerCheck(isSup ? "a gap of delta = " + effect + ": the rule must answer PASS"
                : "no difference (d = 0): the rule must answer PASS", quantity, isSup ? effect : 0,
                v == Verdict.FAIL || v == Verdict.PASS, h.powerToSupport(sd, used.n(), a)));
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("protocol", plan.protocol().describe());
        p.put("statistic", "mean test accuracy (60,000 images) over the evaluations at iterations >= "
                + WindowStatistic.windowStart(plan.iterations()) + " of " + plan.iterations() + " (every " + plan.evalEvery() + ")");
        p.put("x", xName);
        p.put("y", yName);
        p.put("pairedSeeds", n);
        p.put("masterSeed", StudyPlan.seedNote(plan.masterSeed()));
        p.put("seedsAtDecision", used.n());
        p.put("statistic." + c.x(), round(x));
        p.put("statistic." + c.y(), round(y));
        p.put("differences", round(d));
        p.put("finalIterate." + c.x(), round(runs.finals(c.x(), n)));
        p.put("finalIterate." + c.y(), round(runs.finals(c.y(), n)));
        p.put("finalIterateMeanDifference", mean(runs.finals(c.x(), n)) - mean(runs.finals(c.y(), n)));
        p.put("hypothesis", h.rule());
        p.put("familyAlpha", PairedClaim.FAMILY_ALPHA + " (" + c.family().label() + "; Bonferroni over its claims)");
        p.put("claimAlpha", c.alpha());
        p.put("design", design.toString());
        p.put("seedsForPower" + TARGET_POWER, needed > 1000 ? ">1000" : needed);
        if (v == Verdict.INCONCLUSIVE) {
            p.put("seedsToDecideAtObservedMean", seedsToDecideCell(h, used, a));
        }
        // the study's main question, on the report's first screen: does SGD beat GD at all under this protocol?
        IntervalAnswer answer = answer(h, st.outcome(), protocol, xName, yName, used, lo, hi, a, Arrays.copyOf(d, used.n()),
                c.key().equals(PairedClaim.SGD_ABOVE_GD));
        Evidence e = Evidence.builder(id, c.paperRef(), statement).verdict(v, reason).parameters(p).interval(answer)
                .standardError(used.standardError()).falseAlarmProbability(c.alpha()).power(power).samples(n)
                .series(List.of(curves(id, runs, List.of(c.x(), c.y()), n))).build();
        return new ClaimResult(c, n, st, want, e);
    }

    /**
     * The claim's answer for a report: the paired differences the decision used, their mean and
     * bounds, the rule's lines (0 and the smallest effect, or the two margins) and one sentence that states
     * the comparison the rule made ({@link PairedHypothesis#because}), every number from the rule's fields.
     */
    static IntervalAnswer answer(PairedHypothesis h, PairedHypothesis.Outcome outcome, String protocol, String xName,
                                 String yName, PairedDifferences used, double lo, double hi, double alpha,
                                 double[] differences, boolean headline) {
        List<IntervalAnswer.Line> lines = new ArrayList<>();
        lines.add(new IntervalAnswer.Line("no difference", 0));
        String question;
        if (h instanceof PairedHypothesis.Superiority sup) {
            lines.add(new IntervalAnswer.Line("smallest effect " + points(sup.delta()), sup.delta()));
            question = String.format(Locale.ROOT, "under the %s protocol, does %s beat %s?", protocol, xName, yName);
        } else {
            double m = ((PairedHypothesis.Equivalence) h).margin();
            lines.add(new IntervalAnswer.Line("margin " + points(-m), -m));
            lines.add(new IntervalAnswer.Line("margin " + points(m), m));
            question = String.format(Locale.ROOT, "under the %s protocol, is %s within %s of %s?", protocol,
                    xName, points(m).substring(1), yName);
        }
        String word = outcome == PairedHypothesis.Outcome.SUPPORTED ? "Yes"
                : outcome == PairedHypothesis.Outcome.CONTRADICTED ? "No" : "Not decided";
        String answer = String.format(Locale.ROOT, "%s (%s): %s minus %s is %s on average over %d paired seeds; %s.", word,
                question, xName, yName, points(used.mean()), used.n(), h.because(outcome, lo, hi, StudyVerdicts::points));
        return new IntervalAnswer("window test accuracy, " + xName + " minus " + yName + " (paired)", used.mean(), lo, hi,
                String.format(Locale.ROOT, "one-sided %.4g-level t bounds at the look at %d seeds", alpha, used.n()),
                differences, lines, used.n(), h.rule(), answer, headline);
    }

    /** An accuracy difference in points with its sign, two decimals: 0.01355 -> "+1.36 points". */
    static String points(double difference) {
        return String.format(Locale.ROOT, "%+.2f points", 100 * difference);
    }

    /** Test accuracy vs iteration of {@code methods} over paired seeds 0..n-1: mean and a 95% t band. */
    static Series curves(String id, StudyRuns runs, List<String> methods, int n) {
        List<Integer> seeds = java.util.stream.IntStream.range(0, n).boxed().toList();
        List<Series.Curve> curves = new ArrayList<>();
        for (String m : methods) {
            StudyRuns.Curve c = runs.curve(m, seeds);
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < c.iterations().length; i++) {
                pts.add(new double[] {c.iterations()[i], c.mean()[i], c.lower()[i], c.upper()[i]});
            }
            curves.add(new Series.Curve(runs.plan().method(m).paperName(), pts));
        }
        // short enough for the figure's width at its smallest title font (FiguresTest: no title cut)
        return new Series(id + ".test-accuracy", "Test accuracy vs iteration (" + runs.plan().protocol().name()
                + "), mean of " + n + " paired seeds, 95% band", "iteration", "test accuracy (small Fashion-MNIST)",
                false, false, curves);
    }

    /**
     * Paired seeds at which the rule would decide (PASS or FAIL) with probability {@link #TARGET_POWER}
     * if the observed mean and spread were the truth ({@link PairedHypothesis#seedsToDecide}), at the
     * design's per-look alpha: for an unresolved claim, the budget a decision would need.
     *
     * @param h    the claim's hypothesis
     * @param used the paired differences of its latest look
     * @param a    the per-look alpha
     * @return "N", "&gt;1000", or "n/a (no spread)" when every difference is equal
     */
    public static String seedsToDecideCell(PairedHypothesis h, PairedDifferences used, double a) {
        if (!(used.sd() > 0)) {
            return "n/a (no spread)";
        }
        int n = h.seedsToDecide(used.mean(), used.sd(), TARGET_POWER, a, 1000);
        return n > 1000 ? ">1000" : String.valueOf(n);
    }

    private static String seedsToDecideText(PairedHypothesis h, PairedDifferences used, double a) {
        String cell = seedsToDecideCell(h, used, a);
        return cell.equals(">1000") ? "more than 1000" : cell.startsWith("n/a") ? "no estimate (no spread)" : "about " + cell;
    }

    static double mean(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s / a.length;
    }

    /** Per-seed values to 6 decimals, as a list (an array would print as its identity in the report). */
    private static List<Double> round(double[] a) {
        List<Double> r = new ArrayList<>();
        for (double x : a) {
            r.add(Math.round(x * 1e6) / 1e6);
        }
        return List.copyOf(r);
    }
}
