package org.msgdlab.reports.figures;

import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.theory.claims.Evidence;
import org.msgdlab.theory.claims.Series;
import org.msgdlab.theory.claims.StatisticCheck;
import org.msgdlab.theory.claims.StudyResult;
import org.msgdlab.theory.claims.Verdict;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * XChart figures of a results file, each written as PNG (at twice the nominal size, for sharp
 * screens and print) and SVG: one per {@link Series} of a claim, and one overview per study
 * showing every claim's measured discrepancy from the paper with its tolerance, coloured by verdict.
 *
 * <p>A series is drawn as the results file states it: log axes when it says so, the curves' own
 * names in the legend, {@code [yLow, yHigh]} as error bars (few, symmetric points on a linear
 * axis) or as a shaded band. What cannot be drawn faithfully is said in the figure's notes, never
 * silently dropped: points that a log axis cannot show, and reference curves so far from the
 * estimates that showing them would flatten the estimates' error bars into a line (they are kept
 * in the legend, marked "off scale", with their value).
 */
public final class Figures {

    /** Nominal size of a series figure, in CSS pixels (the PNG has twice as many). */
    public static final int WIDTH = 680;
    static final int BASE_HEIGHT = 420;
    /** Pixel density of the PNG relative to the nominal size. */
    static final int SCALE = 2;
    /** A reference curve farther than this many band widths from the estimates is drawn off scale. */
    static final double OFF_SCALE_WIDTHS = 4;

    static final String FONT = Font.SANS_SERIF;

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Figures() {
    }

    /**
     * One rendered (or not renderable) figure.
     *
     * @param id      the series id (or study id for an overview)
     * @param title   the figure's title, plain text with Unicode
     * @param png     file name of the PNG in the figures directory; null when not rendered
     * @param svg     file name of the SVG; null when not rendered
     * @param width   nominal width in CSS pixels
     * @param height  nominal height in CSS pixels
     * @param notes   what the reader should know about how the data are drawn
     * @param problem why the figure was not rendered; null when it was
     */
    public record Figure(String id, String title, String png, String svg, int width, int height,
                         List<String> notes, String problem) {
        public Figure {
            notes = List.copyOf(notes);
        }

        public boolean rendered() {
            return problem == null;
        }
    }

    /** A chart and what its drawing leaves out or changes. */
    record Drawing(XYChart chart, int width, int height, List<String> notes) {
    }

