package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.plan.PlanEvidence;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.reports.text.Formula;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code plan-look.html}: the plan's name and digest, the forest plot(s) written beside it, the verdict table, the seeds
 * that count and one report card per claim with the look's own verdict and reason; a claim not looked at yet is a
 * card without an interval; the page's elements are closed as opened.
 */
class PlanLookPageTest {

    private static final Pattern CARD = Pattern.compile("<article class=\"claim ([a-z-]+)\" id=\"claim-([^\"]+)\">");
    private static final Pattern IMG = Pattern.compile("<img src=\"([^\"]+)\"");

    @TempDir
    Path tmp;

    @Test
    void theSecondStudysPageHasItsDigestItsForestPlotsAndOneCardPerClaim() throws Exception {
        assumeTrue(PlanLookFixture.secondStudyHere(), "the committed study is not here");
        PlanLook.Look look = PlanLookFixture.secondStudy();

        PlanLookReport.Written w = PlanLookReport.write(look, tmp);

        assertEquals(tmp.resolve(PlanLookPage.FILE), w.page());
        String html = Files.readString(w.page());
        assertTrue(html.contains("<h1>Does the noise class matter?</h1>"), "the plan's title");
        assertTrue(html.contains("plan <b>noise-class</b>") && html.contains("sha256 <code>" + look.plan().sha256() + "</code>"),
                "the plan's name and whole digest");
        assertTrue(html.contains("<b>60</b> paired seeds count of the cap of 60"), "the seeds in the header");
        assertTrue(html.contains("<p>60 paired seeds: 0–59.</p>"), "the seeds that count");
        List<String> images = all(IMG, html, 1);
        assertEquals(List.of("figures/plan-forest-recovery.png", "figures/plan-forest-event-rate.png"), images);
        for (String src : images) {
            assertTrue(Files.size(tmp.resolve(src)) > 10_000, src);
            assertTrue(Files.isRegularFile(tmp.resolve(src.replace(".png", ".svg"))), src);
        }
        assertEquals(images.stream().map(tmp::resolve).toList(), w.pngs());

        List<String> cards = all(CARD, html, 2);
        assertEquals(look.results().stream().map(PlanLook.Result::id).toList(), cards, "one card per claim, in the plan's order");
        for (PlanLook.Result r : look.results()) {
            String card = card(html, r.id());
            assertTrue(card.startsWith("<article class=\"claim " + r.verdict().name().toLowerCase() + "\""), r.id());
            assertTrue(card.contains("<span class=\"badge " + r.verdict().name().toLowerCase() + "\">" + r.verdict() + "</span>"));
            assertTrue(card.contains("<p class=\"reason\"><b>" + r.verdict() + ":</b> " + Formula.html(r.reason()) + "</p>"),
                    "the look's reason, whole: " + r.id());
            assertTrue(card.contains("<table class=\"numbers interval\">"), "an interval claim's card: " + r.id());
            assertTrue(card.contains("<svg class=\"numberline\""), "its interval on a number line with the rule's lines: " + r.id());
        }
        assertTrue(card(html, "deep.noise-class.msgd-fisher.recovers-sgd").contains(Formula.html(
                "Yes (does MSGD-Fisher keep R, its share of SGD-50's advantage over GD, in [0.5, 1.5]?)")));
        String table = html.substring(html.indexOf("<section id=\"verdicts\">"));
        table = table.substring(0, table.indexOf("</section>"));
        assertEquals(12, count(table, "<tr class=\""), "one row per claim in the verdict table");
        assertTrue(table.contains("<td class=\"num\">R = 0.85</td><td class=\"num\">[0.59, 1.12]</td>"), "as plan-look.md");
        assertBalanced(html);
    }

