package org.msgdlab.core.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What executes the runs of one kind of sweep, inside the process of a sweep task: deep training
 * today, the Monte Carlo budgets later. The sweep machinery ({@link SweepDirectory}, the
 * executors) knows runs only through this interface: ids, settings, directories.
 */
public interface RunKind {

    /** The kind's name, recorded in the plan file, e.g. {@code deep.train}. */
    String name();

    /**
     * The first setting that differs between {@code run} and the run that {@code runDir} already
     * holds, as one phrase ("iterations 20 there, 10 planned"); empty when the directory holds no
     * run or holds this one (finished or not).
     *
     * @throws IOException when the directory's record cannot be read
     */
    Optional<String> conflict(SweepRun run, Path runDir) throws IOException;

    /**
     * Whether {@code runDir} holds {@code run} finished, and whether it holds it begun.
     *
     * @throws IOException when the directory's record cannot be read
     */
    Progress progress(SweepRun run, Path runDir) throws IOException;

    /**
     * Runs {@code run} in {@code runDir}, or continues it from its last checkpoint when begun there;
     * reuses it when finished. Returns normally when it finished or was interrupted (a signal: it
     * saved what the next execution needs); throws when it failed.
     *
     * @return whether the run is now finished (false: interrupted)
     * @throws Exception any failure, reported with its message as the run's error
     */
    boolean execute(SweepRun run, Path runDir, PrintStream log) throws Exception;

    /**
     * What a run's directory shows.
     *
     * @param begun    something of the run is on disk (a record or a checkpoint)
     * @param finished the run reached its end
     * @param detail   one short phrase: how far it got and its latest numbers; empty when nothing
     */
    record Progress(boolean begun, boolean finished, String detail) {
        public static final Progress NONE = new Progress(false, false, "");
    }
}
