package org.msgdlab.reports.html;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.reports.NoiseClassFixture;
import org.msgdlab.reports.Report;
import org.msgdlab.reports.SupportFixture;
import org.msgdlab.reports.summary.SupportSentence;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The support study in the page: its answer on the first screen under the noise-class answer, one clause per claim
 * naming the difference, its trimmed mean and bounds in points and what the verdict says of them; its own section with
 * one row per claim; none of its claims in the Answers block or among the deep study's rows.
 */
class SupportSectionTest {

    /** The look at 50 as the committed study made it (verdicts.md, 2026-11-29). */
    private static final List<Verdict> LOOK_50 = List.of(Verdict.PASS, Verdict.PASS, Verdict.PASS, Verdict.INCONCLUSIVE,
            Verdict.PASS, Verdict.INCONCLUSIVE);
    private static final double[][] ESTIMATES_50 = {{-0.04, -0.40, 0.33}, {-0.02, -0.32, 0.28}, {-0.53, -1.06, -0.007},
            {-0.23, -0.60, 0.15}, {-0.05, -0.37, 0.28}, {-0.47, -0.98, 0.03}};

    @Test
    void atALookTheSentenceGivesEachDifferenceInPointsWithWhatItsVerdictSays() {
        String s = SupportSentence.of(SupportFixture.DESIGN, SupportFixture.atALook(50, LOOK_50, ESTIMATES_50));
        assertTrue(s.startsWith("10%-trimmed mean of the paired difference in test accuracy, points, with its bounds at α 0.001"
                + " each side, at 50 fresh paired seeds: "), s);
        assertTrue(s.contains("Bernoulli-50 − Cov −0.04 [−0.40, +0.33] within ±0.42"), s);
        assertTrue(s.contains("[Cov-exact-10] − Cov −0.53 [−1.06, −0.01] below 0"), s);
        assertTrue(s.contains("[Fisher-10] − Fisher −0.23 [−0.60, +0.15] undecided until 100 seeds"), s);
        assertTrue(s.contains("mean([Cov-exact-10], [Fisher-10]) − SGD-50 −0.47 [−0.98, +0.03] undecided until 100 seeds"), s);
        assertFalse(s.contains("R "), "no ratio: the study's quantity is a difference in points: " + s);
    }

    @Test
    void aFailAndTheCapAreSaidAsTheyAre() {
        List<Verdict> v = List.of(Verdict.FAIL, Verdict.PASS, Verdict.FAIL, Verdict.INCONCLUSIVE, Verdict.PASS,
                Verdict.INCONCLUSIVE);
        String s = SupportSentence.of(SupportFixture.DESIGN, SupportFixture.atALook(100, v, ESTIMATES_50));
        assertTrue(s.contains("Bernoulli-50 − Cov −0.04 [−0.40, +0.33] outside ±0.42"), s);
        assertTrue(s.contains("[Cov-exact-10] − Cov −0.53 [−1.06, −0.01] not below 0"), s);
        assertTrue(s.contains("[Fisher-10] − Fisher −0.23 [−0.60, +0.15] undecided at the cap (about 320 seeds for power 0.8)"), "PLAN.md amendment 3's projection, from the evidence: " + s);
        assertTrue(s.contains("SGD-50 −0.47 [−0.98, +0.03] undecided at the cap (over 1000 seeds for power 0.8)"), s);
        assertTrue(s.contains("with its bounds at α 0.004 each side, at 100 fresh paired seeds"), s);
    }

