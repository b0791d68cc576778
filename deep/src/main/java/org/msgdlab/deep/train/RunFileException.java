package org.msgdlab.deep.train;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file of a run directory that is damaged or disagrees with the others ({@code metrics.csv} cut
 * in the middle of the history, {@code checkpoint.json} edited, checkpoint data that no longer
 * match their digest). The message is one line naming the file and the rule it breaks, and what
 * to do; nothing is written or deleted when it is thrown.
 */
public final class RunFileException extends IOException {

    public RunFileException(Path file, String rule) {
        super(file + ": " + rule);
    }
}