    /** Loads fonts and image writers now, so that a later render (e.g. in a shutdown hook) needs no new services. */
    public static void warmUp() {
        try {
            Series s = new Series("warm-up", "warm-up", "x", "y", true, true,
                    List.of(new Series.Curve("c", List.of(new double[] {1, 1, 0.5, 2}, new double[] {10, 2, 1, 3}))));
            Drawing d = seriesDrawing(s);
            png(d.chart(), d.width(), d.height(), OutputStream.nullOutputStream());
            VectorGraphicsEncoder.saveVectorGraphic(d.chart(), OutputStream.nullOutputStream(),
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException | RuntimeException | Error e) {
            // the real render reports its own problem
        }
    }

    /** Renders {@code series} to {@code dir/base.png} and {@code dir/base.svg}; never throws for bad data. */
    public static Figure series(Series series, Path dir, String base) {
        String title = Formula.unicode(series.title());
        try {
            Drawing d = seriesDrawing(series);
            if (d.chart() == null) {
                return new Figure(series.id(), title, null, null, WIDTH, BASE_HEIGHT, d.notes(),
                        "no plottable points" + (d.notes().isEmpty() ? "" : ": " + String.join("; ", d.notes())));
            }
            write(d, dir, base);
            return new Figure(series.id(), title, base + ".png", base + ".svg", d.width(), d.height(), d.notes(), null);
        } catch (IOException | RuntimeException | Error e) {
            return new Figure(series.id(), title, null, null, WIDTH, BASE_HEIGHT, List.of(), describe(e));
        }
    }

    /** Renders the overview of {@code study} to {@code dir/base.png} and {@code .svg}; never throws. */
    public static Figure overview(StudyResult study, Path dir, String base) {
        String title = Formula.unicode(study.title()) + ": discrepancy from the paper, every claim";
        try {
            Drawing d = overviewDrawing(study);
            if (d.chart() == null) {
                return new Figure(study.id(), title, null, null, WIDTH, BASE_HEIGHT, d.notes(), "no claim has an estimate");
            }
            write(d, dir, base);
            return new Figure(study.id(), title, base + ".png", base + ".svg", d.width(), d.height(), d.notes(), null);
        } catch (IOException | RuntimeException | Error e) {
            return new Figure(study.id(), title, null, null, WIDTH, BASE_HEIGHT, List.of(), describe(e));
        }
    }

    private static String describe(Throwable e) {
        return "could not render: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    // ---------------------------------------------------------------- series figures

    /** What a curve is, from its name: drawn accordingly (the legend keeps the name as given). */
    private enum Role { ESTIMATE, PAPER, EXACT, WRONG, GUIDE, OTHER }

    private record Curve(String name, Role role, double[] x, double[] y, double[] lo, double[] hi, boolean band) {
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
    }

    static Drawing seriesDrawing(Series series) {
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

    /**
     * A tick-label pattern for the values of an axis: grouped integers ({@code 10,000}) when every
     * value is a whole number of moderate size, scientific ({@code 2.0E-11}) for very small or
     * large values, XChart's default otherwise.
     */
    private static String pattern(List<Curve> curves, boolean xAxis, boolean log) {
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

    private static Role role(String name, boolean band) {
        String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
        if (n.startsWith("paper")) {
            return Role.PAPER;
        }
        if (n.startsWith("wrong")) {
            return Role.WRONG;
        }
        if (n.startsWith("exact") || n.contains("(derived)")) {
            return Role.EXACT;
        }
        if (band || n.startsWith("estimate")) {
            return Role.ESTIMATE;
        }
        for (String guide : List.of("bound", "slope", "fit", "reference", "theory", "predicted", "limit", "asymptot")) {
            if (n.contains(guide)) {
                return Role.GUIDE;
            }
        }
        return Role.OTHER;
    }

    private static BasicStroke lineFor(Role role) {
        return switch (role) {
            case PAPER -> new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {7f, 4f}, 0f);
            case EXACT -> new BasicStroke(1.8f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {9f, 3f, 2f, 3f}, 0f);
            case WRONG -> new BasicStroke(1.8f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 10f, new float[] {1.5f, 4f}, 0f);
            case GUIDE -> new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {5f, 3f}, 0f);
            default -> solid(1.6f);
        };
    }

    private static BasicStroke solid(float w) {
        return new BasicStroke(w, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    }

    /** The range (log10 when logY) covered by the curves with bands; null when no curve has one. */
    private static double[] focusRange(List<Curve> curves, boolean logY) {
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

    private static boolean symmetric(Curve c) {
        for (int i = 0; i < c.size(); i++) {
            double up = c.hi()[i] - c.y()[i];
            double down = c.y()[i] - c.lo()[i];
            if (Math.abs(up - down) > 1e-6 * Math.max(Math.abs(up), Math.abs(down)) + 1e-300) {
                return false;
            }
        }
        return true;
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

    /** {@code v} with four significant digits, trailing zeros dropped, a minus sign: 0.001, 1.998e−05. */
    static String plain(double v) {
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        String s;
        if (a >= 1e-3 && a < 1e5) {
            s = new java.math.BigDecimal(String.format(Locale.ROOT, "%.4g", v)).stripTrailingZeros().toPlainString();
        } else {
            s = String.format(Locale.ROOT, "%.3e", v).replaceFirst("\\.?0+e", "e");
        }
        return s.replace('-', '−');
    }

    // ---------------------------------------------------------------- study overview

    /** Marker shape per verdict: colour is never the only cue. */
    private static Marker marker(Verdict v) {
        return switch (v) {
            case PASS -> SeriesMarkers.CIRCLE;
            case APPROXIMATE -> SeriesMarkers.DIAMOND;
            case FAIL -> SeriesMarkers.SQUARE;
            default -> SeriesMarkers.TRIANGLE_UP;
        };
    }

    /**
     * One row per claim (top to bottom in study order): the headline statistic's measured
     * discrepancy from the paper, (estimate − paper)/|paper| (absolute where the paper's value is 0),
     * with a bar of ± its tolerance on the same scale, coloured and shaped by verdict; a black
     * cross where the exact (derived) value lies on that scale.
     */
    static Drawing overviewDrawing(StudyResult study) {
        List<String> notes = new ArrayList<>();
        List<Evidence> claims = study.claims();
        int n = claims.size();
        if (n == 0) {
            return new Drawing(null, WIDTH, BASE_HEIGHT, notes);
        }
        int height = 150 + 20 * n;   // 20 px a row: the 12-px tick labels stay apart
        XYChart chart = new XYChart(1000, height);
        // the study's title is the page's heading right above; the chart's own stays short enough for its plot
        chart.setTitle("Every claim's discrepancy from the paper's value");
        chart.setXAxisTitle("(estimate − paper)/|paper| of the headline statistic; bars: ± tolerance");
        chart.setYAxisTitle("");
        style(chart.getStyler());
        fitTitle(chart);
        XYStyler st = chart.getStyler();
        st.setYAxisTitleVisible(false);
        st.setYAxisLabelAlignment(org.knowm.xchart.style.AxesChartStyler.TextAlignment.Right);
        st.setPlotGridHorizontalLinesVisible(true);
        // Rows 0..n+1 (claims on 1..n) are all y data (see the zero line), so XChart, given a label
        // function, puts a tick on each; the end rows get distinct blank labels (XChart draws no
        // ticks when the axis ends format alike, nor when two labels are equal).
        st.setYAxisMin(0.0);
        st.setYAxisMax(n + 1.0);
        List<String> ids = new ArrayList<>();
        claims.forEach(e -> ids.add(e.claimId() == null ? "?" : e.claimId()));
        // a prefix every id shares ("deep.fashion-mnist.") is said once, in the notes, not on every row
        String shared = sharedPrefix(ids);
        if (!shared.isEmpty()) {
            ids.replaceAll(id -> id.substring(shared.length()));
        }
        boolean tail = lastParts(ids, 3) != null && ids.stream().mapToInt(String::length).max().orElse(0) > 40;
        if (tail) {
            // long ids ("deep.fashion-mnist.authors-code.msgd-fisher.above-gd") by their last three parts,
            // when those tell the claims apart: the plot keeps its width
            List<String> shortIds = lastParts(ids, 3);
            ids.clear();
            ids.addAll(shortIds);
        }
        st.setyAxisTickLabelsFormattingFunction(v -> {
            long r = Math.round(v);
            if (Math.abs(v - r) > 1e-6 || r < 1 || r > n) {
                return v < (n + 1) / 2.0 ? " " : "  "; // blank, distinct, and not empty (TextLayout)
            }
            return ids.get((int) (n - r));
        });
        st.setLegendPosition(Styler.LegendPosition.OutsideS);
        st.setLegendLayout(Styler.LegendLayout.Horizontal);

        Map<Verdict, List<double[]>> byVerdict = new EnumMap<>(Verdict.class);
        List<double[]> exact = new ArrayList<>();
        List<String> noEstimate = new ArrayList<>();
        List<String> bounds = new ArrayList<>();
        double xmin = 0;
        double xmax = 0;
        for (int i = 0; i < n; i++) {
            Evidence e = claims.get(i);
            double row = n - i;
            double ref = e.reference();
            double disc = Double.isFinite(e.discrepancy()) ? e.discrepancy()
                    : (Double.isFinite(e.estimate()) && Double.isFinite(ref) ? relative(e.estimate(), ref) : Double.NaN);
            if (e.verdict() == null || !Double.isFinite(disc)) {
                noEstimate.add(e.claimId() + " (" + e.verdict() + ")");
                continue;
            }
            StatisticCheck bound = headline(e);
            if (bound != null && bound.side() != StatisticCheck.Side.TWO_SIDED) {
                // a bound (a speed or time ratio against its target), not a value the paper gives: its
                // distance from the bound is no discrepancy and would stretch the axis of all the others
                bounds.add(e.claimId() + " " + plain(e.estimate()) + (bound.side() == StatisticCheck.Side.ABOVE ? " (bound: > "
                        : " (bound: <= ") + plain(e.reference()) + ", " + e.verdict() + ")");
                continue;
            }
            double tol = Double.isFinite(e.tolerance()) && Double.isFinite(ref) ? (ref == 0 ? e.tolerance() : e.tolerance() / Math.abs(ref)) : 0;
            byVerdict.computeIfAbsent(e.verdict(), v -> new ArrayList<>()).add(new double[] {disc, row, tol});
            xmin = Math.min(xmin, disc - tol);
            xmax = Math.max(xmax, disc + tol);
            StatisticCheck head = headline(e);
            if (head != null && Double.isFinite(head.relativeDiscrepancy()) && e.verdict() != Verdict.PASS) {
                exact.add(new double[] {head.relativeDiscrepancy(), row});
                xmin = Math.min(xmin, head.relativeDiscrepancy());
                xmax = Math.max(xmax, head.relativeDiscrepancy());
            }
        }
        if (byVerdict.isEmpty()) {
            return new Drawing(null, WIDTH, BASE_HEIGHT, List.of("no claim of " + study.id() + " has an estimate"));
        }
        double pad = 0.06 * Math.max(xmax - xmin, 1e-12);
        st.setXAxisMin(xmin - pad);
        st.setXAxisMax(xmax + pad);
        double span = xmax - xmin + 2 * pad;
        st.setXAxisDecimalPattern(span < 1e-3 || span >= 1e6 ? "0.0##E0" : "#,##0.######");

        // y data must be the equally spaced rows 0..n+1 only: XChart then puts a labelled tick on each
        double[] rows = new double[n + 2];
        for (int r = 0; r <= n + 1; r++) {
            rows[r] = r;
        }
        XYSeries zero = chart.addSeries("paper's value", new double[n + 2], rows);
        zero.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
        zero.setMarker(SeriesMarkers.NONE);
        zero.setLineColor(Palette.BLACK);
        zero.setLineStyle(lineFor(Role.PAPER));
        int bar = 0;
        for (Map.Entry<Verdict, List<double[]>> en : byVerdict.entrySet()) {
            Color col = Palette.of(en.getKey());
            for (double[] p : en.getValue()) {
                if (p[2] > 0) {
                    XYSeries b = chart.addSeries("\u200bbar " + (bar++), new double[] {p[0] - p[2], p[0] + p[2]}, new double[] {p[1], p[1]});
                    b.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
                    b.setMarker(SeriesMarkers.NONE);
                    b.setLineColor(col);
                    b.setLineStyle(new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
                    b.setShowInLegend(false);
                }
            }
        }
        for (Map.Entry<Verdict, List<double[]>> en : byVerdict.entrySet()) {
            List<double[]> pts = en.getValue();
            double[] x = pts.stream().mapToDouble(p -> p[0]).toArray();
            double[] y = pts.stream().mapToDouble(p -> p[1]).toArray();
            XYSeries s = chart.addSeries(en.getKey() + " (" + pts.size() + ")", x, y);
            s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            s.setMarker(marker(en.getKey()));
            s.setMarkerColor(Palette.of(en.getKey()));
        }
        if (!exact.isEmpty()) {
            XYSeries s = chart.addSeries("exact value", exact.stream().mapToDouble(p -> p[0]).toArray(),
                    exact.stream().mapToDouble(p -> p[1]).toArray());
            s.setXYSeriesRenderStyle(XYSeriesRenderStyle.Scatter);
            s.setMarker(SeriesMarkers.CROSS);
            s.setMarkerColor(Palette.BLACK);
        }
        if (!noEstimate.isEmpty() && noEstimate.size() <= 4) {
            notes.add("no estimate to show for " + String.join(", ", noEstimate));
        } else if (!noEstimate.isEmpty()) {
            Map<Verdict, Integer> by = new EnumMap<>(Verdict.class);
            claims.stream().filter(e -> e.verdict() != null && !Double.isFinite(e.discrepancy())
                    && !(Double.isFinite(e.estimate()) && Double.isFinite(e.reference()))).forEach(e -> by.merge(e.verdict(), 1, Integer::sum));
            List<String> parts = new ArrayList<>();
            by.forEach((v, k) -> parts.add(k + " " + v));
            notes.add("no estimate to show for " + noEstimate.size() + " claims (" + String.join(", ", parts) + ")");
        }
        if (!shared.isEmpty()) {
            notes.add("rows are claim ids without their common prefix “" + shared + "”");
        }
        if (tail) {
            notes.add("rows show the last three parts of each claim id (the claim table has them whole)");
        }
        if (!bounds.isEmpty()) {
            notes.add("not on this axis, being bounds rather than values the paper gives (their rows stay empty): "
                    + String.join("; ", bounds));
        }
        fitLegend(chart, notes);
        return new Drawing(chart, 1000, height, notes);
    }

    /**
     * The longest prefix ending in '.' that every id has and that leaves each id non-empty, if the
     * shortening is worth it (over 12 characters); "" otherwise.
     */
    static String sharedPrefix(List<String> ids) {
        if (ids.size() < 2) {
            return "";
        }
        String p = ids.get(0);
        for (String id : ids) {
            int k = 0;
            while (k < p.length() && k < id.length() && p.charAt(k) == id.charAt(k)) {
                k++;
            }
            p = p.substring(0, k);
        }
        int dot = p.lastIndexOf('.');
        p = dot < 0 ? "" : p.substring(0, dot + 1);
        for (String id : ids) {
            if (id.length() <= p.length()) {
                return "";
            }
        }
        return p.length() > 12 ? p : "";
    }

    /** Each id's last {@code k} dotted parts, or null when two of them would then be equal. */
    static List<String> lastParts(List<String> ids, int k) {
        List<String> out = new ArrayList<>();
        for (String id : ids) {
            String[] parts = id.split("\\.");
            out.add(parts.length <= k ? id : String.join(".", java.util.Arrays.copyOfRange(parts, parts.length - k, parts.length)));
        }
        return new java.util.HashSet<>(out).size() == out.size() ? out : null;
    }

    /** Whether {@code study} has a claim with a discrepancy to show (else it gets no overview). */
    public static boolean hasOverview(StudyResult study) {
        for (Evidence e : study.claims()) {
            if (e.verdict() != null && (Double.isFinite(e.discrepancy())
                    || (Double.isFinite(e.estimate()) && Double.isFinite(e.reference())))) {
                return true;
            }
        }
        return false;
    }

    private static double relative(double estimate, double reference) {
        return reference == 0 ? estimate : (estimate - reference) / Math.abs(reference);
    }

    /** The statistic the evidence's scalar fields repeat (Evidence's "headline"), or null. */
    public static StatisticCheck headline(Evidence e) {
        for (StatisticCheck s : e.statistics()) {
            if (s.estimate() == e.estimate() && s.paperValue() == e.reference()) {
                return s;
            }
        }
        return null;
    }

    // ---------------------------------------------------------------- output

    /**
     * Shrinks the title font so that a long title fits the chart's width (measured with the font's
     * own metrics) instead of being cut at the edge; never below 10 pt.
     */
    static void fitTitle(XYChart chart) {
        String title = chart.getTitle();
        if (title == null || title.isEmpty()) {
            return;
        }
        java.awt.image.BufferedImage scratch = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = scratch.createGraphics();
        try {
            for (int size = 14; size >= 10; size--) {
                Font font = new Font(FONT, Font.BOLD, size);
                java.awt.FontMetrics m = g.getFontMetrics(font);
                // XChart centres the title over the plot, which the y axis's labels narrow by up to ~100 px
                int room = chart.getWidth() - 140;
                if (m.stringWidth(title) <= room || size == 10) {
                    chart.getStyler().setChartTitleFont(font);
                    // still too wide at 10 pt: cut at a word with an ellipsis (the page shows the whole title)
                    chart.setTitle(shortened(title, m, room));
                    return;
                }
            }
        } finally {
            g.dispose();
        }
    }

    /**
     * Legend entries wider than the chart are shortened with an ellipsis (XChart would cut them at
     * the figure's edge); the full names go to {@code notes}, which the page prints under the figure.
     */
    static void fitLegend(XYChart chart, List<String> notes) {
        java.awt.image.BufferedImage scratch = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = scratch.createGraphics();
        try {
            java.awt.FontMetrics m = g.getFontMetrics(chart.getStyler().getLegendFont());
            int entry = chart.getStyler().getLegendSeriesLineLength() + 4 * chart.getStyler().getLegendPadding() + 8;
            int room = chart.getWidth() - 2 * chart.getStyler().getChartPadding() - entry;
            int row = 0;
            for (XYSeries se : chart.getSeriesMap().values()) {
                String label = se.getLabel() == null ? se.getName() : se.getLabel();
                if (se.isShowInLegend() && m.stringWidth(label) > room) {
                    se.setLabel(shortened(label, m, room));
                    notes.add("legend entry in full: “" + label + "”");
                }
                if (se.isShowInLegend()) {
                    row += entry + m.stringWidth(se.getLabel() == null ? se.getName() : se.getLabel());
                }
            }
            // a legend in one row that would run past the edge goes into one column instead
            if (chart.getStyler().getLegendLayout() == Styler.LegendLayout.Horizontal
                    && row > chart.getWidth() - 2 * chart.getStyler().getChartPadding()) {
                chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
            }
            // axis titles too wide for the chart are shortened (the page's caption says them in full)
            java.awt.FontMetrics axis = g.getFontMetrics(chart.getStyler().getAxisTitleFont());
            int across = chart.getWidth() - 2 * chart.getStyler().getChartPadding() - 60;
            String x = chart.getXAxisTitle();
            if (x != null && axis.stringWidth(x) > across) {
                chart.setXAxisTitle(shortened(x, axis, across));
                notes.add("x axis in full: “" + x + "”");
            }
        } finally {
            g.dispose();
        }
    }

    /** {@code text} cut at the last space that leaves it, with "…", at most {@code width} pixels wide. */
    static String shortened(String text, java.awt.FontMetrics m, int width) {
        if (m.stringWidth(text) <= width) {
            return text;
        }
        String cut = text;
        while (cut.length() > 1 && m.stringWidth(cut + "…") > width) {
            int space = cut.lastIndexOf(' ', cut.length() - 2);
            cut = space > cut.length() / 2 ? cut.substring(0, space) : cut.substring(0, cut.length() - 1);
        }
        return cut.strip() + "…";
    }

    static void style(XYStyler st) {
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setPlotBorderColor(new Color(0x888888));
        st.setPlotGridLinesColor(new Color(0xE3E3E3));
        st.setPlotGridLinesStroke(new BasicStroke(0.8f));
        st.setChartTitleFont(new Font(FONT, Font.BOLD, 14));
        st.setChartTitleBoxVisible(false);
        st.setAxisTitleFont(new Font(FONT, Font.PLAIN, 13));
        st.setAxisTickLabelsFont(new Font(FONT, Font.PLAIN, 12));
        st.setLegendFont(new Font(FONT, Font.PLAIN, 12));
        st.setLegendPosition(Styler.LegendPosition.OutsideS);
        st.setLegendLayout(Styler.LegendLayout.Vertical);
        st.setLegendBorderColor(new Color(0xCCCCCC));
        st.setLegendSeriesLineLength(28);
        st.setMarkerSize(7);
        st.setChartPadding(10);
        st.setAntiAlias(true);
        st.setToolTipsEnabled(false);
        st.setSeriesColors(Palette.CYCLE);
    }

    static void write(Drawing d, Path dir, String base) throws IOException {
        Files.createDirectories(dir);
        Path png = dir.resolve(base + ".png");
        Path svg = dir.resolve(base + ".svg");
        Path tmp = dir.resolve("." + base + ".png.tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            png(d.chart(), d.width(), d.height(), out);
        }
        Files.move(tmp, png, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        Path tmpSvg = dir.resolve("." + base + ".svg.tmp");
        try (OutputStream out = Files.newOutputStream(tmpSvg)) {
            VectorGraphicsEncoder.saveVectorGraphic(d.chart(), out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        }
        Files.move(tmpSvg, svg, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** PNG at {@link #SCALE} times the nominal size, through an in-memory ImageIO stream (no cache file). */
    static void png(Chart<?, ?> chart, int width, int height, OutputStream out) throws IOException {
        BufferedImage img = new BufferedImage(width * SCALE, height * SCALE, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_FRACTIONALMETRICS, RenderingHints.VALUE_FRACTIONALMETRICS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, img.getWidth(), img.getHeight());
            g.scale(SCALE, SCALE);
            chart.paint(g, width, height);
        } finally {
            g.dispose();
        }
        ImageIO.setUseCache(false);
        if (!ImageIO.write(img, "png", out)) {
            throw new IOException("no PNG writer");
        }
    }
}
