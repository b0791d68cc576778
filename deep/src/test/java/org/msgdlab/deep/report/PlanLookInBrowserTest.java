package org.msgdlab.deep.report;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.reports.html.HeadlessChromium;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A plan's look page ({@code msgd study look}, {@link PlanLookReport}) in a real browser, as reports'
 * {@code ReportInBrowserTest} loads the report: headless Chromium ({@code /usr/bin/chromium}) loads it from disk with
 * no console error, uncaught exception or failed load, and its forest plots decode. Skipped only when the browser is
 * not installed.
 */
class PlanLookInBrowserTest {

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

    /** A plan's look page ({@code msgd study look}) loads as cleanly, its forest plots decoded, one per unit. */
    @Test
    void planLookPageLoadsCleanlyWithItsForestPlots(@TempDir Path dir) throws Exception {
        PlanLook.Look look = PlanLookFixture.mixed(dir.resolve("study"), 3);
        PlanLookReport.Written written = PlanLookReport.write(look, dir);

        HeadlessChromium.PageLoad page = browser.load(written.page().toUri().toString());

        assertEquals(List.of(), page.problems(), () -> "browser stderr:\n" + String.join("\n", browser.stderr()));
        List<String> srcs = new ArrayList<>();
        for (JsonNode img : page.images()) {
            srcs.add(img.path("src").asText());
            assertTrue(img.path("complete").asBoolean() && img.path("width").asInt() > 0, "did not decode: " + img);
        }
        assertEquals(3, srcs.size(), "difference, recovery and event-rate: " + srcs);
        assertTrue(srcs.stream().allMatch(s -> s.startsWith("figures/plan-forest-")), srcs.toString());
    }
}
