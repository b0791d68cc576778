package org.msgdlab.reports.figures;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.reports.figures.Figures.Drawing;
import org.msgdlab.reports.figures.Marks.Role;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.core.claims.Series;

import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import static org.msgdlab.reports.figures.Charts.fitLegend;
import static org.msgdlab.reports.figures.Charts.fitTitle;
import static org.msgdlab.reports.figures.Charts.plain;
import static org.msgdlab.reports.figures.Charts.style;
import static org.msgdlab.reports.figures.Curve.focusRange;
import static org.msgdlab.reports.figures.Curve.pattern;
import static org.msgdlab.reports.figures.Curve.symmetric;
import static org.msgdlab.reports.figures.Figures.BASE_HEIGHT;
import static org.msgdlab.reports.figures.Figures.WIDTH;
import static org.msgdlab.reports.figures.Marks.lineFor;
import static org.msgdlab.reports.figures.Marks.role;
import static org.msgdlab.reports.figures.Marks.solid;

/**
 * The figure of one {@link Series} of a claim.
 *
 * <p>A series is drawn as the results file states it: log axes when it says so, the curves' own
 * names in the legend, {@code [yLow, yHigh]} as error bars (few, symmetric points on a linear
 * axis) or as a shaded band. What cannot be drawn faithfully is said in the figure's notes, never
 * silently dropped: points that a log axis cannot show, and reference curves so far from the
 * estimates that showing them would flatten the estimates' error bars into a line (they are kept
 * in the legend, marked "off scale", with their value). Differences too small to read on an
 * absolute axis are shown from an offset, and very small or large values in units of a power of
 * ten, both said in the axis title.
 */
final class SeriesChart {

    /** A reference curve farther than this many band widths from the estimates is drawn off scale. */
    static final double OFF_SCALE_WIDTHS = 4;

    private SeriesChart() {
    }

