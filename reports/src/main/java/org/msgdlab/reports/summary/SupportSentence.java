package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.SeedsForDecision;
import org.msgdlab.reports.figures.Charts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The support study's answer to "if not the class, the support?" in one sentence with its numbers, made from its
 * claims' evidence and from nothing else. It names the quantity every claim estimates, the 10%-trimmed mean over
 * paired seeds of a difference of test accuracy in points, and gives each claim's estimate, its bounds and what its
 * verdict says of them: "within ±margin" (an equivalence PASS), "below 0" (a one-sided PASS), "outside ±margin" or
 * "not below 0" (a FAIL), "undecided" (INCONCLUSIVE; until the last look while one is left; at the cap, with the paired
 * seeds a decision would need at power 0.8 where the evidence holds them, {@link SupportDesign#SEEDS_NEEDED}). Each
 * claim is given at the look that fixed its verdict; once claims were fixed at different looks (four at 50, two at
 * 100), the sentence gives the first look's seeds and level and marks each clause of a later look with its seeds
 * ("or where marked at 100 (α 0.004)"). Before the first look it says how many paired seeds count and computes nothing.
 */
public final class SupportSentence {

    /** The question the sentence answers. */
    public static final String QUESTION = "If not the class, the support?";

    private SupportSentence() {
    }

    /**
     * The sentence.
     *
     * @param design the study's claims, margin and last look
     * @param claims the evidence of the study's claims a results file holds, in any order (others are ignored)
     * @return one sentence, plain text; empty when the results hold none of the study's claims
     */
    public static String of(SupportDesign design, List<Evidence> claims) {
        List<Evidence> own = design.claims().stream()
                .flatMap(c -> claims.stream().filter(e -> e.claimId().equals(c.claimId())).limit(1)).toList();
        if (own.isEmpty()) {
            return "";
        }
        List<Evidence> looked = own.stream().filter(e -> e.interval() != null).toList();
        if (looked.isEmpty()) {
            Evidence first = own.get(0);
            String why = first.verdictReason() == null ? "" : first.verdictReason().lines().findFirst().orElse("");
            return "Not decided yet by the support study (fresh seeds, " + own.size() + " claims, "
                    + first.verdict() + (why.isBlank() ? "" : ": " + why) + ").";
        }
        // each claim at the look that fixed its verdict (or the last look made): the looks' seeds and one-sided levels
        java.util.SortedMap<Integer, java.util.Set<String>> looks = new java.util.TreeMap<>();
        looked.forEach(e -> {
            java.util.Set<String> alphas = looks.computeIfAbsent(e.interval().seeds(), k -> new java.util.TreeSet<>());
            if (e.falseAlarmProbability() > 0) {
                alphas.add(alpha(e.falseAlarmProbability()));
            }
        });
        int first = looks.firstKey();
        List<String> clauses = new ArrayList<>();
        for (Evidence e : own) {
            SupportDesign.Claim c = design.claim(e.claimId());
            IntervalAnswer a = e.interval();
            if (a == null) {
                clauses.add(c.label() + " not checked (" + e.verdict() + ")");
                continue;
            }
            clauses.add(c.label() + " " + points(a.estimate()) + " [" + points(a.lower()) + ", " + points(a.upper()) + "] "
                    + (a.seeds() != first ? "(" + a.seeds() + " seeds) " : "")
                    + says(e.verdict(), c.equivalence(), design, a.seeds(), e.parameters().get(SupportDesign.SEEDS_NEEDED)));
        }
        // the first look's seeds and level for every clause not marked; each later look's where a clause names it
        StringBuilder later = new StringBuilder();
        looks.tailMap(first + 1).forEach((seeds, alphas) -> later.append(later.length() == 0 ? ", or where marked at " : "; ")
                .append(seeds).append(alphas.isEmpty() ? "" : " (α " + String.join(" and ", alphas) + ")"));
        var at = looks.get(first);
        return "10%-trimmed mean of the paired difference in test accuracy, points, with its bounds"
                + (at.isEmpty() ? "" : " at α " + String.join(" and ", at) + " each side") + ", at " + first
                + " fresh paired seeds" + later + ": " + String.join("; ", clauses) + ".";
    }

    /** A one-sided level as the plan writes it: 0.001, 0.004 (two significant digits). */
    private static String alpha(double a) {
        return new java.math.BigDecimal(a).round(new java.math.MathContext(2)).stripTrailingZeros().toPlainString();
    }

    /** What a verdict says of its bounds, in a few words. */
    static String says(Verdict v, boolean equivalence, SupportDesign design, int seeds, Object needed) {
        String margin = "±" + String.format(Locale.ROOT, "%.2f", design.margin());
        return switch (v) {
            case PASS -> equivalence ? "within " + margin : "below 0";
            case FAIL -> equivalence ? "outside " + margin : "not below 0";
            case INCONCLUSIVE -> seeds < design.cap() ? "undecided until " + design.cap() + " seeds"
                    : "undecided at the cap" + (needed == null ? "" : forPower(SeedsForDecision.Needed.parse(needed.toString())));
            default -> v.toString();
        };
    }

    /** " (about 310 seeds for power 0.8)", " (over 1000 seeds for power 0.8)". */
    private static String forPower(SeedsForDecision.Needed needed) {
        return " (" + needed.words() + " for power 0.8)";
    }

    /** Points with a sign and two decimals, a true minus sign: "−0.04", "+0.33", "0.00" ({@link Charts#signed}). */
    static String points(double x) {
        return Charts.signed(x, 2);
    }
}
