package org.msgdlab.core.stats;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.random.Streams;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.IntStream;

/**
 * The one parallel executor of the seeded simulations: {@code items} independent draws split into
 * {@code min(}{@value #CHUNKS}{@code , items)} chunks, chunk c covering items
 * {@code [items·c/chunks, items·(c+1)/chunks)} and drawing from its own generator
 * {@code Streams.create(Streams.derive(seed, c))}. A chunk's draws depend only on the seed and c,
 * never on which thread ran it, so a caller that keeps chunk c's result in slot c gets bit-for-bit
 * the same result on any number of threads. {@link MonteCarlo} keeps moments per chunk; the sde
 * module's path ensemble keeps every path.
 *
 * <p>Thread-safe: chunks run concurrently, each on one thread with its own generator; a body must
 * write only its own chunk's slots.
 */
public final class SeededChunks {

    /** The most chunks a run is split into: fixed, so that results do not depend on the thread count. */
    public static final int CHUNKS = 64;

    /**
     * One worker per available core, daemon threads. (The common pool has cores - 1 workers and the
     * caller blocks in {@code get()}, which on 2 cores would leave one core idle.)
     */
    private static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors(),
            pool -> {
                var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                t.setDaemon(true);
                t.setName("msgd-chunks-" + t.getPoolIndex());
                return t;
            }, null, false);

    private SeededChunks() {
    }

    /** What one chunk computes: items {@code from} (inclusive) to {@code to} (exclusive) with {@code rng}. */
    @FunctionalInterface
    public interface Body {
        /**
         * Computes one chunk.
         *
         * @param chunk the chunk's index, 0 ≤ chunk &lt; {@link #count(long)}
         * @param from  its first item
         * @param to    one past its last item
         * @param rng   the chunk's own generator, {@code Streams.create(Streams.derive(seed, chunk))}
         */
        void run(int chunk, long from, long to, UniformRandomProvider rng);
    }

    /** @return the pool used by default: one worker per available core */
    public static ForkJoinPool defaultPool() {
        return POOL;
    }

    /**
     * The number of chunks of a run.
     *
     * @param items the number of independent draws
     * @return the number of chunks they are split into, {@code min(CHUNKS, items)}
     */
    public static int count(long items) {
        return (int) Math.min(CHUNKS, items);
    }

    /**
     * Runs every chunk of {@code items} draws on {@code pool} and returns when all are done.
     *
     * @param items at least 2 (a standard error needs two)
     * @param seed  the master seed of the chunks' streams
     * @param body  what a chunk computes
     * @param pool  the pool to run on
     * @param what  the name used in the messages, e.g. {@code "Monte Carlo"}
     * @param itemName what an item is called in the refusal, e.g. {@code "samples"}
     * @throws IllegalArgumentException when {@code items < 2}, naming {@code itemName} and its value
     * @throws IllegalStateException    when interrupted ("WHAT interrupted"), or with a chunk's checked failure
     */
    public static void run(long items, String itemName, long seed, Body body, ForkJoinPool pool, String what) {
        if (items < 2) {
            throw new IllegalArgumentException(itemName + "=" + items + " must be >= 2 (a standard error needs two)");
        }
        int chunks = count(items);
        ForkJoinTask<?> task = pool.submit(() -> IntStream.range(0, chunks).parallel().forEach(c ->
                body.run(c, items * c / chunks, items * (c + 1) / chunks, Streams.create(Streams.derive(seed, c)))));
        try {
            task.get();
        } catch (InterruptedException ie) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException(what + " interrupted", ie);
        } catch (ExecutionException ee) {
            Throwable cause = ee.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        }
    }

    /**
     * Stops a chunk when its thread was interrupted (a cancelled run).
     *
     * @param what the name used in the message
     * @throws IllegalStateException "WHAT interrupted" when the current thread is interrupted
     */
    public static void stopIfInterrupted(String what) {
        if (Thread.currentThread().isInterrupted()) {
            throw new IllegalStateException(what + " interrupted");
        }
    }
}
