package org.msgdlab.core.claims;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.io.MalformedFileException;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.testing.Rejections;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Two results files compared claim by claim, timing aside. */
class ResultsComparisonTest {

    private static String results(String seed, String seconds, String verdict, String estimate, String band, String extraClaim) {
        return """
                {"provenance": {"seed": %s, "budget": "quick", "command": "msgd verify", "gitCommit": "abc",
                                "startedAt": "2026-11-25T%s", "finishedAt": "2026-11-25T%s"},
                 "studies": [{"id": "s", "title": "S", "paperRef": "P", "claims": [
                   {"claimId": "c1", "verdict": "%s", "estimate": %s, "seconds": %s,
                    "parameters": {"n": 1000}, "statistics": [{"name": "m", "estimate": 1.5, "tolerance": 0.1}],
                    "series": [{"curves": [{"points": [[1, 2, %s, 3]]}]}]}%s]}]}
                """.formatted(seed, seconds, seconds, verdict, estimate, seconds, band, extraClaim);
    }

    private static JsonNode tree(String json) throws Exception {
        return ResultsFile.mapper().readTree(json);
    }

    @Test
    void theSameResultsAtOtherTimesAreTheSame() throws Exception {
        ResultsComparison c = ResultsComparison.of(tree(results("7", "1.5", "PASS", "0.25", "1.5", "")),
                tree(results("7", "9.25", "PASS", "0.25", "1.5", "")), 0);
        assertTrue(c.same(), c.differences().toString());
    }

    @Test
    void aChangedNumberVerdictOrClaimIsNamedWithItsPath() throws Exception {
        JsonNode before = tree(results("7", "1", "PASS", "0.25", "1.5", ""));
        assertEquals(List.of("s/c1: /estimate 0.25 -> 0.2500001"),
                ResultsComparison.of(before, tree(results("7", "1", "PASS", "0.2500001", "1.5", "")), 0).differences());
        assertEquals(List.of("s/c1: /verdict \"PASS\" -> \"FAIL\""),
                ResultsComparison.of(before, tree(results("7", "1", "FAIL", "0.25", "1.5", "")), 0).differences());
        assertEquals(List.of("s/c1: /series/0/curves/0/points/0/2 1.5 -> 1.4"),
                ResultsComparison.of(before, tree(results("7", "1", "PASS", "0.25", "1.4", "")), 0).differences());
        assertEquals(List.of("s/c2: only in the second file"), ResultsComparison.of(before,
                tree(results("7", "1", "PASS", "0.25", "1.5", ", {\"claimId\": \"c2\", \"verdict\": \"PASS\"}")), 0).differences());
        assertEquals(List.of("provenance: /seed 7 -> 8"),
                ResultsComparison.of(before, tree(results("8", "1", "PASS", "0.25", "1.5", "")), 0).differences());
    }

    @Test
    void aRelativeToleranceForgivesOnlyWhatItSays() throws Exception {
        JsonNode before = tree(results("7", "1", "PASS", "0.25", "1.5", ""));
        assertTrue(ResultsComparison.of(before, tree(results("7", "1", "PASS", "0.2500001", "1.5", "")), 1e-6).same());
        assertEquals(1, ResultsComparison.of(before, tree(results("7", "1", "PASS", "0.2501", "1.5", "")), 1e-6).differences().size());
    }

    @Test
    void onlyTheNamedStudiesAreCompared() throws Exception {
        String two = """
                {"provenance": {"seed": 7, "budget": "quick"}, "studies": [
                  {"id": "theory.sampling-noise", "claims": [{"claimId": "a", "verdict": "PASS", "estimate": %s}]},
                  {"id": "deep", "claims": [{"claimId": "speed", "verdict": "%s", "estimate": %s}]}]}
                """;
        JsonNode before = tree(two.formatted("0.25", "PASS", "3.1"));
        JsonNode measuredAgain = tree(two.formatted("0.25", "FAIL", "1.9"));
        assertEquals(List.of("deep/speed: /verdict \"PASS\" -> \"FAIL\"", "deep/speed: /estimate 3.1 -> 1.9"),
                ResultsComparison.of(before, measuredAgain, 0).differences());
        assertTrue(ResultsComparison.of(before, measuredAgain, 0, Set.of("theory")).same(), "by the id's first part");
        assertTrue(ResultsComparison.of(before, measuredAgain, 0, Set.of("theory.sampling-noise")).same(), "by the whole id");
        assertEquals(List.of("theory.sampling-noise/a: /estimate 0.25 -> 0.5"),
                ResultsComparison.of(before, tree(two.formatted("0.5", "FAIL", "1.9")), 0, Set.of("theory")).differences(),
                "a change inside a named study is still seen");
    }

