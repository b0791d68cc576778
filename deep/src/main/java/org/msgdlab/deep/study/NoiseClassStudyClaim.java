package org.msgdlab.deep.study;

import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.ClaimWithRef;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.stats.PairedEventRates;
import org.msgdlab.core.stats.SignedRankRatio;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A claim of the noise-class study (deep/results/noise-class-study/PLAN.md) as a claim of
 * {@code msgd verify}: its verdict from the study's completed runs on disk, nothing trained (the study
 * trains with its own build, {@code train.sh}). For a recovery claim the headline is R against SGD-50's
 * 1 with the band's half-width 0.5 as its tolerance; for a collapse claim, the noise's excess collapse
 * rate against 0 with the margin 0.1.
 * <p>
 * Thread-safe: the twelve claims share one reading of the runs, made under a lock.
 */
public final class NoiseClassStudyClaim implements ClaimWithRef {

    private final NoiseClassClaim claim;
    private final Shared shared;

    private NoiseClassStudyClaim(NoiseClassClaim claim, Shared shared) {
        this.claim = claim;
        this.shared = shared;
    }

    /**
     * The twelve claims on the runs in {@code dir}.
     *
     * @param dir     the study directory (deep/results/noise-class-study)
     * @param dataDir where Fashion-MNIST is (recorded in the runs' settings)
     * @return the claims, in {@link NoiseClassClaim#all()}'s order
     */
    public static List<Claim> all(Path dir, Path dataDir) {
        Shared s = new Shared(StudyPlan.noiseClass(dir, dataDir));
        return NoiseClassClaim.all().stream().map(c -> (Claim) new NoiseClassStudyClaim(c, s)).toList();
    }

    @Override
    public ClaimRef ref() {
        return new ClaimRef(claim.id(), claim.paperRef(), claim.statement());
    }

