package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYSeries;
import org.msgdlab.deep.study.SupportClaim;
import org.msgdlab.reports.figures.Figures;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The support study's forest plot (one row per claim with its own decision lines: an equivalence claim's -Delta and
 * +Delta with a dashed 0, a "below" claim's 0; the seeds needed where undecided at the cap) and its dose figure.
 */
class SupportFiguresTest {

    @Test
    void everyClaimHasItsRowWithItsBoundsItsOwnDecisionLinesAndTheSeedsNeededAtTheCap() {
        var report = SupportSummaryTest.report();
        Figures.Drawing d = SupportFigures.forest(report);
        assertEquals(6, d.chart().getSeriesMap().keySet().stream().filter(n -> n.startsWith("estimate ")).count());
        for (int i = 0; i < 6; i++) {
            int row = 6 - i;
            var xs = d.chart().getSeriesMap().values().stream().filter(s -> s.getName().endsWith(" row " + row))
                    .map(s -> s.getXData()[0]).sorted().toList();
            boolean equivalence = report.claims().get(i).claim().band().kind().equals("equivalence");
            assertEquals(equivalence ? List.of(-SupportClaim.DELTA, 0.0, SupportClaim.DELTA) : List.of(0.0), xs,
                    "row " + row + ": " + report.claims().get(i).claim().name());
        }
        var undecided = report.claims().get(5);
        assertTrue(undecided.settled() && undecided.needed().isPresent(), "the fixture has a claim undecided at the cap");
        assertTrue(SupportFigures.label(undecided).endsWith("; a decision needs over 1000 seeds at power 0.8"),
                SupportFigures.label(undecided));
        var decided = report.claims().get(0);
        assertTrue(decided.needed().isEmpty() && !SupportFigures.label(decided).contains("needs"),
                SupportFigures.label(decided));
        assertTrue(SupportFigures.label(report.claims().get(2)).contains("\u2212"), "a true minus sign in the figure: "
                + SupportFigures.label(report.claims().get(2)));
        XYSeries first = d.chart().getSeriesMap().get("bounds 0");
        var look = report.claims().get(0).last().look();
        assertEquals(look.lower(), first.getXData()[0], 0);
        assertEquals(look.upper(), first.getXData()[1], 0);
        Figures.Drawing dose = SupportFigures.dose(report.description());
        assertEquals(3, dose.chart().getSeriesMap().keySet().stream().filter(n -> n.startsWith("estimate B = ")).count());
        assertTrue(dose.notes().get(0).startsWith("per-seed slope on log10 B: trimmed mean"), dose.notes().toString());
    }
}
