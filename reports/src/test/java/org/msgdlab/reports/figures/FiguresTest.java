package org.msgdlab.reports.figures;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.ReportFixtures;
import org.msgdlab.theory.claims.Evidence;
import org.msgdlab.theory.claims.Series;
import org.msgdlab.theory.claims.StudyResult;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FiguresTest {

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
        Figures.Drawing d = Figures.seriesDrawing(series(true, false,
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

    @Test
    void paletteIsOkabeIto() {
        assertEquals("#009e73", Palette.hex(Palette.of(org.msgdlab.theory.claims.Verdict.PASS)));
        assertEquals("#e69f00", Palette.hex(Palette.of(org.msgdlab.theory.claims.Verdict.APPROXIMATE)));
        assertEquals("#d55e00", Palette.hex(Palette.of(org.msgdlab.theory.claims.Verdict.FAIL)));
    }
}
