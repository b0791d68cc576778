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

    /**
     * A stream's write that fails names no file ("No space left on device", issue 47): the error names the file
     * being written, with the reason alone still readable; the previous file is kept.
     */
    @Test
    void aFailedStreamWriteNamesTheFile() throws IOException {
        Path target = dir.resolve("sweep.json");
        AtomicFiles.writeString(target, "old");
        IOException e = assertThrows(IOException.class, () -> AtomicFiles.write(target, out -> {
            out.write('x');
            throw new IOException("No space left on device");
        }));
        assertEquals(target + ": No space left on device", e.getMessage());
        assertEquals("No space left on device", ((java.nio.file.FileSystemException) e).getReason());
        assertEquals("old", Files.readString(target));
        assertEquals(1, count(), "no temporary left");
        // an error that names its file already is kept as it is
        java.nio.file.AccessDeniedException denied = new java.nio.file.AccessDeniedException("/elsewhere/x");
        assertEquals(denied, AtomicFiles.naming(target, denied));
    }

    private long count() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }
}
