package org.msgdlab.reports.summary;

import java.util.List;

/**
 * What a report needs to know of the noise-class study to find its claims in a results file and read them
 * ({@link NoiseClassEvidence}): the study's claims in its plan's order, each with its noise's paper name, family and
 * label, and the plan's band of R. The study is deep's (deep/results/noise-class-study/PLAN.md): deep fills this
 * ({@code NoiseClassReport.design()} in its {@code report} package) and the command line hands it to
 * {@link org.msgdlab.reports.Report#write(java.nio.file.Path, org.msgdlab.core.claims.Results, NoiseClassDesign)}.
 * A report written with {@link #NONE} shows those claims as any other claims of their study.
 * <p>
 * Immutable and thread-safe.
 *
 * @param claims    the study's claims, in the plan's order
 * @param bandLower the plan's band of R, lower edge (the claims' own parameter "band" wins where they carry one)
 * @param bandUpper its upper edge
 * @param support   its confirmatory follow-up, the support study ({@link SupportDesign#NONE} for none): the first
 *                  screen gives its answer under this study's, and its claims get a section of their own
 */
public record NoiseClassDesign(List<Claim> claims, double bandLower, double bandUpper, SupportDesign support) {

    /** No noise-class study: a report finds none of its claims. */
    public static final NoiseClassDesign NONE = new NoiseClassDesign(List.of(), Double.NaN, Double.NaN);

    /** Copies the list; a null support reads as {@link SupportDesign#NONE}. */
    public NoiseClassDesign {
        claims = List.copyOf(claims);
        support = support == null ? SupportDesign.NONE : support;
    }

    /**
     * The study without a follow-up.
     *
     * @param claims    the study's claims, in the plan's order
     * @param bandLower the band of R, lower edge
     * @param bandUpper its upper edge
     */
    public NoiseClassDesign(List<Claim> claims, double bandLower, double bandUpper) {
        this(claims, bandLower, bandUpper, SupportDesign.NONE);
    }

    /** The two statements made of each noise. */
    public enum Kind { RECOVERY, COLLAPSE }

    /**
     * One claim of the study.
     *
     * @param claimId its id, e.g. {@code deep.noise-class.msgd-fisher.recovers-sgd}
     * @param kind    recovery or collapse
     * @param noise   the noise's paper name, e.g. MSGD-[Fisher-10]
     * @param family  the noise's family in words: "Bernoulli", "Gaussian", "sparse" or "other"
     * @param label   the claim in a few words, as tables name it
     */
    public record Claim(String claimId, Kind kind, String noise, String family, String label) {
    }

    /**
     * Whether {@code claimId} is one of the study's claims.
     *
     * @param claimId a claim id
     * @return whether it is
     */
    public boolean isNoiseClass(String claimId) {
        return claims.stream().anyMatch(c -> c.claimId().equals(claimId));
    }

    /**
     * A claim of the study in a few words, as its tables name it.
     *
     * @param claimId a claim id of the study
     * @return e.g. "MSGD-Fisher recovers SGD-50's advantage"; the id itself for another claim
     */
    public String label(String claimId) {
        return claims.stream().filter(c -> c.claimId().equals(claimId)).findFirst().map(Claim::label).orElse(claimId);
    }
}
