package org.msgdlab.reports.summary;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.Report;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Golden-file test: the report of fixed results (what {@code msgd report} renders) writes exactly summary.golden.csv. */
class CsvSummaryTest {

    @Test
    void reportWritesTheGoldenCsv(@TempDir Path dir) throws Exception {
        Report.write(dir, MarkdownSummaryTest.fixedResults());

        assertEquals(golden(), Files.readString(dir.resolve(CsvSummary.NAME)));
    }

    @Test
    void quotesCellsAsRfc4180Asks() {
        assertEquals("plain", CsvSummary.quote("plain"));
        assertEquals("\"a, b\"", CsvSummary.quote("a, b"));
        assertEquals("\"say \"\"hi\"\"\"", CsvSummary.quote("say \"hi\""));
        assertEquals("two lines", CsvSummary.quote("two\nlines"));
        assertEquals("'=1+1", CsvSummary.quote("=1+1"));
    }

    @Test
    void textCellsOfAnEditedResultsFileAreNeutralisedAndNegativeNumbersStayNumbers() {
        org.msgdlab.core.claims.Results r = MarkdownSummaryTest.fixedResults();
        org.msgdlab.core.claims.Evidence e = org.msgdlab.core.claims.Evidence.error("=1+1",
                "=HYPERLINK(\"http://evil\",\"click\")", "x", "@SUM(A1)", 0.1);
        String csv = CsvSummary.render(new org.msgdlab.core.claims.Results(r.provenance(), List.of(r.studies().get(0),
                new org.msgdlab.core.claims.StudyResult("-study", "T", "P", List.of(e)))));
        String row = csv.lines().filter(l -> l.contains("HYPERLINK")).findFirst().orElseThrow();
        org.junit.jupiter.api.Assertions.assertTrue(row.startsWith("'-study,'=1+1,\"'=HYPERLINK(\"\"http://evil\"\",\"\"click\"\")\",ERROR,"),
                row);
        org.junit.jupiter.api.Assertions.assertTrue(row.contains(",'@SUM(A1)") || row.endsWith("'@SUM(A1)"), row);
        org.junit.jupiter.api.Assertions.assertTrue(csv.contains(",-3.5E-15,"), "a negative number stays a number: " + csv);
    }

    private static String golden() throws Exception {
        try (InputStream in = CsvSummaryTest.class.getResourceAsStream("summary.golden.csv")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
