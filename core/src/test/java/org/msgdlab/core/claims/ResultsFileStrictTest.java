package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.io.MalformedFileException;
import org.msgdlab.core.testing.Rejections;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one strict reader of results.json (issue 47, items 3 and 5): what {@code msgd report} refuses,
 * {@code msgd diff} refuses with the same line; the stated limits; messages in the file's terms, never the
 * parser's (its features, limits and classes).
 */
class ResultsFileStrictTest {

    /** Words of the parser's own vocabulary that no message may hold. */
    static final Pattern INTERNALS = Pattern.compile(
            "`[^`']*`|JsonReadFeature|StreamReadConstraints|StreamReadFeature|JsonToken|java\\.|org\\.msgdlab|Exception|Source:|\\(File\\)"
                    + "|VALUE_|START_OBJECT|START_ARRAY|END_OBJECT|END_ARRAY|FIELD_NAME");

    /** The sample file, written, with the first {@code from} replaced by {@code to}. */
    private static Path damaged(Path dir, String from, String to) throws IOException {
        Path file = ResultsFile.write(dir, ResultsFileTest.sample());
        String text = Files.readString(file);
        assertTrue(text.contains(from), "the sample file holds " + from);
        Files.writeString(file, text.replaceFirst(Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)));
        return file;
    }

    /** The one line {@link ResultsFile#load} refuses {@code file} with; the same from {@link ResultsComparison}. */
    private static String refusal(Path file) throws IOException {
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> ResultsFile.load(file));
        String m = e.getMessage();
        assertEquals(1, m.lines().count(), m);
        assertTrue(m.startsWith(file + ": "), m);
        assertFalse(INTERNALS.matcher(m).find(), "a message in the file's terms: " + m);
        Path good = ResultsFile.write(file.getParent().resolve("good"), ResultsFileTest.sample());
        MalformedFileException diff = assertThrows(MalformedFileException.class, () -> ResultsComparison.of(good, file, 0));
        assertEquals(m, diff.getMessage(), "diff refuses what report refuses, with the same line");
        assertEquals(m, Rejections.assertRejects(() -> ResultsFile.read(file)).getMessage());
        return m;
    }

    @Test
    void theIssuesThreeFilesThatDiffReadAreRefusedNamingTheFieldTheValueAndTheRule(@TempDir Path dir) throws IOException {
        Path superpass = damaged(dir.resolve("a"), "\"verdict\" : \"PASS\"", "\"verdict\" : \"SUPERPASS\"");
        assertTrue(refusal(superpass).matches(Pattern.quote(superpass + ": malformed results file at studies[0].claims[0]"
                + ".verdict (line ") + "\\d+, column \\d+\\): must be one of PASS, APPROXIMATE, FAIL, INCONCLUSIVE, ERROR,"
                + " NOT_RUN, NOT_APPLICABLE, not the text \"SUPERPASS\""), refusal(superpass));
        Path text = damaged(dir.resolve("b"), "\"estimate\" : 1.9E-5", "\"estimate\" : \"0.001\"");
        assertTrue(refusal(text).matches(".*at studies\\[0]\\.claims\\[0]\\.estimate \\(line \\d+, column \\d+\\): must be a"
                + " number, not the text \"0\\.001\""), refusal(text));
        Path nullClaims = dir.resolve("c").resolve(ResultsFile.NAME);
        Files.createDirectories(nullClaims.getParent());
        Files.writeString(nullClaims, "{\"provenance\": {\"seed\": 1}, \"studies\": [{\"id\": \"s\", \"claims\": null}]}");
        assertEquals(nullClaims + ": malformed results file: studies[0].claims must be a list, not null", refusal(nullClaims));
    }

    @Test
    void parserErrorsAreSaidInPlainWords(@TempDir Path dir) throws IOException {
        Path nan = damaged(dir.resolve("a"), "\"estimate\" : 1.9E-5", "\"estimate\" : NaN");
        assertTrue(refusal(nan).matches(".*: malformed results file at line \\d+, column \\d+: numbers must be finite, not"
                + " NaN \\(write null for a number that is missing\\)"), refusal(nan));
        Path deep = damaged(dir.resolve("b"), "\"n\" : 1000", "\"n\" : " + "[".repeat(1500) + "]".repeat(1500));
        assertTrue(refusal(deep).endsWith(": nested deeper than the limit of 1000 levels"), refusal(deep));
        Path number = damaged(dir.resolve("c"), "\"samples\" : 20000", "\"samples\" : 2.5");
        assertTrue(refusal(number).matches(".*claims\\[0]\\.samples \\(line " + lineOf(number, "2.5") + ", column \\d+\\):"
                + " must be a whole number, not the number 2\\.5"), refusal(number));
        Path verdict = damaged(dir.resolve("d"), "\"verdict\" : \"PASS\"", "\"verdict\" : 2");
        assertTrue(refusal(verdict).endsWith(", not the number 2"), refusal(verdict));
        Path twice = damaged(dir.resolve("e"), "\"studies\"", "\"studies\"");
        Files.writeString(twice, Files.readString(twice) + "{}");
        assertTrue(refusal(twice).endsWith(": more text after the end of the document"), refusal(twice));
        Path comment = damaged(dir.resolve("f"), "{", "{ # a comment\n");
        assertTrue(refusal(comment).contains("malformed results file at line 1, column 3: Unexpected character ('#'"),
                refusal(comment));
        Path cut = damaged(dir.resolve("g"), "\"studies\"", "\"studies\"");
        String whole = Files.readString(cut);
        Files.writeString(cut, whole.substring(0, whole.indexOf("\"SGD-50") + 4));
        assertTrue(refusal(cut).endsWith(": Unexpected end-of-input in a text"), refusal(cut));
        Path nullPoint = damaged(dir.resolve("h"), "\"points\" : [ [", "\"points\" : [ null, [");
        assertEquals(nullPoint + ": malformed results file: studies[0].claims[0].series[0].curves[0].points[0] is null",
                refusal(nullPoint));
    }

    private static int lineOf(Path file, String text) throws IOException {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " not in " + file);
    }

    @Test
    void aFileLargerThanTheLimitIsRefusedBeforeItIsReadNamingItsSizeAndTheLimit(@TempDir Path dir) throws IOException {
        Path file = dir.resolve(ResultsFile.NAME);
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(ResultsFile.MAX_BYTES + 1L);   // a hole: no disk written, and nothing parsed
        }
        assertEquals(file + ": 64.0 MB (64,000,001 bytes), over the limit of 64 MB for a results file", refusal(file));
        Path folder = Files.createDirectories(dir.resolve("folder"));
        assertEquals(folder + ": not a results file (not a regular file)",
                assertThrows(MalformedFileException.class, () -> ResultsFile.load(folder)).getMessage());
    }

    @Test
    void moreStudiesClaimsSeriesOrPointsThanTheLimitsAreRefusedNamingTheCountAndTheLimit(@TempDir Path dir)
            throws IOException {
        String point = "[1, 2, 1, 3]";
        String series = "{\"curves\": [{\"name\": \"c\", \"points\": [" + point + "]}]}";
        assertEquals("10,001 claims, over the limit of 10,000 claims in a results file", limit(dir.resolve("claims"),
                1, ResultsFile.MAX_CLAIMS + 1, ""));
        assertEquals("101 studies, over the limit of 100 studies in a results file", limit(dir.resolve("studies"),
                ResultsFile.MAX_STUDIES + 1, 1, ""));
        assertEquals("1,001 series, over the limit of 1,000 series in a results file", limit(dir.resolve("series"), 1,
                ResultsFile.MAX_SERIES + 1, ", \"series\": [" + series + "]"));
        String many = "{\"curves\": [{\"name\": \"c\", \"points\": [" + String.join(",", java.util.Collections.nCopies(
                ResultsFile.MAX_POINTS / 4 + 1, point)) + "]}]}";
        assertEquals("100,004 points, over the limit of 100,000 points in a results file", limit(dir.resolve("points"),
                1, 4, ", \"series\": [" + many + "]"));
        Path values = Files.createDirectories(dir.resolve("values")).resolve(ResultsFile.NAME);
        Files.writeString(values, "{\"provenance\": {\"seed\": 1}, \"studies\": [], \"more\": [" + "{},".repeat(
                ResultsFile.MAX_VALUES) + "{}]}");
        assertEquals(values + ": 1,000,006 values, over the limit of 1,000,000 values in a results file", refusal(values),
                "counted as a stream: never held in memory");
        // at every limit the file is read
        Path at = write(dir.resolve("at"), ResultsFile.MAX_STUDIES, ResultsFile.MAX_CLAIMS / ResultsFile.MAX_STUDIES, "");
        assertEquals(ResultsFile.MAX_CLAIMS, ResultsFile.read(at).studies().stream().mapToInt(s -> s.claims().size()).sum());
    }

    /** The refusal of a file of {@code studies} studies of {@code claims} claims each, less its file's name. */
    private static String limit(Path dir, int studies, int claims, String claimExtra) throws IOException {
        Path file = write(dir, studies, claims, claimExtra);
        String m = refusal(file);
        return m.substring((file + ": ").length());
    }

    private static Path write(Path dir, int studies, int claims, String claimExtra) throws IOException {
        StringBuilder b = new StringBuilder("{\"provenance\": {\"seed\": 1}, \"studies\": [");
        for (int s = 0; s < studies; s++) {
            b.append(s == 0 ? "" : ",").append("{\"id\": \"s").append(s).append("\", \"claims\": [");
            for (int c = 0; c < claims; c++) {
                b.append(c == 0 ? "" : ",").append("{\"claimId\": \"c").append(c).append("\", \"verdict\": \"PASS\"")
                        .append(claimExtra).append('}');
            }
            b.append("]}");
        }
        Files.createDirectories(dir);
        return Files.writeString(dir.resolve(ResultsFile.NAME), b.append("]}"));
    }

    @Test
    void loadGivesTheDocumentThatDiffComparesBesideTheRecords(@TempDir Path dir) throws IOException {
        Path file = ResultsFile.write(dir, ResultsFileTest.sample());
        ResultsFile.Contents c = ResultsFile.load(file);
        assertEquals(ResultsFile.mapper().readTree(file.toFile()), c.tree());
        assertEquals("prop1.without-replacement.covariance", c.results().studies().get(0).claims().get(0).claimId());
    }
}
