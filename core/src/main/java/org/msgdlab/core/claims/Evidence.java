package org.msgdlab.core.claims;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of checking one claim: parameters, every compared statistic, the verdict with its
 * reason, the power check(s), and series for figures. The scalar fields {@code estimate},
 * {@code reference}, {@code standardError}, {@code tolerance} and {@code discrepancy} repeat the
 * <em>headline</em> statistic: the first one for a PASS, otherwise the one farthest from the
 * paper's value in units of its tolerance. Immutable and thread-safe.
 * <p>
 * Three kinds of claim share this record ({@link #kind}), and {@code estimate} is the point estimate in each:
 * a <b>formula</b> claim's headline statistic against the paper's value; an <b>interval</b> claim's point
 * estimate (e.g. a mean paired difference), its interval, level and rule in {@link #interval}; a <b>timing</b>
 * claim's measured ratio, its bound, rounds and load in {@link #timing}. An interval or timing claim has no
 * paper value, tolerance, measured discrepancy or discrepancy limit: those are NaN (null in results.json)
 * and the limit absent, and the constructor refuses anything else.
 *
 * @param claimId               the claim's id ({@link Claim#id})
 * @param paperRef              where the statement is in the paper
 * @param statement             the statement as the paper makes it
 * @param verdict               the outcome
 * @param verdictReason         why, in words
 * @param parameters            the check's parameters by name, as {@code results.json} holds them
 *                              (arrays as lists)
 * @param estimate              the headline statistic's estimate (NaN when there is none)
 * @param reference             its reference value: the paper's, when {@link #decide} made the verdict
 * @param standardError         its standard error
 * @param tolerance             its acceptance half-width
 * @param discrepancy           its measured discrepancy from the paper, relative to |paper|
 *                              ({@link StatisticCheck#measuredDiscrepancy})
 * @param falseAlarmProbability the false-alarm probability the tolerances were set for (0 for an
 *                              exact computation)
 * @param statistics            every compared statistic
 * @param power                 the power checks: what wrong formulas the estimates reject, and how surely
 * @param discrepancyLimit      what is known of the gap to the paper's formula ({@link Discrepancy#limit()})
 * @param samples               the number of samples drawn (0 for an exact computation)
 * @param seconds               the seconds the check took
 * @param series                data for figures
 * @param interval              an interval claim's answer (null for another kind of claim)
 * @param timing                a timing claim's measurement (null for another kind of claim)
 */
public record Evidence(
        String claimId,
        String paperRef,
        String statement,
        Verdict verdict,
        String verdictReason,
        Map<String, Object> parameters,
        double estimate,
        double reference,
        double standardError,
        double tolerance,
        double discrepancy,
        double falseAlarmProbability,
        List<StatisticCheck> statistics,
        List<PowerCheck> power,
        @JsonInclude(JsonInclude.Include.NON_NULL) String discrepancyLimit,
        long samples,
        double seconds,
        List<Series> series,
        @JsonInclude(JsonInclude.Include.NON_NULL) IntervalAnswer interval,
        @JsonInclude(JsonInclude.Include.NON_NULL) TimingAnswer timing) {

    /** The kinds of claim, by what decides them. */
    public enum Kind {
        /** compared with the paper's formula (or checked exactly) through {@link StatisticCheck}s */
        FORMULA,
        /** decided by an interval and a pre-registered rule ({@link IntervalAnswer}) */
        INTERVAL,
        /** decided by a measured time ratio against a bound ({@link TimingAnswer}) */
        TIMING
    }

    /**
     * Copies the lists and the parameters, arrays among the parameters as lists; a null list (a
     * results file written by an older or partial run) reads as empty.
     *
     * @param claimId               the claim's id
     * @param paperRef              where the statement is in the paper
     * @param statement             the statement as the paper makes it
     * @param verdict               the outcome
     * @param verdictReason         why, in words
     * @param parameters            the check's parameters by name
     * @param estimate              the headline statistic's estimate
     * @param reference             its reference value: the paper's, when {@link #decide} made the verdict
     * @param standardError         its standard error
     * @param tolerance             its acceptance half-width
     * @param discrepancy           its measured discrepancy from the paper, relative to |paper|
     * @param falseAlarmProbability the false-alarm probability the tolerances were set for
     * @param statistics            every compared statistic, or null for none
     * @param power                 the power checks, or null for none
     * @param discrepancyLimit      what is known of the gap to the paper's formula
     * @param samples               the number of samples drawn
     * @param seconds               the seconds the check took
     * @param series                data for figures, or null for none
     * @param interval              an interval claim's answer, or null
     * @param timing                a timing claim's measurement, or null
     * @throws IllegalArgumentException when an interval or timing claim's estimate is not its answer's, or it
     *                                  carries a formula claim's field (reference, tolerance, discrepancy, limit)
     */
    public Evidence {
        // A results file written by an older or partial run may lack a list: read it as empty.
        parameters = parametersAsWritten(parameters);
        statistics = statistics == null ? List.of() : List.copyOf(statistics);
        power = power == null ? List.of() : List.copyOf(power);
        series = series == null ? List.of() : List.copyOf(series);
        if (interval == null && IntervalAnswer.from(parameters).isPresent()) {
            // a results file written before issue 46: the answer was in the parameters, the estimate a bound
            interval = IntervalAnswer.from(parameters).orElseThrow();
            parameters = java.util.Collections.unmodifiableMap(IntervalAnswer.without(parameters));
            estimate = interval.estimate();
            reference = Double.NaN;
            tolerance = Double.NaN;
            discrepancy = Double.NaN;
            discrepancyLimit = null;
            statistics = List.of();
        }
        if (interval != null && timing != null) {
            throw new IllegalArgumentException("claim " + claimId + ": has an interval and a timing; a claim is of one kind");
        }
        if (interval != null || timing != null) {
            String kind = interval != null ? "interval" : "timing";
            String aClaim = interval != null ? "an interval claim" : "a timing claim";
            double point = interval != null ? interval.estimate() : timing.ratio();
            if (Double.compare(estimate, point) != 0) {
                throw new IllegalArgumentException("claim " + claimId + ": estimate=" + estimate + " must be the " + kind
                        + " answer's point estimate " + point + " (never a bound)");
            }
            for (double x : new double[] {reference, tolerance, discrepancy}) {
                if (!Double.isNaN(x)) {
                    throw new IllegalArgumentException("claim " + claimId + ": reference=" + reference + ", tolerance="
                            + tolerance + ", discrepancy=" + discrepancy + " must be NaN: " + aClaim
                            + " has no paper value");
                }
            }
            if (discrepancyLimit != null) {
                throw new IllegalArgumentException("claim " + claimId + ": discrepancyLimit=\"" + discrepancyLimit
                        + "\" must be absent: " + aClaim + " has no paper formula");
            }
        }
    }

    /**
     * Evidence of a formula claim (no interval, no timing), as written before issue 46.
     *
     * @param claimId               the claim's id
     * @param paperRef              where the statement is in the paper
     * @param statement             the statement as the paper makes it
     * @param verdict               the outcome
     * @param verdictReason         why, in words
     * @param parameters            the check's parameters by name
     * @param estimate              the headline statistic's estimate
     * @param reference             its reference value
     * @param standardError         its standard error
     * @param tolerance             its acceptance half-width
     * @param discrepancy           its measured discrepancy from the paper
     * @param falseAlarmProbability the false-alarm probability the tolerances were set for
     * @param statistics            every compared statistic, or null for none
     * @param power                 the power checks, or null for none
     * @param discrepancyLimit      what is known of the gap to the paper's formula
     * @param samples               the number of samples drawn
     * @param seconds               the seconds the check took
     * @param series                data for figures, or null for none
     */
    public Evidence(String claimId, String paperRef, String statement, Verdict verdict, String verdictReason,
                    Map<String, Object> parameters, double estimate, double reference, double standardError,
                    double tolerance, double discrepancy, double falseAlarmProbability, List<StatisticCheck> statistics,
                    List<PowerCheck> power, String discrepancyLimit, long samples, double seconds, List<Series> series) {
        this(claimId, paperRef, statement, verdict, verdictReason, parameters, estimate, reference, standardError, tolerance,
                discrepancy, falseAlarmProbability, statistics, power, discrepancyLimit, samples, seconds, series, null, null);
    }

    /** @return the kind of claim: INTERVAL with an interval, TIMING with a timing, else FORMULA */
    public Kind kind() {
        return interval != null ? Kind.INTERVAL : timing != null ? Kind.TIMING : Kind.FORMULA;
    }

    /** @return whether the claim compares anything with a formula (a formula claim, or a timing claim with statistics) */
    public boolean hasFormula() {
        return kind() == Kind.FORMULA || !statistics.isEmpty();
    }

    /**
     * The parameters as results.json holds them: every array (double[], int[], long[], Object[], ...)
     * becomes a list of its elements, so that a report rendered from this object and one rendered
     * from the file it was written to show the same numbers (and never an array's identity, "[D@...").
     */
    private static Map<String, Object> parametersAsWritten(Map<String, Object> parameters) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (parameters != null) {
            parameters.forEach((k, v) -> m.put(k, listed(v)));
        }
        return java.util.Collections.unmodifiableMap(m);
    }

    private static Object listed(Object v) {
        if (v == null || !v.getClass().isArray()) {
            return v instanceof List<?> l ? l.stream().map(Evidence::listed).toList() : v;
        }
        int n = java.lang.reflect.Array.getLength(v);
        List<Object> out = new java.util.ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(listed(java.lang.reflect.Array.get(v, i)));
        }
        return java.util.Collections.unmodifiableList(out);
    }

    /**
     * Decides the verdict from the compared statistics, as DESIGN.md defines it: PASS when every
     * statistic agrees with the paper's formula; APPROXIMATE when every statistic agrees with the
     * derived formula and the gap to the paper's formula vanishes in the stated limit; FAIL when
     * the gap persists, or the estimate agrees with neither formula; INCONCLUSIVE when every
     * statistic agrees except one-sided ones ({@link StatisticCheck.Side#ABOVE}) that the budget
     * leaves unresolved (within their tolerance of the reference, neither confirmed nor contradicted).
     * The headline is the first statistic for a PASS, otherwise the one farthest from the paper's
     * value in units of its tolerance.
     *
     * @param claimId               the claim's id
     * @param paperRef              where the statement is in the paper
     * @param statement             the statement as the paper makes it
     * @param parameters            the check's parameters by name
     * @param falseAlarmProbability the false-alarm probability the tolerances were set for
     * @param statistics            the compared statistics, at least one
     * @param power                 the power checks
     * @param discrepancy           what is known of the gap between the paper's and the derived formula
     * @param samples               the number of samples drawn
     * @param seconds               the seconds the check took
     * @param series                data for figures
     * @return the evidence, with its verdict and reason
     * @throws IllegalArgumentException when {@code statistics} is empty
     */
    public static Evidence decide(String claimId, String paperRef, String statement,
                                  Map<String, Object> parameters, double falseAlarmProbability,
                                  List<StatisticCheck> statistics, List<PowerCheck> power,
                                  Discrepancy discrepancy, long samples, double seconds, List<Series> series) {
        return Decision.of(new ClaimRef(claimId, paperRef, statement)).parameters(parameters)
                .falseAlarmProbability(falseAlarmProbability).statistics(statistics).power(power).discrepancy(discrepancy)
                .samples(samples).series(series).decide().withSeconds(seconds);
    }

    /**
     * The same evidence with another verdict and reason, for checks whose verdict needs more than
     * {@link #decide} sees (e.g. {@link Verdict#INCONCLUSIVE} when a power check shows that the
     * negation of the statement would have passed as well).
     *
     * @param v      the verdict
     * @param reason why, in words
     * @return the same evidence with verdict {@code v} and reason {@code reason}
     */
    public Evidence withVerdict(Verdict v, String reason) {
        return toBuilder().verdict(v, reason).build();
    }

    /**
     * The same evidence with another time.
     *
     * @param seconds the runner's measurement of the check
     * @return the same evidence with {@code seconds} as its time
     */
    public Evidence withSeconds(double seconds) {
        return toBuilder().seconds(seconds).build();
    }

    /**
     * The same evidence with more said in its reason.
     *
     * @param detail what to add
     * @return the same evidence, same verdict, with {@code detail} appended to its reason after "; "
     */
    public Evidence withDetail(String detail) {
        return withVerdict(verdict, verdictReason + "; " + detail);
    }

    /** @return a builder holding every field of this evidence */
    public EvidenceBuilder toBuilder() {
        return new EvidenceBuilder(claimId, paperRef, statement).verdict(verdict, verdictReason).parameters(parameters)
                .headline(estimate, reference, standardError, tolerance, discrepancy)
                .falseAlarmProbability(falseAlarmProbability).statistics(statistics).power(power)
                .discrepancyLimit(discrepancyLimit).samples(samples).seconds(seconds).series(series)
                .interval(interval).timing(timing);
    }

    /** {@link #error(String, String, String, String, double)} of the claim {@code ref}. */
    public static Evidence error(ClaimRef ref, String message, double seconds) {
        return error(ref.id(), ref.paperRef(), ref.statement(), message, seconds);
    }

    /** {@link #notRun(String, String, String, String)} of the claim {@code ref}. */
    public static Evidence notRun(ClaimRef ref, String why) {
        return notRun(ref.id(), ref.paperRef(), ref.statement(), why);
    }

    /** {@link #notApplicable(String, String, String, Map, String)} of the claim {@code ref}. */
    public static Evidence notApplicable(ClaimRef ref, Map<String, Object> parameters, String why) {
        return notApplicable(ref.id(), ref.paperRef(), ref.statement(), parameters, why);
    }

    /**
     * {@link #builder(String, String, String)} of a claim given as its {@link ClaimRef}.
     *
     * @param ref the claim's id, paper reference and statement
     * @return the builder
     */
    public static EvidenceBuilder builder(ClaimRef ref) {
        return builder(ref.id(), ref.paperRef(), ref.statement());
    }

    /**
     * A builder of evidence.
     *
     * @param claimId   the claim's id
     * @param paperRef  where the statement is in the paper
     * @param statement the statement
     * @return a builder for evidence whose verdict the caller decides (prefer {@link #decide} when
     *         the verdict follows from statistics); unset numbers are NaN, lists empty
     */
    public static EvidenceBuilder builder(String claimId, String paperRef, String statement) {
        return new EvidenceBuilder(claimId, paperRef, statement);
    }

    /**
     * Four significant digits without trailing zeros: 0.004, -0.02130 -> -0.0213, 1.2e-07 (the precision of an
     * evidence's numbers in its sentences and its report card).
     *
     * @param x the number
     * @return its text
     */
    public static String shortNumber(double x) {
        if (x == 0 || !Double.isFinite(x)) {
            return x == 0 ? "0" : String.valueOf(x);
        }
        java.math.BigDecimal b = new java.math.BigDecimal(x, new java.math.MathContext(4)).stripTrailingZeros();
        return Math.abs(x) >= 1e-4 && Math.abs(x) < 1e6 ? b.toPlainString() : b.toString();
    }

    /**
     * Evidence for a claim whose check threw: verdict ERROR with the message.
     *
     * @param claimId   the claim's id
     * @param paperRef  where the statement is in the paper
     * @param statement the statement
     * @param message   what went wrong, the verdict's reason
     * @param seconds   the seconds the check ran before it threw
     * @return the evidence; the headline numbers NaN, lists empty
     */
    public static Evidence error(String claimId, String paperRef, String statement, String message, double seconds) {
        return builder(claimId, paperRef, statement).verdict(Verdict.ERROR, message).seconds(seconds).build();
    }

    /**
     * Evidence for a claim that did not run; {@code why} says why (interrupted, left out by the budget, ...).
     *
     * @param claimId   the claim's id
     * @param paperRef  where the statement is in the paper
     * @param statement the statement
     * @param why       why it did not run, the verdict's reason
     * @return the evidence, verdict NOT_RUN; the headline numbers NaN, lists empty
     */
    public static Evidence notRun(String claimId, String paperRef, String statement, String why) {
        return builder(claimId, paperRef, statement).verdict(Verdict.NOT_RUN, why).build();
    }

    /**
     * Evidence for a claim whose statement has no meaning for what it checks; {@code why} says why.
     *
     * @param claimId    the claim's id
     * @param paperRef   where the statement is in the paper
     * @param statement  the statement
     * @param parameters the parameters of the object checked
     * @param why        why the statement does not apply, the verdict's reason
     * @return the evidence, verdict NOT_APPLICABLE; the headline numbers NaN, lists empty
     */
    public static Evidence notApplicable(String claimId, String paperRef, String statement, Map<String, Object> parameters,
                                         String why) {
        return builder(claimId, paperRef, statement).verdict(Verdict.NOT_APPLICABLE, why).parameters(parameters).build();
    }
}