    @Test
    void filesAreReadAndBadInputIsRefusedNamingIt(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("a.json"), results("7", "1", "PASS", "0.25", "1.5", ""));
        Path b = Files.writeString(dir.resolve("b.json"), results("7", "2", "PASS", "0.25", "1.5", ""));
        assertTrue(ResultsComparison.of(a, b, 0).same());
        Rejections.assertRejects(() -> ResultsComparison.of(a, b, -1), "tolerance=-1.0");
        Path bad = Files.writeString(dir.resolve("bad.json"), "{");
        MalformedFileException e = org.junit.jupiter.api.Assertions.assertThrows(MalformedFileException.class,
                () -> ResultsComparison.of(a, bad, 0));
        assertTrue(e.getMessage().startsWith(bad + ": malformed results file at line 1, column 2: Unexpected end-of-input"),
                e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        Path notResults = Files.writeString(dir.resolve("other.json"), "{\"runs\": []}");
        assertEquals(notResults + ": not a results file (needs \"provenance\" and a \"studies\" array)", org.junit.jupiter.api
                .Assertions.assertThrows(MalformedFileException.class, () -> ResultsComparison.of(notResults, a, 0)).getMessage());
        // read as the report reads it (issue 47): a verdict that is none, a number written as a text, no claims list
        for (String[] damage : new String[][] {{"\"PASS\"", "\"SUPERPASS\""}, {"\"estimate\": 0.25", "\"estimate\": \"0.25\""},
                {"\"claims\": [", "\"claims\": null, \"was\": ["}}) {
            Path damaged = Files.writeString(dir.resolve("damaged.json"), Files.readString(b).replace(damage[0], damage[1]));
            MalformedFileException refused = org.junit.jupiter.api.Assertions.assertThrows(MalformedFileException.class,
                    () -> ResultsComparison.of(a, damaged, 0), damage[1]);
            assertEquals(Rejections.assertRejects(() -> ResultsFile.read(damaged)).getMessage(), refused.getMessage());
        }
    }

    @Test
    void aStudyNameInNeitherFileIsRefusedNamingThoseThere() throws Exception {
        JsonNode a = tree(results("7", "1", "PASS", "0.25", "1.5", ""));
        JsonNode b = tree(results("7", "1", "FAIL", "0.5", "1.5", ""));
        IllegalArgumentException e = Rejections.assertRejects(() -> ResultsComparison.of(a, b, 0, Set.of("bogus")));
        assertEquals("study 'bogus' is in neither file (there: s)", e.getMessage());
        assertEquals(2, ResultsComparison.of(a, b, 0, Set.of("s")).differences().size(), "a known name still compares (verdict, estimate)");
    }

    @Test
    void timingClaimsAreLeftOutUnlessAskedForAndTheirVerdictChangesAreSeenWhenAsked() throws Exception {
        String two = """
                {"provenance": {"seed": 7, "budget": "quick"}, "studies": [
                  {"id": "deep", "claims": [{"claimId": "accuracy", "verdict": "PASS", "estimate": %s},
                    {"claimId": "speed", "verdict": "%s", "estimate": %s,
                     "parameters": {"load.rule": "INCONCLUSIVE when others use >= 10%% of the CPUs"}}]}]}
                """;
        JsonNode quiet = tree(two.formatted("0.25", "PASS", "2.74"));
        JsonNode busy = tree(two.formatted("0.25", "INCONCLUSIVE", "12.0"));
        ResultsComparison left = ResultsComparison.of(quiet, busy, 0, Set.of(), false);
        assertTrue(left.same(), left.differences().toString());
        assertEquals(List.of("deep/speed"), left.timingLeftOut());
        assertEquals(List.of(), left.verdictChanges());

        ResultsComparison asked = ResultsComparison.of(quiet, busy, 0, Set.of(), true);
        assertEquals(List.of("deep/speed: PASS -> INCONCLUSIVE"), asked.verdictChanges());
        assertEquals(List.of("deep/speed: /verdict \"PASS\" -> \"INCONCLUSIVE\"", "deep/speed: /estimate 2.74 -> 12.0"),
                asked.differences());
        assertEquals(List.of(), asked.timingLeftOut());

        JsonNode changedAccuracy = tree(two.formatted("0.5", "INCONCLUSIVE", "12.0"));
        assertEquals(List.of("deep/accuracy: /estimate 0.25 -> 0.5"),
                ResultsComparison.of(quiet, changedAccuracy, 0, Set.of(), false).differences(),
                "leaving the timing claim out does not hide a change in the claim beside it");
    }
}
