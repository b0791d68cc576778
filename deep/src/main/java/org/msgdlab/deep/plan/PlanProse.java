package org.msgdlab.deep.plan;

import org.msgdlab.deep.train.Method;
import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.deep.study.SupportVerdicts;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A plan file in words, PLAN.md-style ({@code msgd study describe PLAN}): the question, the runs, the seeds and looks,
 * the error control, the lost-run rule, one line per claim with its rule and level, and the amendments. Rendered from
 * the file, never written beside it, so the prose cannot disagree with what the tool enforces.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanProse {

    private PlanProse() {
    }

    /**
     * The plan in Markdown.
     *
     * @param plan the plan
     * @return the text
     */
    public static String markdown(PlanFile plan) {
        StringBuilder s = new StringBuilder();
        s.append("# ").append(plan.title()).append(" (pre-registered plan `").append(plan.name()).append("`)\n\n");
        s.append("Rendered from `").append(plan.file().getFileName()).append("` (sha256 ").append(plan.sha256())
                .append(") by `msgd study describe`; the file is the plan, this text is its reading.\n\n");
        s.append("## Question\n\n").append(plan.question()).append("\n\n");
        s.append("## Runs\n\n");
        s.append(String.format(Locale.ROOT, "* Protocol `%s`, %,d iterations, a test evaluation every %d; the statistic of"
                        + " a run is its window test accuracy, the mean over the evaluations of the last 20%% of its iterations"
                        + " (in points: x 100).%n", plan.protocol().name(), plan.iterations(), plan.evalEvery()));
        s.append("* Methods: ").append(plan.methods().stream().map(m -> "`" + m + "`").collect(Collectors.joining(", ")))
                .append(". Paired seed s trains every method from `Streams.derive(").append(plan.masterSeed())
                .append(", s)`: the same initial weights and training images, each method drawing its own noise.\n");
        for (PlanFile.PluginJar j : plan.plugins()) {
            s.append("* Plug-in jar `").append(plan.dir().relativize(j.jar())).append("`, sha256 ").append(j.sha256())
                    .append(": a run refuses another jar.\n");
        }
        s.append("\n## Seeds and looks\n\n");
        s.append("* A paired seed is complete when all ").append(plan.methods().size()).append(" runs are completed, and")
                .append(" counts when its runs were computed alike (the same recorded bits); one that was not is left out")
                .append(" and named").append(plan.replaceLeftOut() ? ", and the next seed taken in its place" : "")
                .append(". Which seeds count depends on how and whether they were computed, never on their results.\n");
        s.append("* Looks at ").append(plan.looks().stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .append(" paired seeds; the cap is ").append(plan.cap()).append(". The first look that decides a claim fixes")
                .append(" its verdict.\n");
        s.append("* Lost run: ").append(plan.lostRun().collapse()
                ? "a collapse (test accuracy below 0.3 at an evaluation from iteration 1,000 on, training accuracy below 0.9"
                        + " at the end, or a window accuracy below 0.5); it leaves the paired seed out of a recovery claim's"
                        + " statistic and is the event of an event-rate claim."
                : "none: every counted seed enters every claim, whatever its runs did.").append("\n\n");
        s.append("## Error control\n\n");
        s.append(String.format(Locale.ROOT, "One family-wise probability of a wrong verdict for the whole study: %s,"
                        + " Bonferroni over its %d claims (%s each); each rule runs at %s of its share (%s), ",
                num(plan.alpha().family()), plan.claims().size(), num(plan.alpha().family() / plan.claims().size()),
                num(plan.alpha().reserve()), num(plan.claimAlpha())));
        s.append(plan.alpha().equal() ? "spent equally over the looks" : "spent " + plan.alpha().spend().stream()
                .map(PlanProse::num).collect(Collectors.joining(" / ")) + " at the looks");
        s.append(" (one-sided ").append(levels(plan)).append(").\n\n");
        s.append("## Claims (").append(plan.claims().size()).append(", one family)\n\n");
        for (PlannedClaim c : plan.claims()) {
            s.append("* `").append(plan.id(c)).append("`: ").append(statement(plan, c)).append("\n");
        }
        s.append("\n## Amendments\n\n");
        if (plan.amendments().isEmpty()) {
            s.append("None.\n");
        }
        int k = 1;
        for (PlanFile.Amendment a : plan.amendments()) {
            s.append(k++).append(". **").append(a.date()).append("** (runs recorded ").append(a.replaces()).append(" count): ")
                    .append(a.reason()).append("\n");
        }
        return s.toString();
    }

    /**
     * A claim in words, with its rule.
     *
     * @param plan the plan
     * @param c    the claim
     * @return e.g. "acc(MSGD-Fisher) - acc(MSGD-Cov): its 10%-trimmed mean within +-0.42 points (...)"
     */
    public static String statement(PlanFile plan, PlannedClaim c) {
        if (c instanceof PlannedClaim.Recovery r) {
            return String.format(Locale.ROOT, "%s keeps a share R of %s's advantage over %s in [%s, %s]: R is the ratio at which"
                            + " the paired contrasts (%s - %s) - R (%s - %s) centre (their signed-rank pseudo-median is 0), a"
                            + " pseudo-median ratio; PASS when R's confidence set lies inside the band, FAIL when it lies"
                            + " outside, each look at alpha / %d", Method.shortName(r.noise()), Method.shortName(r.to()),
                    Method.shortName(r.from()), num(r.lower()), num(r.upper()), Method.shortName(r.noise()), Method.shortName(r.from()),
                    Method.shortName(r.to()), Method.shortName(r.from()), plan.looks().size());
        }
        if (c instanceof PlannedClaim.EventRate e) {
            return String.format(Locale.ROOT, "%s's run is lost no more often than %s's: the share of paired seeds where only"
                            + " %s's run was lost exceeds the share where only %s's was by less than %s (exact McNemar-type"
                            + " bounds), decided once at %d paired seeds", Method.shortName(e.noise()), Method.shortName(e.against()),
                    Method.shortName(e.noise()), Method.shortName(e.against()), num(e.margin()), plan.cap());
        }
        PlannedClaim.Difference d = (PlannedClaim.Difference) c;
        String diff = (d.of().size() > 1 ? "mean of " : "") + "acc(" + d.of().stream().map(Method::shortName)
                .collect(Collectors.joining(", ")) + ") - acc(" + Method.shortName(d.against()) + ") in points";
        String location = d.location() == org.msgdlab.core.stats.Location.TRIMMED_MEAN
                ? "its 10%-trimmed mean (Tukey-McLaughlin bounds)" : "its mean (Student t bounds)";
        if (d.band() instanceof BandClaim.Equivalence eq) {
            PlannedClaim.Margin m = d.margin();
            return String.format(Locale.ROOT, "%s: %s within +-%s points (%s of %s, %s points: %s); %s", diff, location,
                    num(eq.margin()), num(m.share()), m.referenceContrast(), num(m.referencePoints()), m.source(),
                    d.band().rule());
        }
        return diff + ": " + location + " below 0; " + d.band().rule();
    }

    private static String levels(PlanFile plan) {
        if (plan.alpha().equal() && plan.claims().stream().allMatch(c -> !(c instanceof PlannedClaim.Difference))) {
            String once = plan.claims().stream().anyMatch(c -> c instanceof PlannedClaim.EventRate)
                    ? "; an event-rate claim, decided once, at " + SupportVerdicts.alpha(plan.claimAlpha()) + " at the cap" : "";
            return SupportVerdicts.alpha(plan.claimAlpha() / plan.looks().size()) + " per look" + once;
        }
        var spending = plan.spending();
        StringBuilder s = new StringBuilder();
        List<Integer> looks = plan.looks();
        for (int j = 0; j < looks.size(); j++) {
            s.append(j == 0 ? "" : ", ").append(SupportVerdicts.alpha(spending.alpha(j))).append(" at ").append(looks.get(j));
        }
        return s.toString();
    }

    /** A rule's number as the plan writes it: four significant digits, no trailing zeros. */
    static String num(double x) {
        return new java.math.BigDecimal(x).round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
