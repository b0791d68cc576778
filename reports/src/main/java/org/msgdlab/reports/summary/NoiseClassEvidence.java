package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The noise-class study's claims as a results file carries them (deep/results/noise-class-study/PLAN.md; the claims
 * a {@link NoiseClassDesign} names, found by id in any study): per noise, its recovery claim (R, a pseudo-median
 * ratio, with its confidence set and the band) and its collapse claim (the rate of lone collapses with its bound).
 * Everything is read from the evidence, never from the study's run folders: the report's first sentence and its
 * forest plot are drawn from this.
 * <p>
 * Immutable and thread-safe.
 *
 * @param pairedSeeds the paired seeds the study had used (its claims' parameter "paired seeds used"; 0 if none says)
 * @param bandLower   the band's lower edge (the claims' parameter "band", else the plan's)
 * @param bandUpper   the band's upper edge
 * @param recoveries  the recovery claims present, in the plan's order
 * @param collapses   the collapse claims present, in the plan's order
 */
public record NoiseClassEvidence(int pairedSeeds, double bandLower, double bandUpper, List<Recovery> recoveries,
                                 List<Collapse> collapses) {

    /** Copies the lists. */
    public NoiseClassEvidence {
        recoveries = List.copyOf(recoveries);
        collapses = List.copyOf(collapses);
    }

    /**
     * A recovery claim: does the noise keep R in the band?
     *
     * @param claimId  the claim's id
     * @param noise    the noise's paper name, e.g. MSGD-[Fisher-10]
     * @param family   the noise's family in words: "Bernoulli", "Gaussian", "sparse" or "other" (as the design gives it)
     * @param verdict  the claim's verdict
     * @param estimate R (NaN when the claim carries none)
     * @param lower    the lower end of R's confidence set
     * @param upper    its upper end
     * @param set      the set in words as the claim states it (its pieces when not one interval)
     * @param used     paired seeds without a collapse in the statistic
     * @param look     the deciding look in paired seeds (0 before the first)
     */
    public record Recovery(String claimId, String noise, String family, Verdict verdict, double estimate, double lower,
                           double upper, String set, int used, int look) {
    }

    /**
     * A collapse claim: does the noise collapse no more often than SGD-50?
     *
     * @param claimId the claim's id
     * @param noise   the noise's paper name
     * @param verdict the claim's verdict
     * @param rate    the rate at which the noise alone collapsed
     * @param bound   the upper bound of that rate
     */
    public record Collapse(String claimId, String noise, Verdict verdict, double rate, double bound) {
    }

    /**
     * The noise-class claims of {@code results}.
     *
     * @param results a results file
     * @param design  the study's claims and band
     * @return them, empty when it holds no recovery claim of the study (e.g. {@code --only theory})
     */
    public static Optional<NoiseClassEvidence> from(Results results, NoiseClassDesign design) {
        Map<String, Evidence> byId = new LinkedHashMap<>();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                byId.put(e.claimId(), e);
            }
        }
        List<Recovery> recoveries = new ArrayList<>();
        List<Collapse> collapses = new ArrayList<>();
        int seeds = 0;
        double lower = design.bandLower();
        double upper = design.bandUpper();
        for (NoiseClassDesign.Claim c : design.claims()) {
            Evidence e = byId.get(c.claimId());
            if (e == null) {
                continue;
            }
            Map<String, Object> p = e.parameters() == null ? Map.of() : e.parameters();
            seeds = Math.max(seeds, integer(p.get("paired seeds used")));
            Optional<IntervalAnswer> a = Optional.ofNullable(e.interval());
            String noise = c.noise();
            if (c.kind() == NoiseClassDesign.Kind.RECOVERY) {
                if (p.get("band") instanceof List<?> band && band.size() == 2 && band.get(0) instanceof Number l
                        && band.get(1) instanceof Number u) {
                    lower = l.doubleValue();
                    upper = u.doubleValue();
                }
                double lo = a.map(IntervalAnswer::lower).orElse(Double.NaN);
                double hi = a.map(IntervalAnswer::upper).orElse(Double.NaN);
                String set = p.get("confidence set of R") instanceof String s ? s : interval(lo, hi);
                recoveries.add(new Recovery(e.claimId(), noise, c.family(), e.verdict(),
                        a.map(IntervalAnswer::estimate).orElse(Double.NaN), lo, hi, set,
                        p.containsKey("seeds in the statistic") ? integer(p.get("seeds in the statistic")) : a.map(IntervalAnswer::seeds).orElse(0),
                        integer(p.get("look"))));
            } else {
                collapses.add(new Collapse(e.claimId(), noise, e.verdict(), a.map(IntervalAnswer::estimate).orElse(Double.NaN),
                        a.map(IntervalAnswer::upper).orElse(Double.NaN)));
            }
        }
        if (recoveries.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new NoiseClassEvidence(seeds, lower, upper, recoveries, collapses));
    }

    /** @return the ids of the claims read, recoveries then collapses */
    public List<String> claimIds() {
        List<String> ids = new ArrayList<>();
        recoveries.forEach(r -> ids.add(r.claimId()));
        collapses.forEach(c -> ids.add(c.claimId()));
        return ids;
    }

    /**
     * A recovery claim's set of R as the report prints it, in its sentence and its forest plot's labels: one interval
     * with two decimals, as R is printed ("[0.35, 0.93]" for the claim's "[0.3506, 0.9315]"), except a bound that two
     * decimals would round onto a band edge it is not on, which keeps the decimals that tell its side ("[0.4996,
     * 0.93]"); a set of pieces in the claim's own words ({@link Recovery#set}, also what the figure's CSV holds).
     *
     * @param r one of this evidence's recovery claims
     * @return the set in words
     */
    public String printedSet(Recovery r) {
        if (r.set().chars().filter(c -> c == ',').count() != 1 || Double.isNaN(r.lower()) || Double.isNaN(r.upper())) {
            return r.set();
        }
        return interval(r.lower(), r.upper(), this::bound);
    }

    /** Two decimals, or up to six where fewer would round {@code x} onto a band edge it is not on. */
    private String bound(double x) {
        String s = two(x);
        for (int d = 3; d <= 6 && Double.isFinite(x) && onAnEdge(Double.parseDouble(s), x); d++) {
            s = String.format(Locale.ROOT, "%." + d + "f", x);
        }
        return s;
    }

    private boolean onAnEdge(double shown, double x) {
        return (shown == bandLower || shown == bandUpper) && x != shown;
    }

    /** An interval with two decimals, "[0.35, 0.93]". */
    static String interval(double lower, double upper) {
        return interval(lower, upper, NoiseClassEvidence::two);
    }

    /** An interval with its ends written by {@code end}, open at an infinite end. */
    private static String interval(double lower, double upper, java.util.function.DoubleFunction<String> end) {
        return (Double.isInfinite(lower) ? "(" : "[") + end.apply(lower) + ", " + end.apply(upper)
                + (Double.isInfinite(upper) ? ")" : "]");
    }

    /** Two decimals, as the study's verdicts print R; "undefined" for NaN. */
    static String two(double x) {
        return Double.isNaN(x) ? "undefined" : Double.isInfinite(x) ? (x > 0 ? "+inf" : "-inf")
                : String.format(Locale.ROOT, "%.2f", x);
    }

    private static int integer(Object v) {
        return v instanceof Number n ? n.intValue() : 0;
    }
}
