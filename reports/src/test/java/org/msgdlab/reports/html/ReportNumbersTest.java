package org.msgdlab.reports.html;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.theory.claims.Evidence;
import org.msgdlab.theory.claims.Provenance;
import org.msgdlab.theory.claims.Results;
import org.msgdlab.theory.claims.ResultsFile;
import org.msgdlab.theory.claims.Series;
import org.msgdlab.theory.claims.StudyResult;
import org.msgdlab.theory.claims.Verdict;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 17: the report `msgd verify` writes (from the results in memory, whose parameters hold
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
        Evidence e = new Evidence("deep.example", "Figure 1(a)", "SGD-50 above GD", Verdict.PASS, "lower bound > 0",
                params, 0.0149, 0, 0.0013, 0.01, 0.0149, 0.05, List.of(), List.of(), "none", 2, 1.5,
                List.of());
        return new Results(p, List.of(new StudyResult("deep", "Deep", "Section 5", List.of(e))));
    }

    private static String html(Results r) {
        return HtmlReport.render(r, new HtmlReport.FigureIndex() {
            @Override
            public org.msgdlab.reports.figures.Figures.Figure series(Series s) {
                return null;
            }

            @Override
            public org.msgdlab.reports.figures.Figures.Figure overview(StudyResult study) {
                return null;
            }
        }, "figures");
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

        for (String text : List.of(MarkdownSummary.render(inMemory), CsvSummary.render(inMemory))) {
            assertFalse(IDENTITY.matcher(text).find(), text);
        }
    }
}
