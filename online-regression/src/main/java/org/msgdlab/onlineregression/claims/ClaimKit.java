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

    /** z of a pointwise 95% band, for figures only (verdicts use the claims' own Bonferroni z). */
    static final double BAND_Z = 1.959963984540054;

    private ClaimKit() {
    }

    /** The evidence with {@code detail} appended to its verdict reason (the verdict is unchanged). */
    static Evidence withDetail(Evidence e, String detail) {
        return new Evidence(e.claimId(), e.paperRef(), e.statement(), e.verdict(), e.verdictReason() + "; " + detail,
                e.parameters(), e.estimate(), e.reference(), e.standardError(), e.tolerance(), e.discrepancy(),
                e.falseAlarmProbability(), e.statistics(), e.power(), e.discrepancyLimit(), e.samples(), e.seconds(), e.series());
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /** A point of a curve without band. */
    static double[] point(double x, double y) {
        return new double[] {x, y, y, y};
    }

    /**
     * A point with a band {@code y +- BAND_Z * se}; the lower end is kept positive (at y/100) so that
     * log axes can draw it.
     */
    static double[] band(double x, double y, double se) {
        double lo = y - BAND_Z * se;
        return new double[] {x, y, lo > 0 ? lo : y / 100, y + BAND_Z * se};
    }

    static Series.Curve flat(String name, double x0, double x1, double y) {
        List<double[]> p = new ArrayList<>();
        p.add(point(x0, y));
        p.add(point(x1, y));
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
