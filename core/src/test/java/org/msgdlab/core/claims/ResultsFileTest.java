package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.testing.Rejections;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** results.json: the contract between the simulation modules and reports (DESIGN.md). */
class ResultsFileTest {

    static Results sample() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("n", 1000);
        params.put("b", 50);
        params.put("noise", "SGD-50 (without replacement)");
        Series series = new Series("c.convergence", "estimate vs samples", "samples", "Var", true, false,
                List.of(new Series.Curve("estimate", List.of(new double[] {1000, 1.9e-5, 1.8e-5, 2.0e-5},
                        new double[] {2000, Double.NaN, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY}))));
        Evidence pass = Evidence.decide("prop1.without-replacement.covariance", "Proposition 1", "Var[V] = ...", params, 1e-7,
                List.of(StatisticCheck.of("diag", 1.9e-5, 1e-9, 1.9e-5, 1.9e-5, 5e-9)),
                List.of(new PowerCheck("with replacement", "diag", 2e-5, true, 1.0)), Discrepancy.none(), 20_000, 0.25,
                List.of(series));
        Evidence error = Evidence.error("broken.claim", "Section 4", "s", "it threw", 0.5);
        Provenance provenance = new Provenance(20200712L, "quick", "msgd verify", "abc123", "2026-01-01T00:00:00Z", null,
                "17", "Linux amd64", 2, Map.of("msgd-lab", "0.1.0-SNAPSHOT"));
        return new Results(provenance, List.of(new StudyResult("theory.sampling-noise", "Sampling noises", "Sections 2 and 4",
                List.of(pass, error))));
    }

    @Test
    void writeThenReadGivesTheSameFileAndNonFiniteNumbersComeBackAsNaN(@TempDir Path dir) throws IOException {
        Results original = sample();
        Path file = ResultsFile.write(dir.resolve("out"), original);
        assertEquals(dir.resolve("out").resolve(ResultsFile.NAME), file);
        Results read = ResultsFile.read(file);
        Path again = ResultsFile.write(dir.resolve("again"), read);
        assertEquals(Files.readString(file), Files.readString(again), "write(read(write(x))) = write(x)");
        Evidence pass = read.studies().get(0).claims().get(0);
        assertEquals(Verdict.PASS, pass.verdict());
        assertEquals(1.9e-5, pass.estimate());
        assertEquals(20_000, pass.samples());
        assertEquals(1000, ((Number) pass.parameters().get("n")).intValue());
        assertTrue(pass.power().get(0).rejected());
        double[] point = pass.series().get(0).curves().get(0).points().get(1);
        assertTrue(Double.isNaN(point[1]) && Double.isNaN(point[2]) && Double.isNaN(point[3]), "non-finite points read back as NaN");
        Evidence error = read.studies().get(0).claims().get(1);
        assertEquals(Verdict.ERROR, error.verdict());
        assertTrue(Double.isNaN(error.estimate()) && Double.isNaN(error.reference()) && Double.isNaN(error.standardError())
                && Double.isNaN(error.tolerance()) && Double.isNaN(error.discrepancy()), "NaN survives as NaN");
        assertEquals(20200712L, read.provenance().seed());
        assertFalse(Files.list(dir.resolve("out")).anyMatch(p -> p.getFileName().toString().endsWith(".tmp")),
                "no temporary file is left behind");
    }

    @Test
    void aMissingFileIsRejectedNamingIt(@TempDir Path dir) {
        Path missing = dir.resolve("nowhere").resolve("results.json");
        IllegalArgumentException e = Rejections.assertRejects(() -> ResultsFile.read(missing));
        assertTrue(e.getMessage().contains(missing.toString()), e.getMessage());
    }

    @Test
    void aMalformedFileIsRejectedNamingItAndWhere(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("results.json");
        Files.writeString(file, "{ \"provenance\": { \"seed\": 1 }, \"studies\": [ { \"id\": ");
        IllegalArgumentException e = Rejections.assertRejects(() -> ResultsFile.read(file));
        assertTrue(e.getMessage().startsWith(file.toString()) && e.getMessage().contains("malformed"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), "a one-line message");
        Files.writeString(file, "{}");
        IllegalArgumentException notResults = Rejections.assertRejects(() -> ResultsFile.read(file));
        assertTrue(notResults.getMessage().startsWith(file.toString()), notResults.getMessage());
        Files.writeString(file, "");
        IllegalArgumentException empty = Rejections.assertRejects(() -> ResultsFile.read(file));
        assertTrue(empty.getMessage().contains(file.toString()), empty.getMessage());
    }

    /** Replaces the first occurrence of {@code from} in a valid written file by {@code to}. */
    private static Path damaged(Path dir, String from, String to) throws IOException {
        Path file = ResultsFile.write(dir, sample());
        String text = Files.readString(file);
        assertTrue(text.contains(from), "the sample file holds " + from);
        Files.writeString(file, text.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)));
        return file;
    }

    @Test
    void aStringWhereANumberBelongsIsRefusedNamingTheFieldAndItsLine(@TempDir Path dir) throws IOException {
        Path file = damaged(dir, "\"estimate\" : 1.9E-5", "\"estimate\" : \"abc\"");
        IllegalArgumentException e = Rejections.assertRejects(() -> ResultsFile.read(file));
        assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("studies[0].claims[0].estimate"), e.getMessage());
        assertTrue(e.getMessage().matches(".*\\(line \\d+, column \\d+\\).*"), e.getMessage());
        assertFalse(e.getMessage().contains("line -1"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), "a one-line message");
    }

    @Test
    void aNumericStringIsNotCoercedEither(@TempDir Path dir) throws IOException {
        Path file = damaged(dir, "\"samples\" : 20000", "\"samples\" : \"20000\"");
        IllegalArgumentException e = Rejections.assertRejects(() -> ResultsFile.read(file));
        assertTrue(e.getMessage().contains("claims[0].samples"), e.getMessage());
    }

    @Test
    void aVerdictWrittenAsANumberIsRefusedNotReadAsAnEnumIndex(@TempDir Path dir) throws IOException {
        Path file = damaged(dir, "\"verdict\" : \"PASS\"", "\"verdict\" : 2");
        IllegalArgumentException e = Rejections.assertRejects(() -> ResultsFile.read(file));
        assertTrue(e.getMessage().contains("claims[0].verdict"), e.getMessage());
    }

    @Test
    void nullStillReadsAsNaN(@TempDir Path dir) throws IOException {
        Path file = damaged(dir, "\"estimate\" : 1.9E-5", "\"estimate\" : null");
        assertTrue(Double.isNaN(ResultsFile.read(file).studies().get(0).claims().get(0).estimate()));
    }

    @Test
    void anObjectWithoutProvenanceAndStudiesIsNotAResultsFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("results.json");
        Files.writeString(file, "{}");
        IllegalArgumentException e = Rejections.assertRejects(() -> ResultsFile.read(file));
        assertTrue(e.getMessage().contains("not a results file"), e.getMessage());
    }

    @Test
    void withReplacesAStudyOfTheSameIdAndAppendsANewOne() {
        Results r = sample();
        StudyResult replacement = new StudyResult("theory.sampling-noise", "again", "ref", List.of());
        StudyResult other = new StudyResult("regression", "Theorem 1", "ref", List.of());
        Results replaced = r.with(replacement);
        assertEquals(1, replaced.studies().size());
        assertEquals("again", replaced.studies().get(0).title());
        assertEquals(List.of("theory.sampling-noise", "regression"),
                replaced.with(other).studies().stream().map(StudyResult::id).toList());
    }
}
