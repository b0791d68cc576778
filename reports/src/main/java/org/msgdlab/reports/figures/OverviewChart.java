package org.msgdlab.reports.figures;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.reports.figures.Figures.Drawing;
import org.msgdlab.reports.figures.Marks.Role;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.msgdlab.reports.figures.Charts.fitLegend;
import static org.msgdlab.reports.figures.Charts.fitTitle;
import static org.msgdlab.reports.figures.Charts.plain;
import static org.msgdlab.reports.figures.Charts.style;
import static org.msgdlab.reports.figures.Figures.BASE_HEIGHT;
import static org.msgdlab.reports.figures.Figures.WIDTH;
import static org.msgdlab.reports.figures.Figures.headline;
import static org.msgdlab.reports.figures.Marks.lineFor;
import static org.msgdlab.reports.figures.Marks.marker;

/**
 * The overview figure of a study: every claim's measured discrepancy from the paper, one row per
 * claim, with its tolerance, coloured and shaped by verdict; and how its rows are labelled (claim
 * ids without a prefix they all share, or by their last parts when those tell them apart).
 */
final class OverviewChart {

    /** The narrowest x axis drawn: discrepancies at round-off sit at 0 on it, between readable ticks. */
    static final double MIN_SPAN = 1e-6;

    private OverviewChart() {
    }

    /** Whether a claim has a row with a point in the overview, and if not, why. */
    enum Shown {
        /** drawn: a discrepancy from the paper's value, with its tolerance */
        PLOTTED,
        /** no estimate, or no verdict */
        NO_ESTIMATE,
        /** a bound (a speed or time ratio against its target), not a value the paper gives */
        BOUND,
        /** decided by an interval (a paired study): drawn in its card */
        INTERVAL
    }

    /**
     * A claim as the overview draws it: (estimate − paper)/|paper| of its headline (absolute where the
     * paper's value is 0), ± its tolerance on that scale, and where the exact (derived) value lies
     * (NaN for a PASS, or none).
     */
    record Point(String claimId, Verdict verdict, Shown shown, double discrepancy, double tolerance, double exactGap) {
    }

    /** The overview's point of claim {@code e}. */
    static Point point(Evidence e) {
        if (e.interval() != null) {
            return new Point(e.claimId(), e.verdict(), Shown.INTERVAL, Double.NaN, Double.NaN, Double.NaN);
        }
        double ref = e.reference();
        double disc = Double.isFinite(e.discrepancy()) ? e.discrepancy()
                : (Double.isFinite(e.estimate()) && Double.isFinite(ref) ? relative(e.estimate(), ref) : Double.NaN);
        if (e.verdict() == null || !Double.isFinite(disc)) {
            return new Point(e.claimId(), e.verdict(), Shown.NO_ESTIMATE, Double.NaN, Double.NaN, Double.NaN);
        }
        StatisticCheck head = headline(e);
        if (head != null && head.side() != StatisticCheck.Side.TWO_SIDED) {
            // its distance from the bound is no discrepancy and would stretch the axis of all the others
            return new Point(e.claimId(), e.verdict(), Shown.BOUND, disc, Double.NaN, Double.NaN);
        }
        double tol = Double.isFinite(e.tolerance()) && Double.isFinite(ref) ? (ref == 0 ? e.tolerance() : e.tolerance() / Math.abs(ref)) : 0;
        double gap = head != null && Double.isFinite(head.relativeDiscrepancy()) && e.verdict() != Verdict.PASS
                ? head.relativeDiscrepancy() : Double.NaN;
        return new Point(e.claimId(), e.verdict(), Shown.PLOTTED, disc, tol, gap);
    }

