package org.msgdlab.deep.train;

import org.msgdlab.theory.plugin.PluginGuard;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a training takes from the process that runs it, passed in by its caller (the command line
 * builds one per command, as it builds core's {@code CheckContext} for the claims): the request to
 * stop, the environment variables recorded in run.json's {@code bits} ({@link BitProvenance#VARIABLES}),
 * and the time limit of one call into a plug-in's code (a {@code plugin:NAME} method's draws; it changes no bit).
 * Deep reads none of them itself.
 * <p>
 * Immutable and thread-safe (as its cancellation is).
 *
 * @param cancellation    when to stop training ({@link ShutdownCancellation} for Ctrl-C and TERM)
 * @param environment     the process's environment; only {@link BitProvenance#VARIABLES} are kept, sorted by name
 * @param pluginCallLimit the most one call into a plug-in may take ({@link PluginGuard#DEFAULT_LIMIT} unless
 *                        given; zero: no limit); past it the run is marked failed
 */
public record TrainingContext(Cancellation cancellation, Map<String, String> environment, Duration pluginCallLimit) {

    /**
     * Keeps the variables that move the bits, so that no other value of the environment travels on.
     */
    public TrainingContext {
        Objects.requireNonNull(cancellation, "cancellation");
        Objects.requireNonNull(environment, "environment");
        PluginGuard.Limits.of(pluginCallLimit);   // refuses null and negative limits
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
     * A context with the default time limit of a plug-in call.
     *
     * @param cancellation when to stop training
     * @param environment  the process's environment
     */
    public TrainingContext(Cancellation cancellation, Map<String, String> environment) {
        this(cancellation, environment, PluginGuard.DEFAULT_LIMIT);
    }

    /**
     * The same context with another time limit of a plug-in call.
     *
     * @param limit the most one call into a plug-in may take; zero: no limit
     * @return the context
     */
    public TrainingContext withPluginCallLimit(Duration limit) {
        return new TrainingContext(cancellation, environment, limit);
    }

    /**
     * The limits of a run's calls into a plug-in: {@link #pluginCallLimit()}, given up when the run is cancelled.
     *
     * @return the limits
     */
    public PluginGuard.Limits pluginLimits() {
        return PluginGuard.Limits.of(pluginCallLimit).stoppedWhen(cancellation::requested);
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
