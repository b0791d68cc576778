package org.msgdlab.deep.train;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzing of a run's {@code metrics.csv} reader with Jazzer: any bytes give rows with
 * increasing iterations, or a {@link RunFileException} whose one-line message names the file. The
 * resume reader, which drops a cut last row, may drop only that one row.
 *
 * <p>{@code mvn verify} replays the committed inputs in {@code MetricsFileFuzzTestInputs/}. To fuzz:
 * {@code JAZZER_FUZZ=1 mvn -pl deep test -Dtest=MetricsFileFuzzTest}.
 */
class MetricsFileFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void anyBytesGiveIncreasingRowsOrAOneLineRefusal(byte[] data) throws IOException {
        Path dir = Files.createTempDirectory("msgd-fuzz");
        Path file = dir.resolve(MetricsFile.NAME);
        try {
            Files.write(file, data);
            List<Trainer.Row> strict = null;
            try {
                strict = MetricsFile.read(file);
                for (int i = 1; i < strict.size(); i++) {
                    assertTrue(strict.get(i).iteration() > strict.get(i - 1).iteration(), "iterations increase");
                }
            } catch (RunFileException refused) {
                assertOneLineNaming(file, refused);
            }
            PrintStream log = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
            try {
                List<Trainer.Row> resumed = MetricsFile.readForResume(file, log);
                if (strict != null) {
                    assertEquals(strict, resumed, "a file the strict reader accepts resumes whole");
                }
            } catch (RunFileException refused) {
                assertOneLineNaming(file, refused);
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    private static void assertOneLineNaming(Path file, RunFileException refused) {
        String m = refused.getMessage();
        assertTrue(m.startsWith(file.toString()), "the refusal names the file: " + m);
        assertEquals(1, m.lines().count(), "a one-line refusal: " + m);
    }
}
