package org.msgdlab.reports.summary;

import java.util.List;

/**
 * What a report needs to know of the support study (deep/results/support-study/PLAN.md), the noise-class study's
 * confirmatory follow-up, to find its claims in a results file and say them in one sentence
 * ({@link SupportSentence}): its claims in the plan's order, each a paired difference of test accuracy in points with a
 * short label and its kind, the plan's margin and its last look. Deep fills it ({@code SupportReport.design()}); it
 * travels inside {@link NoiseClassDesign#support()}. A report written with {@link #NONE} shows those claims as any
 * other claims of their study.
 * <p>
 * Immutable and thread-safe.
 *
 * @param claims the study's claims, in the plan's order
 * @param margin the equivalence claims' margin in points (PASS when both bounds lie within plus or minus it)
 * @param cap    the paired seeds of the plan's last look
 */
public record SupportDesign(List<Claim> claims, double margin, int cap) {

    /**
     * The evidence parameter of a claim undecided at the cap that holds the paired seeds a decision would need at power 0.8
     * (PLAN.md amendment 3), as text: "320", or "&gt;1000" beyond the search ({@code SeedsForDecision.Needed}'s cell,
     * written and read by that record only).
     */
    public static final String SEEDS_NEEDED = "paired seeds a decision would need (power 0.8)";

    /** No support study: a report finds none of its claims. */
    public static final SupportDesign NONE = new SupportDesign(List.of(), Double.NaN, 0);

    /** Copies the list. */
    public SupportDesign {
        claims = List.copyOf(claims);
    }

    /**
     * One claim of the study.
     *
     * @param claimId     its id, e.g. {@code deep.support.class.fisher-vs-cov}
     * @param label       its paired difference in a few words, e.g. "Fisher − Cov"
     * @param equivalence true for "within the margin either way", false for "below 0"
     */
    public record Claim(String claimId, String label, boolean equivalence) {
    }

    /**
     * Whether {@code claimId} is one of the study's claims.
     *
     * @param claimId a claim id
     * @return whether it is
     */
    public boolean isSupport(String claimId) {
        return claims.stream().anyMatch(c -> c.claimId().equals(claimId));
    }

    /**
     * The claim with {@code claimId}.
     *
     * @param claimId a claim id of the study
     * @return it
     * @throws IllegalArgumentException when it is not one of the study's
     */
    public Claim claim(String claimId) {
        return claims.stream().filter(c -> c.claimId().equals(claimId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("claimId " + claimId + " is not a claim of the support study"));
    }
}
