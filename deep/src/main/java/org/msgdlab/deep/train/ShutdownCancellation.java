package org.msgdlab.deep.train;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C (or a TERM signal) as a {@link Cancellation}: {@link #install} adds a JVM shutdown hook
 * that requests the stop and then waits (at most {@link #GRACE}) while every run holding this
 * cancellation saves a checkpoint and writes "interrupted" into its run.json, and while a caller
 * holding it prints what was kept. {@link #close} removes the hook. {@code msgd train --resume}
 * (or the same {@code msgd study} command) then continues bit for bit from that step.
 * <p>
 * The one place where training meets the JVM's shutdown: the command that trains installs one for
 * the time it trains and passes it down. Thread-safe; no state outside the instance.
 */
public final class ShutdownCancellation implements Cancellation, AutoCloseable {

    /** How long the shutdown waits for the runs to save (one full-batch step and a checkpoint take seconds). */
    public static final Duration GRACE = Duration.ofMinutes(2);

    private final AtomicBoolean requested = new AtomicBoolean();
    private final Set<CountDownLatch> running = ConcurrentHashMap.newKeySet();
    private final Duration grace;
    private final Thread hook = new Thread(this::onShutdown, "msgd-train-interrupted");

    /** A cancellation whose {@link #onShutdown} waits at most {@code grace}; no hook installed (tests). */
    ShutdownCancellation(Duration grace) {
        this.grace = grace;
    }

    /**
     * A cancellation requested by the JVM's shutdown (Ctrl-C, TERM), whose hook is installed until
     * {@link #close}. Installed while the JVM is already shutting down, it is requested from the start.
     *
     * @return the installed cancellation; close it when the training (and its report) is done
     */
    public static ShutdownCancellation install() {
        ShutdownCancellation c = new ShutdownCancellation(GRACE);
        try {
            Runtime.getRuntime().addShutdownHook(c.hook);
        } catch (IllegalStateException shuttingDown) {
            c.requested.set(true);
        }
        return c;
    }

    @Override
    public boolean requested() {
        return requested.get();
    }

    @Override
    public Hold hold() {
        CountDownLatch saved = new CountDownLatch(1);
        running.add(saved);
        return () -> {
            saved.countDown();
            running.remove(saved);
        };
    }

    /** What the hook does: requests the stop, then waits for the holds open now to close (at most the grace). */
    void onShutdown() {
        requested.set(true);
        long deadline = System.nanoTime() + grace.toNanos();
        for (CountDownLatch l : Set.copyOf(running)) {
            try {
                l.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Removes the hook; while the JVM shuts down, the running hook finishes on its own. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: it waits for the holds still open
        }
    }
}
