package org.msgdlab.reports.figures;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.knowm.xchart.AnnotationText;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.SignedRankRatio;
import org.msgdlab.reports.summary.NoiseClassDesign;
import org.msgdlab.reports.summary.NoiseClassEvidence;

import java.awt.BasicStroke;
import java.awt.Color;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The noise-class study's forest plot: per noise, its recovery R (the ratio at which the contrasts
 * (X - GD) - R (SGD-50 - GD) centre, a pseudo-median ratio; not the mean share of SGD-50's advantage)
 * with the confidence set of the look that decided it, or of the seeds so far
 * before the first look (dashed), and lines at 0 (GD), 0.5, 1 (SGD-50) and 1.5, the band's edges shaded. Drawn here from
 * a results file's evidence (the report), and by deep from the study's own verdicts
 * (deep's {@code report.NoiseClassStudyFigures}, {@code recovery.png}).
 */
public final class NoiseClassFigures {

    /** R beyond this is drawn clipped, with a cross. */
    public static final double LIMIT = 3;
    /** A row's label sits this far above its set (in rows); the reference lines stop below it. */
    public static final double LABEL_ABOVE = Charts.FOREST_LABEL_ABOVE;

    private NoiseClassFigures() {
    }

    /**
     * One noise's row of the forest: its recovery claim's verdict, R, the pieces of R's confidence set and the
     * set in words. Drawn alike from the study's own verdicts (deep's {@code NoiseClassStudyFigures}) and from a
     * results file's evidence (the report).
     *
     * @param noise    the noise's paper name, e.g. MSGD-[Fisher-10]
     * @param verdict  the recovery claim's verdict (NOT_RUN before the first look: a description, drawn dashed)
     * @param estimate R
     * @param pieces   the confidence set's pieces (one interval, or its hull when only that is known)
     * @param set      the set in words, as the verdict states it
     * @param used     paired seeds without a collapse in the statistic
     * @param look     the deciding look (0: none yet)
     */
    public record Row(String noise, Verdict verdict, double estimate, List<SignedRankRatio.Interval> pieces, String set,
                      int used, int look) {
        /** Copies the pieces. */
        public Row {
            pieces = List.copyOf(pieces);
        }
    }

    /**
     * The rows of a results file's recovery claims: each set drawn as the interval its evidence carries (the hull of
     * its pieces; the label gives the set in words as the report prints it, {@link NoiseClassEvidence#printedSet}).
     *
     * @param ev the noise-class claims of a results file
     * @return one row per recovery claim, in the plan's order
     */
    public static List<Row> rows(NoiseClassEvidence ev) {
        return ev.recoveries().stream().map(r -> new Row(r.noise(), r.verdict(), r.estimate(),
                Double.isNaN(r.lower()) || Double.isNaN(r.upper()) ? List.of() : List.of(new SignedRankRatio.Interval(r.lower(), r.upper())),
                ev.printedSet(r), r.used(), r.look())).toList();
    }

    /**
     * Draws the forest plot of a results file's recovery claims to {@code dir/base.png} and {@code .svg}; never throws.
     *
     * @param ev     the noise-class claims of a results file
     * @param design the study's claims and band (the band's lines are its)
     * @param dir    the figures directory
     * @param base   the file name without extension
     * @return the figure, or why it was not drawn
     */
    public static Figures.Figure figure(NoiseClassEvidence ev, NoiseClassDesign design, Path dir, String base) {
        return Figures.drawn(ID, TITLE, () -> forest(rows(ev), ev.pairedSeeds(), design.bandLower(), design.bandUpper()), dir, base);
    }

    /**
     * The data of the report's forest plot (CSV, RFC 4180): one row per recovery claim, with its noise, verdict, R,
     * the ends of its set, the set in words, the seeds in the statistic and the deciding look.
     *
     * @param ev the noise-class claims of a results file
     * @return the CSV text, header row first
     */
    public static String csv(NoiseClassEvidence ev) {
        StringBuilder csv = new StringBuilder();
        org.msgdlab.reports.summary.CsvSummary.line(csv, List.of("claim_id", "noise", "verdict", "r", "lower", "upper", "set",
                "seeds", "look"));
        for (NoiseClassEvidence.Recovery r : ev.recoveries()) {
            org.msgdlab.reports.summary.CsvSummary.line(csv, List.of(r.claimId(), r.noise(), String.valueOf(r.verdict()),
                    org.msgdlab.reports.summary.CsvSummary.num(r.estimate()), org.msgdlab.reports.summary.CsvSummary.num(r.lower()),
                    org.msgdlab.reports.summary.CsvSummary.num(r.upper()), r.set(), String.valueOf(r.used()), String.valueOf(r.look())));
        }
        return csv.toString();
    }

    /** The figure's id in a report (its series table's claim column). */
    public static final String ID = "deep.noise-class.recovery";
    /** Its title in words. */
    public static final String TITLE = "Does the noise class matter? Recovery R of SGD-50's advantage over GD, per noise";

    /**
     * The forest plot of {@code rec}.
     *
     * @param rec       one row per recovery claim, top to bottom
     * @param seeds     the paired seeds used, for the title
     * @param bandLower the band's lower edge (a line, shaded)
     * @param bandUpper its upper edge
     * @return the drawing
     */
    public static Figures.Drawing forest(List<Row> rec, int seeds, double bandLower, double bandUpper) {
        int rows = rec.size();
        int width = 900;
        int height = 170 + 44 * rows;
        XYChart chart = new XYChart(width, height);
        chart.setTitle("Does the noise class matter? Recovery of SGD-50's advantage over GD (" + seeds + " paired seeds)");
        chart.setXAxisTitle("recovery R (a pseudo-median ratio): 0 = as GD, 1 = as SGD-50; PASS band [0.5, 1.5] = keeps at least half");
        Charts.style(chart.getStyler());
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        chart.getStyler().setYAxisTicksVisible(false);
        double min = -0.5;
        double max = 2.0;
        // the lines at 0, 0.5, 1 and 1.5 are drawn row by row, around each set and not through its label above it
        for (int row = 1; row <= rows; row++) {
            for (double edge : new double[]{bandLower, bandUpper, 0, 1}) {
                XYSeries ref = chart.addSeries("ref " + edge + " row " + row, new double[]{edge, edge},
                        new double[]{row - 0.3, row + 0.2});
                boolean band = edge == bandLower || edge == bandUpper;
                ref.setLineColor(band ? Palette.BLUISH_GREEN : new Color(0x555555));
                ref.setLineStyle(band ? new BasicStroke(1.5f)
                        : new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{5f, 4f}, 0f));
                ref.setMarker(SeriesMarkers.NONE);
            }
        }
        chart.getStyler().setAnnotationTextFont(new java.awt.Font(Charts.FONT, java.awt.Font.PLAIN, 11));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x333333));
        java.util.Map<Double, String> labels = new java.util.LinkedHashMap<>();
        for (int i = 0; i < rows; i++) {
            Row r = rec.get(i);
            double y = rows - i;
            Color c = colour(r.verdict());
            boolean description = r.verdict() == Verdict.NOT_RUN;
            BasicStroke stroke = description
                    ? new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{6f, 3f}, 0f)
                    : new BasicStroke(2.5f);
            int k = 0;
            for (SignedRankRatio.Interval iv : r.pieces()) {
                double lo = Math.max(-LIMIT, iv.lower());
                double hi = Math.min(LIMIT, iv.upper());
                if (lo > hi) {
                    continue;
                }
                XYSeries s = chart.addSeries("set " + i + "." + k++, new double[]{lo, hi}, new double[]{y, y});
                s.setLineColor(c);
                s.setLineStyle(stroke);
                s.setMarker(SeriesMarkers.NONE);
                min = Math.min(min, lo);
                max = Math.max(max, hi);
                for (double end : new double[]{iv.lower(), iv.upper()}) {
                    if (!(Math.abs(end) <= LIMIT)) {
                        XYSeries cut = chart.addSeries("clip " + i + "." + k++, new double[]{Math.max(-LIMIT, Math.min(LIMIT, end))},
                                new double[]{y});
                        cut.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                        cut.setMarker(SeriesMarkers.CROSS);
                        cut.setMarkerColor(c);
                    }
                }
            }
            if (Double.isFinite(r.estimate())) {
                double e = Math.max(-LIMIT, Math.min(LIMIT, r.estimate()));
                XYSeries pt = chart.addSeries("estimate " + i, new double[]{e}, new double[]{y});
                pt.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                pt.setMarker(SeriesMarkers.DIAMOND);
                pt.setMarkerColor(c);
            }
            String label = String.format(Locale.ROOT, "%s: %s, R = %s, %s (%d seeds without a collapse%s)",
                    r.noise(),
                    description ? "so far, no verdict" : r.verdict().toString(),
                    Double.isFinite(r.estimate()) ? String.format(Locale.ROOT, "%.2f", r.estimate()) : "undefined",
                    r.set(), r.used(), r.look() > 0 ? ", look at " + r.look() : "");
            labels.put(y, label);
        }
        Charts.forestFrame(chart, min, max, labels, rows);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        return new Figures.Drawing(chart, width, height, List.of());
    }

    /**
     * A verdict's colour in the forest plots.
     *
     * @param v a verdict
     * @return its colour: PASS bluish green, FAIL vermillion, INCONCLUSIVE orange, grey otherwise
     */
    public static Color colour(Verdict v) {
        return switch (v) {
            case PASS -> Palette.BLUISH_GREEN;
            case FAIL -> Palette.VERMILLION;
            case INCONCLUSIVE -> Palette.ORANGE;
            default -> Palette.GREY;
        };
    }
}
