package org.msgdlab.core.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writing a file so that a reader never sees it half written: the bytes go to a hidden temporary
 * sibling {@code .NAME…tmp} (its own name per writer, so two writers never share one), which then
 * replaces {@code NAME} by an atomic rename. When the write fails (a full disk), the previous
 * {@code NAME} is untouched and the temporary is removed. The one way this project writes its
 * results, run files, tables and figures.
 *
 * <p>Thread-safe; the last rename wins when two writers write one target.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /** What writes a file's bytes. */
    @FunctionalInterface
    public interface Content {
        /**
         * Writes the file's bytes.
         *
         * @param out the temporary's stream (closed by the caller)
         * @throws IOException when writing fails
         */
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code text} (UTF-8) to {@code target}, creating its directory if needed.
     *
     * @param target the file to replace
     * @param text   its new content
     * @return {@code target}
     * @throws IOException when the directory, the temporary or the rename fails (the previous file is kept)
     */
    public static Path writeString(Path target, String text) throws IOException {
        return write(target, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * Writes what {@code content} produces to {@code target}, creating its directory if needed.
     * The file is readable by all (rw-r--r--) where the file system has POSIX permissions.
     *
     * @param target  the file to replace
     * @param content what writes its bytes
     * @return {@code target}
     * @throws IOException when the directory, the content, the temporary or the rename fails (the
     *                     previous file is kept and no temporary is left)
     */
    public static Path write(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            try {
                // createTempFile makes the file owner-only; results and figures are meant to be shared.
                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
            } catch (UnsupportedOperationException notPosix) {
                // keep the platform default
            }
            try (OutputStream out = Files.newOutputStream(tmp)) {
                content.writeTo(out);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(tmp);   // a failed write leaves the previous file, and no temporary
            } catch (IOException again) {
                e.addSuppressed(again);
            }
            if (e instanceof IOException io) {
                throw naming(target, io);
            }
            throw e;
        }
        return target;
    }

    /**
     * {@code e} as an error that names the file it was writing: a stream's write fails with a bare
     * {@code IOException("No space left on device")} that names no file (issue 47), which becomes a
     * {@link FileSystemException} of {@code file} with that reason ({@code getMessage()}: "FILE: REASON",
     * {@code getReason()}: the reason alone); an error that already names its file (a {@code FileSystemException},
     * such as {@code AccessDeniedException}) is returned as it is.
     *
     * @param file the file being written
     * @param e    what the write threw
     * @return an exception whose message names a file
     */
    public static IOException naming(Path file, IOException e) {
        if (e instanceof FileSystemException) {
            return e;
        }
        String reason = e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName()
                : e.getMessage().lines().findFirst().orElse("");
        FileSystemException named = new FileSystemException(file.toString(), null, reason);
        named.initCause(e);
        return named;
    }
}
