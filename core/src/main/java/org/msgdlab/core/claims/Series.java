package org.msgdlab.core.claims;

import java.util.List;

/**
 * Data for one figure: named curves of (x, y, yLow, yHigh) points; {@code yLow}/{@code yHigh}
 * bound a confidence band or error bar (equal to y when there is none).
 */
public record Series(String id, String title, String xLabel, String yLabel, boolean logX, boolean logY,
                     List<Curve> curves) {

    public Series {
        curves = List.copyOf(curves);
    }

    /** One named curve of a figure. */
    public record Curve(String name, List<double[]> points) {
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
