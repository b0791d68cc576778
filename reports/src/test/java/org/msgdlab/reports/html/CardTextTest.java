package org.msgdlab.reports.html;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.reports.ClaimKindsFixture;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each card is made for its claim (issue 46): no card says "formula is exact" unless its claim has a formula;
 * no card shows "∞" as a number (a ratio to a tolerance of 0, an unbounded end), and a card without a formula
 * shows no "∞" at all (a formula claim's prose may state the paper's limit, "→ 1 as n → ∞"). A timing card
 * shows the measured ratio, its bound, rounds and load.
 */
class CardTextTest {

    /** "∞" in a table cell or beside a mark (✓, ✗): a number, not a limit in prose. */
    private static final java.util.regex.Pattern NUMBER_INFINITY = java.util.regex.Pattern.compile("<td[^>]*>[^<]*∞|∞ [✓✗]");

    @Test
    void noCardOfEveryKindOfClaimSaysFormulaIsExactWithoutAFormulaOrShowsInfinity() {
        Results r = ClaimKindsFixture.everyKind();
        Map<String, String> cards = cards(ReportNumbersTest.html(r));
        assertCardsFit(r, cards);
        // the exact check that differs says so in words, and its limit stays on its card: the check can see the phrase
        assertTrue(cards.get("thm1.bound.printed").contains("differs ✗"), cards.get("thm1.bound.printed"));
        assertTrue(cards.get("thm1.bound.printed").contains("formula is exact"), "a formula claim keeps its gap line");
    }

    @Test
    void aTimingCardShowsTheRatioItsBoundRoundsAndLoad() {
        String card = cards(ReportNumbersTest.html(ClaimKindsFixture.everyKind())).get("deep.speed.full-batch-step");
        assertTrue(card.contains("Yes: the median ratio 14.99 over 5 rounds is above the bound 2."), card);
        assertTrue(card.contains("<th class=\"num\">must exceed</th>") && card.contains("<td class=\"num\">2.000</td>"), card);
        assertTrue(card.contains("Ratio by round") && card.contains("3.0 %"), "rounds and the others' CPU share: " + card);
        for (String formula : List.of("Gap:", "α = 0", "|est − paper|", "paper</th>", "tolerance")) {
            assertFalse(card.contains(formula), formula + " on a timing card");
        }
        String efficiency = cards(ReportNumbersTest.html(ClaimKindsFixture.everyKind())).get("deep.efficiency.gaussian-noise-injection");
        assertTrue(efficiency.contains("this measurement is no evidence") && efficiency.contains("<th>statistic</th>"),
                "the busy timing and the covariance statistics: " + efficiency);
    }

    @Test
    void noCardOfTheCommittedQuickRunSaysFormulaIsExactWithoutAFormulaOrShowsInfinity(@TempDir Path dir) throws Exception {
        Results r = ClaimKindsFixture.committedQuickRun(dir);
        assertCardsFit(r, cards(ReportNumbersTest.html(r)));
    }

    private static void assertCardsFit(Results r, Map<String, String> cards) {
        List<Evidence> claims = r.studies().stream().map(StudyResult::claims).flatMap(List::stream).toList();
        assertEquals(claims.size(), cards.size(), "one card per claim");
        for (Evidence e : claims) {
            String card = cards.get(e.claimId());
            java.util.regex.Matcher number = NUMBER_INFINITY.matcher(card);
            assertFalse(number.find(), e.claimId() + ": ∞ as a number on its card: " + around(card, "∞"));
            if (!e.hasFormula()) {
                assertFalse(card.contains("∞"), e.claimId() + " has no formula: " + around(card, "∞"));
                assertFalse(card.contains("formula is exact"), e.claimId() + " has no formula: " + around(card, "formula is exact"));
            }
        }
    }

    /** Each card's HTML by claim id, in page order. */
    private static Map<String, String> cards(String html) {
        Map<String, String> cards = new LinkedHashMap<>();
        for (int at = html.indexOf("<article class=\"claim"); at >= 0; at = html.indexOf("<article class=\"claim", at + 1)) {
            String card = html.substring(at, html.indexOf("</article>", at));
            String id = card.substring(card.indexOf("<h3>") + 4, card.indexOf("</h3>")).replaceAll("<[^>]+>", "");
            cards.put(id, card);
        }
        return cards;
    }

    private static String around(String text, String needle) {
        int i = text.indexOf(needle);
        return i < 0 ? "" : text.substring(Math.max(0, i - 200), Math.min(text.length(), i + 100));
    }
}
