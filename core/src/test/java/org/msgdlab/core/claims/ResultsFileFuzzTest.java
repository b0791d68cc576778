package org.msgdlab.core.claims;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzing of the results.json reader with Jazzer. Any bytes either read as results or are
 * refused with one line that names the file and says what is wrong in the file's terms; anything else (a
 * NullPointerException, a stack trace, a multi-line message, a parser's feature or class named) is a finding.
 *
 * <p>{@code mvn verify} replays the committed inputs in {@code ResultsFileFuzzTestInputs/} (Jazzer's
 * regression mode). To fuzz: {@code JAZZER_FUZZ=1 mvn -pl theory test -Dtest=ResultsFileFuzzTest}
 * (new findings are written beside the inputs and must be fixed, then kept as inputs).
 */
class ResultsFileFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void anyBytesAreReadOrRefusedInOneLineNamingTheFile(byte[] data) throws IOException {
        Path dir = Files.createTempDirectory("msgd-fuzz");
        Path file = dir.resolve(ResultsFile.NAME);
        try {
            Files.write(file, data);
            try {
                Results r = ResultsFile.read(file);
                assertTrue(r.provenance() != null && r.studies() != null, "a read file has provenance and studies");
            } catch (IllegalArgumentException refused) {
                String m = refused.getMessage();
                assertTrue(m != null && m.startsWith(file.toString()), "the refusal names the file: " + m);
                assertEquals(1, m.lines().count(), "a one-line refusal: " + m);
                assertFalse(ResultsFileStrictTest.INTERNALS.matcher(m).find(), "in the file's terms, not the parser's: " + m);
                assertTrue(m.chars().noneMatch(Character::isISOControl), "no control character: " + m);
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
