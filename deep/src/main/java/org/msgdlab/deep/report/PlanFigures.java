package org.msgdlab.deep.report;

import org.msgdlab.deep.train.Method;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.plan.PlanEvidence;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.deep.plan.PlannedClaim;
import org.msgdlab.reports.figures.Charts;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.NoiseClassFigures;
import org.msgdlab.reports.figures.Palette;

import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The forest plot of a plan file's look ({@code msgd study look PLAN}): one figure per unit of the claims present,
 * since a recovery R, a share of paired seeds and a difference in accuracy points cannot share an axis. Each claim is
 * a row, labelled with its name, its verdict ("so far" when not settled), its estimate, its bounds and the paired
 * seeds of its look; its estimate is a diamond, its bounds a bar (a difference's one-sided [L, U], the hull of R's
 * confidence set, an event rate's [0, upper bound]), and the lines its own rule compares them with
 * ({@link PlanEvidence#lines}: 0, a margin or a band, which may differ from claim to claim) are drawn on its row,
 * coloured by verdict as the noise-class forest ({@link NoiseClassFigures#colour}). A claim not looked at yet is a
 * labelled row without an interval. Read from the look alone.
 */
public final class PlanFigures {

    /** A row's label sits this far above its bar (in rows); the reference lines stop below it. */
    static final double LABEL_ABOVE = Charts.FOREST_LABEL_ABOVE;

    private PlanFigures() {
    }

    /**
     * One claim's row.
     *
     * @param name     the claim's name in its plan
     * @param verdict  its verdict
     * @param settled  whether the verdict is final
     * @param estimate the estimate (NaN: none drawn)
     * @param lower    the bar's lower end (NaN: no bar; infinite: drawn to the axis' edge with a cross)
     * @param upper    its upper end
     * @param lines    the rule's lines on this row ({@link PlanEvidence#lines})
     * @param edges    the values among them the rule decides at (a band's or margin's edges, or 0 for "below 0"):
     *                 drawn solid green, the others (0, R = 1) dashed grey
     * @param label    the row's text
     */
    public record Row(String name, Verdict verdict, boolean settled, double estimate, double lower, double upper,
                      List<IntervalAnswer.Line> lines, List<Double> edges, String label) {
        /** Copies the lists. */
        public Row {
            lines = List.copyOf(lines);
            edges = List.copyOf(edges);
        }

        /** @return whether the row has a bar: the claim was looked at and its bounds are known */
        public boolean hasInterval() {
            return verdict != Verdict.NOT_RUN && !Double.isNaN(lower) && !Double.isNaN(upper);
        }
    }

    /**
     * The claims of one unit, one figure.
     *
     * @param kind  the claims' kind as the plan writes it (difference, recovery, event-rate), in the file name
     * @param unit  the unit of their estimates ({@link PlanLook.Result#unit})
     * @param title the figure's title
     * @param axis  the x axis' title, naming the unit
     * @param low   the least value the axis shows (R: -{@link NoiseClassFigures#LIMIT}; a share: 0; points: -infinity);
     *              a bound beyond it is drawn at the axis' edge with a cross
     * @param high  the greatest (R: +{@link NoiseClassFigures#LIMIT}; a share: 1; points: +infinity)
     * @param rows  one per claim of the kind, in the plan's order
     */
    public record Panel(String kind, String unit, String title, String axis, double low, double high, List<Row> rows) {
        /** Copies the rows. */
        public Panel {
            rows = List.copyOf(rows);
        }

        /** @return the file name without extension: {@code plan-forest-<kind>} */
        public String base() {
            return BASE + kind;
        }
    }

    /** How every file name of these figures starts. */
    public static final String BASE = "plan-forest-";

    /**
     * The panels of a look: one per kind of claim present, in the order the plan first names them.
     *
     * @param look the look
     * @return the panels; none for a plan without claims
     */
    public static List<Panel> panels(PlanLook.Look look) {
        Map<String, List<PlanLook.Result>> byKind = new LinkedHashMap<>();
        for (PlanLook.Result r : look.results()) {
            byKind.computeIfAbsent(r.claim().kind(), k -> new ArrayList<>()).add(r);
        }
        int seeds = look.seeds().counted().size();
        List<Panel> out = new ArrayList<>();
        for (var e : byKind.entrySet()) {
            List<Row> rows = e.getValue().stream().map(r -> row(look, r)).toList();
            String unit = e.getValue().get(0).unit();
            String title = look.plan().title().strip();
            boolean sentence = title.matches(".*[?.!]$");
            String kind = sentence ? e.getKey().substring(0, 1).toUpperCase(Locale.ROOT) + e.getKey().substring(1) : e.getKey();
            PlannedClaim first = e.getValue().get(0).claim();
            double low = first instanceof PlannedClaim.Recovery ? -NoiseClassFigures.LIMIT
                    : first instanceof PlannedClaim.EventRate ? 0 : Double.NEGATIVE_INFINITY;
            double high = first instanceof PlannedClaim.Recovery ? NoiseClassFigures.LIMIT
                    : first instanceof PlannedClaim.EventRate ? 1 : Double.POSITIVE_INFINITY;
            out.add(new Panel(e.getKey(), unit, String.format(Locale.ROOT, "%s %s claims, in %s (%d paired seeds count)",
                    sentence ? title : title + ":", kind, unit, seeds), axis(e.getValue()), low, high, rows));
        }
        return List.copyOf(out);
    }

    /**
     * Draws every panel of a look to {@code dir/plan-forest-<kind>.png} and {@code .svg}; never throws (a figure that
     * could not be drawn or written says why).
     *
     * @param look the look
     * @param dir  the figures directory (created)
     * @return one figure per panel
     */
    public static List<Figures.Figure> write(PlanLook.Look look, Path dir) {
        try {
            java.nio.file.Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            // each figure below says it could not be written
        }
        return panels(look).stream().map(p -> Figures.drawn(p.base(), p.title(), () -> forest(p), dir, p.base())).toList();
    }

    static Row row(PlanLook.Look look, PlanLook.Result r) {
        PlannedClaim c = r.claim();
        String name = c.name();
        List<IntervalAnswer.Line> lines = PlanEvidence.lines(c);
        List<Double> edges = edges(c);
        if (r.verdict() == Verdict.NOT_RUN) {
            int first = c instanceof PlannedClaim.EventRate ? look.plan().cap() : look.plan().looks().get(0);
            return new Row(name, r.verdict(), false, Double.NaN, Double.NaN, Double.NaN, lines, edges, String.format(Locale.ROOT,
                    "%s: NOT_RUN, not looked at yet (%d paired seeds count; %s at %d)", name, look.seeds().counted().size(),
                    c instanceof PlannedClaim.EventRate ? "decided once," : "its first look is", first));
        }
        String verdict = r.verdict() + (r.settled() ? "" : " so far");
        String label;
        if (c instanceof PlannedClaim.Recovery rc) {
            label = String.format(Locale.ROOT, "%s: %s, %s, set %s; band [%s, %s]; look at %d paired seeds", name, verdict,
                    r.estimate(), r.bounds(), plain(rc.lower()), plain(rc.upper()), r.look());
        } else if (c instanceof PlannedClaim.EventRate ec) {
            label = String.format(Locale.ROOT, "%s: %s, lost alone at a share %s, upper bound %.3f; margin %s; at %d paired"
                    + " seeds", name, verdict, r.estimate(), r.upper(), plain(ec.margin()), r.look());
        } else {
            PlannedClaim.Difference d = (PlannedClaim.Difference) c;
            String band = d.band() instanceof org.msgdlab.core.stats.BandClaim.Equivalence eq
                    ? "within ±" + plain(eq.margin()) : "below 0";
            label = String.format(Locale.ROOT, "%s (%s): %s, %s %s; look at %d paired seeds", name, band, verdict,
                    r.estimate(), r.bounds(), r.look());
        }
        return new Row(name, r.verdict(), r.settled(), r.value(), r.lower(), r.upper(), lines, edges, label);
    }

    /** The values a claim's rule decides at: its band's or margin's edges, or 0 for a claim "below 0". */
    static List<Double> edges(PlannedClaim c) {
        if (c instanceof PlannedClaim.Recovery r) {
            return List.of(r.lower(), r.upper());
        }
        if (c instanceof PlannedClaim.EventRate e) {
            return List.of(e.margin());
        }
        return java.util.Arrays.stream(((PlannedClaim.Difference) c).band().boundaries()).boxed().toList();
    }

    private static String axis(List<PlanLook.Result> rs) {
        PlannedClaim c = rs.get(0).claim();
        if (c instanceof PlannedClaim.Recovery r) {
            boolean same = rs.stream().allMatch(x -> x.claim() instanceof PlannedClaim.Recovery y && y.from().equals(r.from())
                    && y.to().equals(r.to()));
            return "recovery R, a pseudo-median ratio" + (same ? " (0 = as " + Method.shortName(r.from()) + ", 1 = as "
                    + Method.shortName(r.to()) + ")" : "") + "; bar: its confidence set; green: each claim's band";
        }
        if (c instanceof PlannedClaim.EventRate) {
            return "share of paired seeds where only the noise's run was lost; bar: [0, upper bound]; green: each claim's margin";
        }
        return "difference in window accuracy (points); bar: its one-sided bounds [L, U]; green: each claim's margin (0 for below)";
    }

    static Figures.Drawing forest(Panel p) {
        List<Row> rows = p.rows();
        int n = rows.size();
        java.awt.Font font = new java.awt.Font(Charts.FONT, java.awt.Font.PLAIN, 11);
        int width = Math.max(WIDTH, widest(rows, font) + 120);
        int height = 170 + 44 * n;
        XYChart chart = new XYChart(width, height);
        chart.setTitle(p.title());
        chart.setXAxisTitle(p.axis());
        Charts.style(chart.getStyler());
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        chart.getStyler().setYAxisTicksVisible(false);
        double[] range = range(p);
        double xmin = range[0];
        double xmax = range[1];
        chart.getStyler().setXAxisDecimalPattern("#,##0.###");
        chart.getStyler().setAnnotationTextFont(font);
        chart.getStyler().setAnnotationTextFontColor(new Color(0x333333));
        for (int i = 0; i < n; i++) {
            Row r = rows.get(i);
            double y = n - i;
            // the rule's lines of this row, around its bar and not through its label above it
            for (IntervalAnswer.Line l : r.lines()) {
                XYSeries ref = chart.addSeries("line " + i + " " + l.label(), new double[]{l.value(), l.value()},
                        new double[]{y - 0.3, y + 0.2});
                boolean edge = r.edges().contains(l.value());
                ref.setLineColor(edge ? Palette.BLUISH_GREEN : new Color(0x555555));
                ref.setLineStyle(edge ? new BasicStroke(1.5f) : new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                        10f, new float[]{5f, 4f}, 0f));
                ref.setMarker(SeriesMarkers.NONE);
            }
            Color colour = NoiseClassFigures.colour(r.verdict());
            if (r.hasInterval()) {
                double lo = clip(r.lower(), xmin, xmax);
                double hi = clip(r.upper(), xmin, xmax);
                XYSeries bar = chart.addSeries("bounds " + i, new double[]{lo, hi}, new double[]{y, y});
                bar.setLineColor(colour);
                bar.setLineStyle(r.settled() ? new BasicStroke(2.5f)
                        : new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{6f, 3f}, 0f));
                bar.setMarker(SeriesMarkers.NONE);
                int k = 0;
                for (double end : new double[]{r.lower(), r.upper()}) {
                    if (!(end >= xmin && end <= xmax)) {
                        XYSeries cut = chart.addSeries("clipped " + i + "." + k++, new double[]{clip(end, xmin, xmax)},
                                new double[]{y});
                        cut.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                        cut.setMarker(SeriesMarkers.CROSS);
                        cut.setMarkerColor(colour);
                    }
                }
            }
            if (r.verdict() != Verdict.NOT_RUN && Double.isFinite(r.estimate())) {
                XYSeries pt = chart.addSeries("estimate " + i, new double[]{clip(r.estimate(), xmin, xmax)}, new double[]{y});
                pt.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                pt.setMarker(SeriesMarkers.DIAMOND);
                pt.setMarkerColor(colour);
            }
            chart.addAnnotation(new AnnotationText(r.label(), (xmin + xmax) / 2, y + LABEL_ABOVE, false));
        }
        chart.getStyler().setXAxisMin(xmin);
        chart.getStyler().setXAxisMax(xmax);
        chart.getStyler().setYAxisMin(0.3);
        chart.getStyler().setYAxisMax(n + 0.7);
        List<String> notes = new ArrayList<>();
        Charts.fitTitle(chart);
        Charts.fitLegend(chart, notes);
        if (rows.stream().anyMatch(r -> r.hasInterval() && !(r.lower() >= xmin && r.upper() <= xmax))) {
            notes.add("a cross marks a bound beyond the axis (unbounded" + (Double.isFinite(p.high()) ? ", or beyond "
                    + plain(p.high()) : "") + "); the label gives it");
        }
        if (rows.stream().anyMatch(r -> r.hasInterval() && !r.settled())) {
            notes.add("a dashed bar is a verdict so far: its next look is still to come");
        }
        return new Figures.Drawing(chart, width, height, notes);
    }

    /**
     * The x axis' range: every line, estimate and bound drawn, each within the panel's [low, high] (an unbounded end
     * of R's set reaches the limit, drawn there with a cross), with a margin of 6% each side but not beyond them.
     */
    static double[] range(Panel p) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Row r : p.rows()) {
            List<Double> xs = new ArrayList<>();
            r.lines().forEach(l -> xs.add(l.value()));
            if (r.verdict() != Verdict.NOT_RUN) {
                xs.addAll(List.of(r.estimate(), r.lower(), r.upper()));
            }
            for (double x : xs) {
                double c = clip(x, p.low(), p.high());
                if (Double.isFinite(c)) {
                    lo = Math.min(lo, c);
                    hi = Math.max(hi, c);
                }
            }
        }
        if (!(lo < hi)) {
            lo = Math.min(lo, 0) - 1;
            hi = Math.max(hi, 0) + 1;
        }
        double pad = 0.06 * (hi - lo);
        return new double[]{Math.max(p.low(), lo - pad), Math.min(p.high(), hi + pad)};
    }

    /** The least width of a figure, CSS pixels; wider when a label needs it. */
    static final int WIDTH = 900;

    /** The width of the widest label in {@code font}, in pixels (a label is never cut: the figure widens). */
    static int widest(List<Row> rows, java.awt.Font font) {
        java.awt.image.BufferedImage scratch = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = scratch.createGraphics();
        try {
            java.awt.FontMetrics m = g.getFontMetrics(font);
            return rows.stream().mapToInt(r -> m.stringWidth(r.label())).max().orElse(0);
        } finally {
            g.dispose();
        }
    }

    private static double clip(double x, double lo, double hi) {
        return Math.max(lo, Math.min(hi, x));
    }

    private static String plain(double x) {
        return Charts.plain(x).replace('−', '-');
    }
}
