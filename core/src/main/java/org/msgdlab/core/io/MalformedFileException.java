package org.msgdlab.core.io;

import java.io.IOException;
import java.nio.file.Path;

/**
 * An input file that could be read but breaks its format: not JSON, a field of the wrong type, a
 * value outside its rule, a table cut short (a hand-edited {@code sweep.json}, a study's
 * {@code metrics.csv}). The message is one line, "FILE: WHERE: RULE", naming the file, the place in
 * it (a run, a row, a column) and the rule the value breaks; {@code msgd} reports it and exits 1,
 * like any file it cannot read, never 2 (bad usage).
 */
public class MalformedFileException extends IOException {

    private final transient Path file;

    /**
     * An exception whose message is "FILE: WHAT" on one line (control characters shown as '?').
     *
     * @param file the malformed file
     * @param what where in the file, the value and the rule it breaks
     */
    public MalformedFileException(Path file, String what) {
        super(oneLine(file + ": " + what));
        this.file = file;
    }

    /** @return the malformed file */
    public Path file() {
        return file;
    }

    /**
     * {@code s} on one line: control characters (a newline, a carriage return, a NUL quoted from a
     * damaged file) shown as '?'.
     *
     * @param s any text
     * @return the text without control characters
     */
    public static String oneLine(String s) {
        return s.codePoints().map(c -> Character.isISOControl(c) ? '?' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    /**
     * The first line of a parser's message, without the location suffix Jackson appends on later
     * lines (it names the source, not the place): what a one-line report quotes of a syntax error.
     *
     * @param parseError the parser's exception
     * @return its first line, or its class name when it has no message
     */
    public static String firstLine(Exception parseError) {
        String why = parseError instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
                : parseError.getMessage();
        return why == null ? parseError.getClass().getSimpleName() : why.lines().findFirst().orElse("");
    }
}
