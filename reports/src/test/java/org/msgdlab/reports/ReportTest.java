package org.msgdlab.reports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.reports.summary.SeriesCsv;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StudyResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report's files and page structure, without a browser (see ReportInBrowserTest for one). */
class ReportTest {

    private static List<String> all(Pattern p, String text) {
        List<String> found = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    @Test
    void writesSelfContainedPageWithEveryReferencedFile(@TempDir Path dir) throws Exception {
        Report.Written w = Report.write(dir, ReportFixtures.varied());
        String html = Files.readString(w.index());

        // self-contained: no external script or resource, inline style; the one inline script only opens folds
        // (the page reads without it: every fold opens by a click)
        assertFalse(html.contains("<script src"), "no external script");
        assertEquals(1, all(Pattern.compile("(<script)"), html).size(), "one script");
        assertTrue(html.contains("<script>\n" + org.msgdlab.reports.html.HtmlReport.SCRIPT + "\n</script>"), "the fold opener only");
        assertFalse(Pattern.compile("(src|href)=\"(https?:)?//").matcher(html).find(), "no network reference");
        assertTrue(html.contains("<style>"));
        // every referenced local file exists and is non-empty
        List<String> refs = all(Pattern.compile("(?:src|href)=\"(?!#)([^\"]+)\""), html);
        assertFalse(refs.isEmpty());
        for (String ref : refs) {
            Path f = dir.resolve(ref);
            assertTrue(Files.isRegularFile(f) && Files.size(f) > 0, ref);
        }
        assertEquals(w.figures(), all(Pattern.compile("<img src=\"([^\"]+)\""), html).size());
        // every in-page link has a target, and ids are unique
        List<String> ids = all(Pattern.compile(" id=\"([^\"]+)\""), html);
        assertEquals(ids.size(), new HashSet<>(ids).size(), "duplicate ids");
        for (String link : all(Pattern.compile("href=\"#([^\"]+)\""), html)) {
            assertTrue(ids.contains(link), "dangling link #" + link);
        }
        // the summary names every claim that is not PASS, with why
        String summary = html.substring(html.indexOf("id=\"summary\""), html.indexOf("<nav class=\"toc\""));
        for (String id : List.of("without-replacement", "gradient-noise", "as-printed", "gaussian")) {
            assertTrue(summary.contains(id), id);
        }
        assertFalse(summary.contains(">prop1<"), "PASS claims are not in the not-PASS list");
        assertTrue(summary.contains("the gap vanishes: factor (n−b)/(n−1) = 0.9510 → 1 as n → ∞ with b fixed"), summary);
        assertTrue(summary.contains("java.lang.IllegalStateException: boom"));
        assertTrue(summary.contains("This run did not finish"));
        assertTrue(summary.contains("href=\"#claim-bernoulli.covariance\""), "the weak power check is listed");
        // formulas rendered readably, studies in order, provenance present
        assertTrue(html.contains("(I − 11ᵀ/n)"));
        assertTrue(html.indexOf("Sampling noises and gradient noise</h2>") < html.indexOf("Theorem 1: large-batch MSGD vs small-batch SGD</h2>"));
        assertTrue(html.contains("0123456789abcdef0123456789abcdef01234567"));
        assertTrue(html.contains("20200712"));
        assertTrue(Files.size(dir.resolve(MarkdownSummary.NAME)) > 0);
        assertTrue(Files.size(dir.resolve(CsvSummary.NAME)) > 0);
    }

    @Test
    void unresolvedClaimsAndClaimsLeftOutByTheBudgetAreShownApartFromWhereThePaperIsNotExact(@TempDir Path dir)
            throws Exception {
        org.msgdlab.core.claims.Provenance p = new org.msgdlab.core.claims.Provenance(1L, "quick", "msgd verify",
                "0123456789abcdef0123456789abcdef01234567", "2020-07-12T10:00:00Z", "2020-07-12T10:00:42Z", "17", "Linux",
                2, java.util.Map.of());
        var gap = org.msgdlab.core.claims.StatisticCheck.above("accuracy of SGD-50 minus GD's", 0.004, 0.005, 0, 0.012);
        var open = org.msgdlab.core.claims.Evidence.decide("deep.sgd-above-gd", "Figure 1(a)", "SGD-50 above GD",
                java.util.Map.of(), 0.05, List.of(gap), List.of(), org.msgdlab.core.claims.Discrepancy.none(), 4, 1, List.of());
        var budget = org.msgdlab.core.claims.Evidence.notRun("deep.large-batch",
                "Figure 2's design on Fashion-MNIST (not in the paper)", "SGD-50 above SGD-500",
                "not part of the quick budget; run --budget full");
        var tool = org.msgdlab.core.claims.Evidence.notRun("deep.speed", "Section 5.1", "faster than PyTorch",
                "PyTorch not available");
        // two reasons that differ only in their counts after the first clause share one line
        var laterA = org.msgdlab.core.claims.Evidence.notRun("deep.collapse-a", "Figure 1(a)", "A collapses no more",
                "decided once, at 60 paired seeds; so far 20 of 60 seeds: A collapsed alone at 0");
        var laterB = org.msgdlab.core.claims.Evidence.notRun("deep.collapse-b", "Figure 1(a)", "B collapses no more",
                "decided once, at 60 paired seeds; so far 20 of 60 seeds: B collapsed alone at 1");
        Results r = new Results(p, List.of(new org.msgdlab.core.claims.StudyResult("deep", "Deep", "Section 5",
                List.of(open, budget, tool, laterA, laterB))));
        String html = Files.readString(Report.write(dir, r).index());
        String summary = html.substring(html.indexOf("id=\"summary\""), html.indexOf("<nav class=\"toc\""));
        assertFalse(summary.contains("This run did not finish"), "a finished run with claims left out is not interrupted");
        assertFalse(summary.contains("Where the paper is not exact"), "an unresolved claim does not say the paper is wrong");
        assertTrue(summary.contains("Not resolved at this budget"), summary);
        assertTrue(summary.contains("0.004 is within ±0.012 of 0"), summary);
        assertTrue(summary.contains("1 claim not run (not part of the quick budget; run --budget full)"), summary);
        assertTrue(summary.contains("1 claim not run (PyTorch not available)"), summary);
        assertTrue(summary.contains("2 claims not run (decided once, at 60 paired seeds)"), summary);
        assertTrue(html.contains("&gt; 0"), "the one-sided reference is shown as '> 0'");
    }

    @Test
    void reRenderingKeepsFilesItDidNotDraw(@TempDir Path dir) throws Exception {
        // a figure the user put there (old.png) is not the report's to delete; the report's
        // own stale figures are removed (ReportCommandTest.aReportDeletesOnlyTheFiguresItDrewNeverTheUsersOwn)
        Results results = ReportFixtures.varied();
        Report.write(dir, results);
        Path users = Files.writeString(dir.resolve(Report.FIGURES).resolve("old.png"), "x");
        Path other = Files.writeString(dir.resolve(Report.FIGURES).resolve("notes.txt"), "mine");
        Report.Written again = Report.write(dir, results);
        assertTrue(Files.exists(users));
        assertTrue(Files.exists(other));
        assertTrue(Files.exists(dir.resolve(Report.FIGURES).resolve(Report.MANIFEST)));
        Set<String> files = new HashSet<>();
        try (var s = Files.list(dir.resolve(Report.FIGURES))) {
            s.forEach(p -> files.add(p.getFileName().toString()));
        }
        assertEquals(2 * again.figures() + 3, files.size(), files.toString());
    }

    @Test
    void everyFiguresDataIsACsvUnderTheFiguresNameAndOnlyTheReportsOwnTablesAreRemoved(@TempDir Path dir) throws Exception {
        Results results = ReportFixtures.varied();
        Report.write(dir, results);
        Path series = dir.resolve(SeriesCsv.DIR);
        List<String> tables;
        try (var s = Files.list(series)) {
            tables = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".csv")).sorted().toList();
        }
        int withSeries = 0;
        int overviews = 0;
        for (StudyResult st : results.studies()) {
            for (Evidence e : st.claims()) {
                withSeries += e.series().size();
            }
            overviews += org.msgdlab.reports.figures.Figures.hasOverview(st) ? 1 : 0;
        }
        assertEquals(withSeries + overviews, tables.size(), "one table per figure, the studies' overviews included: " + tables);
        // an overview's table: one row per claim of its study, with its place on the figure's scale
        StudyResult theory = results.studies().get(0);
        List<String> overview = Files.readString(series.resolve(Report.fileName(theory.id()) + ".overview.csv")).lines().toList();
        assertEquals("claim_id,verdict,shown,discrepancy,tolerance,exact_gap", overview.get(0));
        assertEquals(1 + theory.claims().size(), overview.size(), overview.toString());
        for (String t : tables) {
            String png = t.substring(0, t.length() - 4) + ".png";
            assertTrue(Files.exists(dir.resolve(Report.FIGURES).resolve(png)), "the table " + t + " has its figure " + png);
        }
        Evidence first = results.studies().stream().flatMap(st -> st.claims().stream()).filter(e -> !e.series().isEmpty())
                .findFirst().orElseThrow();
        Series drawn = first.series().get(0);
        String table = Files.readString(series.resolve(Report.fileName(drawn.id()) + ".csv"));
        List<String> lines = table.lines().toList();
        assertEquals("claim_id,curve,x,y,y_low,y_high", lines.get(0));
        assertEquals(1 + drawn.curves().stream().mapToInt(c -> c.points().size()).sum(), lines.size(), "one row per point");
        double[] p0 = drawn.curves().get(0).points().get(0);
        assertTrue(lines.get(1).startsWith(first.claimId() + ",") && lines.get(1).contains("," + p0[0] + ","), lines.get(1));

