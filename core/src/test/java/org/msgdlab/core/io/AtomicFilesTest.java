package org.msgdlab.core.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void aWriteReplacesTheFileWhole() throws IOException {
        Path f = dir.resolve("results.json");
        AtomicFiles.writeString(f, "old");
        AtomicFiles.writeString(f, "new");
        assertEquals("new", Files.readString(f));
        assertEquals(1, count(), "only the file, no temporary");
    }

    @Test
    void aFailedWriteKeepsWhatWasThereAndLeavesNoTemporary() throws IOException {
        // the target is a non-empty directory: the final rename fails after the temporary was written
        Path target = dir.resolve("results.json");
        Files.createDirectories(target);
        Files.writeString(target.resolve("inside"), "kept");
        assertThrows(IOException.class, () -> AtomicFiles.writeString(target, "new"));
        assertEquals("kept", Files.readString(target.resolve("inside")));
        assertEquals(1, count(), "no .results.json.tmp left beside it");
    }

    private long count() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }
}