    /**
     * The data of the overview figure, one row per claim of the study in its order (CSV, RFC 4180):
     * claim_id, verdict, shown (plotted, or why not), discrepancy, tolerance, exact_gap.
     *
     * @param study the study
     * @return the CSV text, header row first
     */
    static String csv(StudyResult study) {
        StringBuilder csv = new StringBuilder();
        org.msgdlab.reports.summary.CsvSummary.line(csv, List.of("claim_id", "verdict", "shown", "discrepancy", "tolerance",
                "exact_gap"));
        for (Evidence e : study.claims()) {
            Point p = point(e);
            org.msgdlab.reports.summary.CsvSummary.line(csv, List.of(e.claimId(), String.valueOf(e.verdict()),
                    p.shown().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'),
                    org.msgdlab.reports.summary.CsvSummary.num(p.discrepancy()),
                    org.msgdlab.reports.summary.CsvSummary.num(p.tolerance()),
                    org.msgdlab.reports.summary.CsvSummary.num(p.exactGap())));
        }
        return csv.toString();
    }

    /**
     * One row per claim (top to bottom in study order): the headline statistic's measured
     * discrepancy from the paper, (estimate − paper)/|paper| (absolute where the paper's value is 0),
     * with a bar of ± its tolerance on the same scale, coloured and shaped by verdict; a black
     * cross where the exact (derived) value lies on that scale.
     */
    static Drawing drawing(StudyResult study) {
        List<String> notes = new ArrayList<>();
        // a claim decided by an interval (a paired study's) has no paper value to be a discrepancy from: its
        // card draws its interval; it is counted in the legend, not given a row here
        List<Evidence> claims = study.claims().stream().filter(e -> e.interval() == null).toList();
        int intervals = study.claims().size() - claims.size();
        if (intervals > 0) {
            notes.add(intervals + " claims decided by an interval (paired seeds) are drawn in their cards, not here");
        }
        Map<Verdict, Integer> allByVerdict = new EnumMap<>(Verdict.class);
        study.claims().stream().filter(e -> e.verdict() != null).forEach(e -> allByVerdict.merge(e.verdict(), 1, Integer::sum));
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
            Point p = point(e);
            if (p.shown() == Shown.NO_ESTIMATE) {
                noEstimate.add(e.claimId() + " (" + e.verdict() + ")");
                continue;
            }
            if (p.shown() == Shown.BOUND) {
                bounds.add(e.claimId() + " " + plain(e.estimate()) + (headline(e).side() == StatisticCheck.Side.ABOVE
                        ? " (bound: > " : " (bound: <= ") + plain(e.reference()) + ", " + e.verdict() + ")");
                continue;
            }
            byVerdict.computeIfAbsent(e.verdict(), v -> new ArrayList<>()).add(new double[] {p.discrepancy(), row, p.tolerance()});
            xmin = Math.min(xmin, p.discrepancy() - p.tolerance());
            xmax = Math.max(xmax, p.discrepancy() + p.tolerance());
            if (Double.isFinite(p.exactGap())) {
                exact.add(new double[] {p.exactGap(), row});
                xmin = Math.min(xmin, p.exactGap());
                xmax = Math.max(xmax, p.exactGap());
            }
        }
        if (byVerdict.isEmpty()) {
            return new Drawing(null, WIDTH, BASE_HEIGHT, List.of("no claim of " + study.id() + " has an estimate"));
        }
        if (xmax - xmin < MIN_SPAN) {
            // discrepancies at round-off (exact checks: 0 and 3.6e-16) get an axis with ticks to read, not one tick
            double mid = (xmax + xmin) / 2;
            xmin = mid - MIN_SPAN / 2;
            xmax = mid + MIN_SPAN / 2;
        }
        double pad = 0.06 * (xmax - xmin);
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
            // the legend counts the study's claims of each verdict, and says how many of them are plotted
            int all = allByVerdict.getOrDefault(en.getKey(), pts.size());
            XYSeries s = chart.addSeries(en.getKey() + " (" + all + (all > pts.size() ? ", " + pts.size() + " plotted" : "")
                    + ")", x, y);
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

    private static double relative(double estimate, double reference) {
        return reference == 0 ? estimate : (estimate - reference) / Math.abs(reference);
    }
}
