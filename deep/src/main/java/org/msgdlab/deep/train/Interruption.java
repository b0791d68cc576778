package org.msgdlab.deep.train;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Ctrl-C (or a TERM signal) during training: the JVM's shutdown hook asks every run in progress to
 * stop after its current step, and waits (at most {@link #GRACE}) while each saves a checkpoint
 * and writes "interrupted" into its run.json. {@code msgd train --resume} (or the same
 * {@code msgd study} command) then continues bit for bit from that step.
 */
final class Interruption {

    /** How long the shutdown waits for the runs to save (one full-batch step and a checkpoint take seconds). */
    static final Duration GRACE = Duration.ofMinutes(2);

    private static final AtomicBoolean REQUESTED = new AtomicBoolean();
    private static final Set<CountDownLatch> RUNNING = ConcurrentHashMap.newKeySet();
    private static boolean hooked;

    private Interruption() {
    }

    /** A run in progress: closing it tells a waiting shutdown that this run has saved. */
    static final class Run implements AutoCloseable {
        private final CountDownLatch saved = new CountDownLatch(1);

        private Run() {
            RUNNING.add(saved);
        }

        @Override
        public void close() {
            saved.countDown();
            RUNNING.remove(saved);
        }
    }

    /** Registers a run (and, once per JVM, the shutdown hook). */
    static synchronized Run enter() {
        if (!hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(Interruption::onShutdown, "msgd-train-interrupted"));
            hooked = true;
        }
        return new Run();
    }

    /** Whether the runs should stop after their current step. */
    static boolean requested() {
        return REQUESTED.get();
    }

    /** Asks the runs to stop, as the shutdown hook does (tests; an embedding program). */
    static void request() {
        REQUESTED.set(true);
    }

    /** Withdraws a request (tests). */
    static void clear() {
        REQUESTED.set(false);
    }

    private static void onShutdown() {
        REQUESTED.set(true);
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (CountDownLatch l : Set.copyOf(RUNNING)) {
            try {
                l.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
