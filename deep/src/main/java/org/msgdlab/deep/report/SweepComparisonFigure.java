package org.msgdlab.deep.report;

import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.deep.sweep.SweepComparison;
import org.msgdlab.reports.figures.Charts;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.Palette;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The figure of {@code msgd sweep compare}: one row per group (protocol, variation), each seed's gap
 * as a dot, the mean as a diamond and the unadjusted two-sided 95% interval as a line; dashed
 * verticals at no gap and at the reference group's mean gap.
 */
public final class SweepComparisonFigure {

    private SweepComparisonFigure() {
    }

    /**
     * Writes {@code base}.png and {@code base}.svg into {@code dir}.
     *
     * @param c    the comparison
     * @param dir  the folder
     * @param base the file name without extension
     * @throws IOException when a file cannot be written
     */
    public static void write(SweepComparison c, Path dir, String base) throws IOException {
        Charts.write(drawing(c), dir, base);
    }

    static Figures.Drawing drawing(SweepComparison c) {
        List<SweepComparison.Group> groups = c.groups();
        int rows = groups.size();
        int width = 900;
        int height = 170 + 44 * rows;
        XYChart chart = new XYChart(width, height);
        chart.setTitle(c.method() + " − " + c.baseline() + " per group, paired by seed: dots the seeds, diamond the mean,"
                + " line its 95% interval (unadjusted)");
        chart.setXAxisTitle("gap in mean test accuracy over the last 20% of iterations (points); dashed: 0"
                + (c.referenceGroup().isPresent() ? " and the reference's mean" : ""));
        Charts.style(chart.getStyler());
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        chart.getStyler().setYAxisTicksVisible(false);
        double min = -1;
        double max = 1;
        List<double[]> labelAt = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            SweepComparison.Group g = groups.get(i);
            double y = rows - i;
            Color colour = g.name().equals(c.reference()) ? Palette.BLUE : Palette.ORANGE;
            double[] gaps = g.pairs().stream().mapToDouble(p -> 100 * p.gap()).toArray();
            for (double x : gaps) {
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
            if (gaps.length > 0) {
                XYSeries dots = chart.addSeries("seeds " + i, gaps, java.util.Arrays.stream(gaps).map(x -> y - 0.12).toArray());
                dots.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                dots.setMarker(SeriesMarkers.CIRCLE);
                dots.setMarkerColor(new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 150));
            }
            Optional<PairedDifferences> d = g.gaps();
            String text = g.name() + ": " + gaps.length + (gaps.length < g.planned() ? " of " + g.planned() : "") + " seeds";
            if (d.isPresent()) {
                double a = (1 - SweepComparison.LEVEL) / 2;
                double lo = 100 * d.get().lower(a);
                double hi = 100 * d.get().upper(a);
                min = Math.min(min, lo);
                max = Math.max(max, hi);
                XYSeries ci = chart.addSeries("ci " + i, new double[] {lo, hi}, new double[] {y, y});
                ci.setLineColor(colour);
                ci.setLineStyle(new BasicStroke(2.5f));
                ci.setMarker(SeriesMarkers.NONE);
                XYSeries mean = chart.addSeries("mean " + i, new double[] {100 * d.get().mean()}, new double[] {y});
                mean.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                mean.setMarker(SeriesMarkers.DIAMOND);
                mean.setMarkerColor(colour);
                text += String.format(Locale.ROOT, ", gap %+.2f [%+.2f, %+.2f]", 100 * d.get().mean(), lo, hi);
                Optional<SweepComparison.Group> ref = c.referenceGroup();
                if (ref.isPresent() && !ref.get().name().equals(g.name())) {
                    Optional<PairedDifferences> change = g.changeFrom(ref.get());
                    if (change.isPresent()) {
                        text += String.format(Locale.ROOT, ", change %+.2f [%+.2f, %+.2f]", 100 * change.get().mean(),
                                100 * change.get().lower(a), 100 * change.get().upper(a));
                    }
                }
            }
            labelAt.add(new double[] {y + 0.36});
            labels.add(text);
        }
        List<Double> verticals = new ArrayList<>(List.of(0.0));
        c.referenceGroup().flatMap(SweepComparison.Group::gaps).ifPresent(r -> verticals.add(100 * r.mean()));
        for (double v : verticals) {
            XYSeries ref = chart.addSeries("ref " + v, new double[] {v, v}, new double[] {0.4, rows + 0.7});
            ref.setLineColor(v == 0 ? new Color(0x444444) : Palette.BLUE);
            ref.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f));
            ref.setMarker(SeriesMarkers.NONE);
        }
        double left = Math.floor(min) - 0.5;
        double right = Math.ceil(max) + 0.5;
        chart.getStyler().setXAxisMin(left);
        chart.getStyler().setXAxisMax(right);
        chart.getStyler().setYAxisMin(0.4);
        chart.getStyler().setYAxisMax(rows + 0.7);
        chart.getStyler().setAnnotationTextFontColor(new Color(0x333333));
        chart.getStyler().setAnnotationTextFont(new java.awt.Font(Charts.FONT, java.awt.Font.PLAIN, 11));
        for (int i = 0; i < rows; i++) {
            chart.addAnnotation(new AnnotationText(labels.get(i), (left + right) / 2, labelAt.get(i)[0], false));
        }
        Charts.fitTitle(chart);
        List<String> notes = new ArrayList<>();
        Charts.fitLegend(chart, notes);
        return new Figures.Drawing(chart, width, height, List.copyOf(notes));
    }
}