    /** The chart of {@code series}, or a drawing with no chart (and notes on why) when nothing can be plotted. */
    static Drawing drawing(Series series) {
        List<String> notes = new ArrayList<>();
        boolean logX = series.logX();
        boolean logY = series.logY();
        List<Curve> curves = new ArrayList<>();
        int droppedForLog = 0;
        int clippedBands = 0;
        double minPositiveY = Double.POSITIVE_INFINITY;
        for (Series.Curve c : series.curves()) {
            for (double[] p : c.points()) {
                for (int k = 1; k < 4; k++) {
                    if (p[k] > 0 && Double.isFinite(p[k])) {
                        minPositiveY = Math.min(minPositiveY, p[k]);
                    }
                }
            }
        }
        Set<String> names = new HashSet<>();
        for (Series.Curve c : series.curves()) {
            List<double[]> kept = new ArrayList<>();
            boolean band = false;
            for (double[] p : c.points()) {
                double x = p[0];
                double y = p[1];
                if (!Double.isFinite(x) || !Double.isFinite(y)) {
                    continue;
                }
                if ((logX && x <= 0) || (logY && y <= 0)) {
                    droppedForLog++;
                    continue;
                }
                double lo = Double.isFinite(p[2]) ? Math.min(p[2], y) : y;
                double hi = Double.isFinite(p[3]) ? Math.max(p[3], y) : y;
                if (logY && lo <= 0) {
                    lo = minPositiveY / 2;
                    clippedBands++;
                }
                band |= lo != y || hi != y;
                kept.add(new double[] {x, y, lo, hi});
            }
            String name = unique(Formula.unicode(c.name()), names);
            if (kept.isEmpty()) {
                notes.add("curve “" + name + "” has no point that " + (logX || logY ? "the log axis can show" : "is finite"));
                continue;
            }
            double[][] cols = new double[4][kept.size()];
            for (int i = 0; i < kept.size(); i++) {
                for (int k = 0; k < 4; k++) {
                    cols[k][i] = kept.get(i)[k];
                }
            }
            curves.add(new Curve(name, role(c.name(), band), cols[0], cols[1], cols[2], cols[3], band));
        }
        if (droppedForLog > 0) {
            notes.add(droppedForLog + " point" + (droppedForLog == 1 ? "" : "s") + " with a non-positive coordinate "
                    + (droppedForLog == 1 ? "is" : "are") + " not shown on the log axis");
        }
        if (clippedBands > 0) {
            notes.add(clippedBands + " error bar" + (clippedBands == 1 ? "" : "s") + " reaching 0 or below "
                    + (clippedBands == 1 ? "is" : "are") + " cut at the bottom of the log axis");
        }
        if (curves.isEmpty()) {
            return new Drawing(null, WIDTH, BASE_HEIGHT, notes);
        }

        // Focus: the estimates' bands; reference curves far from them are listed, not drawn.
        double[] focus = focusRange(curves, logY);
        Map<Curve, Double> offScale = new LinkedHashMap<>();
        if (focus != null) {
            double width = Math.max(focus[1] - focus[0], 1e-300);
            for (Curve c : curves) {
                if (c.band()) {
                    continue;
                }
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (double v : c.y()) {
                    double t = logY ? Math.log10(v) : v;
                    lo = Math.min(lo, t);
                    hi = Math.max(hi, t);
                }
                double gap = Math.max(focus[0] - hi, lo - focus[1]);
                if (gap > OFF_SCALE_WIDTHS * width) {
                    offScale.put(c, c.y()[0]);
                }
            }
        }

        // Offset: differences far below the values' magnitude (say 0.001 ± 2e-11) cannot be read on
        // an absolute axis; show y − c instead, c the paper's value when there is one.
        String yTitle = Formula.unicode(series.yLabel());
        Double offsetValue = null;
        if (!logY) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            Double paper = null;
            for (Curve c : curves) {
                if (offScale.containsKey(c)) {
                    continue;
                }
                for (int i = 0; i < c.size(); i++) {
                    lo = Math.min(lo, c.lo()[i]);
                    hi = Math.max(hi, c.hi()[i]);
                }
                if (c.role() == Role.PAPER && paper == null) {
                    paper = c.y()[0];
                }
            }
            double magnitude = Math.max(Math.abs(lo), Math.abs(hi));
            if (hi > lo && hi - lo < 1e-3 * magnitude) {
                double offset = paper != null ? paper : Double.parseDouble(String.format(Locale.ROOT, "%.4g", (lo + hi) / 2));
                List<Curve> shifted = new ArrayList<>();
                Map<Curve, Double> shiftedOff = new LinkedHashMap<>();
                for (Curve c : curves) {
                    Curve d = new Curve(c.name(), c.role(), c.x(), minus(c.y(), offset), minus(c.lo(), offset),
                            minus(c.hi(), offset), c.band());
                    shifted.add(d);
                    if (offScale.containsKey(c)) {
                        shiftedOff.put(d, offScale.get(c));
                    }
                }
                curves = shifted;
                offScale = shiftedOff;
                if (focus != null) {
                    focus = new double[] {focus[0] - offset, focus[1] - offset};
                }
                yTitle = yTitle + " − " + plain(offset);
                offsetValue = offset;
                notes.add("the y axis shows the difference from " + plain(offset)
                        + (paper != null ? " (the paper's value)" : "")
                        + ": the differences are too small to read on an absolute axis");
            }
        }

