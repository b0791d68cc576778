package org.msgdlab.deep.report;

import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.core.stats.SeedsForDecision;
import org.msgdlab.deep.study.SupportClaim;
import org.msgdlab.deep.study.SupportDescription;
import org.msgdlab.deep.study.SupportVerdicts;
import org.msgdlab.reports.figures.Charts;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.NoiseClassFigures;
import org.msgdlab.reports.figures.Palette;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The support study's figures (deep/results/support-study/PLAN.md, "Reporting"): a forest plot of the six claims'
 * 10%-trimmed-mean differences in points, each with its one-sided bounds [L, U] at the look that decided it (or the
 * last look made), each row with its own decision lines (an equivalence claim's -Delta and +Delta, with 0 dashed; a
 * "below" claim's 0), and for a claim undecided at the cap the seeds a decision would need; and the dose: the
 * trimmed-mean loss of MSGD-[Fisher-B] against MSGD-Fisher at B = 10, 50, 250 with 95% (Tukey-McLaughlin) intervals,
 * the dense MSGD-Fisher at B = n = 1,000 as 0.
 */
public final class SupportFigures {

    /** A row's label sits this far above its interval (in rows); the reference lines stop below it. */
    static final double LABEL_ABOVE = Charts.FOREST_LABEL_ABOVE;

    private SupportFigures() {
    }

    /**
     * Writes {@code forest.png/.svg} and {@code dose.png/.svg} into {@code dir}.
     *
     * @param report the verdicts and descriptions
     * @param dir    the figures directory
     * @throws IOException when a file cannot be written
     */
    public static void write(SupportVerdicts.Report report, Path dir) throws IOException {
        Files.createDirectories(dir);
        Charts.write(forest(report), dir, "forest");
        Charts.write(dose(report.description()), dir, "dose");
    }

    static Figures.Drawing forest(SupportVerdicts.Report report) {
        List<SupportVerdicts.ClaimResult> claims = report.claims();
        int rows = claims.size();
        int width = 900;
        int height = 170 + 44 * rows;
        XYChart chart = new XYChart(width, height);
        chart.setTitle("If not the class, the support? Paired differences in accuracy points (look at " + report.lookSeeds()
                + " paired seeds)");
        chart.setXAxisTitle(String.format(Locale.ROOT, "10%%-trimmed mean of d_s (points) with its one-sided bounds [L, U];"
                + " equivalence: PASS inside \u00b1%.2f; below: PASS when U < 0", SupportClaim.DELTA));
        Charts.style(chart.getStyler());
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        chart.getStyler().setYAxisTicksVisible(false);
        double min = -1;
        double max = 1;
        for (int i = 0; i < rows; i++) {
            int row = rows - i;
            double[] boundaries = claims.get(i).claim().band().boundaries();
            for (double x : boundaries) {
                reference(chart, x, row, true);
            }
            if (java.util.Arrays.stream(boundaries).noneMatch(b -> b == 0)) {
                reference(chart, 0, row, false);
            }
        }
        chart.getStyler().setAnnotationTextFont(new java.awt.Font(Charts.FONT, java.awt.Font.PLAIN, 11));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x333333));
        java.util.Map<Double, String> labels = new java.util.LinkedHashMap<>();
        for (int i = 0; i < rows; i++) {
            SupportVerdicts.ClaimResult c = claims.get(i);
            SupportVerdicts.LookRow r = c.last();
            double y = rows - i;
            Color colour = NoiseClassFigures.colour(c.verdict());
            XYSeries bar = chart.addSeries("bounds " + i, new double[]{r.look().lower(), r.look().upper()}, new double[]{y, y});
            bar.setLineColor(colour);
            bar.setLineStyle(c.settled() ? new BasicStroke(2.5f)
                    : new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{6f, 3f}, 0f));
            bar.setMarker(SeriesMarkers.NONE);
            XYSeries pt = chart.addSeries("estimate " + i, new double[]{r.look().estimate().estimate()}, new double[]{y});
            pt.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            pt.setMarker(SeriesMarkers.DIAMOND);
            pt.setMarkerColor(colour);
            min = Math.min(min, r.look().lower());
            max = Math.max(max, r.look().upper());
            labels.put(y, label(c));
        }
        Charts.forestFrame(chart, min, max, labels, rows);
        return new Figures.Drawing(chart, width, height, List.of());
    }

    /**
     * A row's label: "support.cov-exact-10-below-cov (below): PASS, −0.53 [−1.06, −0.01] at 50 seeds, alpha 0.001",
     * "INCONCLUSIVE so far" before the cap, and the seeds a decision would need after an INCONCLUSIVE at the cap.
     */
    static String label(SupportVerdicts.ClaimResult c) {
        SupportVerdicts.LookRow r = c.last();
        return String.format(Locale.ROOT, "%s (%s): %s%s, %s [%s, %s] at %d seeds, alpha %s%s",
                c.claim().name(), c.claim().band().kind(), c.verdict(), c.settled() ? "" : " so far",
                Charts.signed(r.look().estimate().estimate(), 2), Charts.signed(r.look().lower(), 2),
                Charts.signed(r.look().upper(), 2), r.look().seeds(), SupportVerdicts.alpha(r.look().alpha()),
                c.needed().map(p -> "; " + needed(p)).orElse(""));
    }

    /** A row's decision line at {@code x} (solid green), or its dashed grey 0 where 0 decides nothing. */
    private static void reference(XYChart chart, double x, int row, boolean decides) {
        XYSeries ref = chart.addSeries("ref " + x + " row " + row, new double[]{x, x}, new double[]{row - 0.3, row + 0.2});
        ref.setLineColor(decides ? Palette.BLUISH_GREEN : new Color(0x555555));
        ref.setLineStyle(decides ? new BasicStroke(1.5f)
                : new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[]{5f, 4f}, 0f));
        ref.setMarker(SeriesMarkers.NONE);
    }

    /** "a decision needs about 310 seeds at power 0.8", or "... over 1000 seeds ..." (one look, amendment 3). */
    static String needed(SeedsForDecision.Projection p) {
        return "a decision needs " + p.needed().words() + " at power " + power(p);
    }

    private static String power(SeedsForDecision.Projection p) {
        return java.math.BigDecimal.valueOf(p.search().power()).stripTrailingZeros().toPlainString();
    }

    static Figures.Drawing dose(SupportDescription d) {
        int width = 760;
        int height = 480;
        XYChart chart = new XYChart(width, height);
        chart.setTitle(String.format(Locale.ROOT, "The dose: MSGD-[Fisher-B] - MSGD-Fisher (%d paired seeds)", d.seeds().size()));
        chart.setXAxisTitle("support B (examples per step; the dense MSGD-Fisher is B = n = 1,000)");
        chart.setYAxisTitle("10%-trimmed mean difference (points), 95% interval");
        Charts.style(chart.getStyler());
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setLegendVisible(false);
        XYSeries zero = chart.addSeries("0", new double[]{5, 2000}, new double[]{0, 0});
        zero.setLineColor(new Color(0x555555));
        zero.setMarker(SeriesMarkers.NONE);
        double min = -0.5;
        double max = 0.5;
        for (SupportDescription.Dose dose : d.dose()) {
            double lo = dose.loss().trimmedLower();
            double hi = dose.loss().trimmedUpper();
            XYSeries bar = chart.addSeries("B = " + dose.support(), new double[]{dose.support(), dose.support()}, new double[]{lo, hi});
            bar.setLineColor(Palette.BLUE);
            bar.setLineStyle(new BasicStroke(2.5f));
            bar.setMarker(SeriesMarkers.NONE);
            XYSeries pt = chart.addSeries("estimate B = " + dose.support(), new double[]{dose.support()},
                    new double[]{dose.loss().trimmed().estimate()});
            pt.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            pt.setMarker(SeriesMarkers.DIAMOND);
            pt.setMarkerColor(Palette.BLUE);
            min = Math.min(min, lo);
            max = Math.max(max, hi);
        }
        XYSeries dense = chart.addSeries("dense", new double[]{SupportDescription.SUPPORTS[SupportDescription.SUPPORTS.length - 1]},
                new double[]{0});
        dense.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        dense.setMarker(SeriesMarkers.CIRCLE);
        dense.setMarkerColor(Palette.GREY);
        double ymin = Math.floor(min * 4) / 4;
        double ymax = Math.ceil(max * 4) / 4 + 0.25;        // room for the slope's line at the top
        chart.getStyler().setYAxisMin(ymin);
        chart.getStyler().setYAxisMax(ymax);
        chart.getStyler().setXAxisMin(5.0);
        chart.getStyler().setXAxisMax(2000.0);
        String slope = "per-seed slope on log10 B: trimmed mean " + SupportVerdicts.interval(d.slope().trimmed().estimate(),
                d.slope().trimmedLower(), d.slope().trimmedUpper()) + " points per decade (95%, Tukey-McLaughlin; a description)";
        chart.getStyler().setAnnotationTextFont(new java.awt.Font(Charts.FONT, java.awt.Font.PLAIN, 11));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x333333));
        chart.addAnnotation(new AnnotationText(slope, 100, ymax - 0.1, false));     // 100: the log axis' middle
        return new Figures.Drawing(chart, width, height, List.of(slope));
    }
}
