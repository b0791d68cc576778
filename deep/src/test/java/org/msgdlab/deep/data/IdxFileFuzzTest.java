package org.msgdlab.deep.data;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fuzzing of the IDX reader with Jazzer: any bytes, raw or gzip, are either read as a
 * well-formed IDX file of the expected rank or refused with a {@link MalformedDataException} whose
 * one-line message names the file. A header that claims gigabytes must be refused without
 * allocating them (the fuzzer runs with the default heap, so an allocation would be an
 * OutOfMemoryError finding).
 *
 * <p>{@code mvn verify} replays the committed inputs in {@code IdxFileFuzzTestInputs/}. To fuzz:
 * {@code JAZZER_FUZZ=1 mvn -pl deep test -Dtest=IdxFileFuzzTest}.
 */
class IdxFileFuzzTest {

    @FuzzTest(maxDuration = "60s")
    void anyBytesAreReadOrRefusedInOneLineNamingTheFile(byte[] data) throws IOException {
        Path dir = Files.createTempDirectory("msgd-fuzz");
        Path file = dir.resolve("t10k-images-idx3-ubyte");
        try {
            Files.write(file, data);
            for (int rank : new int[] {1, 3}) {
                try {
                    IdxFile.Contents c = IdxFile.read(file, rank);
                    long size = 1;
                    for (int d : c.dims()) {
                        assertTrue(d >= 0, "a dimension is not negative");
                        size *= d;
                    }
                    assertEquals(rank, c.dims().length, "the rank asked for");
                    assertEquals(size, c.payload().length, "the payload holds exactly the product of the dimensions");
                } catch (MalformedDataException refused) {
                    String m = refused.getMessage();
                    assertTrue(m.startsWith(file.toString()), "the refusal names the file: " + m);
                    assertEquals(1, m.lines().count(), "a one-line refusal: " + m);
                }
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }
}
