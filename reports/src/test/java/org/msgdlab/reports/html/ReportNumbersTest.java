package org.msgdlab.reports.html;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report `msgd verify` writes (from the results in memory, whose parameters hold
 * Java arrays) is the report `msgd report` writes from the results.json of the same run, and
 * neither shows an array's identity ("[D@779dfe55") where numbers belong.
 */
class ReportNumbersTest {

    private static final Pattern IDENTITY = Pattern.compile("\\[[DIJFZBSC]@|\\[L[\\w.$]+;@|@[0-9a-f]{6,8}\\b");

    private static Results withArrays() {
        Provenance p = new Provenance(20200712L, "quick", "msgd verify", "0123abcd", "2020-07-12T00:00:00Z",
                "2020-07-12T00:01:00Z", "17.0.15", "Linux amd64", 2, Map.of("msgd-lab", "0.1.0-SNAPSHOT"));
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("etas", new double[] {0.1, 0.05, 0.025});
        params.put("perSeedAccuracy", new double[] {0.7841, 0.7848});
        params.put("seeds", new int[] {0, 1});
        params.put("ci95", new double[][] {{0.01, 0.02}});
        params.put("roundsSeconds", new long[] {3, 4});
        params.put("labels", new String[] {"gd", "sgd-50"});
        List<Map<String, Object>> table = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            table.add(Map.of("eta", 1.0 / (i + 1), "row", i));
        }
        params.put("per step size", table);
        Evidence e = new Evidence("deep.example", "Figure 1(a)", "SGD-50 above GD", Verdict.PASS, "lower bound > 0",
                params, 0.0149, 0, 0.0013, 0.01, 0.0149, 0.05, List.of(), List.of(), "none", 2, 1.5,
                List.of());
        return new Results(p, List.of(new StudyResult("deep", "Deep", "Section 5", List.of(e))));
    }

    @Test
    void aLongStatisticsTableIsFoldedWithItsCounts() {
        List<org.msgdlab.core.claims.StatisticCheck> stats = new java.util.ArrayList<>();
        for (int i = 0; i < 20; i++) {
            stats.add(org.msgdlab.core.claims.StatisticCheck.of("risk at step " + i, 1.0, 0.01, i < 17 ? 1.0 : 2.0, 1.0, 0.05));
        }
        Results r = withArrays();
        Evidence many = new Evidence("thm1.example", "Theorem 1", "risk", Verdict.FAIL, "3 disagree", Map.of(), 1, 1, 0.01, 0.05,
                0, 1e-7, stats, List.of(), "none", 1000, 0.1, List.of());
        Results withMany = new Results(r.provenance(), List.of(new StudyResult("t", "T", "Section 3", List.of(many))));
        String page = html(withMany);
        assertTrue(page.contains("<summary>20 statistics: 17 agree with the paper's value, 3 do not</summary>"), page);
        assertEquals(20, page.split("risk at step ").length - 1, "every statistic is still in the page");

        // the long format for notebooks: a header and one row per statistic, the verdict repeated
        List<String> rows = org.msgdlab.reports.summary.StatisticsCsv.render(withMany).lines().toList();
        assertEquals(21, rows.size());
        assertEquals("study,claim_id,verdict,statistic,side,estimate,standard_error,paper_value,derived_value,tolerance,"
                + "agrees_with_paper,agrees_with_derived", rows.get(0));
        assertEquals("t,thm1.example,FAIL,risk at step 19,two-sided,1.0,0.01,2.0,1.0,0.05,false,true", rows.get(20));
    }

    @Test
    void markdownFromAHostileResultsFileShowsTheMarkupAsText() {
        Results r = withArrays();
        Evidence bad = Evidence.error("x.<script>alert(1)</script>", "Section 1", "s",
                "<img src=x onerror=alert(1)> | boom", 0.1);
        Results hostile = new Results(r.provenance(), List.of(new StudyResult("s<b>", "S", "Section 1", List.of(bad))));
        String md = MarkdownSummary.render(hostile);
        assertFalse(md.contains("<script>") || md.contains("<img") || md.contains("<b>"), md);
        assertTrue(md.contains("&lt;img src=x onerror=alert(1)>"), md);
    }

    /**
     * The page of {@code r} with no figures drawn (the cards and tables only), the noise-class study known as deep gives
     * it; shared by this package's tests.
     */
    static String html(Results r) {
        return HtmlReport.render(r, new HtmlReport.FigureIndex() {
            @Override
            public org.msgdlab.reports.figures.Figures.Figure series(Series s) {
                return null;
            }

            @Override
            public org.msgdlab.reports.figures.Figures.Figure overview(StudyResult study) {
                return null;
            }
        }, "figures", org.msgdlab.reports.NoiseClassFixture.DESIGN);
    }

    @Test
    void theReportFromMemoryIsTheReportFromTheFileAndShowsNumbersNotArrayIdentities(@TempDir Path dir) {
        Results inMemory = withArrays();
        Path file = ResultsFile.write(dir, inMemory);
        Results fromFile = ResultsFile.read(file);

        String a = html(inMemory);
        String b = html(fromFile);
        assertFalse(IDENTITY.matcher(a).find(), "an array identity in the verify report");
        assertTrue(a.contains("0.7841") && a.contains("0.7848") && a.contains("sgd-50"), "the per-seed numbers are shown");
        assertEquals(b.replaceAll("generated [^<]*", ""), a.replaceAll("generated [^<]*", ""),
                "verify's report and report's report differ");

        // a 300-row table is folded, shown as a table (not a wall of text), and not inline among the parameters
        assertTrue(a.contains("<details class=\"param\"><summary>per step size <span class=\"note\">(300 rows)"), a);
        int params = a.indexOf("<p class=\"params\">");
        assertFalse(a.substring(params, a.indexOf("</p>", params)).contains("per step size"), "the table is not inline");
        int head = a.indexOf("<thead>", a.indexOf("per step size"));
        assertEquals(2, a.substring(head, a.indexOf("</thead>", head)).split("<th>").length - 1, "one column per key");

        for (String text : List.of(MarkdownSummary.render(inMemory), CsvSummary.render(inMemory))) {
            assertFalse(IDENTITY.matcher(text).find(), text);
        }
    }
}
