package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Method;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.PairedEventRates;
import org.msgdlab.core.stats.PairedHypothesis;
import org.msgdlab.core.stats.SequentialDesign;
import org.msgdlab.core.stats.SignedRankRatio;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The two rules of the noise-class study's claims, each given as a record, so that the study's own claims
 * ({@link NoiseClassClaim}) and a plan file's ({@code org.msgdlab.deep.plan}) are decided by one piece of code:
 * a recovery claim (R by {@link SignedRankRatio}, sequential looks against a band) and an event-rate claim (the
 * noise's run collapses no more often than the reference's, {@link PairedEventRates}, decided once at the cap).
 * <p>
 * Stateless and thread-safe.
 */
public final class RecoveryAndCollapse {

    private RecoveryAndCollapse() {
    }

    /**
     * A claim's decision, before it is tied to a claim record: the fields of {@link NoiseClassVerdicts.Result} but the claim.
     *
     * @param verdict  PASS, FAIL, INCONCLUSIVE, or NOT_RUN before the first look (event rate: before the cap)
     * @param look     the paired seeds of the look that decided, or of the last look reached (0: none)
     * @param used     the seeds the statistic used at that look
     * @param estimate recovery: R's estimate; event rate: n10 / n
     * @param set      recovery: R's confidence set; event rate: empty
     * @param n10      seeds where the noise collapsed and the reference did not
     * @param n01      seeds where the reference collapsed and the noise did not
     * @param reason   the verdict in words, with its numbers
     */
    public record Decision(Verdict verdict, int look, int used, double estimate, List<SignedRankRatio.Interval> set,
                           int n10, int n01, String reason) {
    }

    /**
     * A recovery claim's rule: how much of {@code to}'s advantage over {@code from} the noise keeps, R by
     * {@link SignedRankRatio}, decided at {@code design}'s looks against the band [{@code lower}, {@code upper}];
     * seeds where any of the three collapsed are left out of R's statistic when {@code leaveOutCollapses}.
     *
     * @param noise             the noise's method name
     * @param from              the anchor R is measured from (GD)
     * @param to                the anchor whose advantage is recovered (SGD-50)
     * @param lower             the band's lower edge
     * @param upper             the band's upper edge
     * @param design            the looks and the claim's alpha (each look at alpha / J)
     * @param leaveOutCollapses whether a collapse of any of the three leaves the seed out of the statistic
     * @param toName            the paper's name of {@code to}, for the words
     */
    public record RecoveryRule(String noise, String from, String to, double lower, double upper, SequentialDesign design,
                               boolean leaveOutCollapses, String toName) {

        /** @return the noise-class plan's rule for a recovery claim */
        static RecoveryRule of(NoiseClassClaim c) {
            return new RecoveryRule(c.noise(), NoiseClassClaim.GD, NoiseClassClaim.SGD, NoiseClassClaim.BAND_LOWER,
                    NoiseClassClaim.BAND_UPPER, NoiseClassClaim.looks(), true, Method.shortName(NoiseClassClaim.SGD));
        }
    }

