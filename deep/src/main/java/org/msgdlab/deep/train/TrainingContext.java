package org.msgdlab.deep.train;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a training takes from the process that runs it, passed in by its caller (the command line
 * builds one per command, as it builds core's {@code CheckContext} for the claims): the request to
 * stop, and the environment variables recorded in run.json's {@code bits} ({@link BitProvenance#VARIABLES}).
 * Deep reads neither itself.
 * <p>
 * Immutable and thread-safe (as its cancellation is).
 *
 * @param cancellation when to stop training ({@link ShutdownCancellation} for Ctrl-C and TERM)
 * @param environment  the process's environment; only {@link BitProvenance#VARIABLES} are kept, sorted by name
 */
public record TrainingContext(Cancellation cancellation, Map<String, String> environment) {

    /**
     * Keeps the variables that move the bits, so that no other value of the environment travels on.
     */
    public TrainingContext {
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(environment, "environment");
        TreeMap<String, String> kept = new TreeMap<>();
        for (String v : BitProvenance.VARIABLES) {
            String value = environment.get(v);
            if (value != null) {
                kept.put(v, value);
            }
        }
        environment = java.util.Collections.unmodifiableMap(kept);
    }

    /**
     * A context that is never cancelled, with {@code environment} (tests; an embedding program).
     *
     * @param environment the environment variables to record
     * @return the context
     */
    public static TrainingContext uncancelled(Map<String, String> environment) {
        return new TrainingContext(Cancellation.NEVER, environment);
    }
}
