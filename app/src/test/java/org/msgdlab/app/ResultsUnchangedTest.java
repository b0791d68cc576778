package org.msgdlab.app;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.ResultsComparison;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.reports.Report;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.ListsCsv;
import org.msgdlab.reports.summary.MarkdownSummary;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ./msgd verify --budget quick} at the default seed gives, claim by claim, the verdicts and
 * numbers of the committed reference (timing aside, equal to the bit) for the three studies whose
 * results depend on nothing but the seed: theory, regression and sde. (Deep's accuracy claims read
 * the study's committed runs and its speed claims measure this machine, so they are not compared.)
 *
 * <p>The reference, {@code reference/quick-theory-regression-sde.results.json.gz}, was written at
 * commit 75dafaf, after the issue-16 redesign (core module, CheckContext, one evidence toolkit). It
 * was compared with the same command at f10ea89, the last commit before the redesign: 47 claims,
 * no verdict, estimate or standard error changed; theory and regression equal to the bit; the 250
 * numbers that differ are all sde 95% interval endpoints (212 in figure series, 38 in order fits),
 * each half-width scaled by exactly 1.959963984540/1.96 = 0.99998162, the one normal quantile that
 * replaced the two (1.96 and 1.95996) the redesign found. A change that means to alter these results rewrites the
 * reference with the command in {@code reference/README.md} and says why in its commit.
 */
class ResultsUnchangedTest {

    static final String REFERENCE = "/org/msgdlab/app/reference/quick-theory-regression-sde.results.json.gz";

    @TempDir
    static Path tmp;
    /** The folder `verify --budget quick --only theory,regression,sde` wrote, once for the tests here. */
    private static Path verified;

    @BeforeAll
    static void verifyOnce() {
        verified = tmp.resolve("now");
        CommandRun r = CommandRun.msgd("verify", "--budget", "quick", "--only", "theory,regression,sde", "--out", verified.toString());
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
    }

    @Test
    void quickVerifyAtTheDefaultSeedGivesTheReferenceResults() throws Exception {
        Path reference = tmp.resolve("reference.json");
        try (InputStream in = new GZIPInputStream(ResultsUnchangedTest.class.getResourceAsStream(REFERENCE))) {
            Files.copy(in, reference, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        ResultsComparison c = ResultsComparison.of(reference, verified.resolve(ResultsFile.NAME), 0,
                Set.of("theory", "regression", "sde"));
        assertTrue(c.same(), () -> c.differences().size() + " differences from the reference, the first:\n"
                + String.join("\n", c.differences().subList(0, Math.min(20, c.differences().size()))));
    }

    /**
     * One rendering path (issue 32): the report and tables that {@code verify} wrote from its claims' evidence are
     * those {@code msgd report} renders from the results.json it wrote (the SDE cards' lists once showed as
     * "[D@..." in the one and not the other), and no Java object's identity is in them.
     */
    @Test
    void whatVerifyWroteIsWhatReportRendersFromItsResultsFile() throws Exception {
        Path again = tmp.resolve("re-rendered");
        Files.createDirectories(again);
        Files.copy(verified.resolve(ResultsFile.NAME), again.resolve(ResultsFile.NAME));
        CommandRun r = CommandRun.msgd("report", again.toString());
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        for (String table : List.of(ListsCsv.NAME, CsvSummary.NAME)) {
            assertEquals(Files.readString(again.resolve(table)), Files.readString(verified.resolve(table)),
                    table + " as verify wrote it and as report renders it");
        }
        java.util.regex.Pattern identity = java.util.regex.Pattern.compile("\\[[DIJFZBSC]@|\\[L[A-Za-z0-9_.$]+;@|@[0-9a-f]{6,8}\\b");
        for (String file : List.of(Report.INDEX, ListsCsv.NAME, CsvSummary.NAME, MarkdownSummary.NAME)) {
            String text = Files.readString(verified.resolve(file));
            java.util.regex.Matcher m = identity.matcher(text);
            assertTrue(!m.find(), () -> file + " shows a Java object's identity: "
                    + text.substring(Math.max(0, m.start() - 80), Math.min(text.length(), m.end() + 20)));
        }
        // the SDE fits' lists are there, one row per element (they were missing from the verify-written lists.csv)
        long sdeRows = Files.readAllLines(verified.resolve(ListsCsv.NAME)).stream().filter(l -> l.startsWith("sde")).count();
        assertTrue(sdeRows > 100, "the sde claims' lists in lists.csv: " + sdeRows + " rows");
    }
}
