package org.msgdlab.reports.figures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.ReportFixtures;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StudyResult;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class FiguresTest {

    private static Series series(boolean logX, boolean logY, Series.Curve... curves) {
        return new Series("t.s", "title", "x", "y", logX, logY, List.of(curves));
    }

    private static Series.Curve curve(String name, double[]... points) {
        return new Series.Curve(name, List.of(points));
    }

    @Test
    void writesPngAndSvgForEverySeriesOfTheFixture(@TempDir Path dir) throws Exception {
        for (StudyResult s : ReportFixtures.varied().studies()) {
            for (Evidence e : s.claims()) {
                for (Series se : e.series()) {
                    Figures.Figure f = Figures.series(se, dir, se.id());
                    assertTrue(f.rendered(), f.problem());
                    byte[] png = Files.readAllBytes(dir.resolve(f.png()));
                    assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII));
                    var factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
                    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
                    var svg = factory.newDocumentBuilder().parse(dir.resolve(f.svg()).toFile());
                    assertEquals("svg", svg.getDocumentElement().getTagName(), f.svg());
                }
            }
        }
    }

    /** Non-white pixels in the outer {@code margin} pixels of a PNG: text or lines cut at the edge (deep's figure tests use it too). */
    public static String inkAtTheEdges(Path png, int margin) throws Exception {
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        List<String> edges = new java.util.ArrayList<>();
        int w = img.getWidth();
        int h = img.getHeight();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                boolean edge = x < margin || y < margin || x >= w - margin || y >= h - margin;
                if (edge && (img.getRGB(x, y) & 0xFFFFFF) < 0xF0F0F0) {
                    edges.add(x < margin ? "left" : x >= w - margin ? "right" : y < margin ? "top" : "bottom");
                }
            }
        }
        return edges.isEmpty() ? null : png.getFileName() + " has ink at its " + new java.util.TreeSet<>(edges) + " edge";
    }

    @Test
    void noFigureIsCutAtItsEdgesLongTitlesAndLegendsIncluded() throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "figure-edges"));
        List<String> cut = new java.util.ArrayList<>();
        String longName = "the without-replacement covariance (n-b)/(bn(n-1)) (I - 11^T/n) of SGD-50 against the"
                + " with-replacement formula 1/(bn) (I - 11^T/n), sampled with 2,000,000 vectors";
        Series wordy = new Series("t.wordy", "Var[V]: " + longName + ", a title much wider than any figure", "Monte Carlo"
                + " samples drawn from the sampling noise", "diagonal mean", true, false, List.of(
                curve(longName, new double[] {1000, 1, 0.9, 1.1}, new double[] {2000, 1.1, 1, 1.2}),
                curve("paper", new double[] {1000, 1, 1, 1}, new double[] {2000, 1, 1, 1})));
        List<Figures.Figure> figures = new java.util.ArrayList<>();
        figures.add(Figures.series(wordy, dir, "wordy"));
        // the overviews of a real quick run (every verdict kind, 29 and 32 claims) and of the fixture
        Path quick = dir.resolve("quick-results.json");
        try (var in = new java.util.zip.GZIPInputStream(FiguresTest.class.getResourceAsStream(
                "/org/msgdlab/reports/html/quick-results.json.gz"))) {
            Files.copy(in, quick, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        for (StudyResult s : org.msgdlab.core.claims.ResultsFile.read(quick).studies()) {
            figures.add(Figures.overview(s, dir, "quick." + s.id() + ".overview"));
        }
        for (StudyResult s : ReportFixtures.varied().studies()) {
            figures.add(Figures.overview(s, dir, s.id() + ".overview"));
            for (Evidence e : s.claims()) {
                for (Series se : e.series()) {
                    figures.add(Figures.series(se, dir, se.id()));
                }
            }
        }
        for (Figures.Figure f : figures) {
            if (f.rendered()) {
                String problem = inkAtTheEdges(dir.resolve(f.png()), 2 * Charts.SCALE);
                if (problem != null) {
                    cut.add(problem);
                }
            }
        }
        assertEquals(List.of(), cut, "figures cut at an edge");
    }

    /**
     * Every figure of a real quick run keeps its whole title: none is shortened with an ellipsis to fit
     * (the fixture's run, or the results.json named by the system property msgd.quickResults: CI's own).
     */
    @Test
    void noFigureOfARealRunHasItsTitleCut(@TempDir Path tmp) throws Exception {
        Path quick = tmp.resolve("quick-results.json");
        String given = System.getProperty("msgd.quickResults", "");
        if (given.isBlank()) {
            try (var in = new java.util.zip.GZIPInputStream(FiguresTest.class.getResourceAsStream(
                    "/org/msgdlab/reports/html/quick-results.json.gz"))) {
                Files.copy(in, quick);
            }
        } else {
            quick = Path.of(given);
        }
        List<String> cut = new java.util.ArrayList<>();
        int n = 0;
        for (StudyResult s : org.msgdlab.core.claims.ResultsFile.read(quick).studies()) {
            for (Evidence e : s.claims()) {
                for (Series se : e.series()) {
                    n++;
                    String drawn = SeriesChart.drawing(se).chart().getTitle();
                    // the drawing renders formulas (E[yi^2] as E[yᵢ²]); a cut title ends in an ellipsis it did not have
                    if (drawn.endsWith("…") && !se.title().endsWith("…")) {
                        cut.add(se.id() + ": \"" + drawn + "\"");
                    }
                }
            }
        }
        assertTrue(n > 20, n + " figures");
        assertEquals(List.of(), cut, "figure titles cut to fit");
    }

    @Test
    void logAxisDropsNonPositivePointsAndSaysSo(@TempDir Path dir) {
        Figures.Figure f = Figures.series(series(true, true,
                curve("a", new double[] {1, 1, 0.5, 2}, new double[] {10, 0.1, -1, 0.2}, new double[] {0, 1, 1, 1}, new double[] {100, -3, -3, -3})),
                dir, "log");
        assertTrue(f.rendered(), f.problem());
        assertTrue(f.notes().stream().anyMatch(n -> n.startsWith("2 points with a non-positive coordinate")), f.notes().toString());
        assertTrue(f.notes().stream().anyMatch(n -> n.contains("error bar reaching 0 or below")), f.notes().toString());
    }

    @Test
    void nothingToDrawIsAProblemNotAnException(@TempDir Path dir) {
        Figures.Figure f = Figures.series(series(false, true, curve("only negative", new double[] {1, -1, -1, -1})), dir, "none");
        assertFalse(f.rendered());
        assertTrue(f.problem().startsWith("no plottable points"), f.problem());
        assertFalse(Files.exists(dir.resolve("none.png")));
    }

    @Test
    void farReferenceGoesOffScaleWithItsValueInTheLegendAndNotes(@TempDir Path dir) {
        Figures.Figure f = Figures.series(series(true, false,
                curve("estimate ± tolerance", new double[] {100, 1.0, 0.99, 1.01}, new double[] {1000, 1.0, 0.995, 1.005}),
                curve("paper", new double[] {100, 1, 1, 1}, new double[] {1000, 1, 1, 1}),
                curve("wrong: zero", new double[] {100, 0, 0, 0}, new double[] {1000, 0, 0, 0})), dir, "off");
        assertTrue(f.rendered(), f.problem());
        assertTrue(f.notes().stream().anyMatch(n -> n.startsWith("“wrong: zero” is off the scale of this figure, at y = 0")), f.notes().toString());
    }

    @Test
    void tinyDifferencesAreShownAsOffsetsFromThePaper() {
        Figures.Drawing d = SeriesChart.drawing(series(true, false,
                curve("estimate ± tolerance", new double[] {100, 0.001, 0.001 - 2e-11, 0.001 + 2e-11}),
                curve("paper", new double[] {100, 0.001, 0.001, 0.001}, new double[] {1000, 0.001, 0.001, 0.001})));
        assertTrue(d.notes().stream().anyMatch(n -> n.startsWith("the y axis shows the difference from 0.001 (the paper's value)")), d.notes().toString());
        assertTrue(d.chart().getYAxisTitle().endsWith(" / 10⁻¹¹"), d.chart().getYAxisTitle());
    }

    @Test
    void overviewOnlyForStudiesWithAnEstimate(@TempDir Path dir) {
        List<StudyResult> studies = ReportFixtures.varied().studies();
        assertTrue(Figures.hasOverview(studies.get(0)));
        assertFalse(Figures.hasOverview(studies.get(2)));
        Figures.Figure f = Figures.overview(studies.get(0), dir, "overview");
        assertTrue(f.rendered(), f.problem());
        assertTrue(f.notes().get(0).startsWith("no estimate to show for sparse-fisher.as-printed.covariance (ERROR)"), f.notes().toString());
        assertNull(Figures.headline(studies.get(0).claims().get(4)));
    }

    /** A claim decided on one statistic, as the overview's tests need it. */
    private static Evidence claim(String id, org.msgdlab.core.claims.StatisticCheck check) {
        return Evidence.decide(id, "ref", "statement", java.util.Map.of(), 1e-7, List.of(check), List.of(),
                org.msgdlab.core.claims.Discrepancy.none(), 100, 0.1, List.of());
    }

    /** An interval claim, as the paired studies give them (no paper value: no row in an overview). */
    private static Evidence interval(String id) {
        return Evidence.builder(id, "ref", "statement").verdict(org.msgdlab.core.claims.Verdict.PASS, "inside")
                .interval(new org.msgdlab.core.claims.IntervalAnswer("R", 0.9, 0.6, 1.1, "set", new double[0], List.of(), 40,
                        "rule", "answer", false)).build();
    }

    @Test
    void aStudyOfIntervalsWithTwoExactChecksGetsNoOverviewButAStudyOfTwoClaimsDoes() {
        java.util.List<Evidence> claims = new java.util.ArrayList<>(List.of(
                claim("deep.convsmall.parameters", org.msgdlab.core.claims.StatisticCheck.of("parameters", 11330, 0, 11330, 11330, 0)),
                claim("deep.algorithm1.weighted-gradient", org.msgdlab.core.claims.StatisticCheck.of("gap", 3.581e-16, 0, 0, 0, 1e-12))));
        for (int i = 0; i < 40; i++) {
            claims.add(interval("deep.paired." + i));
        }
        StudyResult deep = new StudyResult("deep", "Deep", "Section 5", claims);
        assertEquals(2, Figures.overviewRows(deep));
        assertFalse(Figures.hasOverview(deep), "2 of 42 claims: the table says more than such a figure");
        assertTrue(Figures.hasOverview(new StudyResult("two", "Two", "ref", claims.subList(0, 2))), "every claim of the study");
    }

    @Test
    void discrepanciesAtRoundOffGetAnAxisWithReadableTicks() {
        StudyResult exact = new StudyResult("s", "Study", "ref", List.of(
                claim("a.exact", org.msgdlab.core.claims.StatisticCheck.of("gap", 3.581e-16, 0, 0, 0, 1e-12)),
                claim("b.exact", org.msgdlab.core.claims.StatisticCheck.of("v", 11330, 0, 11330, 11330, 0)),
                claim("c.exact", org.msgdlab.core.claims.StatisticCheck.of("v", 2, 0, 2, 2, 0))));
        Figures.Drawing d = OverviewChart.drawing(exact);
        double span = d.chart().getStyler().getXAxisMax() - d.chart().getStyler().getXAxisMin();
        assertTrue(span >= OverviewChart.MIN_SPAN, "an axis of " + span + " has one tick, '3.581E-16'");
    }

    @Test
    void aBoundLikeASpeedRatioStaysOffTheDiscrepancyAxisAndIsNamedInTheNotes() {
        StudyResult study = new StudyResult("s", "Study", "ref", List.of(
                claim("a.close", org.msgdlab.core.claims.StatisticCheck.of("v", 1.01, 0.01, 1.0, 1.0, 0.05)),
                claim("b.close", org.msgdlab.core.claims.StatisticCheck.of("v", 0.98, 0.01, 1.0, 1.0, 0.05)),
                claim("c.time-ratio", org.msgdlab.core.claims.StatisticCheck.above("time ratio", 468, 0, 1.0, 0))));
        Figures.Drawing d = OverviewChart.drawing(study);
        double xmax = d.chart().getStyler().getXAxisMax();
        assertTrue(xmax < 1, "the axis fits the two discrepancies of a few percent, not the ratio 468: max " + xmax);
        assertTrue(d.notes().stream().anyMatch(n -> n.contains("c.time-ratio 468 (bound: > 1")), d.notes().toString());
    }

    @Test
    void theOverviewLegendCountsEveryClaimOfAVerdictAndSaysHowManyAreDrawn() {
        StudyResult study = new StudyResult("s", "Study", "ref", List.of(
                claim("a.close", org.msgdlab.core.claims.StatisticCheck.of("v", 1.01, 0.01, 1.0, 1.0, 0.05)),
                claim("b.close", org.msgdlab.core.claims.StatisticCheck.of("v", 0.98, 0.01, 1.0, 1.0, 0.05)),
                claim("c.time-ratio", org.msgdlab.core.claims.StatisticCheck.above("time ratio", 468, 0, 1.0, 0)),
                claim("d.far", org.msgdlab.core.claims.StatisticCheck.of("v", 1.5, 0.01, 1.0, 1.0, 0.05))));
        List<String> legend = OverviewChart.drawing(study).chart().getSeriesMap().values().stream()
                .filter(org.knowm.xchart.XYSeries::isShowInLegend).map(org.knowm.xchart.XYSeries::getName).toList();
        assertTrue(legend.contains("PASS (3, 2 plotted)"), "three PASS claims, the speed bound not drawn: " + legend);
        assertTrue(legend.contains("FAIL (1)"), "all drawn: no 'plotted' count: " + legend);
    }

    @Test
    void longClaimIdsAreShortenedOnTheOverviewOnlyWhenTheyStayDistinct() {
        assertEquals("", OverviewChart.sharedPrefix(List.of("deep.a.x", "deep.b.y")), "a short shared prefix stays");
        assertEquals("deep.fashion-mnist.", OverviewChart.sharedPrefix(List.of("deep.fashion-mnist.a.x", "deep.fashion-mnist.b.y")));
        assertEquals(List.of("authors-code.msgd-fisher.above-gd", "paper-text.msgd-fisher.above-gd", "deep.convsmall.parameters"),
                OverviewChart.lastParts(List.of("deep.fashion-mnist.authors-code.msgd-fisher.above-gd",
                        "deep.fashion-mnist.paper-text.msgd-fisher.above-gd", "deep.convsmall.parameters"), 3));
        assertNull(OverviewChart.lastParts(List.of("x.a.b.c", "y.a.b.c"), 3), "not when two would read alike");
    }

    @Test
    void paletteIsOkabeIto() {
        assertEquals("#009e73", Palette.hex(Palette.of(org.msgdlab.core.claims.Verdict.PASS)));
        assertEquals("#e69f00", Palette.hex(Palette.of(org.msgdlab.core.claims.Verdict.APPROXIMATE)));
        assertEquals("#d55e00", Palette.hex(Palette.of(org.msgdlab.core.claims.Verdict.FAIL)));
    }

    /**
     * Issue 33, D8: a figure not written on a full disk names the file system's reason, not the image writer's
     * wrapper ("I/O error writing PNG file!", a SAXException quoting a class name and a second line).
     */
    @Test
    void aWriteFailureIsNamedByItsInnermostReasonOnOneLine() {
        assertEquals("No space left on device", Figures.rootReason(new java.io.IOException("I/O error writing PNG file!",
                new java.io.IOException("No space left on device"))));
        Exception sax = new Exception("java.io.IOException: No space left on device\njava.io.IOException: No space left on device",
                new java.io.IOException("No space left on device"));
        assertEquals("No space left on device", Figures.rootReason(new java.io.IOException(sax)));
        assertEquals("No space left on device", Figures.rootReason(new java.io.IOException(
                "org.xml.sax.SAXException: No space left on device\nmore")));
        assertEquals("No space left on device", Figures.rootReason(new java.io.IOException(
                "org.xml.sax.SAXException: java.io.IOException: No space left on device")));
        assertEquals("IOException", Figures.rootReason(new java.io.IOException()));
    }
}
