package org.msgdlab.reports.html;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.reports.summary.CsvSummary;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A claim decided by an interval is shown as one: its answer, the per-seed differences as dots, the
 * interval and the rule's lines, the mean difference as its estimate; none of a theory claim's paper
 * value, tolerance, exact gap or ✓ columns. Its answer is on the report's first screen.
 */
class IntervalCardTest {

    /** A FAIL of an equivalence claim, as the first study wrote one: the statistic is the interval's far bound. */
    private static Results study() {
        Provenance p = new Provenance(20200712L, "quick", "msgd verify", "0123abcd", "2020-07-12T00:00:00Z",
                "2020-07-12T00:01:00Z", "17.0.15", "Linux amd64", 2, Map.of("msgd-lab", "0.1.0-SNAPSHOT"));
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("protocol", "authors-code");
        double[] d = {0.004, -0.002, 0.001, 0.0, -0.003};
        new IntervalAnswer("window test accuracy, MSGD-Fisher minus SGD-50 (paired)", 0.0002, -0.0092, 0.009637,
                "one-sided 0.0083-level t bounds at the look at 5 seeds", d,
                List.of(new IntervalAnswer.Line("no difference", 0), new IntervalAnswer.Line("margin -1.0 points", -0.01),
                        new IntervalAnswer.Line("margin +1.0 points", 0.01)), 5,
                "SUPPORTED if both bounds lie in (-0.01, 0.01)", "No (is MSGD-Fisher within 1.0 points of SGD-50?): +0.02"
                + " points on average over 5 paired seeds, bounds [-0.92, +0.96] points.", true).into(params);
        StatisticCheck far = StatisticCheck.atMost("|window test accuracy difference|, MSGD-Fisher vs SGD-50 (paired, TOST)",
                0.009637, 0.002, 0.005, 0);
        Evidence e = Evidence.decide("deep.fashion-mnist.authors-code.msgd-fisher-as-sgd-50", "Figure 1(a)", "statement",
                params, 0.0083, List.of(far), List.of(new PowerCheck("a difference of 2 x margin = 0.02: the rule must answer FAIL",
                        far.name(), -0.02, true, 0.97)), Discrepancy.none(), 15, 0, List.<Series>of())
                .withVerdict(Verdict.FAIL, "contradicted at the look at 5 seeds");
        return new Results(p, List.of(new StudyResult("deep", "Deep", "Section 5", List.of(e))));
    }

    @Test
    void theCardShowsTheAnswerTheDotsAndTheIntervalNotATheoryClaimsColumns(@TempDir Path dir) {
        // in memory (arrays) and re-read from results.json (lists, text infinities) alike
        for (Results r : List.of(study(), ResultsFile.read(ResultsFile.write(dir, study())))) {
            String h = ReportNumbersTest.html(r);
            String card = h.substring(h.indexOf("<article class=\"claim"), h.indexOf("</article>"));
            assertTrue(card.contains("No (is MSGD-Fisher within 1.0 points of SGD-50?)"), card);
            assertEquals(5, count(card, "<circle "), "one dot per paired seed");
            assertTrue(card.contains("margin -1.0 points") && card.contains("margin +1.0 points"), card);
            assertTrue(card.contains("SUPPORTED if both bounds lie in"), "the rule in words");
            assertTrue(card.contains("a difference of 2 x margin = 0.02: the rule must answer FAIL"), "its power, in words");
            for (String theory : List.of("tolerance", "∞", "✓", "✗", "exact gap", "Gap:", "|est − paper|")) {
                assertFalse(card.contains(theory), theory + " in an interval claim's card");
            }
            // the estimate is the mean difference, not the interval's far bound
            assertTrue(card.contains("<td class=\"num\">" + org.msgdlab.reports.text.Numbers.html(0.0002)
                    + "</td><td class=\"num\">[" + org.msgdlab.reports.text.Numbers.html(-0.0092)), card);
            // the first screen: the answer to the study's main question
            String summary = h.substring(h.indexOf("id=\"summary\""), h.indexOf("</section>", h.indexOf("id=\"summary\"")));
            assertTrue(summary.contains("class=\"answers\"") && summary.contains("No (is MSGD-Fisher within 1.0 points"), summary);
        }
    }

    @Test
    void aClaimAnsweredOnTheFirstScreenIsNotRepeatedInTheTablesBelowItButLinked() {
        String h = ReportNumbersTest.html(study());
        String summary = h.substring(h.indexOf("id=\"summary\""), h.indexOf("<nav class=\"toc\""));
        assertFalse(summary.contains("Where the paper is not exact"), "its FAIL row would repeat the Answers line: " + summary);
        assertTrue(summary.contains("1 claim not PASS, with verdict and why in Answers above: <a href=\"#claim-"), summary);
        assertEquals(2, count(summary, "deep.fashion-mnist.authors-code.msgd-fisher-as-sgd-50"), "its answer and the note's link");
    }

    @Test
    void summaryCsvGivesTheMeanDifferenceAndTheSeedsOfTheDecisionAndNoTolerance() {
        List<String> rows = CsvSummary.render(study()).lines().toList();
        List<String> head = List.of(rows.get(0).split(","));
        String[] row = rows.get(1).split(",", -1);
        assertEquals("2.0E-4", row[head.indexOf("estimate")], rows.get(1));
        assertEquals("", row[head.indexOf("tolerance")]);
        assertEquals("5", row[head.indexOf("samples")], "the decision came at 5 seeds, not at the 15 completed");
    }

    private static int count(String s, String needle) {
        int n = 0;
        for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
            n++;
        }
        return n;
    }
}