    /**
     * An event-rate claim's rule: the noise's run collapses no more often than the reference's, by at most
     * {@code margin} in the share of paired seeds where only the noise's run collapsed, decided once at {@code cap}
     * paired seeds by {@link PairedEventRates} at one-sided {@code alpha}.
     *
     * @param noise     the noise's method name
     * @param against   the reference method (SGD-50)
     * @param margin    the excess rate still called "no more often"
     * @param cap       the paired seeds of the one look
     * @param alpha     the claim's one-sided level
     * @param noiseName the paper's name of the noise
     * @param againstName the paper's name of the reference
     */
    public record EventRateRule(String noise, String against, double margin, int cap, double alpha, String noiseName,
                                String againstName) {

        /** @return the noise-class plan's rule for a collapse claim */
        static EventRateRule of(NoiseClassClaim c) {
            return new EventRateRule(c.noise(), NoiseClassClaim.SGD, NoiseClassClaim.COLLAPSE_MARGIN,
                    StudyPlan.NOISE_CLASS_CAP, NoiseClassClaim.claimAlpha(), Method.shortName(c.noise()),
                    Method.shortName(NoiseClassClaim.SGD));
        }
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


    static Contrasts contrasts(StudyRuns runs, List<Integer> used, Map<Integer, Map<String, Collapse>> collapses,
                                       RecoveryRule rule) {
        int n = used.size();
        double[] a = new double[n];
        double[] b = new double[n];
        boolean[] x = new boolean[n];
        for (int k = 0; k < n; k++) {
            int s = used.get(k);
            if (rule.leaveOutCollapses()) {
                for (String m : List.of(rule.from(), rule.to(), rule.noise())) {
                    x[k] |= collapsed(collapses, s, m);
                }
            }
            double from = runs.byMethod().get(rule.from()).get(s).statistic();
            a[k] = runs.byMethod().get(rule.noise()).get(s).statistic() - from;
            b[k] = runs.byMethod().get(rule.to()).get(s).statistic() - from;
        }
        return new Contrasts(a, b, x);
    }

    /**
     * A recovery claim: {@link SignedRankRatio#sequential}, the plan's rule, on the noise's contrasts; at the
     * look it decided (or at the cap) the estimate and set of that look's kept seeds; before that a
     * description over the seeds so far.
     *
     * @param runs      the completed runs
     * @param used      the paired seeds that count, in order
     * @param collapses each counted seed's collapse verdicts, method name to verdict (may be empty when the rule leaves
     *                  no seed out)
     * @param rule      the rule
     * @return the decision
     */
    public static Decision recovery(StudyRuns runs, List<Integer> used, Map<Integer, Map<String, Collapse>> collapses,
                             RecoveryRule rule) {
        var design = rule.design();
        double alpha = design.alphaPerLook();
        int[] counts = rule.leaveOutCollapses() ? collapseCounts(used, collapses, rule.noise(), rule.to()) : new int[2];
        Contrasts ct = contrasts(runs, used, collapses, rule);
        SequentialDesign.Status st = SignedRankRatio.sequential(ct.a(), ct.b(), ct.collapsed(), design,
                rule.lower(), rule.upper());
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
                    NoiseClassVerdicts.fmt(r.estimate()), NoiseClassVerdicts.sets(set), alpha, rule.lower(), rule.upper());
            if (v == Verdict.INCONCLUSIVE) {
                why += "; " + seedsNeeded(r.estimate(), set, atLook[0].length, rule.lower(), rule.upper());
            }
            return new Decision(v, look, atLook[0].length, r.estimate(), set, counts[0], counts[1], why);
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
                        + " not a verdict) R = %s, set %s", used.size(), next, NoiseClassVerdicts.fmt(est), NoiseClassVerdicts.sets(set))
                : String.format(Locale.ROOT, "undecided at the look of %d paired seeds; the next look is at %d (%d settled now);"
                        + " so far R = %s, set %s", look, next, used.size(), NoiseClassVerdicts.fmt(est), NoiseClassVerdicts.sets(set));
        return new Decision(look == 0 ? Verdict.NOT_RUN : Verdict.INCONCLUSIVE, look, ab[0].length, est, set,
                counts[0], counts[1], why);
    }

    /**
     * An event-rate claim: decided once, at the rule's cap, by {@link PairedEventRates}; before it, the counts so far.
     *
     * @param used      the paired seeds that count, in order
     * @param collapses each counted seed's collapse verdicts, method name to verdict
     * @param rule      the rule
     * @return the decision
     */
    public static Decision collapse(List<Integer> used, Map<Integer, Map<String, Collapse>> collapses, EventRateRule rule) {
        int cap = rule.cap();
        int n = used.size();
        int[] k = collapseCounts(used, collapses, rule.noise(), rule.against());
        if (n < cap) {
            return new Decision(Verdict.NOT_RUN, 0, n, n == 0 ? Double.NaN : (double) k[0] / n, List.of(), k[0], k[1],
                    String.format(Locale.ROOT, "decided once, at %d paired seeds; so far %d of %d seeds: %s collapsed alone"
                            + " at %d, %s alone at %d", cap, n, cap, rule.noiseName(), k[0], rule.againstName(), k[1]));
        }
        PairedEventRates r = new PairedEventRates(cap, k[0], k[1], rule.margin());
        double alpha = rule.alpha();
        PairedHypothesis.Outcome o = r.decide(alpha);
        Verdict v = o == PairedHypothesis.Outcome.SUPPORTED ? Verdict.PASS
                : o == PairedHypothesis.Outcome.CONTRADICTED ? Verdict.FAIL : Verdict.INCONCLUSIVE;
        return new Decision(v, cap, cap, (double) k[0] / cap, List.of(), k[0], k[1], String.format(Locale.ROOT,
                "%s at %d paired seeds: collapsed alone at %d seeds, %s alone at %d; exact McNemar p = %.3g,"
                        + " upper bound of P(only %s collapses) %.3f (margin %.2f) at one-sided alpha %.3g", v, cap, k[0],
                rule.againstName(), k[1], r.mcNemarP(), rule.noiseName(), r.upperBoundOnlyX(alpha), rule.margin(),
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

    /** {n10, n01} over the used seeds: only the noise collapsed, only the reference (SGD-50) did. */
    static int[] collapseCounts(List<Integer> used, Map<Integer, Map<String, Collapse>> collapses, String noise,
                                String against) {
        int a = 0;
        int b = 0;
        for (int s : used) {
            boolean x = collapsed(collapses, s, noise);
            boolean y = collapsed(collapses, s, against);
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
        return seedsNeeded(estimate, set, n, NoiseClassClaim.BAND_LOWER, NoiseClassClaim.BAND_UPPER);
    }

    private static String seedsNeeded(double estimate, List<SignedRankRatio.Interval> set, int n, double lower, double upper) {
        if (set.size() != 1 || !set.get(0).bounded() || !Double.isFinite(estimate)) {
            return "no projection: the set is unbounded or in pieces (SGD-50's advantage over GD is not clear at these seeds)";
        }
        double half = (set.get(0).upper() - set.get(0).lower()) / 2;
        boolean inBand = estimate > lower && estimate < upper;
        double room = inBand ? Math.min(estimate - lower, upper - estimate)
                : Math.min(Math.abs(estimate - lower), Math.abs(estimate - upper));
        if (room <= 0) {
            return "no projection: the estimate sits on the band's edge";
        }
        long need = (long) Math.ceil(n * (half / room) * (half / room));
        return String.format(Locale.ROOT, "about %d seeds without a collapse would %s it if this estimate held and the set"
                + " narrowed as 1/sqrt(n) (a projection to a coin flip, not a power: a study of that size would %s it only"
                + " about half the time, and a power of %.1f needs more seeds)", need, inBand ? "PASS" : "FAIL",
                inBand ? "PASS" : "FAIL", PROJECTION_POWER);
    }
}
