package org.msgdlab.reports.summary;

import org.msgdlab.core.io.AtomicFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Writing one summary file beside results.json: whole or not at all, a failure named in one line. */
public final class SummaryFile {

    private SummaryFile() {
    }

    /**
     * Writes {@code text} to {@code dir/name} atomically and returns the file.
     *
     * @param dir  the folder
     * @param name the file name
     * @param text the content
     * @return the file written
     * @throws UncheckedIOException when the file cannot be written (the message names it)
     */
    public static Path write(Path dir, String name, String text) {
        Path target = dir.resolve(name);
        try {
            return AtomicFiles.writeString(target, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes {@code text} to {@code file} atomically unless the file already holds it, lines starting with
     * {@code provenancePrefix} aside (e.g. "Written by msgd-lab commit ...": a table re-derived from the
     * same runs by another build is the same table, and a tracked file is left alone).
     *
     * @param file             the file
     * @param text             the content
     * @param provenancePrefix the start of the lines that do not count as a change
     * @return whether the file was written
     * @throws UncheckedIOException when the file cannot be read or written (the message names it)
     */
    public static boolean writeUnlessSame(Path file, String text, String provenancePrefix) {
        try {
            if (java.nio.file.Files.isRegularFile(file)
                    && withoutProvenance(java.nio.file.Files.readString(file), provenancePrefix)
                    .equals(withoutProvenance(text, provenancePrefix))) {
                return false;
            }
            AtomicFiles.writeString(file, text);
            return true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static String withoutProvenance(String text, String prefix) {
        return String.join("\n", text.lines().filter(l -> !l.startsWith(prefix)).toList());
    }
}
