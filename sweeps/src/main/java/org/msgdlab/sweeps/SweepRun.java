package org.msgdlab.sweeps;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One run of a sweep: a stable id, derived from its resolved configuration, which is also its
 * directory under the sweep's ({@code DIR/<id>/}), and the settings that define it, as the
 * {@link RunKind} that executes it reads them. Two runs with equal settings compute the same numbers.
 * Immutable and thread-safe.
 *
 * @param id       one or more path segments joined by '/', each of letters, digits and {@code . _ - + = , : [ ]},
 *                 starting with a letter, a digit, '_' or '[' (not '.', nor a character that could read as an
 *                 option), e.g. {@code authors-code/gd/seed-3}
 * @param settings the resolved configuration, name to value, in a stable order
 */
public record SweepRun(String id, Map<String, String> settings) {

    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_\\[\\]][A-Za-z0-9._+=,:\\[\\]-]*");

    /**
     * Checks the id and copies the settings, in their order.
     *
     * @param id       the run's id
     * @param settings the resolved configuration, name to value
     * @throws IllegalArgumentException when the id is null or empty, or a segment of it breaks the rule
     */
    public SweepRun {
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException("run id is empty");
        }
        for (String s : id.split("/", -1)) {
            if (!SEGMENT.matcher(s).matches()) {
                throw new IllegalArgumentException("run id '" + id + "': segment '" + s + "' must be letters, digits and"
                        + " . _ - + = , : [ ], starting with a letter, a digit, _ or [");
            }
        }
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
    }

    /**
     * A setting that every run of its kind has.
     *
     * @param name the setting's name
     * @return its value
     * @throws IllegalArgumentException when this run has no such setting
     */
    public String setting(String name) {
        String v = settings.get(name);
        if (v == null) {
            throw new IllegalArgumentException("run " + id + " has no setting '" + name + "'");
        }
        return v;
    }
}
