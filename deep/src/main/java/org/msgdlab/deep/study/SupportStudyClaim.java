package org.msgdlab.deep.study;

import org.msgdlab.reports.figures.Charts;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.ClaimWithRef;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.stats.BandClaim;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A claim of the support study (deep/results/support-study/PLAN.md) as a claim of {@code msgd verify}: its verdict
 * from the study's completed runs on disk, nothing trained (the study trains with its own build, {@code train.sh}).
 * Before the look at {@value StudyPlan#SUPPORT_LOOK_EVERY} paired seeds it is NOT_RUN and says how many count: the plan
 * computes no statistic before. At a look it is an interval claim: the 10%-trimmed mean of the paired difference in
 * points, its one-sided bounds at the look's alpha, the margin or 0 drawn, the rule in its answer.
 * <p>
 * Thread-safe: the six claims share one reading of the runs, made under a lock.
 */
public final class SupportStudyClaim implements ClaimWithRef {

    private final SupportClaim claim;
    private final Shared shared;

    private SupportStudyClaim(SupportClaim claim, Shared shared) {
        this.claim = claim;
        this.shared = shared;
    }

    /**
     * The six claims on the runs in {@code dir}.
     *
     * @param dir     the study directory (deep/results/support-study)
     * @param dataDir where Fashion-MNIST is (recorded in the runs' settings)
     * @return the claims, in {@link SupportClaim#all()}'s order
     */
    public static List<Claim> all(Path dir, Path dataDir) {
        Shared s = new Shared(StudyPlan.support(dir, dataDir));
        return SupportClaim.all().stream().map(c -> (Claim) new SupportStudyClaim(c, s)).toList();
    }

    @Override
    public ClaimRef ref() {
        return new ClaimRef(claim.id(), "Section 5 (the noise class does not matter); support study PLAN.md", statement(claim));
    }

    /** The claim in words: its paired difference and what a PASS says of its trimmed mean. */
    static String statement(SupportClaim c) {
        String band = c.band() instanceof BandClaim.Equivalence
                ? String.format(Locale.ROOT, "lies within +-%.2f points (%.1f of SGD-50's %.2f-point advantage over GD in the"
                + " second study)", SupportClaim.DELTA, SupportClaim.MARGIN_SHARE, SupportClaim.ADVANTAGE)
                : "is below 0";
        return "The 10%-trimmed mean over paired seeds of " + c.difference() + ", in test accuracy points, " + band
                + " (the support study, fresh seeds, one family-wise alpha of " + SupportClaim.FAMILY_ALPHA + ")";
    }

    @Override
    public Evidence check(CheckContext context) {
        long t0 = System.nanoTime();
        try {
            Shared.Read r = shared.get();
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("complete paired seeds", r.seeds().counted().size());
            p.put("masterSeed", StudyPlan.seedNote(shared.plan.masterSeed()));
            p.put("looks", List.of(StudyPlan.SUPPORT_LOOK_EVERY, StudyPlan.SUPPORT_CAP));
            if (!r.seeds().leftOut().isEmpty()) {
                p.put("seeds left out", String.join("; ", r.seeds().leftOut()));
            }
            if (r.report() == null) {
                return Evidence.builder(ClaimRef.of(this)).verdict(org.msgdlab.core.claims.Verdict.NOT_RUN,
                                r.seeds().counted().size() + " complete paired seeds, before the look at "
                                        + StudyPlan.SUPPORT_LOOK_EVERY + ": the plan computes no statistic before it")
                        .parameters(p).seconds((System.nanoTime() - t0) / 1e9).build();
            }
            SupportVerdicts.ClaimResult res = r.report().claims().stream().filter(x -> x.claim().equals(claim)).findFirst()
                    .orElseThrow();
            SupportVerdicts.LookRow last = res.last();
            p.put("look (paired seeds)", last.look().seeds());
            p.put("alpha (one-sided, this look)", last.look().alpha());
            p.put("trimmed mean (points)", last.look().estimate().estimate());
            p.put("plain mean (points, a description)", last.mean().estimate());
            p.put("plain mean bounds", List.of(last.meanLower(), last.meanUpper()));
            res.needed().ifPresent(n -> p.put(org.msgdlab.reports.summary.SupportDesign.SEEDS_NEEDED, n.needed().cell()));
            return Evidence.builder(ClaimRef.of(this)).verdict(res.verdict(), res.reason()).parameters(p)
                    .interval(answer(res))
                    .power(SupportPower.checks(claim, res.verdict()))
                    .falseAlarmProbability(last.look().alpha())
                    .samples(last.look().seeds()).seconds((System.nanoTime() - t0) / 1e9).build();
        } catch (Exception ex) {
            return Evidence.error(ClaimRef.of(this), ex.getClass().getSimpleName() + ": " + ex.getMessage(),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    /** The claim's answer for a report: the trimmed mean in points, its bounds, the band's lines and one sentence. */
    static IntervalAnswer answer(SupportVerdicts.ClaimResult res) {
        SupportVerdicts.LookRow last = res.last();
        String word = switch (res.verdict()) {
            case PASS -> "Yes";
            case FAIL -> "No";
            default -> res.settled() ? "Not decided" : "Not decided yet";
        };
        boolean equivalence = res.claim().band() instanceof BandClaim.Equivalence;
        String question = equivalence
                ? String.format(Locale.ROOT, "is %s within +-%.2f points?", res.claim().difference(), SupportClaim.DELTA)
                : "is " + res.claim().difference() + " below 0?";
        String band = String.format(Locale.ROOT, "+-%.2f", SupportClaim.DELTA);
        String because = switch (res.verdict()) {
            case PASS -> equivalence ? "both bounds lie inside " + band : "the upper bound is below 0";
            case FAIL -> equivalence ? "the interval lies wholly outside " + band : "the lower bound is above 0";
            default -> (equivalence ? "the bounds are neither inside nor outside " + band : "the bounds straddle 0")
                    + (res.settled() ? "" : "; the next look is at " + StudyPlan.SUPPORT_CAP + " paired seeds")
                    + res.needed().map(n -> "; " + n.text() + " (PLAN.md amendment 3)").orElse("");
        };
        String answer = String.format(Locale.ROOT, "%s (%s): 10%%-trimmed mean %s points over %d paired seeds, one-sided"
                        + " bounds [%s, %s] at alpha %s; %s.", word, question, Charts.signedAscii(last.look().estimate().estimate(), 3),
                last.look().seeds(), Charts.signedAscii(last.look().lower(), 3), Charts.signedAscii(last.look().upper(), 3),
                SupportVerdicts.alpha(last.look().alpha()), because);
        List<IntervalAnswer.Line> lines = new ArrayList<>();
        lines.add(new IntervalAnswer.Line("0", 0));
        if (equivalence) {
            lines.add(new IntervalAnswer.Line(String.format(Locale.ROOT, "margin -%.2f", SupportClaim.DELTA), -SupportClaim.DELTA));
            lines.add(new IntervalAnswer.Line(String.format(Locale.ROOT, "margin +%.2f", SupportClaim.DELTA), SupportClaim.DELTA));
        }
        String rule = equivalence
                ? String.format(Locale.ROOT, "PASS if -%.2f < L and U < %.2f, FAIL if U < -%.2f or L > %.2f, INCONCLUSIVE"
                + " otherwise", SupportClaim.DELTA, SupportClaim.DELTA, SupportClaim.DELTA, SupportClaim.DELTA)
                : "PASS if U < 0, FAIL if L > 0, INCONCLUSIVE otherwise";
        return new IntervalAnswer("10%-trimmed mean of " + res.claim().difference() + ", points", last.look().estimate().estimate(),
                last.look().lower(), last.look().upper(), "one-sided Tukey-McLaughlin bounds at alpha "
                + SupportVerdicts.alpha(last.look().alpha()) + " each side (PLAN.md amendment 2)", new double[0], lines,
                last.look().seeds(), rule + "; looks at " + StudyPlan.SUPPORT_LOOK_EVERY + " and " + StudyPlan.SUPPORT_CAP
                + " paired seeds, the first that decides fixes the verdict", answer, true);
    }

    /** The runs and verdicts, read once. */
    private static final class Shared {
        record Read(SupportVerdicts.Seeds seeds, SupportVerdicts.Report report) {
        }

        private final StudyPlan plan;
        private Read read;

        Shared(StudyPlan plan) {
            this.plan = plan;
        }

        synchronized Read get() throws Exception {
            if (read == null) {
                StudyRuns runs = SupportVerdicts.read(plan);
                SupportVerdicts.Seeds seeds = SupportVerdicts.seeds(runs);
                read = new Read(seeds, SupportVerdicts.lookReached(seeds.counted().size()) == 0 ? null
                        : SupportVerdicts.evaluate(runs));
            }
            return read;
        }
    }
}
