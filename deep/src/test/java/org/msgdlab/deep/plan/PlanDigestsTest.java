package org.msgdlab.deep.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pre-registration is enforced: a run records the plan's digest before it starts; a plan edited after that is
 * refused, in one line naming the run and how to go on, until the edit is recorded as an amendment (its date, its
 * reason and the digest it replaces); a run that recorded no digest counts only by an amendment replacing "none".
 */
class PlanDigestsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aPlanEditedAfterItsFirstRunIsRefusedUntilTheEditIsAnAmendment(@TempDir Path dir) throws Exception {
        ObjectNode json = (ObjectNode) JSON.readTree(PlanLookTest.SUPPORT.resolve("plan.json").toFile());
        json.remove("amendments");
        Path file = dir.resolve("plan.json");
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json));
        PlanFile first = PlanFileReader.read(file);
        Path run = dir.resolve("authors-code/gd/seed-0");
        PlanDigests.record(first, run);
        assertEquals(List.of(), PlanDigests.changedSince(first, List.of(run)), "the plan as the run started counts");

        ((ObjectNode) json.get("claims").get(0).get("margin")).put("points", 0.4).put("share", 0.284);
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json));
        PlanFile edited = PlanFileReader.read(file);
        List<String> changed = PlanDigests.changedSince(edited, List.of(run));
        assertEquals(List.of("authors-code/gd/seed-0 recorded sha256:" + first.sha256()), changed);
        String line = PlanDigests.refusal(edited, changed);
        assertTrue(line.startsWith("plan " + file + " (sha256:" + edited.sha256().substring(0, 12) + "...) changed after its"
                + " first run: 1 run (first authors-code/gd/seed-0) recorded sha256:" + first.sha256()), line);
        assertTrue(line.endsWith("\"replaces\": \"sha256:" + first.sha256() + "\""), line);

        json.putArray("amendments").addObject().put("date", "2026-11-28").put("reason", "a narrower margin, before any look")
                .put("replaces", "sha256:" + first.sha256());
        Files.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json));
        assertEquals(List.of(), PlanDigests.changedSince(PlanFileReader.read(file), List.of(run)), "the amendment admits it");
    }

    @Test
    void aRunWithNoRecordCountsOnlyByAnAmendmentReplacingNone(@TempDir Path dir) throws Exception {
        ObjectNode json = (ObjectNode) JSON.readTree(PlanLookTest.SUPPORT.resolve("plan.json").toFile());
        Path file = dir.resolve("plan.json");
        Path run = Files.createDirectories(dir.resolve("authors-code/gd/seed-0"));
        Files.writeString(file, JSON.writeValueAsString(json));
        assertEquals(List.of(), PlanDigests.changedSince(PlanFileReader.read(file), List.of(run)));
        json.remove("amendments");
        Files.writeString(file, JSON.writeValueAsString(json));
        assertEquals(List.of("authors-code/gd/seed-0 recorded none"), PlanDigests.changedSince(PlanFileReader.read(file),
                List.of(run)));
    }

    @Test
    void aDamagedRecordIsNamed(@TempDir Path dir) throws Exception {
        Path run = Files.createDirectories(dir.resolve("r"));
        Files.writeString(run.resolve(PlanDigests.RUN_FILE), "{\"sha256\": \"abc\"}");
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
                () -> PlanDigests.recorded(run));
        assertTrue(e.getMessage().contains(PlanDigests.RUN_FILE + ": sha256 = \"abc\": must be 64 lower-case hex digits"),
                e.getMessage());
    }
}
