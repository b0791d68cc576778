package org.msgdlab.deep.train;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzing of the resume state {@code checkpoint.json} with Jazzer. A run directory holds
 * real checkpoint files for iterations 1,000 and 2,000 of a 10,000-iteration run; any bytes written
 * as its checkpoint.json either resume at one of those iterations, with the digest of exactly that
 * checkpoint, or are refused with a {@link RunFileException} whose one-line message names the file.
 * A resume at an iteration whose files are not the ones recorded would be a silent wrong answer.
 *
 * <p>{@code mvn verify} replays the committed inputs in {@code CheckpointStateFuzzTestInputs/}. To
 * fuzz: {@code JAZZER_FUZZ=1 mvn -pl deep test -Dtest=CheckpointStateFuzzTest}.
 */
class CheckpointStateFuzzTest {

    private static Path run;

    @BeforeAll
    static void runWithTwoCheckpoints() throws IOException {
        run = Files.createTempDirectory("msgd-fuzz-run");
        for (long k : new long[] {1000, 2000}) {
            Path dir = Files.createDirectories(run.resolve(CheckpointState.prefixFor(k)).getParent());
            Files.writeString(dir.resolve("model.index"), "index of " + k);
            Files.writeString(dir.resolve("model.data-00000-of-00001"), "weights of " + k);
        }
    }

    @AfterAll
    static void removeRun() throws IOException {
        try (Stream<Path> all = Files.walk(run)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    @FuzzTest(maxDuration = "60s")
    void anyCheckpointJsonResumesAtAVerifiedCheckpointOrIsRefusedInOneLine(byte[] data) throws IOException {
        Path file = run.resolve(CheckpointState.NAME);
        Files.write(file, data);
        PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try {
            CheckpointState s = CheckpointState.read(run, 10_000, log);
            assertTrue(s.iteration() == 1000 || s.iteration() == 2000, "resumes only where a checkpoint is: " + s);
            assertEquals(CheckpointState.prefixFor(s.iteration()), s.prefix());
            if (s.sha256() != null) {
                assertEquals(CheckpointState.digest(s.iteration(), run.resolve(s.prefix()).getParent()), s.sha256(),
                        "a recorded digest matches the checkpoint resumed from");
            }
            assertTrue(s.elapsedSeconds() >= 0, "elapsed time is not negative");
        } catch (RunFileException refused) {
            String m = refused.getMessage();
            assertTrue(m.startsWith(file.toString()), "the refusal names the file: " + m);
            assertEquals(1, m.lines().count(), "a one-line refusal: " + m);
        }
    }
}