        // a table of an earlier report that no longer has a figure goes; a user's file stays
        Path stale = Files.writeString(series.resolve("gone.csv"), "x");
        Files.writeString(series.resolve(SeriesCsv.MANIFEST), "gone.csv\n", java.nio.file.StandardOpenOption.APPEND);
        Path users = Files.writeString(series.resolve("mine.csv"), "mine");
        Report.write(dir, results);
        assertFalse(Files.exists(stale), "the report's own stale table is removed");
        assertEquals("mine", Files.readString(users), "the user's table is kept");
    }

    @Test
    void fileNamesAreSafe() {
        assertEquals("prop1.without-replacement.covariance", Report.fileName("prop1.without-replacement.covariance"));
        assertEquals("a-b-c", Report.fileName("A/b c"));
        assertEquals("etc-passwd", Report.fileName("../etc/passwd"));
        assertEquals("figure", Report.fileName(""));
    }

    /**
     * Issue 33, D8 and D9: a file of the report that cannot be written (a full disk; here a folder takes a
     * figure's SVG path, or summary.md's) fails the whole report in one line naming that file, and the previous
     * report stays as it was, every file of it byte for byte (it was: figures deleted as stale, the page
     * rewritten with "could not render", exit 0); no staging folder is left.
     */
    @Test
    void aFileThatCannotBeWrittenKeepsThePreviousReportWholeAndFailsInOneLineNamingIt(@TempDir Path dir) throws Exception {
        Results results = ReportFixtures.varied();
        Report.Written first = Report.write(dir, results);
        assertTrue(first.figures() > 2, "a report with figures: " + first.figures());
        Map<Path, byte[]> before = contents(dir);
        String png;
        try (var s = Files.list(dir.resolve(Report.FIGURES))) {
            png = s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".png") && !n.contains("overview"))
                    .sorted().findFirst().orElseThrow();
        }
        String svg = png.substring(0, png.length() - 4) + ".svg";
        Map<String, String> obstacles = Map.of(Report.FIGURES + "/" + svg, Report.FIGURES + "/" + png, MarkdownSummary.NAME,
                MarkdownSummary.NAME);
        for (Map.Entry<String, String> o : obstacles.entrySet()) {
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> Report.write(dir, results,
                    stage -> blockWith(stage.resolve(o.getKey()))));
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            assertTrue(e.getMessage().contains(dir.resolve(o.getValue()).toString())
                    && e.getMessage().endsWith("the previous report in " + dir + " is kept as it was"), e.getMessage());
            Map<Path, byte[]> after = contents(dir);
            assertEquals(before.keySet(), after.keySet(), "no file added or deleted");
            for (Path f : before.keySet()) {
                assertTrue(java.util.Arrays.equals(before.get(f), after.get(f)), f + " is unchanged");
            }
        }
        // once the file can be written, the new report replaces the old one
        assertEquals(first.figures(), Report.write(dir, results).figures());
        assertFalse(Files.exists(dir.resolve(ReportStaging.NAME)), "no staging folder left");
    }

    /** A folder (not empty) where a file is to go: its rename onto it fails, as a full disk fails a write. */
    private static void blockWith(Path where) {
        try {
            Files.writeString(Files.createDirectories(where).resolve("blocker"), "x");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every file under {@code dir} and its bytes. */
    private static Map<Path, byte[]> contents(Path dir) throws IOException {
        Map<Path, byte[]> m = new java.util.TreeMap<>();
        try (var s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                m.put(dir.relativize(p), Files.readAllBytes(p));
            }
        }
        return m;
    }
}
