package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Method;
import org.msgdlab.core.stats.SequentialDesign;

import java.util.ArrayList;
import java.util.List;

/**
 * One of the twelve pre-registered claims of the noise-class study (deep issue 30;
 * deep/results/noise-class-study/PLAN.md): for each of six noises, "X recovers SGD-50's advantage over
 * GD" (recovery R in [{@value #BAND_LOWER}, {@value #BAND_UPPER}], by
 * {@link org.msgdlab.core.stats.SignedRankRatio}) and "X collapses no more often than SGD-50" (margin
 * {@value #COLLAPSE_MARGIN}, by {@link org.msgdlab.core.stats.PairedEventRates}). One family-wise
 * probability of a wrong verdict, {@value #FAMILY_ALPHA}, for the whole study, Bonferroni over the twelve
 * claims; a recovery claim splits its share over the looks at 20, 40 and 60 paired seeds, a collapse
 * claim is decided once, at the cap.
 * <p>
 * Immutable and thread-safe.
 *
 * @param noise the noise's method name, as {@link StudyPlan#NOISE_CLASS_METHODS} lists it
 * @param kind  recovery or collapse
 */
public record NoiseClassClaim(String noise, Kind kind) {

    /** The two statements made of each noise. */
    public enum Kind { RECOVERY, COLLAPSE }

    /** The study's family-wise probability of any wrong verdict. */
    public static final double FAMILY_ALPHA = 0.05;
    /** The band of R that "generalizes as SGD-50" means. */
    public static final double BAND_LOWER = 0.5;
    /** The band's upper edge. */
    public static final double BAND_UPPER = 1.5;
    /** The excess collapse rate still called "no more often". */
    public static final double COLLAPSE_MARGIN = 0.1;
    /** The anchors: R is measured from GD towards SGD-50. */
    public static final String GD = "gd";
    /** The anchor whose advantage over GD is to be recovered. */
    public static final String SGD = "sgd-50";

    /** @return the six noises, in the plan's order */
    public static List<String> noises() {
        return StudyPlan.NOISE_CLASS_METHODS.stream().filter(m -> !m.equals(GD) && !m.equals(SGD)).toList();
    }

    /** @return the twelve claims: per noise, recovery then collapse */
    public static List<NoiseClassClaim> all() {
        List<NoiseClassClaim> c = new ArrayList<>();
        for (String n : noises()) {
            c.add(new NoiseClassClaim(n, Kind.RECOVERY));
            c.add(new NoiseClassClaim(n, Kind.COLLAPSE));
        }
        return List.copyOf(c);
    }

    /** @return the probability of a wrong verdict of this claim: the family's over the twelve */
    public static double claimAlpha() {
        return FAMILY_ALPHA / all().size();
    }

    /** @return the looks of a recovery claim: 20, 40 and 60 paired seeds, each at a third of the claim's alpha */
    public static SequentialDesign looks() {
        return new SequentialDesign(StudyPlan.NOISE_CLASS_LOOK_EVERY, StudyPlan.NOISE_CLASS_LOOK_EVERY,
                StudyPlan.NOISE_CLASS_CAP, claimAlpha());
    }

    /** @return the claim id, {@code deep.noise-class.<noise>.recovers-sgd} or {@code ...collapses-no-more-than-sgd} */
    public String id() {
        return "deep.noise-class." + StudyPlan.named(noise).id() + (kind == Kind.RECOVERY ? ".recovers-sgd" : ".collapses-no-more-than-sgd");
    }

    /** @return the statement in words */
    public String statement() {
        String name = Method.shortName(noise);
        return kind == Kind.RECOVERY
                ? name + " generalizes as SGD-50 by the plan's band: its recovery R, the ratio at which the paired contrasts"
                        + " (" + name + " - GD) - R (SGD-50 - GD) centre (a pseudo-median ratio, not the mean share), lies in"
                        + " [0.5, 1.5], i.e. it keeps at least half of SGD-50's advantage over GD in that sense"
                        + " (Fashion-MNIST, authors' code)"
                : name + " collapses no more often than SGD-50 (at most one paired seed in ten more)";
    }

    /** @return the claim in a few words, for tables and figures */
    public String label() {
        return Method.shortName(noise) + (kind == Kind.RECOVERY ? " recovers SGD-50's advantage" : " collapses no more than SGD-50");
    }

    /** @return where the paper makes the statement */
    public String paperRef() {
        return StudyPlan.named(noise).centredCovariance() ? "Figure 3(a), Appendix C" : "Figure 1(a)";
    }
}
