package org.msgdlab.deep.study;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.train.Cancellation;
import org.msgdlab.deep.train.TrainingContext;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A study claim of {@code msgd verify} trains at the full budget in the training context its check's
 * {@link CheckContext} carries ({@link StudyClaim#TRAINING}), and in none of this process's own.
 */
class StudyClaimTest {

    @TempDir
    Path tmp;

    @Test
    void atTheFullBudgetACancelledContextStopsTheTrainingBeforeItsFirstStep() throws IOException {
        Path study = tmp.resolve("study");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // no Fashion-MNIST here: a run that started would fail to load it, so an evidence without error says none did
        List<Claim> claims = StudyClaim.all(study, tmp.resolve("no-data"), new PrintStream(log, true, StandardCharsets.UTF_8));
        AtomicInteger asked = new AtomicInteger();
        Cancellation stopped = () -> {
            asked.incrementAndGet();
            return true;
        };
        CheckContext context = CheckContext.of(Budget.FULL, 1).with(StudyClaim.TRAINING, new TrainingContext(stopped, Map.of()));

        Evidence e = claims.get(0).check(context);

        assertNotEquals(Verdict.ERROR, e.verdict(), e.verdictReason());
        String said = log.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("runs to train"), "the claim wanted runs: " + said);
        assertTrue(asked.get() > 0, "the runner asked the context's cancellation");
        assertTrue(!said.contains("failed"), said);
        try (Stream<Path> files = Files.exists(study) ? Files.walk(study) : Stream.empty()) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().equals("run.json")).toList(),
                    "no run was started");
        }
    }

    @Test
    void withoutATrainingContextTheClaimTrainsUncancelledAndRecordsNoEnvironment() {
        TrainingContext fallback = CheckContext.of(Budget.FULL, 1).option(StudyClaim.TRAINING);
        assertEquals(Cancellation.NEVER, fallback.cancellation());
        assertEquals(Map.of(), fallback.environment(), "this process's environment is never read in deep");
    }
}
