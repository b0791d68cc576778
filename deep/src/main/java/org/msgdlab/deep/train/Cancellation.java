package org.msgdlab.deep.train;

import java.util.function.BooleanSupplier;

/**
 * A request to stop training, passed in by whoever started it: a run asks {@link #requested} after
 * each step and, once it is, saves a checkpoint, writes "interrupted" into its run.json and returns
 * (a resumed run then continues bit for bit). A run also {@link #hold}s the cancellation while it
 * trains, so that one which waits for the runs to save before letting the JVM exit
 * ({@link ShutdownCancellation}: Ctrl-C, TERM) knows when they have.
 * <p>
 * The same role as the cancellation test of core's {@code CheckContext}, with the hold added:
 * {@link #when} turns such a test into a cancellation. Implementations are thread-safe: a study
 * trains several runs at once under one.
 */
@FunctionalInterface
public interface Cancellation {

    /** Never requested; holds nothing. */
    Cancellation NEVER = () -> false;

    /**
     * Whether the runs should stop after their current step.
     *
     * @return true once stopping was requested
     */
    boolean requested();

    /**
     * Marks a run (or a caller reporting one) in progress until the hold is closed; a cancellation that
     * waits for the runs to save before the process ends waits for it. By default it holds nothing.
     *
     * @return the hold; close it when the run has saved (or its outcome is reported)
     */
    default Hold hold() {
        return () -> { };
    }

    /** A run in progress ({@link #hold}); closing it says the run has saved. */
    @FunctionalInterface
    interface Hold extends AutoCloseable {
        /** Lets a waiting cancellation proceed. */
        @Override
        void close();
    }

    /**
     * A cancellation requested when {@code test} says so (core's {@code CheckContext.cancelled()}).
     *
     * @param test true once stopping was requested
     * @return the cancellation; it holds nothing
     */
    static Cancellation when(BooleanSupplier test) {
        java.util.Objects.requireNonNull(test, "test");
        return test::getAsBoolean;
    }
}
