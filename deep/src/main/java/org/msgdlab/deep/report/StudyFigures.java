package org.msgdlab.deep.report;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.msgdlab.deep.study.PairedClaim;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.StudyVerdicts;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.reports.figures.Charts;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.Palette;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Figures of the paired Fashion-MNIST study: test accuracy against iteration per family of claims
 * ({@link #CURVES}: each method's mean over paired seeds, its 95% band, and thin per-seed lines), and a
 * forest plot of every claim's paired difference (two paired seeds or more) with its one-sided
 * bounds at the level of its looks and the 1-point effect / equivalence margin drawn; below the
 * first look the interval only shows where the study stands, it decides nothing.
 */
public final class StudyFigures {

    private StudyFigures() {
    }

    /**
     * One curves figure: {@code curves-<file>.png}, the family of claims it shows, and its methods.
     *
     * @param file    the file name's tail
     * @param family  the family of claims whose methods it draws
     * @param label   the family as the title names it, after "Small Fashion-MNIST, PROTOCOL"
     *                ({@link PairedClaim.Family#label()} without "on Fashion-MNIST")
     * @param methods the methods drawn
     */
    record CurvesFigure(String file, PairedClaim.Family family, String label, List<String> methods) {
    }

    /**
     * The curves figures: the Fashion-MNIST panels of the paper's Figures 1(a) and 3(a), and mini-batch
     * MSGD on Fashion-MNIST, which extends the design of the paper's Figure 2 (small SVHN, CIFAR-10) to a
     * data set the paper did not show ({@link PairedClaim.Family#FIGURE_2_DESIGN}).
     */
    static final List<CurvesFigure> CURVES = List.of(
            new CurvesFigure("figure-1a", PairedClaim.Family.FIGURE_1A, "Figure 1(a)", List.of("gd", "sgd-50",
                    "msgd-fisher", "msgd-bernoulli", "msgd-[fisher-10]")),
            new CurvesFigure("figure-3a", PairedClaim.Family.FIGURE_3A, "Figure 3(a)", List.of("gd", "sgd-50",
                    "msgd-cov", "msgd-[cov-10]")),
            new CurvesFigure("figure-2-design", PairedClaim.Family.FIGURE_2_DESIGN,
                    "Figure 2's design, not in the paper", List.of("sgd-50", "sgd-500", "[msgd-fisher]-500")));

    /**
     * Writes {@code curves-<file>.png/svg} ({@link #CURVES}) and {@code forest.png/svg} into {@code dir}: a
     * curves figure when one of its methods has a completed run, the forest plot when a claim has two paired
     * seeds or more.
     *
     * @param runs    the study's completed runs
     * @param results the verdicts of its claims
     * @param dir     the folder written
     * @throws IOException when a file cannot be written
     */
    public static void write(StudyRuns runs, List<StudyVerdicts.ClaimResult> results, Path dir) throws IOException {
        for (CurvesFigure f : CURVES) {
            List<String> present = f.methods().stream().filter(m -> runs.completed(m) > 0).toList();
            if (!present.isEmpty()) {
                Charts.write(curves(runs, f.label(), present), dir, "curves-" + f.file());
            }
        }
        List<StudyVerdicts.ClaimResult> paired = results.stream().filter(r -> r.paired() >= 2).toList();
        if (!paired.isEmpty()) {
            Charts.write(forest(runs, paired), dir, "forest");
        }
    }

    static Figures.Drawing curves(StudyRuns runs, String label, List<String> methods) {
        int height = 520;
        XYChart chart = new XYChart(Figures.WIDTH, height);
        chart.setTitle("Small Fashion-MNIST, " + runs.plan().protocol().name() + " (" + label + "): test accuracy");
        chart.setXAxisTitle("iteration");
        chart.setYAxisTitle("test accuracy (60,000 images)");
        Charts.style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setMarkerSize(0);
        double lo = 1;
        for (int k = 0; k < methods.size(); k++) {
            String m = methods.get(k);
            Color c = Palette.cycle(k);
            Color light = new Color(c.getRed(), c.getGreen(), c.getBlue(), 50);
            Color thin = new Color(c.getRed(), c.getGreen(), c.getBlue(), 90);
            Map<Integer, StudyRuns.Run> seeds = runs.byMethod().get(m);
            List<List<Trainer.Row>> rows = seeds.values().stream().map(StudyRuns.Run::rows).toList();
            StudyRuns.Curve curve = runs.curve(m, seeds.keySet());
            int n = curve.seeds();
            int len = curve.iterations().length;
            double[] x = curve.iterations();
            double[] mean = curve.mean();
            double[] up = curve.upper();
            double[] down = curve.lower();
            for (List<Trainer.Row> seedRows : rows) {
                for (Trainer.Row row : seedRows) {
                    if (row.iteration() >= 1000) {
                        lo = Math.min(lo, row.testAccuracy());
                    }
                }
            }
            String name = runs.plan().method(m).paperName() + " (" + n + " seed" + (n == 1 ? "" : "s") + ")";
            if (n > 2) {
                double[] px = new double[2 * len];
                double[] py = new double[2 * len];
                for (int i = 0; i < len; i++) {
                    px[i] = x[i];
                    py[i] = Math.min(1, up[i]);
                    px[2 * len - 1 - i] = x[i];
                    py[2 * len - 1 - i] = Math.max(0, down[i]);
                }
                XYSeries band = chart.addSeries(name + " 95% band", px, py);
                band.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
                band.setFillColor(light);
                band.setLineColor(light);
                band.setMarker(SeriesMarkers.NONE);
                band.setShowInLegend(false);
            }
            if (n > 1) {
                for (int s = 0; s < n; s++) {
                    double[] y = new double[len];
                    for (int i = 0; i < len; i++) {
                        y[i] = rows.get(s).get(i).testAccuracy();
                    }
                    XYSeries one = chart.addSeries(name + " seed " + s, x, y);
                    one.setLineColor(thin);
                    one.setLineStyle(new BasicStroke(0.6f));
                    one.setMarker(SeriesMarkers.NONE);
                    one.setShowInLegend(false);
                }
            }
            XYSeries line = chart.addSeries(name, x, mean);
            line.setLineColor(c);
            line.setLineStyle(new BasicStroke(2.0f));
            line.setMarker(SeriesMarkers.NONE);
        }
        double yMin = Math.max(0, Math.floor(lo * 50) / 50);
        double from = org.msgdlab.deep.study.WindowStatistic.windowStart(runs.plan().iterations());
        double to = runs.plan().iterations();
        XYSeries window = chart.addSeries("statistic window (last 20%)", new double[] {from, to, to, from},
                new double[] {yMin, yMin, 1, 1});
        window.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
        window.setFillColor(new Color(0, 0, 0, 18));
        window.setLineColor(new Color(0, 0, 0, 0));
        window.setMarker(SeriesMarkers.NONE);
        chart.getStyler().setYAxisMin(yMin);
        chart.getStyler().setYAxisMax(hi(runs, methods));
        Charts.fitTitle(chart);
        List<String> notes = new java.util.ArrayList<>();
        Charts.fitLegend(chart, notes);
        return new Figures.Drawing(chart, Figures.WIDTH, height, List.copyOf(notes));
    }

    /** The highest accuracy of any run of {@code methods}, rounded up to 0.02, for the axis. */
    private static double hi(StudyRuns runs, List<String> methods) {
        double h = 0;
        for (String m : methods) {
            for (StudyRuns.Run r : runs.byMethod().get(m).values()) {
                for (Trainer.Row row : r.rows()) {
                    h = Math.max(h, row.testAccuracy());
                }
            }
        }
        return Math.min(1, Math.ceil(h * 50 + 0.5) / 50);
    }

    static Figures.Drawing forest(StudyRuns runs, List<StudyVerdicts.ClaimResult> results) {
        int rows = results.size();
        int height = 160 + 34 * rows;
        int width = 900;
        XYChart chart = new XYChart(width, height);
        chart.setTitle("Paired differences of window test accuracy (" + runs.plan().protocol().name()
                + "): bounds at each claim's look; dashed: pilot 95% below the first look");
        chart.setXAxisTitle("difference of test accuracy (percentage points); dashed: 0 and the 1-point effect/margin");
        Charts.style(chart.getStyler());
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setYAxisTicksVisible(true);
        chart.getStyler().setPlotGridHorizontalLinesVisible(false);
        Map<Double, Object> labels = new LinkedHashMap<>();
        double min = -1.5;
        double max = 1.5;
        for (int i = 0; i < rows; i++) {
            StudyVerdicts.ClaimResult r = results.get(i);
            double y = rows - i;
            // at a look: the decision's one-sided bounds; below the first look: a pilot two-sided 95% interval
            boolean pilot = r.status() == null;
            PairedDifferences d = pilot
                    ? PairedDifferences.of(runs.statistics(r.claim().x(), r.paired()), runs.statistics(r.claim().y(), r.paired()))
                    : r.status().atDecision();
            double a = pilot ? 0.025 : StudyVerdicts.design(r.claim()).alphaPerLook();
            double lower = 100 * d.lower(a);
            double upper = 100 * d.upper(a);
            double lo = Math.max(-LIMIT, lower);
            double hi = Math.min(LIMIT, upper);
            double mu = Math.max(-LIMIT, Math.min(LIMIT, 100 * d.mean()));
            min = Math.min(min, lo);
            max = Math.max(max, hi);
            Color c = colour(r.evidence().verdict());
            XYSeries ci = chart.addSeries("ci " + i, new double[] {lo, hi}, new double[] {y, y});
            ci.setLineColor(c);
            ci.setLineStyle(pilot ? new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {6f, 3f}, 0f) : new BasicStroke(2.5f));
            ci.setMarker(SeriesMarkers.NONE);
            XYSeries pt = chart.addSeries("mean " + i, new double[] {mu}, new double[] {y});
            pt.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            pt.setMarker(SeriesMarkers.DIAMOND);
            pt.setMarkerColor(c);
            if (lower < -LIMIT || upper > LIMIT) {
                // a clipped end: a cross where the drawn interval stops
                double[] ends = lower < -LIMIT && upper > LIMIT ? new double[] {lo, hi} : new double[] {lower < -LIMIT ? lo : hi};
                XYSeries cut = chart.addSeries("clipped " + i, ends, java.util.Arrays.stream(ends).map(x -> y).toArray());
                cut.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                cut.setMarker(SeriesMarkers.CROSS);
                cut.setMarkerColor(c);
            }
            labels.put(y, String.format(java.util.Locale.ROOT, "%s: %s, n=%d, mean %+.2f [%+.2f, %+.2f]%s", r.claim().key(),
                    pilot ? "pilot 95%" : r.evidence().verdict().toString(), d.n(), 100 * d.mean(), lower, upper,
                    lower < -LIMIT || upper > LIMIT ? " (x: clipped)" : ""));
        }
        for (double v : new double[] {0, 100 * PairedClaim.EFFECT, -100 * PairedClaim.EFFECT}) {
            XYSeries ref = chart.addSeries("ref " + v, new double[] {v, v}, new double[] {0.3, rows + 0.7});
            ref.setLineColor(v == 0 ? new Color(0x444444) : new Color(0x999999));
            ref.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f));
            ref.setMarker(SeriesMarkers.NONE);
        }
        chart.getStyler().setXAxisMin(Math.floor(min) - 0.5);
        chart.getStyler().setAnnotationTextFontColor(new Color(0x333333));
        chart.getStyler().setXAxisMax(Math.ceil(max) + 0.5);
        chart.getStyler().setYAxisMin(0.3);
        chart.getStyler().setYAxisMax(rows + 0.7);
        chart.getStyler().setYAxisTicksVisible(false);
        // each row's label above its interval, centred in the plot
        double centre = (Math.floor(min) - 0.5 + Math.ceil(max) + 0.5) / 2;
        chart.getStyler().setAnnotationTextFont(new java.awt.Font(Charts.FONT, java.awt.Font.PLAIN, 11));
        for (Map.Entry<Double, Object> e : labels.entrySet()) {
            chart.addAnnotation(new AnnotationText(String.valueOf(e.getValue()), centre, e.getKey() + 0.38, false));
        }
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        Charts.fitTitle(chart);
        List<String> notes = new java.util.ArrayList<>();
        Charts.fitLegend(chart, notes);
        return new Figures.Drawing(chart, width, height, List.copyOf(notes));
    }

    /**
     * Intervals are drawn within +-LIMIT points, four times the 1-point margin (a collapsed run or a
     * pilot of two seeds can span tens); the label gives the whole interval.
     */
    private static final double LIMIT = 4;

    private static Color colour(Verdict v) {
        return switch (v) {
            case PASS -> Palette.BLUISH_GREEN;
            case FAIL -> Palette.VERMILLION;
            default -> new Color(0x777777);
        };
    }
}
