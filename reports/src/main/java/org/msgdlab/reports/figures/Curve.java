package org.msgdlab.reports.figures;

import org.msgdlab.reports.figures.Marks.Role;

import java.util.List;

/**
 * A curve of a series as {@link SeriesChart} draws it: its finite points, each with y and the band
 * {@code [lo, hi]} around it, and its {@link Role}. The static methods measure what the drawing
 * needs of a set of curves: the range their bands cover, whether a curve's bars are symmetric, and
 * the tick-label pattern of their values.
 */
record Curve(String name, Role role, double[] x, double[] y, double[] lo, double[] hi, boolean band) {

    int size() {
        return x.length;
    }

    boolean constant() {
        for (double v : y) {
            if (v != y[0]) {
                return false;
            }
        }
        return !band;
    }

    /** The range (log10 when logY) covered by the curves with bands; null when no curve has one. */
    static double[] focusRange(List<Curve> curves, boolean logY) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Curve c : curves) {
            if (!c.band()) {
                continue;
            }
            for (int i = 0; i < c.size(); i++) {
                lo = Math.min(lo, logY ? Math.log10(c.lo()[i]) : c.lo()[i]);
                hi = Math.max(hi, logY ? Math.log10(c.hi()[i]) : c.hi()[i]);
            }
        }
        return lo <= hi ? new double[] {lo, hi} : null;
    }

    static boolean symmetric(Curve c) {
        for (int i = 0; i < c.size(); i++) {
            double up = c.hi()[i] - c.y()[i];
            double down = c.y()[i] - c.lo()[i];
            if (Math.abs(up - down) > 1e-6 * Math.max(Math.abs(up), Math.abs(down)) + 1e-300) {
                return false;
            }
        }
        return true;
    }

    /**
     * A tick-label pattern for the values of an axis: grouped integers ({@code 10,000}) when every
     * value is a whole number of moderate size, scientific ({@code 2.0E-11}) for very small or
     * large values, XChart's default otherwise.
     */
    static String pattern(List<Curve> curves, boolean xAxis, boolean log) {
        double maxAbs = 0;
        double minAbs = Double.POSITIVE_INFINITY;
        boolean whole = true;
        for (Curve c : curves) {
            double[][] columns = xAxis ? new double[][] {c.x()} : new double[][] {c.lo(), c.hi()};
            for (double[] col : columns) {
                for (double v : col) {
                    double a = Math.abs(v);
                    maxAbs = Math.max(maxAbs, a);
                    if (a > 0) {
                        minAbs = Math.min(minAbs, a);
                    }
                    whole &= v == Math.rint(v);
                }
            }
        }
        if (maxAbs == 0) {
            return null;
        }
        if (whole && maxAbs < 1e9 && (log || maxAbs >= 10)) {
            return "#,##0";
        }
        if (log) {
            // decades: 0.0001 … 1,000,000 written out, beyond that 1E-7
            return minAbs >= 1e-5 && maxAbs < 1e7 ? "#,##0.#####" : "0E0";
        }
        if (maxAbs < 1e-3 || maxAbs >= 1e6) {
            return "0.0##E0";
        }
        return "#,##0.######";
    }
}
