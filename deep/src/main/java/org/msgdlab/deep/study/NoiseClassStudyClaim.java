package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Method;
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
 * trains with its own build, {@code train.sh}). An interval claim: for a recovery claim the estimate is R,
 * for a collapse claim the rate at which the noise alone collapsed; the set or bound, the band or margin and
 * the rule travel in its answer ({@link IntervalAnswer}), with no paper value.
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
                p.put("confidence set of R", NoiseClassVerdicts.setsToFourDigits(res.set()));
                p.put("band", List.of(NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER));
            }
            if (!r.seeds().notes().isEmpty()) {
                p.put("seeds", String.join("; ", r.seeds().notes()));
            }
            return Evidence.builder(ClaimRef.of(this)).verdict(res.verdict(), res.reason()).parameters(p)
                    .interval(answer(res, recovery))
                    .falseAlarmProbability(recovery ? NoiseClassClaim.looks().alphaPerLook() : NoiseClassClaim.claimAlpha())
                    .samples(res.used()).seconds((System.nanoTime() - t0) / 1e9).build();
        } catch (Exception ex) {
            return Evidence.error(ClaimRef.of(this), ex.getClass().getSimpleName() + ": " + ex.getMessage(),
                    (System.nanoTime() - t0) / 1e9);
        }
    }

    /**
     * The claim's answer for a report: R (or the rate of lone collapses), its interval, the band and one sentence
     * that states the comparison the rule made, every number from the rule's constants.
     */
    static IntervalAnswer answer(NoiseClassVerdicts.Result res, boolean recovery) {
        String noise = Method.shortName(res.claim().noise());
        String word = switch (res.verdict()) {
            case PASS -> "Yes";
            case FAIL -> "No";
            case NOT_RUN -> "Not decided yet";
            default -> "Not decided";
        };
        String band = "[" + NoiseClassClaim.BAND_LOWER + ", " + NoiseClassClaim.BAND_UPPER + "]";
        if (recovery) {
            double lo = res.set().stream().mapToDouble(SignedRankRatio.Interval::lower).min().orElse(Double.NaN);
            double hi = res.set().stream().mapToDouble(SignedRankRatio.Interval::upper).max().orElse(Double.NaN);
            String set = NoiseClassVerdicts.sets(res.set());
            String because = switch (res.verdict()) {
                case PASS -> "its confidence set " + set + " lies inside the band " + band;
                case FAIL -> "its confidence set " + set + " lies outside the band " + band;
                case NOT_RUN -> "before the first look, a description: confidence set so far " + set;
                default -> "its confidence set " + set + " is neither inside nor outside the band " + band;
            };
            String answer = String.format(Locale.ROOT, "%s (does %s keep R, its share of SGD-50's advantage over GD in the"
                            + " signed-rank sense, in %s?): R = %s over %d paired seeds without a collapse; %s.", word, noise,
                    band, NoiseClassVerdicts.fmt(res.estimate()), res.used(), because);
            return new IntervalAnswer("R, the ratio at which the contrasts (" + noise + " - GD) - R (SGD-50 - GD) centre"
                    + " (a pseudo-median ratio, not the mean share of SGD-50's advantage)",
                    res.estimate(), lo, hi, "signed-rank confidence set at one-sided alpha "
                    + String.format(Locale.ROOT, "%.3g", NoiseClassClaim.looks().alphaPerLook()) + " per look"
                    + (res.look() == 0 ? " (before the first look: a description, not a verdict)" : ""),
                    new double[0], List.of(new IntervalAnswer.Line("GD (R = 0)", 0), new IntervalAnswer.Line("SGD-50 (R = 1)", 1),
                    new IntervalAnswer.Line("band " + NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_LOWER),
                    new IntervalAnswer.Line("band " + NoiseClassClaim.BAND_UPPER, NoiseClassClaim.BAND_UPPER)),
                    res.used(), "PASS if R's confidence set lies inside " + band + ", FAIL if it lies outside,"
                    + " INCONCLUSIVE otherwise; looks at " + java.util.Arrays.toString(NoiseClassClaim.looks().looks())
                    + " paired seeds", answer, true);
        }
        int n = res.used();
        double alpha = NoiseClassClaim.claimAlpha();
        double margin = NoiseClassClaim.COLLAPSE_MARGIN;
        PairedEventRates rates = n == 0 ? null : new PairedEventRates(n, res.n10(), res.n01(), margin);
        double upper = rates == null ? Double.NaN : rates.upperBoundOnlyX(alpha);
        String bound = String.format(Locale.ROOT, "the upper bound %.3f of P(only %s collapses)", upper, noise);
        String because = switch (res.verdict()) {
            case PASS -> bound + " is below the margin " + margin + " and the exact McNemar test finds no excess"
                    + String.format(Locale.ROOT, " (p = %.3g)", rates.mcNemarP());
            case FAIL -> String.format(Locale.ROOT, "the exact McNemar test finds more lone collapses than SGD-50's"
                    + " (p = %.3g <= alpha %.3g)", rates.mcNemarP(), alpha);
            case NOT_RUN -> "the rule is applied once, at " + StudyPlan.NOISE_CLASS_CAP + " paired seeds";
            default -> bound + " is not below the margin " + margin + " and the exact McNemar test finds no excess";
        };
        String answer = String.format(Locale.ROOT, "%s (does %s collapse no more often than SGD-50?): over %d paired seeds it"
                + " collapsed alone at %d, SGD-50 alone at %d; %s.", word, noise, n, res.n10(), res.n01(), because);
        return new IntervalAnswer("P(" + noise + " collapses and SGD-50 does not)", n == 0 ? Double.NaN : (double) res.n10() / n,
                0, upper, String.format(Locale.ROOT, "Clopper-Pearson upper bound at one-sided alpha %.3g", alpha), new double[0],
                List.of(new IntervalAnswer.Line("margin " + margin, margin)),
                n, "PASS if the upper bound is below " + margin + " and McNemar does not reject;"
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
