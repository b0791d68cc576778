package org.msgdlab.deep.plan;

import java.nio.file.Path;

/**
 * A plan file that cannot be used, in one line: {@code plan FILE: KEY = VALUE: RULE}, KEY a JSON pointer (empty for
 * the whole file). An {@link IllegalArgumentException}: the command line reports it as bad input.
 */
public final class PlanFileException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * The defect.
     *
     * @param file the plan file
     * @param at   the key, a JSON pointer ("" for the file)
     * @param what the value and the rule, or what is wrong with the file
     */
    public PlanFileException(Path file, String at, String what) {
        super("plan " + file + ": " + (at.isEmpty() ? "" : at + " ") + what);
    }
}