    /** At the cap, the claims decided at 50 keep their look-50 bounds: the clauses of the look at 100 are marked. */
    @Test
    void claimsFixedAtDifferentLooksEachNameTheirSeedsAndEachLookItsLevel() {
        List<Evidence> at50 = SupportFixture.atALook(50, LOOK_50, ESTIMATES_50);
        List<Evidence> at100 = SupportFixture.atALook(100, List.of(Verdict.PASS, Verdict.PASS, Verdict.PASS,
                Verdict.INCONCLUSIVE, Verdict.PASS, Verdict.PASS), new double[][]{{0, 0, 0}, {0, 0, 0}, {0, 0, 0},
                {-0.20, -0.45, 0.05}, {0, 0, 0}, {-0.40, -0.70, -0.10}});
        List<Evidence> mixed = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            mixed.add(LOOK_50.get(i) == Verdict.PASS ? at50.get(i) : at100.get(i));
        }
        String s = SupportSentence.of(SupportFixture.DESIGN, mixed);
        assertTrue(s.startsWith("10%-trimmed mean of the paired difference in test accuracy, points, with its bounds at α"
                + " 0.001 each side, at 50 fresh paired seeds, or where marked at 100 (α 0.004): "), s);
        assertTrue(s.contains("Bernoulli-50 − Cov −0.04 [−0.40, +0.33] within ±0.42;"), "a claim of the first look, unmarked: " + s);
        assertTrue(s.contains("[Fisher-10] − Fisher −0.20 [−0.45, +0.05] (100 seeds) undecided at the cap (about 320 seeds"
                + " for power 0.8)"), s);
        assertTrue(s.contains("mean([Cov-exact-10], [Fisher-10]) − SGD-50 −0.40 [−0.70, −0.10] (100 seeds) below 0"), s);
        assertEquals(2, s.split("\\(100 seeds\\)", -1).length - 1, "the two claims of the look at 100 are marked: " + s);
        assertFalse(s.contains("(50 seeds)"), s);
    }

    @Test
    void beforeTheFirstLookItSaysHowManySeedsCountAndGivesNoNumber() {
        String s = SupportSentence.of(SupportFixture.DESIGN, SupportFixture.beforeTheFirstLook(12));
        assertTrue(s.startsWith("Not decided yet by the support study"), s);
        assertTrue(s.contains("12 complete paired seeds, before the look at 50"), s);
        assertFalse(s.contains("["), "no bounds before the look: " + s);
        assertEquals("", SupportSentence.of(SupportFixture.DESIGN, List.of()), "no claims of the study, no sentence");
    }

    @Test
    void thePageAnswersOnTheFirstScreenAndGivesTheStudyItsOwnSection(@TempDir Path dir) throws Exception {
        List<Evidence> claims = new ArrayList<>(NoiseClassFixture.study());
        claims.addAll(SupportFixture.atALook(50, LOOK_50, ESTIMATES_50));
        Results results = NoiseClassFixture.results(claims);
        Report.Written w = Report.write(dir, results, NoiseClassFixture.DESIGN);
        String html = Files.readString(w.index());

        String top = between(html, "<section id=\"" + NoiseClassSection.ANSWER_ID + "\"", "</section>");
        assertTrue(top.contains("<h3>If not the class, the support?</h3>"), top);
        assertTrue(top.contains("<a href=\"#claim-deep.support.support.cov-exact-10-below-cov\">[Cov-exact-10] − Cov</a> −0.53 [−1.06,"
                + " −0.01] below 0"), "each difference links to its claim's card: " + top);
        for (String id : List.of("class.bernoulli-50-vs-cov", "class.fisher-vs-cov", "support.fisher-10-below-fisher",
                "as-sgd.dense-vs-sgd-50", "as-sgd.sparse-below-sgd-50")) {
            assertTrue(top.contains("<a href=\"#claim-deep.support." + id + "\">"), id + ": " + top);
        }
        assertTrue(top.indexOf("support?") > top.indexOf("<figure"), "under the noise-class answer and its forest plot");

        String summary = between(html, "<section id=\"summary\"", "<nav class=\"toc\">");
        assertFalse(summary.contains("Answer for "), "the Answers block does not repeat the support study's answers: " + summary);
        assertTrue(html.contains("<a href=\"#" + SupportSection.SECTION_ID + "\">The support study</a> <span class=\"ref\">"),
                "the table of contents names its section");

        String section = between(html, "<section class=\"study\" id=\"" + SupportSection.SECTION_ID + "\"", "<details class=\"cards\">");
        List<String> rows = rows(between(section, "<tbody>", "</tbody>"));
        assertEquals(6, rows.size(), "one row per claim of the study");
        assertTrue(rows.get(2).contains("[Cov-exact-10] − Cov") && rows.get(2).contains("badge pass") && rows.get(2).contains("below 0"),
                rows.get(2));
        assertTrue(rows.get(0).contains("within ±0.42"), rows.get(0));

        String deep = between(html, "<section class=\"study\" id=\"study-deep\"", "</section>");
        assertFalse(deep.contains("href=\"#claim-deep.support."), "the deep study's own table has no support rows");
        assertTrue(deep.contains("its 6 support-study claims in <a href=\"#study-support\">theirs</a>"), deep);
    }

    @Test
    void withoutANoiseClassAnswerTheSupportAnswerHasABlockOfItsOwn(@TempDir Path dir) throws Exception {
        Results results = NoiseClassFixture.results(SupportFixture.beforeTheFirstLook(7));
        String html = Files.readString(Report.write(dir, results, NoiseClassFixture.DESIGN).index());
        String top = between(html, "<section class=\"main-answer\">", "</section>");
        assertTrue(top.contains("Not decided yet by the support study"), top);
        assertTrue(html.indexOf(top) < html.indexOf("<section id=\"summary\""), "before the summary");
    }

    private static String between(String html, String start, String end) {
        int a = html.indexOf(start);
        assertTrue(a >= 0, "no " + start);
        int b = html.indexOf(end, a);
        return html.substring(a, b < 0 ? html.length() : b);
    }

    private static List<String> rows(String tbody) {
        Matcher m = Pattern.compile("<tr class=[^>]*>.*?</tr>", Pattern.DOTALL).matcher(tbody);
        return m.results().map(java.util.regex.MatchResult::group).toList();
    }
}
