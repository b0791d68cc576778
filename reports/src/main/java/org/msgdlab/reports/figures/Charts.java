package org.msgdlab.reports.figures;

import org.msgdlab.core.io.AtomicFiles;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.msgdlab.reports.figures.Figures.Drawing;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What every figure of the report shares (those of a claim, of a study overview, of the
 * Fashion-MNIST study): the house style, fitting a chart's title, legend and axis title to its
 * width, numbers as a chart writes them, and writing a drawing as PNG and SVG. Public for the deep studies' own
 * figures (deep's {@code report} package), drawn in the same style.
 */
public final class Charts {

    /** Pixel density of the PNG relative to the nominal size. */
    public static final int SCALE = 2;

    /** The figures' font family. */
    public static final String FONT = Font.SANS_SERIF;

    private Charts() {
    }

    /** {@code v} with four significant digits, trailing zeros dropped, a minus sign: 0.001, 1.998e−05. */
    public static String plain(double v) {
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

    /**
     * {@code v} with a sign and {@code decimals} decimals, a true minus sign: "+0.33", "−0.04"; a value that rounds to
     * zero is "0.00", with no sign (Java's {@code %+.2f} would print "−0.00" for −0.003, a sign the digits do not show).
     *
     * @param v        the value
     * @param decimals the decimals, 0 to 9
     * @return the text
     */
    public static String signed(double v, int decimals) {
        return signedAscii(v, decimals).replace('-', '−');
    }

    /**
     * As {@link #signed(double, int)} with an ASCII hyphen-minus, for plain-text files that stay ASCII (the deep
     * study's verdicts.md): "+0.325", "-0.039", and "0.000" for a value that rounds to zero.
     *
     * @param v        the value
     * @param decimals the decimals, 0 to 9
     * @return the text
     */
    public static String signedAscii(double v, int decimals) {
        if (decimals < 0 || decimals > 9) {
            throw new IllegalArgumentException("decimals must be 0 to 9, got " + decimals);
        }
        String s = String.format(Locale.ROOT, "%+." + decimals + "f", v);
        return s.substring(1).matches("[0.]+") ? s.substring(1) : s;
    }

    /**
     * Shrinks the title font so that a long title fits the chart's width (measured with the font's
     * own metrics) instead of being cut at the edge; never below 10 pt.
     */
    public static void fitTitle(XYChart chart) {
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
    public static void fitLegend(XYChart chart, List<String> notes) {
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

    /** How far above its row a forest plot's row label sits, in rows: clear of the row's bar and marker. */
    public static final double FOREST_LABEL_ABOVE = 0.36;

    /**
     * Frames a forest plot whose rows sit at y = 1, ..., {@code rows}: the x axis from {@code min} to {@code max}, each
     * widened to the next half, and each row's label centred above its row ({@link #FOREST_LABEL_ABOVE}).
     *
     * @param chart  the chart, its rows drawn
     * @param min    the smallest x any row reaches
     * @param max    the largest x any row reaches
     * @param labels each row's label by its y
     * @param rows   the number of rows
     */
    public static void forestFrame(XYChart chart, double min, double max, Map<Double, String> labels, int rows) {
        double xmin = Math.floor(min * 2) / 2;
        double xmax = Math.ceil(max * 2) / 2;
        chart.getStyler().setXAxisMin(xmin);
        chart.getStyler().setXAxisMax(xmax);
        for (Map.Entry<Double, String> e : labels.entrySet()) {
            chart.addAnnotation(new AnnotationText(e.getValue(), (xmin + xmax) / 2, e.getKey() + FOREST_LABEL_ABOVE, false));
        }
        chart.getStyler().setYAxisMin(0.3);
        chart.getStyler().setYAxisMax(rows + 0.7);
    }

    /** The house style: white, light grid, system sans fonts, legend below, the palette's colours in order. */
    public static void style(XYStyler st) {
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

    /**
     * Writes {@code d} to {@code dir/base.png} and {@code dir/base.svg}, each file whole or not at all.
     *
     * @param d    the drawing
     * @param dir  the folder
     * @param base the file name without extension
     * @throws IOException when a file cannot be written
     */
    public static void write(Drawing d, Path dir, String base) throws IOException {
        AtomicFiles.write(dir.resolve(base + ".png"), out -> png(d.chart(), d.width(), d.height(), out));
        AtomicFiles.write(dir.resolve(base + ".svg"),
                out -> VectorGraphicsEncoder.saveVectorGraphic(d.chart(), out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG));
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
