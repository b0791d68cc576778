package org.msgdlab.reports.html;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.Report;
import org.msgdlab.reports.ReportFixtures;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report in a real browser: headless Chromium ({@code /usr/bin/chromium}, Debian package
 * {@code chromium}, installed by {@code .ci/run}) loads {@code index.html} from disk with no
 * console error, uncaught exception or failed load; every image it references exists, is
 * non-empty and decodes; the page screenshots and prints to PDF. Skipped only when the browser is
 * not installed. The screenshot is kept as {@code target/report-screenshot.png} for people to look at. (A plan's look
 * page, which deep writes in the report's style, is deep's {@code PlanLookInBrowserTest}.)
 */
class ReportInBrowserTest {

    static final int WIDTH = 1280;
    static final int HEIGHT = 2000;

    private static HeadlessChromium browser;

    @BeforeAll
    static void start(@TempDir Path tmp) throws Exception {
        browser = HeadlessChromium.startOrSkip(tmp, WIDTH, HEIGHT);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void reportLoadsCleanlyWithEveryFigureAndPrints(@TempDir Path dir) throws Exception {
        Report.Written written = Report.write(dir, ReportFixtures.varied());
        assertTrue(written.problems().isEmpty(), written.problems().toString());

        HeadlessChromium.PageLoad page = browser.load(dir.resolve(Report.INDEX).toUri().toString());

        assertEquals(List.of(), page.problems(), () -> "browser stderr:\n" + String.join("\n", browser.stderr()));
        List<String> srcs = new ArrayList<>();
        for (JsonNode img : page.images()) {
            String src = img.path("src").asText();
            srcs.add(src);
            Path file = dir.resolve(src);
            assertTrue(Files.isRegularFile(file), "image " + src + " referenced but missing");
            assertTrue(Files.size(file) > 0, "image " + src + " is empty");
            assertTrue(img.path("complete").asBoolean() && img.path("width").asInt() > 0 && img.path("height").asInt() > 0,
                    "image " + src + " did not decode in the browser: " + img);
        }
        // the overview of each study with claims, and each series figure
        assertEquals(written.figures(), srcs.size(), srcs.toString());
        assertTrue(srcs.stream().anyMatch(s -> s.endsWith(".overview.png")), srcs.toString());

        byte[] shot = browser.screenshot(false, page.contentHeight(), WIDTH);
        assertPng(shot);
        Path target = Path.of(System.getProperty("basedir", ".")).resolve("target");
        Files.createDirectories(target);
        Files.write(target.resolve("report-screenshot.png"), shot);
        Files.write(dir.resolve("screenshot.png"), shot);
        Files.write(target.resolve("report-screenshot-full.png"), browser.screenshot(true, page.contentHeight(), WIDTH));

        byte[] pdf = browser.pdf();
        assertTrue(pdf.length > 10_000 && new String(pdf, 0, 5, StandardCharsets.US_ASCII).equals("%PDF-"),
                "printing to PDF gave " + pdf.length + " bytes");
        Files.write(target.resolve("report-print.pdf"), pdf);
    }

    /**
     * At a usual window (1280 px), each claim table fits inside its section: no column pushes the page sideways. The
     * report is today's quick run as {@code msgd verify} wrote it when CI names its results.json
     * ({@value ReportLengthTest#RESULTS_PROPERTY}), else the committed quick run's (every study, the deep one with its
     * interval and timing rows).
     */
    @Test
    void everyClaimTableFitsItsSectionAtAUsualWindow(@TempDir Path dir) throws Exception {
        String given = System.getProperty(ReportLengthTest.RESULTS_PROPERTY, "");
        Path index;
        if (given.isBlank()) {
            Report.write(dir, org.msgdlab.reports.ClaimKindsFixture.committedQuickRun(dir), org.msgdlab.reports.NoiseClassFixture.DESIGN);
            index = dir.resolve(Report.INDEX);
        } else {
            index = Path.of(given).getParent().resolve(Report.INDEX);
        }
        HeadlessChromium.PageLoad page = browser.load(index.toUri().toString());
        assertEquals(List.of(), page.problems());
        String tables = browser.value("JSON.stringify(Array.from(document.querySelectorAll('table.claims')).map(function(t){"
                + "var s = t.closest('section'); return (s ? s.id : '?') + ' ' + Math.round(t.scrollWidth) + ' of '"
                + " + Math.round(t.parentElement.clientWidth) + ' columns ' + Array.from(t.rows[0].cells).map(function(c){"
                + "return c.textContent + ' ' + Math.round(c.getBoundingClientRect().width);}).join(', ');}))").asText();
        List<String> over = new ArrayList<>();
        for (JsonNode t : new com.fasterxml.jackson.databind.ObjectMapper().readTree(tables)) {
            String[] w = t.asText().split(" ");
            if (Integer.parseInt(w[1]) > Integer.parseInt(w[3])) {
                over.add(t.asText());
            }
        }
        assertTrue(tables.contains("study-deep"), "the deep study's table is there: " + tables);
        assertEquals(List.of(), over, "tables wider than the space they sit in, px: " + tables);
    }

    /** The checks above can fail: a page with a script error, a console error and a missing image is caught. */
    @Test
    void brokenPageIsCaught(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("empty.png"), new byte[0]);
        Files.writeString(dir.resolve("broken.html"), "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>x</title></head><body>"
                + "<img src=\"missing.png\"><img src=\"empty.png\">"
                + "<script>console.error('boom'); undefinedFunction();</script></body></html>");

        HeadlessChromium.PageLoad page = browser.load(dir.resolve("broken.html").toUri().toString());

        assertTrue(page.consoleErrors().stream().anyMatch(m -> m.contains("boom")), page.consoleErrors().toString());
        assertTrue(page.exceptions().stream().anyMatch(m -> m.contains("undefinedFunction")), page.exceptions().toString());
        assertFalse(page.failedLoads().isEmpty(), "the missing image should fail to load");
        assertTrue(page.images().stream().noneMatch(i -> i.path("width").asInt() > 0), page.images().toString());
    }

    private static void assertPng(byte[] png) {
        assertTrue(png.length > 1000, "screenshot has " + png.length + " bytes");
        assertEquals((byte) 0x89, png[0]);
        assertEquals("PNG", new String(png, 1, 3, StandardCharsets.US_ASCII));
    }
}
