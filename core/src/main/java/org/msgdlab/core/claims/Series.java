package org.msgdlab.core.claims;

import java.util.List;

/**
 * Data for one figure: named curves of (x, y, yLow, yHigh) points; {@code yLow}/{@code yHigh}
 * bound a confidence band or error bar (equal to y when there is none). The lists are copied, the
 * point arrays are not: immutable and thread-safe as long as no one changes a point.
 *
 * @param id     the series' id, e.g. {@code CLAIM.convergence}
 * @param title  the figure's title
 * @param xLabel the x axis' label
 * @param yLabel the y axis' label
 * @param logX   whether the x axis is logarithmic
 * @param logY   whether the y axis is logarithmic
 * @param curves the curves
 */
public record Series(String id, String title, String xLabel, String yLabel, boolean logX, boolean logY,
                     List<Curve> curves) {

    /**
     * z of a pointwise two-sided 95% normal band, Φ⁻¹(0.975), for figures and reported intervals
     * only: verdicts use their claims' own Bonferroni z.
     */
    public static final double BAND_Z = 1.959963984540054;

    /**
     * Copies the list of curves.
     *
     * @param id     the series' id, e.g. {@code CLAIM.convergence}
     * @param title  the figure's title
     * @param xLabel the x axis' label
     * @param yLabel the y axis' label
     * @param logX   whether the x axis is logarithmic
     * @param logY   whether the y axis is logarithmic
     * @param curves the curves
     */
    public Series {
        curves = List.copyOf(curves);
    }

    /**
     * A point without a band.
     *
     * @param x the abscissa
     * @param y the value
     * @return {@code [x, y, y, y]}
     */
    public static double[] point(double x, double y) {
        return new double[] {x, y, y, y};
    }

    /**
     * A point with its pointwise 95% band {@code y ± BAND_Z·se}. A lower end at or below 0 is drawn
     * at {@code y/1000} instead, so that log axes can show the band (it then reaches three decades
     * down: "unbounded below" on such an axis).
     *
     * @param x  the abscissa
     * @param y  the estimate
     * @param se its standard error
     * @return {@code [x, y, low, high]}
     */
    public static double[] band(double x, double y, double se) {
        double lo = y - BAND_Z * se;
        return new double[] {x, y, lo > 0 ? lo : y * 1e-3, y + BAND_Z * se};
    }

    /**
     * One named curve of a figure.
     *
     * @param name   the curve's name, for the legend
     * @param points its points, each {@code [x, y, yLow, yHigh]}
     */
    public record Curve(String name, List<double[]> points) {
        /**
         * Checks the points' lengths and copies the list.
         *
         * @param name   the curve's name, for the legend
         * @param points its points, each {@code [x, y, yLow, yHigh]}
         * @throws IllegalArgumentException when a point is not of length 4
         */
        public Curve {
            for (double[] p : points) {
                if (p.length != 4) {
                    throw new IllegalArgumentException("curve '" + name + "': a point must be [x, y, yLow, yHigh], got length " + p.length);
                }
            }
            points = List.copyOf(points);
        }
    }
}
