package org.msgdlab.sweeps;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What executes the runs of one kind of sweep, inside the process of a sweep task: deep training
 * today, the Monte Carlo budgets later. The sweep machinery ({@link SweepDirectory}, the
 * executors) knows runs only through this interface: ids, settings, directories.
 *
 * <p>{@link #progress} is called from several threads at once (the local executor reports each
 * finished run from the thread that waited for it): implementations must allow that.
 */
public interface RunKind {

    /** @return the kind's name, recorded in the plan file, e.g. {@code deep.train} */
    String name();

    /**
     * Checks that {@code run}'s settings are ones this kind can execute (every required setting
     * there, every value within its rule), without touching any file: what {@link SweepDirectory#open}
     * asks of every run of a plan before anything is shown or executed, so that a hand-edited
     * {@code sweep.json} is refused up front in one line.
     *
     * @param run a planned run
     * @throws IllegalArgumentException naming the setting, its value and the rule it breaks
     */
    default void check(SweepRun run) {
    }

    /**
     * The first setting that differs between {@code run} and the run that {@code runDir} already
     * holds, as one phrase ("iterations 20 there, 10 planned"); empty when the directory holds no
     * run or holds this one (finished or not).
     *
     * @param run    the planned run
     * @param runDir its directory
     * @return the first difference, or empty
     * @throws IOException when the directory's record cannot be read
     */
    Optional<String> conflict(SweepRun run, Path runDir) throws IOException;

    /**
     * Whether {@code runDir} holds {@code run} finished, and whether it holds it begun.
     *
     * @param run    the planned run
     * @param runDir its directory (it exists)
     * @return what the directory shows
     * @throws IOException when the directory's record cannot be read
     */
    Progress progress(SweepRun run, Path runDir) throws IOException;

    /**
     * Runs {@code run} in {@code runDir}, or continues it from its last checkpoint when begun there;
     * reuses it when finished. Returns normally when it finished or was interrupted (a signal: it
     * saved what the next execution needs); throws when it failed.
     *
     * @param run    the run
     * @param runDir its directory (it exists, and this process holds its lock)
     * @param log    where the run's progress goes
     * @return whether the run is now finished (false: interrupted)
     * @throws Exception any failure, reported with its message as the run's error
     */
    boolean execute(SweepRun run, Path runDir, PrintStream log) throws Exception;

    /**
     * What a run's directory shows. Immutable and thread-safe.
     *
     * @param begun    something of the run is on disk (a record or a checkpoint)
     * @param finished the run reached its end
     * @param detail   one short phrase: how far it got and its latest numbers; empty when nothing
     */
    record Progress(boolean begun, boolean finished, String detail) {
        /** Nothing on disk. */
        public static final Progress NONE = new Progress(false, false, "");
    }
}
