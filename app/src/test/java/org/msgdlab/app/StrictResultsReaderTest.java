package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.ResultsFile;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.app.FakeModules.*;

/**
 * Issue 47, items 3 and 5: {@code msgd report} and {@code msgd diff} read results.json through one strict reader,
 * so that a file the report refuses is never "different results" (exit 3) to diff; a file over a stated limit is
 * refused before it is read; no control character of the file reaches the page or the terminal.
 */
class StrictResultsReaderTest {

    /** A verify run's folder with its results.json damaged: the first {@code from} replaced by {@code to}. */
    private static Path damaged(Path dir, String from, String to) throws Exception {
        exec(twoPassingClaims(), "verify", "--out", dir.toString());
        Path file = dir.resolve(ResultsFile.NAME);
        String text = Files.readString(file);
        assertTrue(text.contains(from), from);
        Files.writeString(file, text.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)));
        return file;
    }

    /** report FILE and diff GOOD FILE: both exit 1 with one line, the same after the command's name; that line. */
    private static String bothRefuse(Path good, Path file) {
        Run report = exec(twoPassingClaims(), "report", file.getParent().toString());
        Run diff = exec(twoPassingClaims(), "diff", good.toString(), file.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), report.code(), report.err());
        assertEquals(ExitCode.CLAIM_ERROR.code(), diff.code(), "not 'different results' (3): " + diff.out() + diff.err());
        assertOneLine(report.err());
        assertOneLine(diff.err());
        assertEquals("", diff.out(), "no comparison printed");
        String line = report.err().strip();
        assertTrue(line.startsWith("msgd report: " + file + ": "), line);
        assertEquals(line.replaceFirst("^msgd report: ", "msgd diff: "), diff.err().strip());
        assertFalse(Files.exists(file.getParent().resolve("index.html.tmp")));
        return line.substring(("msgd report: " + file + ": ").length());
    }

    @Test
    void whatReportRefusesDiffRefusesWithTheSameLine(@TempDir Path tmp) throws Exception {
        Path good = tmp.resolve("good");
        exec(twoPassingClaims(), "verify", "--out", good.toString());
        Path superpass = damaged(tmp.resolve("a"), "\"verdict\" : \"PASS\"", "\"verdict\" : \"SUPERPASS\"");
        assertTrue(bothRefuse(good, superpass).matches("malformed results file at studies\\[0]\\.claims\\[0]\\.verdict \\(line"
                + " \\d+, column \\d+\\): must be one of PASS, .*, not the text \"SUPERPASS\""), superpass.toString());
        Path text = damaged(tmp.resolve("b"), "\"seconds\" : ", "\"seconds\" : \"0.001\", \"was\" : ");
        assertTrue(bothRefuse(good, text).matches(".*claims\\[0]\\.seconds \\(line \\d+, column \\d+\\): must be a number, not"
                + " the text \"0\\.001\""), text.toString());
        Path noClaims = damaged(tmp.resolve("c"), "\"claims\" : [", "\"claims\" : null, \"was\" : [");
        assertEquals("malformed results file: studies[0].claims must be a list, not null", bothRefuse(good, noClaims));
        Path nan = damaged(tmp.resolve("d"), "\"seconds\" : ", "\"seconds\" : NaN, \"was\" : ");
        assertTrue(bothRefuse(good, nan).matches("malformed results file at line \\d+, column \\d+: numbers must be finite, not"
                + " NaN \\(write null for a number that is missing\\)"), nan.toString());
    }

    @Test
    void aFileOverTheStatedLimitsIsRefusedNamingItsSizeOrCountAndTheLimit(@TempDir Path tmp) throws Exception {
        Path good = tmp.resolve("good");
        exec(twoPassingClaims(), "verify", "--out", good.toString());
        Path big = Files.createDirectories(tmp.resolve("big")).resolve(ResultsFile.NAME);
        try (RandomAccessFile sparse = new RandomAccessFile(big.toFile(), "rw")) {
            sparse.setLength(294_000_000L);   // the issue's size, as a hole: refused before a byte is read
        }
        assertEquals("294.0 MB (294,000,000 bytes), over the limit of 64 MB for a results file", bothRefuse(good, big));
        StringBuilder claims = new StringBuilder();
        for (int i = 0; i <= ResultsFile.MAX_CLAIMS; i++) {
            claims.append(i == 0 ? "" : ", ").append("{\"claimId\": \"c").append(i).append("\", \"verdict\": \"PASS\"}");
        }
        Path many = Files.createDirectories(tmp.resolve("many")).resolve(ResultsFile.NAME);
        Files.writeString(many, "{\"provenance\": {\"seed\": 1}, \"studies\": [{\"id\": \"s\", \"claims\": [" + claims + "]}]}");
        assertEquals("10,001 claims, over the limit of 10,000 claims in a results file", bothRefuse(good, many));
    }

    @Test
    void theControlCharactersOfTheFileReachNeitherThePageNorTheTerminal(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("r");
        Path file = damaged(dir, "\"statement\" : \"", "\"statement\" : \"\\u001b[31mred\\u0000nul ");
        Run report = exec(twoPassingClaims(), "report", dir.toString());
        assertEquals(ExitCode.OK.code(), report.code(), report.err());
        String html = Files.readString(dir.resolve("index.html"));
        assertTrue(html.contains("\uFFFD[31mred\uFFFDnul "), "shown as U+FFFD, the text kept");
        for (String name : List.of("index.html", "summary.md", "summary.csv", "statistics.csv")) {
            String written = Files.readString(dir.resolve(name));
            assertFalse(written.contains("\u001b") || written.contains("\u0000"), name);
        }
        // diff names the claims of the file: its lines carry no control character either
        Path other = damaged(tmp.resolve("s"), "\"claimId\" : \"fake.a\"", "\"claimId\" : \"fake.a\\u001b[2J\"");
        Run diff = exec(twoPassingClaims(), "diff", file.toString(), other.toString());
        assertEquals(ExitCode.VERDICT_FAILED.code(), diff.code(), diff.err());
        assertTrue(diff.out().contains("fake.a?[2J: only in the second file"), diff.out());
        assertTrue(diff.out().chars().noneMatch(c -> Character.isISOControl(c) && c != '\n'), diff.out());
    }
}
