package org.msgdlab.reports.html;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Results;
import org.msgdlab.reports.NoiseClassFixture;
import org.msgdlab.reports.Report;
import org.msgdlab.reports.summary.NoiseClassEvidence;
import org.msgdlab.reports.summary.NoiseClassSentence;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The noise-class study in the page, from the committed study's results file: its answer above the summary with the
 * forest plot the report drew, its own section with a verdict table of its twelve claims whose answers state the
 * comparison their rule made, and none of its claims among the deep study's rows.
 */
class NoiseClassSectionTest {

    private static String between(String html, String start, String end) {
        int a = html.indexOf(start);
        assertTrue(a >= 0, "no " + start);
        int b = html.indexOf(end, a);
        return html.substring(a, b < 0 ? html.length() : b);
    }

    @Test
    void theStudyHasItsAnswerFirstAndItsOwnVerdictTable(@TempDir Path dir) throws Exception {
        Results results = NoiseClassFixture.committedStudy(dir);
        Report.Written w = Report.write(dir, results, NoiseClassFixture.DESIGN);
        assertTrue(w.problems().isEmpty(), w.problems().toString());
        String html = Files.readString(w.index());

        String answer = between(html, "<section id=\"" + NoiseClassSection.ANSWER_ID + "\"", "</section>");
        assertTrue(html.indexOf(answer) < html.indexOf("<section id=\"summary\""), "the answer comes before the summary");
        assertTrue(answer.contains(org.msgdlab.reports.text.Html.escape(NoiseClassSentence.of(NoiseClassEvidence.from(results, NoiseClassFixture.DESIGN).orElseThrow()))));
        assertTrue(answer.contains("<img src=\"figures/noise-class.recovery.png\""), answer);
        assertTrue(Files.size(dir.resolve("figures/noise-class.recovery.png")) > 10_000);
        String csv = Files.readString(dir.resolve("series/noise-class.recovery.csv"));
        assertEquals(7, csv.lines().count(), "a header and one row per noise: " + csv);
        assertTrue(csv.contains("deep.noise-class.msgd-sparse-cov-10.recovers-sgd,MSGD-[Cov-10],INCONCLUSIVE,0.634"), csv);

        String section = between(html, "<section class=\"study\" id=\"" + NoiseClassSection.SECTION_ID + "\"", "<details class=\"cards\">");
        List<String> rows = rows(between(section, "<tbody>", "</tbody>"));
        assertEquals(12, rows.size(), "one row per claim of the study");
        for (String row : rows) {
            String why = row.substring(row.indexOf("<td class=\"why\">"));
            if (row.contains("recovers SGD-50")) {
                assertTrue(Pattern.compile("its confidence set \\[[-0-9.]+, [-0-9.]+\\] (lies inside|lies outside|is neither inside"
                        + " nor outside) the band \\[0\\.5, 1\\.5\\]").matcher(why).find(), "the recovery rule's comparison: " + why);
            } else {
                assertTrue(why.contains("the margin 0.1") || why.contains("McNemar"), "the collapse rule's comparison: " + why);
            }
            assertFalse(why.contains("?)"), "the question is the row's claim, not repeated: " + why);
        }

        String deep = between(html, "<section class=\"study\" id=\"study-deep\"", "<details class=\"cards\">");
        assertFalse(deep.contains("href=\"#claim-deep.noise-class."), "the deep table has no noise-class rows");
        assertEquals(4, rows(between(deep, "<tbody>", "</tbody>")).size(), "the deep study's other four claims");
        assertTrue(deep.contains("No overview figure: 2 of 4 claims differ from a value of the paper"), deep);
        assertFalse(Files.exists(dir.resolve("figures/deep.overview.png")));
    }

    private static List<String> rows(String tbody) {
        Matcher m = Pattern.compile("<tr class=[^>]*>.*?</tr>", Pattern.DOTALL).matcher(tbody);
        return m.results().map(java.util.regex.MatchResult::group).toList();
    }
}
