package org.msgdlab.core.claims;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A verdict decided from statistics, its inputs named one by one: a claim's check ends with
 * {@code Decision.of(ref).parameters(p).falseAlarmProbability(alpha).statistics(s).power(pw).decide()} ({@link
 * #decide} states the rule; {@link Evidence#decide} is the same rule with positional inputs). The claim travels as its {@link ClaimRef}; nothing here takes the time, which
 * the runner measures around the whole check ({@link Evidence#withSeconds}). Not thread-safe; each setter returns
 * this decision.
 */
public final class Decision {

    private final ClaimRef ref;
    private Map<String, Object> parameters = new LinkedHashMap<>();
    private double falseAlarmProbability;
    private List<StatisticCheck> statistics = List.of();
    private List<PowerCheck> power = List.of();
    private Discrepancy discrepancy = Discrepancy.none();
    private long samples;
    private List<Series> series = List.of();

    private Decision(ClaimRef ref) {
        this.ref = Objects.requireNonNull(ref, "claim");
    }

    /**
     * The decision of the claim {@code ref}: no parameter, false-alarm probability 0 (an exact check), no
     * statistic yet, no power check, no discrepancy, no sample, no series until set.
     *
     * @param ref the claim's id, paper reference and statement
     * @return the decision
     */
    public static Decision of(ClaimRef ref) {
        return new Decision(ref);
    }

    /** @param p the check's parameters by name @return this decision */
    public Decision parameters(Map<String, Object> p) {
        this.parameters = Objects.requireNonNull(p, "parameters");
        return this;
    }

    /** @param alpha the false-alarm probability the tolerances were set for @return this decision */
    public Decision falseAlarmProbability(double alpha) {
        this.falseAlarmProbability = alpha;
        return this;
    }

    /** @param s the compared statistics, at least one by {@link #decide} @return this decision */
    public Decision statistics(List<StatisticCheck> s) {
        this.statistics = List.copyOf(s);
        return this;
    }

    /** @param p the power checks: how the check would reject plausible wrong answers @return this decision */
    public Decision power(List<PowerCheck> p) {
        this.power = List.copyOf(p);
        return this;
    }

    /** @param d what is known of the gap between the paper's and the derived formula @return this decision */
    public Decision discrepancy(Discrepancy d) {
        this.discrepancy = Objects.requireNonNull(d, "discrepancy");
        return this;
    }

    /** @param n the number of samples drawn @return this decision */
    public Decision samples(long n) {
        this.samples = n;
        return this;
    }

    /** @param s data for figures @return this decision */
    public Decision series(List<Series> s) {
        this.series = List.copyOf(s);
        return this;
    }

    /**
     * The evidence with its verdict and reason: PASS when every statistic agrees with the paper's value; INCONCLUSIVE
     * when the only disagreements are statistics not resolved at this budget; APPROXIMATE when every statistic
     * matches the derived (exact) value and the discrepancy vanishes; FAIL otherwise, naming the statistics that
     * agree with neither. Its time is 0 until the runner sets the check's.
     *
     * @return the evidence
     * @throws IllegalArgumentException when no statistic was given
     */
    public Evidence decide() {
        if (statistics.isEmpty()) {
            throw new IllegalArgumentException("claim " + ref.id() + ": a verdict needs at least one statistic");
        }
        boolean paperOk = statistics.stream().allMatch(StatisticCheck::agreesWithPaper);
        boolean derivedOk = statistics.stream().allMatch(StatisticCheck::agreesWithDerived);
        Verdict verdict;
        String reason;
        List<String> unresolved = statistics.stream().filter(StatisticCheck::unresolved)
                .map(s -> s.name() + " = " + Evidence.shortNumber(s.estimate()) + " is within ±"
                        + Evidence.shortNumber(s.tolerance()) + " of " + Evidence.shortNumber(s.paperValue())).toList();
        boolean othersOk = statistics.stream().allMatch(s -> s.agreesWithPaper() || s.unresolved());
        if (!paperOk && othersOk) {
            verdict = Verdict.INCONCLUSIVE;
            reason = "not resolved at this budget: " + String.join("; ", unresolved) + " (neither confirmed nor contradicted)"
                    + (unresolved.size() < statistics.size() ? "; every other statistic agrees" : "");
        } else if (paperOk) {
            verdict = Verdict.PASS;
            reason = "every statistic agrees with the paper's formula within its tolerance";
        } else if (derivedOk && discrepancy.vanishes()) {
            verdict = Verdict.APPROXIMATE;
            reason = "the estimate rejects the paper's formula and matches the exact one; gap: " + discrepancy.limit();
        } else if (derivedOk) {
            verdict = Verdict.FAIL;
            reason = "the estimate rejects the paper's formula and matches the exact one; the gap does not vanish: "
                    + discrepancy.limit();
        } else {
            verdict = Verdict.FAIL;
            List<String> bad = new ArrayList<>();
            for (StatisticCheck s : statistics) {
                if (!s.agreesWithDerived() && !s.unresolved()) {
                    bad.add(s.name());
                }
            }
            reason = "the estimate agrees with neither the paper's nor the derived formula on " + String.join(", ", bad);
        }
        StatisticCheck head = verdict == Verdict.PASS ? statistics.get(0)
                : statistics.stream().max(Comparator.comparingDouble(Decision::paperGapInTolerances)).orElseThrow();
        return Evidence.builder(ref).verdict(verdict, reason).parameters(parameters).headline(head)
                .falseAlarmProbability(falseAlarmProbability).statistics(statistics).power(power)
                .discrepancyLimit(discrepancy.limit()).samples(samples).series(series).build();
    }

    /** How far a statistic lies from the paper's value, in its own tolerances: the failing headline is the farthest. */
    private static double paperGapInTolerances(StatisticCheck s) {
        double gap = Math.abs(s.estimate() - s.paperValue());
        return s.tolerance() > 0 ? gap / s.tolerance() : (gap > 0 ? Double.MAX_VALUE : 0);
    }
}