    @Override
    public Evidence check(CheckContext context) {
        long t0 = System.nanoTime();
        try {
            Shared.Read r = shared.get();
            NoiseClassVerdicts.Result res = r.results().stream().filter(x -> x.claim().equals(claim)).findFirst().orElseThrow();
            Map<String, Object> p = new LinkedHashMap<>();
            p.put("paired seeds used", r.seeds().used().size());
            p.put("masterSeed", StudyPlan.seedNote(shared.plan.masterSeed()));
            p.put("cap", StudyPlan.NOISE_CLASS_CAP);
            p.put("look", res.look());
            p.put("seeds in the statistic", res.used());
            p.put("noise collapsed alone", res.n10());
            p.put("SGD-50 collapsed alone", res.n01());
            boolean recovery = claim.kind() == NoiseClassClaim.Kind.RECOVERY;
            if (recovery) {
                p.put("confidence set of R", NoiseClassVerdicts.sets(res.set()));
                p.put("band", List.of(NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER));
            }
            if (!r.seeds().notes().isEmpty()) {
                p.put("seeds", String.join("; ", r.seeds().notes()));
            }
            answer(res, recovery).into(p);
            double est = res.estimate();
            double ref = recovery ? 1.0 : 0.0;
            double tol = recovery ? (NoiseClassClaim.BAND_UPPER - NoiseClassClaim.BAND_LOWER) / 2 : NoiseClassClaim.COLLAPSE_MARGIN;
            return Evidence.builder(id(), paperRef(), statement()).verdict(res.verdict(), res.reason()).parameters(p)
                    .headline(est, ref, Double.NaN, tol, Double.isFinite(est) ? est - ref : Double.NaN)
                    .falseAlarmProbability(recovery ? NoiseClassClaim.looks().alphaPerLook() : NoiseClassClaim.claimAlpha())
                    .samples(res.used()).seconds((System.nanoTime() - t0) / 1e9).build();
        } catch (Exception ex) {
            return Evidence.error(id(), paperRef(), statement(), ex.getClass().getSimpleName() + ": " + ex.getMessage(),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    /** The claim's answer for a report: R (or the rate of lone collapses), its interval, the band and one sentence. */
    static IntervalAnswer answer(NoiseClassVerdicts.Result res, boolean recovery) {
        String noise = NoiseClassClaim.paperName(res.claim().noise());
        String word = switch (res.verdict()) {
            case PASS -> "Yes";
            case FAIL -> "No";
            case NOT_RUN -> "Not decided yet";
            default -> "Not decided";
        };
        if (recovery) {
            double lo = res.set().stream().mapToDouble(SignedRankRatio.Interval::lower).min().orElse(Double.NaN);
            double hi = res.set().stream().mapToDouble(SignedRankRatio.Interval::upper).max().orElse(Double.NaN);
            String answer = String.format(Locale.ROOT, "%s (does %s keep between half and 1.5 times SGD-50's advantage over"
                            + " GD in the signed-rank sense, R in [%.1f, %.1f]?):"
                            + " R = %s over %d paired seeds without a collapse, confidence set %s.", word, noise,
                    NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER, NoiseClassVerdicts.fmt(res.estimate()), res.used(),
                    NoiseClassVerdicts.sets(res.set()));
            return new IntervalAnswer("R, the ratio at which the contrasts (" + noise + " - GD) - R (SGD-50 - GD) centre"
                    + " (a pseudo-median ratio, not the mean share of SGD-50's advantage)",
                    res.estimate(), lo, hi, "signed-rank confidence set at one-sided alpha "
                    + String.format(Locale.ROOT, "%.3g", NoiseClassClaim.looks().alphaPerLook()) + " per look"
                    + (res.look() == 0 ? " (before the first look: a description, not a verdict)" : ""),
                    new double[0], List.of(new IntervalAnswer.Line("GD (R = 0)", 0), new IntervalAnswer.Line("SGD-50 (R = 1)", 1),
                    new IntervalAnswer.Line("band " + NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_LOWER),
                    new IntervalAnswer.Line("band " + NoiseClassClaim.BAND_UPPER, NoiseClassClaim.BAND_UPPER)),
                    res.used(), "PASS if R's confidence set lies inside [" + NoiseClassClaim.BAND_LOWER + ", "
                    + NoiseClassClaim.BAND_UPPER + "], FAIL if it lies outside, INCONCLUSIVE otherwise; looks at "
                    + java.util.Arrays.toString(NoiseClassClaim.looks().looks()) + " paired seeds", answer, true);
        }
        int n = res.used();
        double alpha = NoiseClassClaim.claimAlpha();
        double upper = n == 0 ? Double.NaN
                : new PairedEventRates(n, res.n10(), res.n01(), NoiseClassClaim.COLLAPSE_MARGIN).upperBoundOnlyX(alpha);
        String answer = String.format(Locale.ROOT, "%s (does %s collapse no more often than SGD-50?): over %d paired seeds it"
                + " collapsed alone at %d, SGD-50 alone at %d.", word, noise, n, res.n10(), res.n01());
        return new IntervalAnswer("P(" + noise + " collapses and SGD-50 does not)", n == 0 ? Double.NaN : (double) res.n10() / n,
                0, upper, String.format(Locale.ROOT, "Clopper-Pearson upper bound at one-sided alpha %.3g", alpha), new double[0],
                List.of(new IntervalAnswer.Line("margin " + NoiseClassClaim.COLLAPSE_MARGIN, NoiseClassClaim.COLLAPSE_MARGIN)),
                n, "PASS if the upper bound is below " + NoiseClassClaim.COLLAPSE_MARGIN + " and McNemar does not reject;"
                + " FAIL if the exact McNemar test finds more lone collapses than SGD-50's; decided once, at "
                + StudyPlan.NOISE_CLASS_CAP + " paired seeds", answer, false);
    }

    /** The runs and verdicts, read once. */
    private static final class Shared {
        record Read(NoiseClassVerdicts.Seeds seeds, List<NoiseClassVerdicts.Result> results) {
        }

        private final StudyPlan plan;
        private Read read;

        Shared(StudyPlan plan) {
            this.plan = plan;
        }

        synchronized Read get() throws Exception {
            if (read == null) {
                StudyRuns runs = StudyRuns.read(plan, StudyPlan.NOISE_CLASS_CAP);
                NoiseClassVerdicts.Seeds seeds = NoiseClassVerdicts.seeds(runs, false);
                read = new Read(seeds, NoiseClassVerdicts.evaluate(runs, seeds));
            }
            return read;
        }
    }
}
