package org.msgdlab.sweeps;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.io.MalformedFileException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SweepPlanTest {

    @TempDir
    Path dir;

    private static SweepRun run(String id, String... keyValues) {
        Map<String, String> s = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            s.put(keyValues[i], keyValues[i + 1]);
        }
        return new SweepRun(id, s);
    }

    private static final SweepRun GD = run("authors-code/gd/seed-3", "optimizer", "gd", "lr", "0.1", "seed", "3");
    private static final SweepRun MSGD = run("authors-code/msgd/seed-0", "seed", "0", "optimizer", "msgd", "lr", "0.05");

    @Test
    void aRunPlannedTwiceIsRefusedByItsId() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SweepPlan("deep.train", List.of(GD, MSGD, run(GD.id(), "seed", "4"))));
        assertTrue(e.getMessage().contains("run authors-code/gd/seed-3 is planned twice"), e.getMessage());
    }

    @Test
    void aPlanWithoutRunsOrKindIsRefused() {
        assertEquals("the plan has no runs",
                assertThrows(IllegalArgumentException.class, () -> new SweepPlan("deep.train", List.of())).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SweepPlan(" ", List.of(GD)));
    }

    @Test
    void thePlanKeepsItsOwnCopyOfTheRuns() {
        List<SweepRun> runs = new java.util.ArrayList<>(List.of(GD));
        SweepPlan plan = new SweepPlan("deep.train", runs);
        runs.add(MSGD);
        assertEquals(List.of(GD), plan.runs());
        assertThrows(UnsupportedOperationException.class, () -> plan.runs().add(MSGD));
    }

    @Test
    void aWrittenPlanReadsBackEqualWithRunsAndSettingsInOrder() throws IOException {
        SweepPlan plan = new SweepPlan("deep.train", List.of(MSGD, GD, run("x/y", "quote", "it's \"q\"", "empty", "")));
        assertFalse(SweepPlan.exists(dir));
        plan.write(dir);
        assertTrue(SweepPlan.exists(dir));
        SweepPlan back = SweepPlan.read(dir);
        assertEquals(plan, back);
        assertEquals(List.of(MSGD.id(), GD.id(), "x/y"), back.runs().stream().map(SweepRun::id).toList());
        assertEquals(List.of("seed", "optimizer", "lr"), List.copyOf(back.run(0).settings().keySet()));
        assertEquals(List.of("optimizer", "lr", "seed"), List.copyOf(back.run(1).settings().keySet()));
        assertTrue(Files.readString(dir.resolve(SweepPlan.FILE)).contains("\"format\" : \"msgd-sweep/1\""));
    }

    @Test
    void writingAgainReplacesThePlan() throws IOException {
        new SweepPlan("deep.train", List.of(GD, MSGD)).write(dir);
        SweepPlan smaller = new SweepPlan("deep.train", List.of(MSGD));
        smaller.write(dir);
        assertEquals(smaller, SweepPlan.read(dir));
    }

    @Test
    void readingADirectoryWithoutAPlanSaysSo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepPlan.read(dir));
        assertTrue(e.getMessage().contains("holds no sweep.json"), e.getMessage());
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
    }

    @Test
    void aFileOfAnotherFormatIsRefused() throws IOException {
        Files.writeString(dir.resolve(SweepPlan.FILE), "{\"format\": \"msgd-sweep/2\", \"kind\": \"deep.train\","
                + " \"runs\": [{\"id\": \"a\", \"settings\": {}}]}");
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> SweepPlan.read(dir));
        assertEquals(dir.resolve(SweepPlan.FILE) + ": format 'msgd-sweep/2' is not msgd-sweep/1", e.getMessage());
    }

    @Test
    void aFileWithoutFormatIsRefused() throws IOException {
        Files.writeString(dir.resolve(SweepPlan.FILE), "{\"kind\": \"deep.train\", \"runs\": [{\"id\": \"a\"}]}");
        MalformedFileException e = assertThrows(MalformedFileException.class, () -> SweepPlan.read(dir));
        assertTrue(e.getMessage().contains("format '' is not msgd-sweep/1"), e.getMessage());
    }

    private MalformedFileException refusal(String json) throws IOException {
        Files.writeString(dir.resolve(SweepPlan.FILE), json);
        return assertThrows(MalformedFileException.class, () -> SweepPlan.read(dir));
    }

    @Test
    void aTruncatedPlanIsRefusedInOneLineNamingTheFileAndWhere() throws IOException {
        new SweepPlan("deep.train", List.of(GD, MSGD)).write(dir);
        String whole = Files.readString(dir.resolve(SweepPlan.FILE));
        MalformedFileException e = refusal(whole.substring(0, whole.length() / 2));
        assertTrue(e.getMessage().startsWith(dir.resolve(SweepPlan.FILE) + ": not valid JSON at line "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }

    /**
     * A malformed sweep.json is one line naming the file, where and the rule in plain words, never the JSON library's
     * vocabulary (issue 47: "enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS`", "StreamReadConstraints.getMaxNestingDepth()");
     * text after the document and a field given twice are refused, not dropped.
     */
    @Test
    void aMalformedPlanIsRefusedInPlainWords() throws IOException {
        new SweepPlan("deep.train", List.of(GD, MSGD)).write(dir);
        String whole = Files.readString(dir.resolve(SweepPlan.FILE));
        String file = dir.resolve(SweepPlan.FILE) + ": not valid JSON";   // with " at line L, column C" where the parser knows it
        String[][] cases = {
                {whole.replaceFirst("\"0.1\"", "NaN"), "numbers must be finite, not NaN"},
                {whole.replaceFirst("\"kind\"", "\"x\": " + "[".repeat(1200) + "]".repeat(1200) + ", \"kind\""),
                        "nested deeper than the limit of 1000 levels"},
                {whole + " {}", "more text after the end of the document"},
                {whole.replaceFirst("\"kind\"", "\"kind\": \"x\", \"kind\""), "Duplicate field 'kind'"},
                {whole.replaceFirst("\"kind\"", "kind"), "Unexpected character ('k'"}};
        for (String[] c : cases) {
            String m = refusal(c[0]).getMessage();
            assertTrue(m.startsWith(file) && m.contains(c[1]) && m.endsWith("; repair it, or plan the sweep again with msgd sweep plan"), m);
            assertEquals(1, m.lines().count(), m);
            assertTrue(!m.matches(".*(Json[A-Z]|StreamRead|Constraints|`|Feature|Exception).*"), "no library names: " + m);
        }
    }

    @Test
    void aRunOfTheWrongShapeIsNamedByIndexIdAndField() throws IOException {
        String head = "{\"format\": \"msgd-sweep/1\", \"kind\": \"deep.train\", \"runs\": [{\"id\": \"a\", \"settings\": {}}, ";
        assertEquals(dir.resolve(SweepPlan.FILE) + ": run 1 (b): setting iterations={\"n\":20} must be a string or a number",
                refusal(head + "{\"id\": \"b\", \"settings\": {\"iterations\": {\"n\": 20}}}]}").getMessage());
        assertEquals(dir.resolve(SweepPlan.FILE) + ": run 1: id=7 must be a string",
                refusal(head + "{\"id\": 7, \"settings\": {}}]}").getMessage());
        assertEquals(dir.resolve(SweepPlan.FILE) + ": run 1 (b): settings=(absent) must be an object of NAME: VALUE",
                refusal(head + "{\"id\": \"b\"}]}").getMessage());
        assertTrue(refusal(head + "{\"id\": \"../b\", \"settings\": {}}]}").getMessage()
                .startsWith(dir.resolve(SweepPlan.FILE) + ": run 1 (../b): run id '../b': segment '..' must be"));
        assertTrue(refusal(head + "{\"id\": \"a\", \"settings\": {}}]}").getMessage()
                .endsWith(": run a is planned twice (a value listed twice?)"));
    }

    @Test
    void aPlanWithoutKindOrRunsIsRefusedNamingTheField() throws IOException {
        assertEquals(dir.resolve(SweepPlan.FILE) + ": kind=(absent) must be the name of a kind of run, e.g. \"deep.train\"",
                refusal("{\"format\": \"msgd-sweep/1\", \"runs\": []}").getMessage());
        assertEquals(dir.resolve(SweepPlan.FILE) + ": runs=[] must be a non-empty array of runs",
                refusal("{\"format\": \"msgd-sweep/1\", \"kind\": \"deep.train\", \"runs\": []}").getMessage());
    }

    @Test
    void aPlanOfMoreThanTheLimitIsRefusedStatingTheLimit() {
        List<SweepRun> runs = new java.util.ArrayList<>();
        for (int i = 0; i <= SweepPlan.MAX_RUNS; i++) {
            runs.add(run("seed-" + i));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SweepPlan("deep.train", runs));
        assertEquals("the plan has 10001 runs: a plan holds at most 10000 (split the study into several sweeps)", e.getMessage());
        new SweepPlan("deep.train", runs.subList(0, SweepPlan.MAX_RUNS));
    }

    @Test
    void anExtendedPlanKeepsTheOldIndicesAndAppendsTheNewRuns() {
        SweepRun third = run("authors-code/sgd/seed-1", "optimizer", "sgd");
        SweepPlan old = new SweepPlan("deep.train", List.of(GD, MSGD));
        SweepPlan more = new SweepPlan("deep.train", List.of(third, MSGD));
        SweepPlan extended = old.extendedBy(more);
        assertEquals(List.of(GD, MSGD, third), extended.runs());
        assertEquals(GD, extended.run(0));
        assertEquals(MSGD, extended.run(1));
        assertEquals(third, extended.run(2));
    }

    @Test
    void extendingByTheSameRunsChangesNothing() {
        SweepPlan plan = new SweepPlan("deep.train", List.of(GD, MSGD));
        SweepRun sameGd = run(GD.id(), "optimizer", "gd", "lr", "0.1", "seed", "3");
        assertEquals(plan, plan.extendedBy(new SweepPlan("deep.train", List.of(sameGd))));
        assertEquals(plan, plan.extendedBy(plan));
    }

    @Test
    void extendingWithARunOfTheSameIdAndOtherSettingsIsRefusedNamingTheIdAndTheKey() {
        SweepPlan plan = new SweepPlan("deep.train", List.of(GD, MSGD));
        SweepRun otherLr = run(GD.id(), "optimizer", "gd", "lr", "0.2", "seed", "3");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan.extendedBy(new SweepPlan("deep.train", List.of(otherLr))));
        assertEquals("run authors-code/gd/seed-3 is already planned with other settings (lr 0.1 there, 0.2 now)",
                e.getMessage());
    }

    @Test
    void aSettingOnlyTheNewRunHasIsADifferenceToo() {
        SweepPlan plan = new SweepPlan("deep.train", List.of(run("a", "seed", "1")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan.extendedBy(new SweepPlan("deep.train", List.of(run("a", "seed", "1", "epochs", "5")))));
        assertTrue(e.getMessage().contains("run a ") && e.getMessage().contains("epochs not there, 5 now"), e.getMessage());
    }

    @Test
    void extendingByAPlanOfAnotherKindIsRefused() {
        SweepPlan plan = new SweepPlan("deep.train", List.of(GD));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> plan.extendedBy(new SweepPlan("mc.budget", List.of(MSGD))));
        assertTrue(e.getMessage().contains("deep.train") && e.getMessage().contains("mc.budget"), e.getMessage());
    }

    @Test
    void anIndexOutOfRangeIsNamedWithTheRange() {
        SweepPlan plan = new SweepPlan("deep.train", List.of(GD, MSGD));
        assertEquals("--index 2 must be in [0, 1] (the plan has 2 runs)",
                assertThrows(IllegalArgumentException.class, () -> plan.run(2)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> plan.run(-1)).getMessage()
                .startsWith("--index -1 must be in [0, 1]"));
    }
}
