package org.msgdlab.reports.html;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.Report;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.StudyResult;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report of a real quick run ({@code quick-results.json.gz}, `./msgd verify` of
 * 2026-11-26 at the code that wrote it, 91 claims) reads in at most 11 screens of 1400 x 900 pixels in headless Chromium, and
 * every claim is reachable: each has a link to its card, and following a link opens the card's
 * folded evidence.
 */
public class ReportLengthTest {

    static final int WIDTH = 1400;
    static final int SCREEN = 900;
    static final int MAX_SCREENS = 11;
    /** System property naming a results.json to measure instead of the fixture. */
    public static final String RESULTS_PROPERTY = "msgd.quickResults";

    private static HeadlessChromium browser;

    @BeforeAll
    static void start(@TempDir Path tmp) throws Exception {
        browser = HeadlessChromium.startOrSkip(tmp, WIDTH, SCREEN);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
    }

    /**
     * The quick run to measure: the results.json named by the system property {@value #RESULTS_PROPERTY}
     * (CI sets it to the report its own `./msgd verify` just wrote: today's code), else the fixture.
     */
    private static Results quickRun(Path dir) throws Exception {
        String given = System.getProperty(RESULTS_PROPERTY, "");
        if (!given.isBlank()) {
            System.out.println("quick report: measuring " + given);
            return ResultsFile.read(Path.of(given));
        }
        Path file = dir.resolve(ResultsFile.NAME);
        try (InputStream in = new GZIPInputStream(ReportLengthTest.class.getResourceAsStream("quick-results.json.gz"))) {
            Files.copy(in, file);
        }
        return ResultsFile.read(file);
    }