        // Scale: XChart cannot place ticks closer than 1e-10 apart and writes small numbers long;
        // show y / 10^k and say so in the axis title.
        if (!logY) {
            double maxAbs = 0;
            for (Curve c : curves) {
                if (!offScale.containsKey(c)) {
                    for (int i = 0; i < c.size(); i++) {
                        maxAbs = Math.max(maxAbs, Math.max(Math.abs(c.lo()[i]), Math.abs(c.hi()[i])));
                    }
                }
            }
            if (maxAbs > 0 && (maxAbs < 1e-2 || maxAbs >= 1e5)) {
                int k = (int) Math.floor(Math.log10(maxAbs));
                double f = Math.pow(10, k);
                List<Curve> scaled = new ArrayList<>();
                Map<Curve, Double> scaledOff = new LinkedHashMap<>();
                for (Curve c : curves) {
                    Curve d = new Curve(c.name(), c.role(), c.x(), divide(c.y(), f), divide(c.lo(), f), divide(c.hi(), f), c.band());
                    scaled.add(d);
                    if (offScale.containsKey(c)) {
                        scaledOff.put(d, offScale.get(c));
                    }
                }
                curves = scaled;
                offScale = scaledOff;
                if (focus != null) {
                    focus = new double[] {focus[0] / f, focus[1] / f};
                }
                yTitle = (yTitle.contains(" − ") ? "(" + yTitle + ")" : yTitle) + " / 10" + Formula.unicode("^(" + k + ")");
                if (yTitle.length() > 44) {
                    yTitle = (offsetValue != null ? "(value − " + plain(offsetValue) + ")" : "value") + " / 10" + Formula.unicode("^(" + k + ")");
                }
            }
        }

        int height = BASE_HEIGHT + 18 * Math.max(0, curves.size() - 2);
        XYChart chart = new XYChart(WIDTH, height);
        chart.setTitle(Formula.unicode(series.title()));
        chart.setXAxisTitle(Formula.unicode(series.xLabel()));
        chart.setYAxisTitle(yTitle);
        style(chart.getStyler());
        fitTitle(chart);
        XYStyler st = chart.getStyler();
        st.setXAxisLogarithmic(logX);
        st.setYAxisLogarithmic(logY);
        st.setErrorBarsColorSeriesColor(true);
        List<Curve> shown = new ArrayList<>(curves);
        shown.removeAll(offScale.keySet());
        st.setXAxisDecimalPattern(pattern(shown, true, logX));
        st.setYAxisDecimalPattern(pattern(shown, false, logY));

        // Draw order: bands first (under everything), then references, then estimates on top.
        int cycle = 0;

