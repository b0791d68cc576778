package org.msgdlab.onlineregression.claims;

import org.hipparchus.distribution.continuous.TDistribution;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Series;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Small helpers shared by the claims of the regression study. */
final class ClaimKit {

    static final String THEOREM = "Theorem 1 (Section 3)";
    static final String PROOF = "Theorem 1, proof in Appendix A.2";

    private ClaimKit() {
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }

    static Series.Curve flat(String name, double x0, double x1, double y) {
        List<double[]> p = new ArrayList<>();
        p.add(Series.point(x0, y));
        p.add(Series.point(x1, y));
        return new Series.Curve(name, p);
    }

    /**
     * Critical value for a statistic whose standard error is a delete-one-group jackknife over
     * {@code groups} groups: Student's t with {@code groups - 1} degrees of freedom at the two-sided
     * level alpha/k (Bonferroni), in place of the normal z.
     */
    static double jackknifeZ(double alpha, int k, int groups) {
        return new TDistribution(groups - 1).inverseCumulativeProbability(1 - alpha / (2.0 * k));
    }

    /** Round-off allowance for an exactly computed relative quantity accumulated over {@code terms} operations. */
    static double roundOff(double terms) {
        return Math.max(1e-12, terms * 0x1p-52 * 16);
    }
}
