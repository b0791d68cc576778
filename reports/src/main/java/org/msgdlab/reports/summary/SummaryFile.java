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
}
