package org.msgdlab.reports;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.reports.summary.SupportDesign;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The support study as a report is told of it ({@link #DESIGN}, typed here as deep gives it: {@code SupportReport.design()}
 * in deep's {@code report} package, which {@code NoiseClassReportTest} checks equal), and evidence of its six claims in the
 * form deep's {@code SupportStudyClaim} writes: before the first look (NOT_RUN, no interval) and at a look (an interval
 * answer in points).
 */
public final class SupportFixture {

    private SupportFixture() {
    }

    /** The six claims in the plan's order, the margin ±0.42 points and the last look at 100 paired seeds. */
    public static final SupportDesign DESIGN = new SupportDesign(List.of(
            new SupportDesign.Claim("deep.support.class.bernoulli-50-vs-cov", "Bernoulli-50 − Cov", true),
            new SupportDesign.Claim("deep.support.class.fisher-vs-cov", "Fisher − Cov", true),
            new SupportDesign.Claim("deep.support.support.cov-exact-10-below-cov", "[Cov-exact-10] − Cov", false),
            new SupportDesign.Claim("deep.support.support.fisher-10-below-fisher", "[Fisher-10] − Fisher", false),
            new SupportDesign.Claim("deep.support.as-sgd.dense-vs-sgd-50", "mean(Fisher, Cov, Bernoulli-50) − SGD-50", true),
            new SupportDesign.Claim("deep.support.as-sgd.sparse-below-sgd-50", "mean([Cov-exact-10], [Fisher-10]) − SGD-50", false)),
            0.42, 100);

    /**
     * The six claims before the first look: NOT_RUN, the reason {@code SupportStudyClaim} gives.
     *
     * @param seeds complete paired seeds so far
     * @return their evidence, in the plan's order
     */
    public static List<Evidence> beforeTheFirstLook(int seeds) {
        List<Evidence> out = new ArrayList<>();
        for (SupportDesign.Claim c : DESIGN.claims()) {
            out.add(Evidence.builder(new ClaimRef(c.claimId(), "Section 5; support study PLAN.md", "the claim " + c.label()))
                    .verdict(Verdict.NOT_RUN, seeds + " complete paired seeds, before the look at 50: the plan computes no statistic before it")
                    .parameters(Map.of("complete paired seeds", seeds)).build());
        }
        return out;
    }

    /**
     * The six claims at a look, each given its verdict, trimmed mean and bounds in points; at the cap, a claim undecided
     * holds the seeds a decision would need, "320" for [Fisher-10] and "&gt;1000" for the others.
     *
     * @param seeds     the look's paired seeds
     * @param verdicts  per claim, in the plan's order
     * @param estimates per claim: {estimate, lower, upper}
     * @return their evidence, in the plan's order
     */
    public static List<Evidence> atALook(int seeds, List<Verdict> verdicts, double[][] estimates) {
        List<Evidence> out = new ArrayList<>();
        for (int i = 0; i < DESIGN.claims().size(); i++) {
            SupportDesign.Claim c = DESIGN.claims().get(i);
            double[] x = estimates[i];
            IntervalAnswer a = new IntervalAnswer("10%-trimmed mean of " + c.label() + ", points", x[0], x[1], x[2],
                    "one-sided bounds at alpha 0.001 each side", new double[0],
                    List.of(new IntervalAnswer.Line("0", 0)), seeds, "the rule", "Answer for " + c.label(), true);
            out.add(Evidence.builder(new ClaimRef(c.claimId(), "Section 5; support study PLAN.md", "the claim " + c.label()))
                    .verdict(verdicts.get(i), "at the look of " + seeds).interval(a).samples(seeds)
                    .parameters(seeds == DESIGN.cap() && verdicts.get(i) == Verdict.INCONCLUSIVE
                            ? Map.of(SupportDesign.SEEDS_NEEDED, i == 3 ? "320" : ">1000") : Map.of())
                    .falseAlarmProbability(seeds < DESIGN.cap() ? 0.001 : 0.004).build());
        }
        return out;
    }
}
