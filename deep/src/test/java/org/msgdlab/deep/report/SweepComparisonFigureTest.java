package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYSeries;
import org.msgdlab.deep.sweep.SweepComparison;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.FiguresTest;
import org.msgdlab.reports.figures.Charts;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The figure of {@code msgd sweep compare}: every seed's gap, each group's interval, the reference's mean. */
class SweepComparisonFigureTest {

    private static SweepComparison.Pair pair(int seed, double gd, double sgd) {
        return new SweepComparison.Pair(seed, gd, sgd, 1.0, 1.0);
    }

    @Test
    void eachSeedIsADotEachGroupWithTwoSeedsHasItsIntervalAndTheReferenceMeanIsDrawn(@TempDir Path dir) throws Exception {
        SweepComparison.Group ref = new SweepComparison.Group("authors-code", 3,
                List.of(pair(10, 0.78, 0.80), pair(11, 0.79, 0.80), pair(12, 0.77, 0.79)), List.of());
        SweepComparison.Group unit = new SweepComparison.Group("authors-code+pixels=unit", 3,
                List.of(pair(10, 0.80, 0.80), pair(11, 0.79, 0.795)), List.of("authors-code+pixels=unit/gd/seed-12 (pending)"));
        SweepComparison.Group one = new SweepComparison.Group("authors-code+init=framework", 3,
                List.of(pair(10, 0.78, 0.77)), List.of());
        SweepComparison c = new SweepComparison("gd", "sgd-50", "authors-code", List.of(ref, unit, one));

        Figures.Drawing d = SweepComparisonFigure.drawing(c);
        var series = d.chart().getSeriesMap();
        List<String> names = List.copyOf(series.keySet());
        assertEquals(List.of("seeds 0", "ci 0", "mean 0", "seeds 1", "ci 1", "mean 1", "seeds 2", "ref 0.0"), names.subList(0, 8),
                "one interval per group of two seeds or more");
        assertEquals(9, names.size());
        assertEquals(100 * (0.02 + 0.01 + 0.02) / 3, series.get(names.get(8)).getXData()[0], 1e-9, "the reference's mean gap");
        XYSeries seeds = series.get("seeds 0");
        assertArrayEquals(new double[] {2, 1, 2}, seeds.getXData(), 1e-9, "each seed's gap, in points");
        assertEquals(100 * (0 + 0.005) / 2, series.get("mean 1").getXData()[0], 1e-9);

        SweepComparisonFigure.write(c, dir, "gaps");
        byte[] png = Files.readAllBytes(dir.resolve("gaps.png"));
        assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII));
        assertNull(FiguresTest.inkAtTheEdges(dir.resolve("gaps.png"), 2 * Charts.SCALE));
    }
}
