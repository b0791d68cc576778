package org.msgdlab.app;

import org.msgdlab.theory.plugin.PluginGuard;
import picocli.CommandLine;

import java.time.Duration;

/**
 * {@code --plugin-timeout SECONDS} of {@code train} and {@code verify}: the time limit of one call into a plug-in's code
 * ({@link PluginGuard}), parsed once here by {@link PluginGuard.Limits#parseSeconds}; its default is
 * {@link PluginGuard#DEFAULT_LIMIT_SECONDS}.
 */
final class PluginTimeoutConverter implements CommandLine.ITypeConverter<Duration> {

    /** The option's name. */
    static final String OPTION = "--plugin-timeout";

    /** The option's help, shared by the commands that have it. */
    static final String HELP = "The most one call into a plug-in's code (create, a draw, ...) may take, in seconds (default:"
            + " ${DEFAULT-VALUE}; 0: no limit, calls then run on the caller's own thread); a call past it fails the run"
            + " (train) or the plug-in's claims (verify, ERROR), in one line naming the plug-in and the call.";

    @Override
    public Duration convert(String value) {
        return PluginGuard.Limits.parseSeconds(OPTION, value);
    }
}
