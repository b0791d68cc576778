package org.msgdlab.deep.plan;

import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.core.stats.Location;

import java.util.List;

/**
 * One claim of a study plan file ({@link PlanFile}), fixed before the first run. Three kinds, each decided by the rule
 * the committed studies used:
 * <ul>
 *   <li>{@link Recovery} (the second study's): the share R of {@code to}'s advantage over {@code from} that a noise
 *       keeps, R by the signed-rank ratio, in a band, at sequential looks;</li>
 *   <li>{@link EventRate} (the second study's): the noise's run is lost (collapses) no more often than the
 *       reference's, decided once at the cap;</li>
 *   <li>{@link Difference} (the third study's): a paired difference of window accuracies in points, its location
 *       (trimmed mean or mean) within an equivalence margin or below 0, at the looks.</li>
 * </ul>
 * The implementations are immutable and thread-safe.
 */
public sealed interface PlannedClaim permits PlannedClaim.Recovery, PlannedClaim.EventRate, PlannedClaim.Difference {

    /** @return the claim's name in its plan, the id's last part: {@code deep.<plan>.<name>} */
    String name();

    /** @return the methods the claim reads */
    List<String> methods();

    /** @return the claim's kind as the plan file writes it */
    String kind();

    /**
     * "The noise keeps a share R of {@code to}'s advantage over {@code from}, R in [lower, upper]": R is the ratio at
     * which the paired contrasts (noise - from) - R (to - from) centre (a pseudo-median ratio).
     *
     * @param name  the claim's name
     * @param noise the noise's method
     * @param from  the anchor R is measured from (GD)
     * @param to    the anchor whose advantage is recovered (SGD-50)
     * @param lower the band's lower edge
     * @param upper the band's upper edge
     */
    record Recovery(String name, String noise, String from, String to, double lower, double upper) implements PlannedClaim {

        @Override
        public List<String> methods() {
            return List.of(noise, from, to);
        }

        @Override
        public String kind() {
            return "recovery";
        }
    }

    /**
     * "The noise's run is lost no more often than the reference's": the share of paired seeds where only the noise's
     * run was lost is at most {@code margin} above the share where only the reference's was.
     *
     * @param name    the claim's name
     * @param noise   the noise's method
     * @param against the reference method
     * @param margin  the excess rate still called "no more often", in (0, 1)
     */
    record EventRate(String name, String noise, String against, double margin) implements PlannedClaim {

        @Override
        public List<String> methods() {
            return List.of(noise, against);
        }

        @Override
        public String kind() {
            return "event-rate";
        }
    }

    /**
     * "d = mean over {@code of} of acc - acc({@code against})", in points (100 x the window accuracy), its
     * {@code location} decided by {@code band}.
     *
     * @param name     the claim's name
     * @param of       the methods averaged, at least one
     * @param against  the method subtracted
     * @param band     equivalence within the margin, or below 0
     * @param margin   the margin and where it comes from (null for a claim "below 0")
     * @param location the location decided: the 10%-trimmed mean or the mean
     */
    record Difference(String name, List<String> of, String against, BandClaim band, Margin margin, Location location)
            implements PlannedClaim {

        /** Copies {@code of}. */
        public Difference {
            of = List.copyOf(of);
        }

        @Override
        public List<String> methods() {
            java.util.List<String> m = new java.util.ArrayList<>(of);
            m.add(against);
            return List.copyOf(m);
        }

        @Override
        public String kind() {
            return "difference";
        }

        /**
         * The per-seed values d_s.
         *
         * @param points each method's window accuracy in points per counted seed (at least this claim's methods)
         * @return d_s, one per seed
         */
        public double[] perSeed(java.util.Map<String, double[]> points) {
            return org.msgdlab.deep.study.SupportClaim.perSeed(name, of, against, points);
        }
    }

    /**
     * An equivalence margin in points, relative to the effect it is measured against: {@code points} is
     * {@code share} x {@code referencePoints} rounded as the plan says (the reader checks it to 0.005).
     *
     * @param points          the margin in points
     * @param share           its share of the reference effect
     * @param referenceContrast the reference effect, e.g. {@code sgd-50 - gd}
     * @param referencePoints its size in points
     * @param source          where that size was measured
     */
    record Margin(double points, double share, String referenceContrast, double referencePoints, String source) {
    }
}
