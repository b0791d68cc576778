package org.msgdlab.deep.data;

import java.io.IOException;
import java.nio.file.Path;

/** A dataset file that does not follow its format; the message names the file and the rule broken. */
public final class MalformedDataException extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * An exception whose message is "FILE: PROBLEM".
     *
     * @param file    the file
     * @param problem the rule it breaks
     */
    public MalformedDataException(Path file, String problem) {
        super(file + ": " + problem);
    }
}
