package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYSeries;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.SignedRankRatio;
import org.msgdlab.deep.study.NoiseClassClaim;
import org.msgdlab.deep.study.NoiseClassVerdicts;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.NoiseClassFigures;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The forest plot of R: one row per noise, lines at 0, 0.5, 1 and 1.5 that do not cross the row's label. */
class NoiseClassStudyFiguresTest {

    @Test
    void everyNoiseHasItsRowAndTheReferenceLinesStopBelowEachLabel() {
        List<NoiseClassVerdicts.Result> results = NoiseClassClaim.all().stream()
                .map(c -> new NoiseClassVerdicts.Result(c, Verdict.INCONCLUSIVE, 20, 20, 0.8,
                        List.of(new SignedRankRatio.Interval(0.3, 1.6)), 0, 0, "at the look of 20"))
                .toList();
        int rows = (int) results.stream().filter(r -> r.claim().kind() == NoiseClassClaim.Kind.RECOVERY).count();
        Figures.Drawing d = NoiseClassFigures.forest(NoiseClassStudyFigures.rows(results), 20, NoiseClassClaim.BAND_LOWER,
                NoiseClassClaim.BAND_UPPER);

        assertEquals(rows, d.chart().getSeriesMap().keySet().stream().filter(n -> n.startsWith("estimate ")).count());
        List<XYSeries> refs = d.chart().getSeriesMap().values().stream().filter(s -> s.getName().startsWith("ref ")).toList();
        assertEquals(4 * rows, refs.size(), "four reference lines per row");
        for (XYSeries ref : refs) {
            double[] y = ref.getYData();
            double row = Math.round((y[0] + y[1]) / 2);
            assertTrue(Arrays.stream(y).allMatch(v -> v < row + NoiseClassFigures.LABEL_ABOVE),
                    ref.getName() + " reaches the label of row " + row + ": " + Arrays.toString(y));
        }
    }
}
