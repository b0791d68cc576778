package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.reports.figures.Charts;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.NoiseClassFigures;
import org.msgdlab.reports.figures.Palette;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The forest plot of a plan's look: one figure per unit, one row per claim with its own estimate, bounds and lines,
 * labelled with the numbers the look states; the second study's rows carry its committed verdicts' numbers (read from
 * its verdicts.md, not recomputed); a claim not looked at yet is a labelled row without an interval.
 */
class PlanFiguresTest {

    @TempDir
    Path tmp;

    private static final Pattern RECOVERY = Pattern.compile("^\\* `deep\\.noise-class\\.([^`]+)`: (\\w+) at the look of (\\d+)"
            + " paired seeds \\(\\d+ without a collapse\\): (R = [0-9.]+), set (\\[[0-9.]+, [0-9.]+\\]) at");
    private static final Pattern EVENT = Pattern.compile("^\\* `deep\\.noise-class\\.([^`]+)`: (\\w+) at (\\d+) paired seeds:"
            + " collapsed alone at (\\d+) seeds.* collapses\\) ([0-9.]+) \\(margin");

    @Test
    void theSecondStudyIsTwoFiguresWhoseRowsCarryItsCommittedNumbers() throws Exception {
        assumeTrue(PlanLookFixture.secondStudyHere(), "the committed study is not here");
        List<PlanFigures.Panel> panels = PlanFigures.panels(PlanLookFixture.secondStudy());

        assertEquals(List.of("recovery", "event-rate"), panels.stream().map(PlanFigures.Panel::kind).toList(),
                "no difference claim in the plan: no figure in points");
        assertEquals(List.of("R", "share of seeds"), panels.stream().map(PlanFigures.Panel::unit).toList());
        assertEquals(List.of("plan-forest-recovery", "plan-forest-event-rate"), panels.stream().map(PlanFigures.Panel::base).toList());
        Map<String, Matcher> committed = new LinkedHashMap<>();
        for (String line : Files.readAllLines(PlanLookFixture.NOISE_CLASS.resolve("authors-code/verdicts.md"))) {
            for (Pattern p : List.of(RECOVERY, EVENT)) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    committed.put(m.group(1), m);
                }
            }
        }
        assertEquals(12, committed.size(), committed.keySet().toString());

        PlanFigures.Panel recovery = panels.get(0);
        assertEquals(6, recovery.rows().size());
        assertTrue(recovery.axis().startsWith("recovery R, a pseudo-median ratio (0 = as GD, 1 = as SGD-50)"), recovery.axis());
        for (PlanFigures.Row r : recovery.rows()) {
            Matcher m = committed.get(r.name());
            assertNotNull(m, r.name());
            assertEquals(m.group(2), r.verdict().name(), r.name());
            assertEquals(m.group(5), String.format(Locale.ROOT, "[%.2f, %.2f]", r.lower(), r.upper()), r.name());
            assertEquals(m.group(4), String.format(Locale.ROOT, "R = %.2f", r.estimate()), r.name());
            assertEquals(r.name() + ": " + m.group(2) + ", " + m.group(4) + ", set " + m.group(5) + "; band [0.5, 1.5]; look at "
                    + m.group(3) + " paired seeds", r.label());
            assertEquals(List.of(0.0, 1.0, 0.5, 1.5), values(r.lines()), "GD, SGD-50 and the band, on each row");
            assertEquals(List.of(0.5, 1.5), r.edges(), "the band's edges are the rule's");
            assertTrue(r.settled() && r.hasInterval(), r.label());
        }
        assertEquals("msgd-fisher.recovers-sgd: PASS, R = 0.85, set [0.59, 1.12]; band [0.5, 1.5]; look at 40 paired seeds",
                recovery.rows().get(0).label(), "the first claim as verdicts.md states it");

        PlanFigures.Panel events = panels.get(1);
        assertEquals(6, events.rows().size());
        for (PlanFigures.Row r : events.rows()) {
            Matcher m = committed.get(r.name());
            assertNotNull(m, r.name());
            int seeds = Integer.parseInt(m.group(3));
            assertEquals(Integer.parseInt(m.group(4)) / (double) seeds, r.estimate(), 1e-12, r.name());
            assertEquals(0, r.lower());
            assertEquals(m.group(5), String.format(Locale.ROOT, "%.3f", r.upper()), r.name());
            assertEquals(String.format(Locale.ROOT, "%s: %s, lost alone at a share %.3f, upper bound %s; margin 0.1; at 60 paired"
                    + " seeds", r.name(), m.group(2), r.estimate(), m.group(5)), r.label());
            assertEquals(List.of(0.0, 0.1), values(r.lines()));
            assertEquals(List.of(0.1), r.edges());
        }
        assertTrue(panels.stream().flatMap(p -> p.rows().stream()).noneMatch(r -> r.label().contains("so far")),
                "every verdict of the finished study is settled");
    }

    @Test
    void theSecondStudysFiguresAreWrittenAsPngAndSvgAtTheirDrawnSize() throws Exception {
        assumeTrue(PlanLookFixture.secondStudyHere(), "the committed study is not here");
        List<Figures.Figure> figures = PlanFigures.write(PlanLookFixture.secondStudy(), tmp.resolve("figures"));

        assertEquals(List.of("plan-forest-recovery.png", "plan-forest-event-rate.png"),
                figures.stream().map(Figures.Figure::png).toList(), figures.toString());
        for (Figures.Figure f : figures) {
            assertTrue(f.rendered(), f.problem());
            BufferedImage png = ImageIO.read(tmp.resolve("figures").resolve(f.png()).toFile());
            assertTrue(f.width() >= PlanFigures.WIDTH, f.width() + " px");
            assertEquals(f.width() * Charts.SCALE, png.getWidth());
            assertEquals((170 + 44 * 6) * Charts.SCALE, png.getHeight(), "six rows");
            assertEquals(f.height() * Charts.SCALE, png.getHeight());
            String svg = Files.readString(tmp.resolve("figures").resolve(f.svg()));
            assertTrue(svg.contains("viewBox=\"0 0 " + f.width() + " " + f.height() + "\""), svg.substring(0, 400));
        }
    }

    @Test
    void eachRowIsDrawnAsItsBarItsEstimateAndItsOwnLines() throws Exception {
        assumeTrue(PlanLookFixture.secondStudyHere(), "the committed study is not here");
        for (PlanFigures.Panel p : PlanFigures.panels(PlanLookFixture.secondStudy())) {
            Figures.Drawing d = PlanFigures.forest(p);
            var series = d.chart().getSeriesMap();
            for (int i = 0; i < p.rows().size(); i++) {
                PlanFigures.Row r = p.rows().get(i);
                double y = p.rows().size() - i;
                assertEquals(List.of(r.lower(), r.upper()), List.of(series.get("bounds " + i).getXData()[0],
                        series.get("bounds " + i).getXData()[1]), r.label());
                assertEquals(y, series.get("bounds " + i).getYData()[0], "the first claim on top");
                assertEquals(r.estimate(), series.get("estimate " + i).getXData()[0], r.label());
                for (IntervalAnswer.Line l : r.lines()) {
                    var line = series.get("line " + i + " " + l.label());
                    assertEquals(l.value(), line.getXData()[0], l.label());
                    assertEquals(r.edges().contains(l.value()), Palette.BLUISH_GREEN.equals(line.getLineColor()),
                            "the rule's edges green, 0 and R = 1 grey: " + l.label());
                }
                assertEquals(NoiseClassFigures.colour(r.verdict()), series.get("bounds " + i).getLineColor(), "by verdict");
            }
            assertEquals(List.of(), d.notes(), "nothing clipped, nothing shortened, nothing so far");
        }
    }

    @Test
    void eachUnitIsItsOwnFigureAndAClaimNotLookedAtIsALabelledRowWithoutAnInterval() throws Exception {
        PlanLook.Look look = PlanLookFixture.mixed(tmp.resolve("study"), 3);
        List<PlanFigures.Panel> panels = PlanFigures.panels(look);

        assertEquals(List.of("difference", "recovery", "event-rate"), panels.stream().map(PlanFigures.Panel::kind).toList());
        assertEquals(List.of("points", "R", "share of seeds"), panels.stream().map(PlanFigures.Panel::unit).toList());
        assertTrue(panels.get(0).axis().startsWith("difference in window accuracy (points)"), panels.get(0).axis());
        List<PlanFigures.Row> diff = panels.get(0).rows();
        assertEquals(List.of("cov-vs-sgd-50", "gd-below-sgd-50"), diff.stream().map(PlanFigures.Row::name).toList());
        assertEquals(List.of(0.0, -0.42, 0.42), values(diff.get(0).lines()), "an equivalence: 0 and its own margin");
        assertEquals(List.of(0.0), values(diff.get(1).lines()), "below 0: the line at 0 only");
        assertEquals(List.of(-0.42, 0.42), diff.get(0).edges());
        assertEquals(List.of(0.0), diff.get(1).edges(), "below 0 is decided at 0");
        for (int i = 0; i < 2; i++) {
            PlanLook.Result r = look.results().get(i);
            PlanFigures.Row row = diff.get(i);
            assertTrue(row.hasInterval() && r.look() == 3, row.label());
            assertEquals(String.format(Locale.ROOT, "[%+.3f, %+.3f]", row.lower(), row.upper()), r.bounds(),
                    "the bar is the bounds the look states");
            assertTrue(row.label().contains(": " + r.verdict() + (r.settled() ? "" : " so far") + ", " + r.estimate() + " "
                    + r.bounds() + "; look at 3 paired seeds"), row.label());
        }
        assertEquals(Verdict.PASS, look.results().get(1).verdict(), "GD 3 points below SGD-50, spread 0.3: decided at once");
        assertEquals(List.of("a dashed bar is a verdict so far: its next look is still to come"), PlanFigures.forest(panels.get(0))
                .notes(), "the axis title whole, nothing clipped");

        PlanFigures.Row rate = panels.get(2).rows().get(0);
        assertEquals(Verdict.NOT_RUN, rate.verdict());
        assertFalse(rate.hasInterval());
        assertEquals("msgd-cov.lost-no-more-than-sgd: NOT_RUN, not looked at yet (3 paired seeds count; decided once, at 5)",
                rate.label());
        Figures.Figure f = PlanFigures.write(look, tmp.resolve("figures")).get(2);
        assertTrue(f.rendered(), "a figure of a row without an interval is still drawn: " + f.problem());
    }

    @Test
    void beforeTheFirstLookEveryRowIsLabelledAndNoneHasAnInterval() throws Exception {
        PlanLook.Look look = PlanLookFixture.mixed(tmp.resolve("study"), 2);
        List<PlanFigures.Panel> panels = PlanFigures.panels(look);

        assertEquals(3, panels.size());
        for (PlanFigures.Row r : panels.stream().flatMap(p -> p.rows().stream()).toList()) {
            assertFalse(r.hasInterval(), r.label());
            assertTrue(r.label().equals(r.name() + ": NOT_RUN, not looked at yet (2 paired seeds count; its first look is at 3)")
                    || r.label().equals(r.name() + ": NOT_RUN, not looked at yet (2 paired seeds count; decided once, at 5)"), r.label());
            assertFalse(r.label().contains("R ="), "no description of the seeds so far: " + r.label());
        }
        assertTrue(PlanFigures.write(look, tmp.resolve("figures")).stream().allMatch(Figures.Figure::rendered));
    }

    @Test
    void aBoundBeyondTheAxisIsClippedAndSaid() {
        PlanFigures.Row open = new PlanFigures.Row("x.recovers-sgd", Verdict.INCONCLUSIVE, false, 0.7, 0.2,
                Double.POSITIVE_INFINITY, List.of(new IntervalAnswer.Line("band 0.5", 0.5), new IntervalAnswer.Line("band 1.5", 1.5)),
                List.of(0.5, 1.5), "x.recovers-sgd: INCONCLUSIVE so far, R = 0.70, set [0.20, +inf)");
        PlanFigures.Panel p = new PlanFigures.Panel("recovery", "R", "t", "recovery R", -NoiseClassFigures.LIMIT,
                NoiseClassFigures.LIMIT, List.of(open));

        double[] range = PlanFigures.range(p);
        Figures.Drawing d = PlanFigures.forest(p);

        assertTrue(range[0] < 0.2 && range[1] == NoiseClassFigures.LIMIT, "R's axis stops at its limit of 3: " + range[0]
                + ", " + range[1]);
        assertEquals(NoiseClassFigures.LIMIT, d.chart().getSeriesMap().get("clipped 0.0").getXData()[0], "the cross at the edge");
        assertTrue(d.notes().stream().anyMatch(n -> n.startsWith("a cross marks a bound beyond the axis")), d.notes().toString());
        assertTrue(d.notes().stream().anyMatch(n -> n.startsWith("a dashed bar is a verdict so far")), d.notes().toString());
        assertTrue(d.chart().getSeriesMap().containsKey("clipped 0.0"), d.chart().getSeriesMap().keySet().toString());
    }

    @Test
    void aLongLabelWidensTheFigureInsteadOfBeingCut() {
        String name = "a-claim-whose-name-is-long-".repeat(4) + "end";
        PlanFigures.Row row = new PlanFigures.Row(name, Verdict.PASS, true, 0.1, -0.2, 0.3,
                List.of(new IntervalAnswer.Line("no difference", 0)), List.of(0.0), name + ": PASS, +0.100 points [-0.200, +0.300];"
                + " look at 50 paired seeds");
        PlanFigures.Panel p = new PlanFigures.Panel("difference", "points", "t", "points", Double.NEGATIVE_INFINITY,
                Double.POSITIVE_INFINITY, List.of(row));

        Figures.Drawing d = PlanFigures.forest(p);

        int label = PlanFigures.widest(p.rows(), new java.awt.Font(Charts.FONT, java.awt.Font.PLAIN, 11));
        assertTrue(label > PlanFigures.WIDTH - 120, "the label alone is " + label + " px");
        assertEquals(label + 120, d.width());
    }

    private static List<Double> values(List<IntervalAnswer.Line> lines) {
        return lines.stream().map(IntervalAnswer.Line::value).toList();
    }
}
