package org.msgdlab.sweeps;

/** Where one run of a sweep stands, read from its directory ({@link SweepDirectory#state}). */
public enum RunState {
    /** Nothing of it on disk yet (or only the directory). */
    PENDING,
    /** A process holds its lock: it is training now. */
    RUNNING,
    /** Begun and stopped before its end (Ctrl-C, preemption, a killed job): the next execution continues it. */
    INTERRUPTED,
    /** Finished: its numbers are final. */
    DONE,
    /** Its last execution failed; the error is in its directory. Executed again only when asked (--retry-failed). */
    FAILED
}