        Map<Curve, Color> colours = new LinkedHashMap<>();
        for (Curve c : curves) {
            colours.put(c, switch (c.role()) {
                case PAPER -> Palette.BLACK;
                case EXACT -> Palette.BLUISH_GREEN;
                case WRONG -> Palette.VERMILLION;
                default -> null;
            });
        }
        Marker[] markers = {SeriesMarkers.CIRCLE, SeriesMarkers.DIAMOND, SeriesMarkers.SQUARE,
                SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN};
        Map<Curve, Integer> cycleIndex = new LinkedHashMap<>();
        for (Curve c : curves) {
            if (colours.get(c) == null) {
                int k = cycle++;
                cycleIndex.put(c, k);
                Color col = Palette.CYCLE[k % Palette.CYCLE.length];
                if (col.equals(Palette.VERMILLION) || col.equals(Palette.BLACK) || col.equals(Palette.BLUISH_GREEN)) {
                    // keep the reference colours distinct from the methods' when references are present
                    col = Palette.CYCLE[(k + 1) % Palette.CYCLE.length];
                }
                colours.put(c, col);
            }
        }
        double[] shownRange = focus == null ? null : focus.clone();
        // Bands first, so that every line is drawn over them; then the curves in the file's order (the legend's).
        for (Curve c : curves) {
            boolean errorBars = c.band() && !logY && c.size() <= 25 && symmetric(c);
            if (c.band() && !errorBars && !offScale.containsKey(c)) {
                Integer[] order = sortedIndex(c.x());
                double[] px = new double[2 * c.size()];
                double[] py = new double[2 * c.size()];
                for (int i = 0; i < c.size(); i++) {
                    px[i] = c.x()[order[i]];
                    py[i] = c.lo()[order[i]];
                    px[2 * c.size() - 1 - i] = c.x()[order[i]];
                    py[2 * c.size() - 1 - i] = c.hi()[order[i]];
                }
                XYSeries band = chart.addSeries("\u200b" + c.name() + " band", px, py);
                band.setXYSeriesRenderStyle(XYSeriesRenderStyle.PolygonArea);
                band.setMarker(SeriesMarkers.NONE);
                band.setFillColor(Palette.alpha(colours.get(c), 0.22));
                band.setLineColor(Palette.alpha(colours.get(c), 0.0));
                band.setShowInLegend(false);
            }
        }
        for (Curve c : curves) {
            Color col = colours.get(c);
            if (offScale.containsKey(c)) {
                // a legend entry only: one invisible point at the focus centre
                double cy = logY ? Math.pow(10, (focus[0] + focus[1]) / 2) : (focus[0] + focus[1]) / 2;
                XYSeries s = chart.addSeries(c.name() + " (off scale: " + plain(offScale.get(c)) + ")",
                        new double[] {c.x()[0]}, new double[] {cy});
                s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line); // one point: no segment, only the legend entry
                s.setMarker(SeriesMarkers.NONE);
                s.setLineStyle(lineFor(c.role()));
                s.setLineColor(col);
                continue;
            }
            boolean errorBars = c.band() && !logY && c.size() <= 25 && symmetric(c);
            XYSeries s;
            if (errorBars) {
                double[] err = new double[c.size()];
                for (int i = 0; i < c.size(); i++) {
                    err[i] = c.hi()[i] - c.y()[i];
                }
                s = chart.addSeries(c.name(), c.x(), c.y(), err);
            } else {
                s = chart.addSeries(c.name(), c.x(), c.y());
            }
            s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            s.setLineColor(col);
            s.setMarkerColor(col);
            s.setLineStyle(c.role() == Role.ESTIMATE || c.role() == Role.OTHER ? solid(1.8f) : lineFor(c.role()));
            boolean withMarkers = !c.constant() && c.size() <= 40 && (c.role() == Role.ESTIMATE || c.role() == Role.OTHER);
            s.setMarker(withMarkers ? markers[cycleIndex.getOrDefault(c, 0) % markers.length] : SeriesMarkers.NONE);
            if (shownRange != null) {
                for (int i = 0; i < c.size(); i++) {
                    double lo = logY ? Math.log10(c.lo()[i]) : c.lo()[i];
                    double hi = logY ? Math.log10(c.hi()[i]) : c.hi()[i];
                    shownRange[0] = Math.min(shownRange[0], lo);
                    shownRange[1] = Math.max(shownRange[1], hi);
                }
            }
        }
        if (shownRange != null) {
            // XChart scales to the points, not their error bars: set the range to show both
            double pad = 0.08 * Math.max(shownRange[1] - shownRange[0], 1e-300);
            double lo = shownRange[0] - pad;
            double hi = shownRange[1] + pad;
            st.setYAxisMin(logY ? Math.pow(10, lo) : lo);
            st.setYAxisMax(logY ? Math.pow(10, hi) : hi);
        }
        for (Map.Entry<Curve, Double> e : offScale.entrySet()) {
            notes.add("“" + e.getKey().name() + "” is off the scale of this figure, at y = " + plain(e.getValue())
                    + " (more than " + (int) OFF_SCALE_WIDTHS + " error-bar spans from the estimates)");
        }
        fitLegend(chart, notes);
        return new Drawing(chart, WIDTH, height, notes);
    }

    private static double[] divide(double[] v, double f) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = v[i] / f;
        }
        return r;
    }

    private static double[] minus(double[] v, double c) {
        double[] r = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = v[i] - c;
        }
        return r;
    }

    private static Integer[] sortedIndex(double[] x) {
        Integer[] idx = new Integer[x.length];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        java.util.Arrays.sort(idx, Comparator.comparingDouble(i -> x[i]));
        return idx;
    }

    private static String unique(String name, Set<String> used) {
        String n = name.isBlank() ? "curve" : name;
        String candidate = n;
        for (int k = 2; !used.add(candidate); k++) {
            candidate = n + " (" + k + ")";
        }
        return candidate;
    }
}
