package org.msgdlab.core.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writing a text file so that a reader never sees it half written: the text goes to a hidden
 * sibling {@code .NAME.tmp}, which then replaces {@code NAME} by an atomic rename. When the write
 * fails (a full disk), the previous {@code NAME} is untouched and the temporary is removed.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** Writes {@code text} (UTF-8) to {@code target}, creating its directory if needed. */
    public static Path writeString(Path target, String text) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = dir.resolve("." + target.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);   // a failed write leaves the previous file, and no temporary
            } catch (IOException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        return target;
    }
}
