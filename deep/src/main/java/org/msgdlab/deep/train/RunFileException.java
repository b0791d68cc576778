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

    /**
     * An exception whose message is "FILE: RULE" on one line (control characters shown as '?').
     *
     * @param file the damaged file
     * @param rule the rule it breaks, and what to do
     */
    public RunFileException(Path file, String rule) {
        super(oneLine(file + ": " + rule));
    }

    /** Control characters quoted from a damaged file (a carriage return, a NUL) shown as '?'. */
    private static String oneLine(String s) {
        return s.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    /**
     * A file that is not JSON: a syntax error, or bytes that are not text in any of JSON's encodings
     * (Jackson's {@link java.io.CharConversionException}); the parser's message, first line only.
     */
    static RunFileException notJson(Path file, IOException parseError, String advice) {
        String why = parseError instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
                : parseError.getMessage();
        String first = why == null ? parseError.getClass().getSimpleName() : why.lines().findFirst().orElse("");
        return new RunFileException(file, "not valid JSON (" + first + ")" + advice);
    }
}
