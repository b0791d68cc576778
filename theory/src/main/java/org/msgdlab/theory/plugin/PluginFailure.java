package org.msgdlab.theory.plugin;

import org.msgdlab.core.claims.CheckFailure;

import java.util.Objects;

/**
 * A call into a plug-in's code that did not give a usable answer ({@link PluginGuard}): its one-line message names the
 * plug-in (and the jar that listed it), the call and what happened, e.g.
 * {@code plug-in 'heavy' (jar heavy.jar): create(n=1000, b=50).sampler(rng).sample(v) threw IllegalStateException: boom}.
 * As a {@link CheckFailure}, verify records the message as the ERROR verdict's reason as it is; {@code msgd train}
 * marks its run failed with it ({@link Kind#STOPPED}: interrupted) and exits 1 with it.
 */
public final class PluginFailure extends CheckFailure {

    private static final long serialVersionUID = 1L;

    /** What went wrong with the call. */
    public enum Kind {
        /** The plug-in's code threw (an exception or an error). */
        THREW,
        /** It returned null where a value is needed. */
        RETURNED_NULL,
        /** It returned a value that breaks the contract (a noise of another dimension, a non-finite draw). */
        BROKE_CONTRACT,
        /** It did not return within the per-call time limit ({@link PluginGuard.Limits#perCall()}). */
        TIMED_OUT,
        /** The run was stopped (Ctrl-C, TERM) while the call had not returned: the run is interrupted, not failed. */
        STOPPED,
        /** It was not made: an earlier call into the same plug-in did not return within the limit. */
        NOT_CALLED
    }

    private final Kind kind;

    /**
     * A failure with its one-line message.
     *
     * @param kind    what went wrong
     * @param message the line: the plug-in, the call and what happened
     * @param cause   the throw behind it, or null
     */
    public PluginFailure(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    /**
     * The same failure with more said after its line (what the caller did about it), kind and cause kept.
     *
     * @param more the text appended, e.g. {@code "; the run is marked failed"}
     * @return the failure with the longer line
     */
    public PluginFailure with(String more) {
        return new PluginFailure(kind, getMessage() + more, getCause());
    }

    /** @return what went wrong */
    public Kind kind() {
        return kind;
    }
}
