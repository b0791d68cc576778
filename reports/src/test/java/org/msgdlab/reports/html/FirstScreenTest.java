package org.msgdlab.reports.html;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.reports.ClaimKindsFixture;
import org.msgdlab.reports.NoiseClassFixture;
import org.msgdlab.reports.Report;
import org.msgdlab.reports.summary.NoiseClassEvidence;
import org.msgdlab.reports.summary.NoiseClassSentence;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In headless Chromium at a usual window (1280 x 900), the first screen of a report answers "does the noise class
 * matter?": the one sentence made from the noise-class claims and the forest plot drawn from them both end within
 * the first 900 px, the image decoded. A report without those claims says nothing about them. The results are the
 * committed quick run with its noise-class claims as today's {@code verify} gives them (or, when the system property
 * {@value ReportLengthTest#RESULTS_PROPERTY} names one, today's results.json). Skipped only without the browser.
 */
class FirstScreenTest {

    static final int WIDTH = 1280;
    static final int SCREEN = 900;

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

    /** The committed quick run, its noise-class claims replaced by evidence with the committed study's verdicts. */
    static Results quickRunWithTheStudy(Path dir) throws Exception {
        String given = System.getProperty(ReportLengthTest.RESULTS_PROPERTY, "");
        if (!given.isBlank()) {
            return ResultsFile.read(Path.of(given));
        }
        Results quick = ClaimKindsFixture.committedQuickRun(dir);
        Map<String, Evidence> study = NoiseClassFixture.committedStudy(dir).studies().stream().flatMap(s -> s.claims().stream())
                .collect(Collectors.toMap(Evidence::claimId, Function.identity()));
        List<StudyResult> studies = quick.studies().stream().map(s -> new StudyResult(s.id(), s.title(), s.paperRef(),
                s.claims().stream().map(e -> study.getOrDefault(e.claimId(), e)).toList())).toList();
        return new Results(quick.provenance(), studies);
    }

    @Test
    void theFirstScreenHoldsTheSentenceAndTheForestPlot(@TempDir Path dir) throws Exception {
        Results results = quickRunWithTheStudy(dir);
        String sentence = NoiseClassSentence.of(NoiseClassEvidence.from(results, NoiseClassFixture.DESIGN).orElseThrow());
        Report.Written written = Report.write(dir, results, NoiseClassFixture.DESIGN);
        assertTrue(written.problems().isEmpty(), written.problems().toString());

        HeadlessChromium.PageLoad page = browser.load(dir.resolve(Report.INDEX).toUri().toString());
        assertEquals(List.of(), page.problems());
        Path out = Files.createDirectories(Path.of(System.getProperty("basedir", ".")).resolve("target"));
        Files.write(out.resolve("first-screen.png"), browser.screenshot(false, SCREEN, WIDTH));

        String shown = browser.value("(function(){var p=document.querySelector('#" + NoiseClassSection.ANSWER_ID
                + " p.main-sentence'); return p ? p.innerText : '';})()").asText();
        assertEquals(sentence, shown.strip(), "the sentence, as made from the evidence");
        assertTrue(bottom("#" + NoiseClassSection.ANSWER_ID + " p.main-sentence") <= SCREEN,
                "the sentence ends within the first " + SCREEN + " px");

        String img = "#" + NoiseClassSection.ANSWER_ID + " figure.forest img";
        String src = browser.value("(function(){var i=document.querySelector('" + img + "'); return i ? i.getAttribute('src') : '';})()")
                .asText();
        assertTrue(src.endsWith("noise-class.recovery.png"), "the forest plot the report drew: " + src);
        assertTrue(Files.size(dir.resolve(src)) > 10_000, src + " is a drawn figure");
        assertTrue(browser.value("(function(){var i=document.querySelector('" + img + "'); return i.complete && i.naturalWidth > 0;})()")
                .asBoolean(), "the forest plot decodes");
        double top = browser.value("document.querySelector('" + img + "').getBoundingClientRect().top + window.scrollY").asDouble();
        assertTrue(top >= 0 && bottom(img) <= SCREEN, "the forest plot lies within the first " + SCREEN + " px: " + top + " to "
                + bottom(img));
        // the first screen itself is no wider than the window (the deep claim table further down may be: issue 46)
        double right = browser.value("document.getElementById('" + NoiseClassSection.ANSWER_ID + "').getBoundingClientRect().right")
                .asDouble();
        assertTrue(right <= WIDTH, "the answer's block ends at " + right + " px, in a " + WIDTH + " px window");
    }

    @Test
    void withoutTheNoiseClassClaimsTheFirstScreenSaysNothingOfThem(@TempDir Path dir) throws Exception {
        Results all = quickRunWithTheStudy(dir);
        Results theory = new Results(all.provenance(), all.studies().stream().filter(s -> !s.id().equals("deep")).toList());
        Report.write(dir, theory, NoiseClassFixture.DESIGN);

        browser.load(dir.resolve(Report.INDEX).toUri().toString());
        assertFalse(browser.value("!!document.getElementById('" + NoiseClassSection.ANSWER_ID + "')").asBoolean());
        String text = browser.value("document.body.innerText").asText();
        assertFalse(text.contains(NoiseClassSentence.QUESTION), "no question without its claims");
        assertFalse(text.contains("noise-class"), "no mention of the noise-class study");
        assertFalse(Files.exists(dir.resolve(Report.FIGURES).resolve("noise-class.recovery.png")));
    }

    private static double bottom(String selector) throws Exception {
        return browser.value("(function(){var e=document.querySelector('" + selector + "'); return e ? e.getBoundingClientRect().bottom"
                + " + window.scrollY : 1e9;})()").asDouble();
    }
}