    @Test
    void theQuickReportReadsInAtMostElevenScreensAndEveryClaimIsOneClickAway(@TempDir Path dir) throws Exception {
        Results results = quickRun(dir);
        Report.write(dir, results, org.msgdlab.reports.NoiseClassFixture.DESIGN);
        String index = dir.resolve(Report.INDEX).toUri().toString();
        HeadlessChromium.PageLoad page = browser.load(index);
        assertEquals(List.of(), page.problems());
        double screens = page.contentHeight() / SCREEN;
        Path out = Files.createDirectories(Path.of(System.getProperty("basedir", ".")).resolve("target"));
        Files.write(out.resolve("quick-report-full.png"), browser.screenshot(true, page.contentHeight(), WIDTH));
        System.out.printf("quick report: %.0f px, %.1f screens of %dx%d%n", page.contentHeight(), screens, WIDTH, SCREEN);
        System.out.println("quick report, parts: " + browser.value("[...document.querySelectorAll('main > *')].map(e => (e.id || e.className"
                + " || e.tagName) + ' ' + Math.round(e.getBoundingClientRect().height)).join(', ')").asText());
        assertTrue(screens <= MAX_SCREENS, String.format("%.1f screens (at most %d)", screens, MAX_SCREENS));
        // and no sideways scrolling: nothing is wider than the window
        int scrollWidth = browser.value("document.documentElement.scrollWidth").asInt();
        int clientWidth = browser.value("document.documentElement.clientWidth").asInt();
        assertTrue(scrollWidth <= clientWidth, "the page is " + scrollWidth + " px wide in a " + clientWidth + " px window");

        assertAnswersOnTheFirstScreen(results);
        String firstScreen = browser.value("document.querySelector('div.answers').innerText").asText();
        for (String protocol : List.of("paper-text", "authors-code")) {
            assertTrue(firstScreen.contains("under the " + protocol + " protocol"), "an answer under " + protocol + ": " + firstScreen);
        }
        assertTrue(firstScreen.matches("(?s).*\\d\\.\\d+.*"), "the answers give numbers: " + firstScreen);

        List<String> ids = new ArrayList<>();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                ids.add(Fragments.anchor("claim", e.claimId()));
            }
        }
        String html = Files.readString(dir.resolve(Report.INDEX));
        for (String id : ids) {
            assertTrue(html.contains("href=\"#" + id + "\""), "a link to " + id);
        }
        // following a link opens the folded evidence of that claim, and only of that claim
        String target = ids.get(ids.size() / 2);
        browser.value("location.hash = '#" + target + "'");   // a jump within the page, as a click on the link makes
        Thread.sleep(300);
        assertTrue(browser.value("document.getElementById('" + target + "').querySelector('details.claim-body').open")
                .asBoolean(), "the card of #" + target + " is open");
        assertEquals(1, browser.value("document.querySelectorAll('details.claim-body[open]').length").asInt());
    }

    /**
     * At the support study's last look, where two claims are undecided and each clause carries the seeds a decision
     * would need, its sentence grows by two short clauses: the first screen still ends with the answers. The quick run
     * measured above (with the noise-class fixture's answer if it has none), its support claims replaced by the fixture's
     * at that look: the four claims the look at 50 decided, and [Fisher-10] and the sparse noises undecided at 100.
     */
    @Test
    void atTheSupportStudysLastLookTheFirstScreenStillEndsWithTheAnswers(@TempDir Path dir) throws Exception {
        Results quick = quickRun(dir);
        List<org.msgdlab.core.claims.Verdict> v = List.of(org.msgdlab.core.claims.Verdict.PASS, org.msgdlab.core.claims.Verdict.PASS,
                org.msgdlab.core.claims.Verdict.PASS, org.msgdlab.core.claims.Verdict.INCONCLUSIVE,
                org.msgdlab.core.claims.Verdict.PASS, org.msgdlab.core.claims.Verdict.INCONCLUSIVE);
        double[][] x = {{-0.04, -0.40, 0.33}, {-0.02, -0.32, 0.28}, {-0.53, -1.06, -0.007}, {-0.23, -0.60, 0.15},
                {-0.05, -0.37, 0.28}, {-0.47, -0.98, 0.03}};
        List<Evidence> at50 = org.msgdlab.reports.SupportFixture.atALook(50, v, x);
        List<Evidence> at100 = org.msgdlab.reports.SupportFixture.atALook(100, v, x);
        List<Evidence> support = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            support.add(v.get(i) == org.msgdlab.core.claims.Verdict.INCONCLUSIVE ? at100.get(i) : at50.get(i));
        }
        boolean noiseClass = quick.studies().stream().flatMap(s -> s.claims().stream())
                .anyMatch(e -> e.claimId().startsWith("deep.noise-class."));
        List<StudyResult> studies = new ArrayList<>();
        for (StudyResult s : quick.studies()) {
            List<Evidence> kept = s.claims().stream().filter(e -> !e.claimId().startsWith("deep.support.")).toList();
            if (s.id().equals("deep")) {
                kept = new ArrayList<>(kept);
                if (!noiseClass) {   // a run without the noise-class study's claims (the fixture's): the fixture's answer
                    kept.addAll(org.msgdlab.reports.NoiseClassFixture.study());
                }
                kept.addAll(support);
            }
            studies.add(new StudyResult(s.id(), s.title(), s.paperRef(), kept));
        }
        Results results = new Results(quick.provenance(), studies);
        Report.write(dir, results, org.msgdlab.reports.NoiseClassFixture.DESIGN);
        HeadlessChromium.PageLoad page = browser.load(dir.resolve(Report.INDEX).toUri().toString());
        assertEquals(List.of(), page.problems());
        String sentence = browser.value("document.getElementById('" + SupportSection.ANSWER_ID + "').innerText").asText();
        assertTrue(sentence.contains("undecided at the cap (about 320 seeds for power 0.8)")
                && sentence.contains("undecided at the cap (over 1000 seeds for power 0.8)"), sentence);
        assertAnswersOnTheFirstScreen(results);
    }

    /** Every headline answer of {@code results} (the page loaded) ends within the first screen. */
    private static void assertAnswersOnTheFirstScreen(Results results) throws Exception {
        // the first screen carries the answers to the studies' main questions, each protocol's with its numbers
        List<String> headlines = new ArrayList<>();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                if (e.interval() != null && e.interval().headline()
                        && e.verdict() != org.msgdlab.core.claims.Verdict.NOT_RUN) {
                    headlines.add(Fragments.anchor("claim", e.claimId()));
                }
            }
        }
        assertTrue(!headlines.isEmpty(), "a quick run answers some main question");
        double lowest = 0;
        for (String id : headlines) {
            // the noise-class study's answers are one sentence beside its forest plot, with a link to each recovery claim;
            // the support study's one sentence under it, with a link to each claim
            String where = id.startsWith(Fragments.anchor("claim", "deep.noise-class."))
                    ? "'#" + NoiseClassSection.ANSWER_ID + " a[href=\"#" + id + "\"]'); return a ? a.closest('p, figcaption')"
                    : id.startsWith(Fragments.anchor("claim", "deep.support."))
                    ? "'#" + SupportSection.ANSWER_ID + " a[href=\"#" + id + "\"]'); return a ? a.closest('p')"
                    : "'div.answers a[href=\"#" + id + "\"]'); return a ? a.closest('li')";
            double bottom = browser.value("(function(){var a=document.querySelector(" + where
                    + ".getBoundingClientRect().bottom + window.scrollY : -1;})()").asDouble();
            assertTrue(bottom > 0, "the first screen has an answer for #" + id);
            assertTrue(bottom <= SCREEN, "the answer of #" + id + " ends at " + bottom + " px, below the first screen (" + SCREEN + ")");
            lowest = Math.max(lowest, bottom);
        }
        System.out.printf("first screen: the last answer ends at %.0f px of %d%n", lowest, SCREEN);
    }
}
