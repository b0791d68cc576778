package org.msgdlab.reports.figures;

import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * XChart figures of a results file, each written as PNG (at twice the nominal size, for sharp
 * screens and print) and SVG: one per {@link Series} of a claim, and one overview per study
 * showing every claim's measured discrepancy from the paper with its tolerance, coloured by verdict.
 *
 * <p>This class is the way in: it renders a figure to its files and says what came of it (a
 * {@link Figure}), never throwing for bad data; it also says which studies have an overview and
 * which statistic is a claim's headline. The drawing is done in this package by {@link SeriesChart}
 * (a claim's series), {@link OverviewChart} (a study's overview), {@link Marks} (what a curve is
 * from its name, and the line or marker that shows it) and {@link Charts} (the style, fitting and
 * PNG/SVG writing that every figure shares).
 */
public final class Figures {

    /** Nominal size of a series figure, in CSS pixels (the PNG has twice as many). */
    public static final int WIDTH = 680;
    static final int BASE_HEIGHT = 420;

    private Figures() {
    }

    /**
     * One rendered (or not renderable) figure.
     * <p>
     * Immutable and thread-safe.
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
        /** Copies {@code notes}. */
        public Figure {
            notes = List.copyOf(notes);
        }

        /** @return whether the figure was rendered (no problem) */
        public boolean rendered() {
            return problem == null;
        }
    }

    /**
     * A chart and what its drawing leaves out or changes.
     *
     * @param chart  the chart (null: nothing to plot)
     * @param width  its width in pixels
     * @param height its height in pixels
     * @param notes  what the drawing leaves out or changes, one line each
     */
    public record Drawing(XYChart chart, int width, int height, List<String> notes) {
    }

    /** Loads fonts and image writers now, so that a later render (e.g. in a shutdown hook) needs no new services. */
    public static void warmUp() {
        try {
            Series s = new Series("warm-up", "warm-up", "x", "y", true, true,
                    List.of(new Series.Curve("c", List.of(new double[] {1, 1, 0.5, 2}, new double[] {10, 2, 1, 3}))));
            Drawing d = SeriesChart.drawing(s);
            Charts.png(d.chart(), d.width(), d.height(), OutputStream.nullOutputStream());
            VectorGraphicsEncoder.saveVectorGraphic(d.chart(), OutputStream.nullOutputStream(),
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException | RuntimeException | Error e) {
            // the real render reports its own problem
        }
    }

    /**
     * Renders {@code series} to {@code dir/base.png} and {@code dir/base.svg}; never throws for bad data.
     *
     * @param series the claim's series
     * @param dir    the figures directory
     * @param base   the file name without extension
     * @return the figure, or why it was not rendered (no plottable points, a write or drawing failure)
     */
    public static Figure series(Series series, Path dir, String base) {
        String title = Formula.unicode(series.title());
        try {
            Drawing d = SeriesChart.drawing(series);
            if (d.chart() == null) {
                return new Figure(series.id(), title, null, null, WIDTH, BASE_HEIGHT, d.notes(),
                        "no plottable points" + (d.notes().isEmpty() ? "" : ": " + String.join("; ", d.notes())));
            }
            Charts.write(d, dir, base);
            return new Figure(series.id(), title, base + ".png", base + ".svg", d.width(), d.height(), d.notes(), null);
        } catch (IOException e) {
            return new Figure(series.id(), title, null, null, WIDTH, BASE_HEIGHT, List.of(), notWritten(dir, base, e));
        } catch (RuntimeException | Error e) {
            return new Figure(series.id(), title, null, null, WIDTH, BASE_HEIGHT, List.of(), describe(e));
        }
    }

    /**
     * Renders the overview of {@code study} to {@code dir/base.png} and {@code .svg}; never throws.
     *
     * @param study the study's results
     * @param dir   the figures directory
     * @param base  the file name without extension
     * @return the figure, or why it was not rendered (no claim with an estimate, a write or drawing failure)
     */
    public static Figure overview(StudyResult study, Path dir, String base) {
        String title = Formula.unicode(study.title()) + ": discrepancy from the paper, every claim";
        try {
            Drawing d = OverviewChart.drawing(study);
            if (d.chart() == null || !hasOverview(study)) {
                return new Figure(study.id(), title, null, null, WIDTH, BASE_HEIGHT, d.notes(), "no claim has an estimate");
            }
            Charts.write(d, dir, base);
            return new Figure(study.id(), title, base + ".png", base + ".svg", d.width(), d.height(), d.notes(), null);
        } catch (IOException e) {
            return new Figure(study.id(), title, null, null, WIDTH, BASE_HEIGHT, List.of(), notWritten(dir, base, e));
        } catch (RuntimeException | Error e) {
            return new Figure(study.id(), title, null, null, WIDTH, BASE_HEIGHT, List.of(), describe(e));
        }
    }

    /**
     * Renders a drawing made by {@code draw} to {@code dir/base.png} and {@code .svg}; never throws.
     *
     * @param id    the figure's id
     * @param title its title
     * @param draw  makes the drawing (a null chart: nothing to plot)
     * @param dir   the figures directory
     * @param base  the file name without extension
     * @return the figure, or why it was not rendered
     */
    public static Figure drawn(String id, String title, java.util.function.Supplier<Drawing> draw, Path dir, String base) {
        try {
            Drawing d = draw.get();
            if (d.chart() == null) {
                return new Figure(id, title, null, null, WIDTH, BASE_HEIGHT, d.notes(), "nothing to plot");
            }
            Charts.write(d, dir, base);
            return new Figure(id, title, base + ".png", base + ".svg", d.width(), d.height(), d.notes(), null);
        } catch (IOException e) {
            return new Figure(id, title, null, null, WIDTH, BASE_HEIGHT, List.of(), notWritten(dir, base, e));
        } catch (RuntimeException | Error e) {
            return new Figure(id, title, null, null, WIDTH, BASE_HEIGHT, List.of(), describe(e));
        }
    }

    /**
     * How a figure's problem starts when its file could not be written (a full disk), not drawn: the report
     * then fails whole ({@code Report.write}).
     */
    public static final String WRITE_FAILURE = "could not write";

    private static String notWritten(Path dir, String base, IOException e) {
        return WRITE_FAILURE + " " + dir.resolve(base + ".png") + " (or its .svg): " + rootReason(e);
    }

    /**
     * Why a write failed, from the innermost cause that says (the image writers wrap the file system's "No space
     * left on device" in "I/O error writing PNG file!" or a SAXException): its first line, without the path.
     */
    static String rootReason(Throwable e) {
        String why = null;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String m = t instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : t.getMessage();
            if (m != null && !m.isBlank()) {
                why = m;
            }
        }
        if (why == null) {
            return e.getClass().getSimpleName();
        }
        String first = why.lines().findFirst().orElse(why);
        return first.replaceAll("^(?:(?:[a-z]+\\.)+[A-Za-z]*(?:Exception|Error): )+", "");
    }

    private static String describe(Throwable e) {
        return "could not render: " + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    /**
     * The data of a study's overview figure ({@link #overview}): one row per claim with its discrepancy,
     * tolerance and exact gap on the figure's scale, and whether it is plotted (CSV text).
     *
     * @param study the study
     * @return the CSV text
     */
    public static String overviewCsv(StudyResult study) {
        return OverviewChart.csv(study);
    }

    /**
     * A study gets an overview only when at least this many of its claims have a row in it (a discrepancy from a
     * value the paper gives), or all of them do. With fewer, the figure said less than the table beside it: the deep
     * study's two exact checks (0 and 3.6e-16) on an axis whose one tick read "3.581E-16", beside 42 claims it could
     * not show (their intervals are in the noise-class forest plot and in their cards).
     */
    public static final int OVERVIEW_MIN_ROWS = 3;

    /**
     * Whether {@code study} has an overview: at least {@value #OVERVIEW_MIN_ROWS} claims with a discrepancy to show,
     * or every claim of it (one or two) has one.
     *
     * @param study the study's results
     * @return whether enough claims with a verdict have a finite discrepancy from a two-sided paper value (not an
     *         interval or a bound)
     */
    public static boolean hasOverview(StudyResult study) {
        int rows = overviewRows(study);
        return rows >= OVERVIEW_MIN_ROWS || rows > 0 && rows == study.claims().size();
    }

    /**
     * How many claims of {@code study} an overview would plot.
     *
     * @param study the study's results
     * @return the claims with a verdict and a finite discrepancy from a two-sided paper value
     */
    public static int overviewRows(StudyResult study) {
        return (int) study.claims().stream().filter(e -> OverviewChart.point(e).shown() == OverviewChart.Shown.PLOTTED).count();
    }

    /**
     * The statistic the evidence's scalar fields repeat (Evidence's "headline"), or null.
     *
     * @param e a claim's evidence
     * @return the first statistic whose estimate and paper value equal the evidence's estimate and reference,
     *         or null
     */
    public static StatisticCheck headline(Evidence e) {
        for (StatisticCheck s : e.statistics()) {
            if (s.estimate() == e.estimate() && s.paperValue() == e.reference()) {
                return s;
            }
        }
        return null;
    }
}
