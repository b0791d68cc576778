package org.msgdlab.core.stats;

import org.msgdlab.core.claims.Verdict;

import java.util.Locale;

/**
 * A pre-registered statement about a location theta of paired per-seed values (a paired difference in accuracy
 * points, say), decided from its one-sided lower and upper bounds L and U at one level:
 * <ul>
 *   <li>{@link Equivalence} "|theta| &lt; margin": PASS when -margin &lt; L and U &lt; margin, FAIL when
 *       U &lt; -margin or L &gt; margin.</li>
 *   <li>{@link Below} "theta &lt; 0": PASS when U &lt; 0, FAIL when L &gt; 0.</li>
 * </ul>
 * INCONCLUSIVE otherwise. A wrong PASS needs theta outside the band the PASS names (at or beyond +-margin; at or
 * above 0), a wrong FAIL theta inside it; either then needs one bound on the wrong side of theta, so each has
 * probability at most the bounds' one-sided level (when the bounds hold their level). The implementations are
 * immutable and thread-safe.
 */
public sealed interface BandClaim permits BandClaim.Equivalence, BandClaim.Below {

    /**
     * The decision from the bounds.
     *
     * @param lower L, the one-sided lower bound
     * @param upper U, the one-sided upper bound
     * @return PASS, FAIL or INCONCLUSIVE
     */
    Verdict decide(double lower, double upper);

    /** @return the kind's name as tables write it: {@code equivalence} or {@code below} */
    String kind();

    /**
     * The truths on the band's boundary, where a wrong verdict is likeliest: a PASS there is wrong, and a FAIL there
     * is the limit of wrong FAILs just inside.
     *
     * @return -margin and +margin; or 0
     */
    double[] boundaries();

    /** @return the rule in words, e.g. "PASS when -0.42 &lt; L and U &lt; 0.42, FAIL when U &lt; -0.42 or L &gt; 0.42" */
    String rule();

    /**
     * "|theta| &lt; margin".
     *
     * @param margin Delta, &gt; 0 and finite
     */
    record Equivalence(double margin) implements BandClaim {

        /**
         * Checks the margin.
         *
         * @throws IllegalArgumentException when the margin is not finite and &gt; 0
         */
        public Equivalence {
            if (!(margin > 0) || !Double.isFinite(margin)) {
                throw new IllegalArgumentException("equivalence margin Delta=" + margin + " must be finite and > 0");
            }
        }

        @Override
        public Verdict decide(double lower, double upper) {
            if (-margin < lower && upper < margin) {
                return Verdict.PASS;
            }
            if (upper < -margin || lower > margin) {
                return Verdict.FAIL;
            }
            return Verdict.INCONCLUSIVE;
        }

        @Override
        public String kind() {
            return "equivalence";
        }

        @Override
        public double[] boundaries() {
            return new double[]{-margin, margin};
        }

        @Override
        public String rule() {
            return String.format(Locale.ROOT, "PASS when -%1$s < L and U < %1$s, FAIL when U < -%1$s or L > %1$s", margin);
        }
    }

    /** "theta &lt; 0". */
    record Below() implements BandClaim {

        @Override
        public Verdict decide(double lower, double upper) {
            if (upper < 0) {
                return Verdict.PASS;
            }
            return lower > 0 ? Verdict.FAIL : Verdict.INCONCLUSIVE;
        }

        @Override
        public String kind() {
            return "below";
        }

        @Override
        public double[] boundaries() {
            return new double[]{0};
        }

        @Override
        public String rule() {
            return "PASS when U < 0, FAIL when L > 0";
        }
    }
}
