package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYSeries;
import org.msgdlab.deep.study.SupportClaim;
import org.msgdlab.reports.figures.Figures;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The support study's forest plot (one row per claim, lines at -Delta, 0 and +Delta) and its dose figure. */
class SupportFiguresTest {

    @Test
    void everyClaimHasItsRowWithItsBoundsAndTheBandAndZeroAreDrawn() {
        var report = SupportSummaryTest.report();
        Figures.Drawing d = SupportFigures.forest(report);
        assertEquals(6, d.chart().getSeriesMap().keySet().stream().filter(n -> n.startsWith("estimate ")).count());
        List<XYSeries> refs = d.chart().getSeriesMap().values().stream().filter(s -> s.getName().startsWith("ref ")).toList();
        assertEquals(3 * 6, refs.size(), "-Delta, 0 and +Delta in every row");
        assertTrue(refs.stream().anyMatch(s -> s.getXData()[0] == -SupportClaim.DELTA));
        assertTrue(refs.stream().anyMatch(s -> s.getXData()[0] == SupportClaim.DELTA));
        XYSeries first = d.chart().getSeriesMap().get("bounds 0");
        var look = report.claims().get(0).last().look();
        assertEquals(look.lower(), first.getXData()[0], 0);
        assertEquals(look.upper(), first.getXData()[1], 0);
        Figures.Drawing dose = SupportFigures.dose(report.description());
        assertEquals(3, dose.chart().getSeriesMap().keySet().stream().filter(n -> n.startsWith("estimate B = ")).count());
        assertTrue(dose.notes().get(0).startsWith("per-seed slope on log10 B: trimmed mean"), dose.notes().toString());
    }
}