    @Test
    void aClaimNotLookedAtIsACardWithoutAnIntervalAndAVerdictSoFarIsSaid() throws Exception {
        PlanLook.Look look = PlanLookFixture.mixed(tmp.resolve("study"), 3);

        String html = Files.readString(PlanLookReport.write(look, tmp.resolve("out")).page());

        PlanLook.Result rate = look.results().get(3);
        assertEquals(Verdict.NOT_RUN, rate.verdict());
        String card = card(html, rate.id());
        assertTrue(card.contains("<span class=\"badge not-run\">NOT_RUN</span>"), card);
        assertFalse(card.contains("class=\"numbers interval\""), "no interval before its one look: " + card);
        for (PlanLook.Result r : look.results().subList(0, 3)) {
            assertTrue(card(html, r.id()).contains("class=\"numbers interval\""), r.id());
        }
        PlanLook.Result unsettled = look.results().stream().filter(r -> r.verdict() != Verdict.NOT_RUN && !r.settled())
                .findFirst().orElseThrow(() -> new AssertionError("the fixture has a verdict so far at 3 of 5 seeds"));
        assertTrue(html.contains("<span class=\"badge inconclusive\">INCONCLUSIVE</span> <span class=\"note\">so far</span>"),
                unsettled.id());
        assertEquals(List.of("figures/plan-forest-difference.png", "figures/plan-forest-recovery.png",
                "figures/plan-forest-event-rate.png"), all(IMG, html, 1), "one figure per unit");
        assertTrue(html.contains("<li>paired seed 3 is not complete (3 of its 3 runs to train): the seeds after it wait for it</li>"),
                "the seeds' notes");
        assertTrue(html.contains("<p>3 paired seeds: 0–2.</p>"));
        assertBalanced(html);
    }

    @Test
    void theCardsMustBeTheLooksClaimsInItsOrder() throws Exception {
        PlanLook.Look look = PlanLookFixture.mixed(tmp.resolve("study"), 5);
        List<org.msgdlab.core.claims.Evidence> reversed = new ArrayList<>(PlanEvidence.of(look));
        java.util.Collections.reverse(reversed);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PlanLookPage.render(look, reversed, List.of(), "figures"));
        assertTrue(e.getMessage().startsWith("plan look page: evidence for [deep.mixed.msgd-cov.lost-no-more-than-sgd,"),
                e.getMessage());
    }

    @Test
    void seedsAreWrittenAsRanges() {
        assertEquals("none", PlanLookPage.ranges(List.of()));
        assertEquals("0–59", PlanLookPage.ranges(java.util.stream.IntStream.range(0, 60).boxed().toList()));
        assertEquals("0–3, 5, 7–9", PlanLookPage.ranges(List.of(0, 1, 2, 3, 5, 7, 8, 9)));
    }

    /** The card of claim {@code id}: from its article to the article's end. */
    private static String card(String html, String id) {
        int start = html.indexOf("id=\"claim-" + id + "\"");
        assertTrue(start > 0, "no card for " + id);
        start = html.lastIndexOf("<article", start);
        return html.substring(start, html.indexOf("</article>", start) + "</article>".length());
    }

    private static List<String> all(Pattern p, String html, int group) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(html);
        while (m.find()) {
            out.add(m.group(group));
        }
        return out;
    }

    private static int count(String html, String s) {
        int n = 0;
        for (int i = html.indexOf(s); i >= 0; i = html.indexOf(s, i + 1)) {
            n++;
        }
        return n;
    }

    /** Every element that must be closed is closed as often as it is opened. */
    private static void assertBalanced(String html) {
        for (String tag : List.of("html", "head", "body", "main", "header", "section", "article", "details", "summary", "table",
                "thead", "tbody", "tr", "figure", "figcaption", "ul", "li", "dl", "p", "svg", "a", "script", "style")) {
            int open = all(Pattern.compile("<" + tag + "[\\s>]"), html, 0).size();
            assertEquals(open, count(html, "</" + tag + ">"), "<" + tag + "> opened " + open + " times");
        }
    }
}
