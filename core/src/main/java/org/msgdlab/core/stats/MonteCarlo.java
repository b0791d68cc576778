package org.msgdlab.core.stats;

import org.msgdlab.core.random.Streams;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.IntStream;

/**
 * Runs a {@link SampleExperiment} {@code samples} times, spread over the available cores, and
 * returns the moments of each statistic. The samples are split into a fixed number of chunks,
 * each with its own stream derived from the seed and merged in chunk order: the result is
 * bit-for-bit the same whatever the number of threads.
 */
public final class MonteCarlo {

    /** Number of chunks: fixed, so that results do not depend on the thread count. */
    public static final int CHUNKS = 64;

    /**
     * Pool with one worker per core. (The common pool has cores - 1 workers and the caller blocks
     * in {@code get()}, which on 2 cores would leave one core idle.) Its threads are daemons.
     */
    private static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors());

    private MonteCarlo() {
    }

    /** The per-chunk moments of a run, in chunk order. */
    public record Result(List<RunningMoments> chunks) {

        /** Moments over all samples. */
        public RunningMoments total() {
            return prefix(chunks.size());
        }

        /** Moments over the first {@code k} chunks (a run with fewer samples, same streams). */
        public RunningMoments prefix(int k) {
            RunningMoments m = new RunningMoments(chunks.get(0).statistics());
            for (int c = 0; c < k; c++) {
                m.merge(chunks.get(c));
            }
            return m;
        }
    }

    public static Result run(long samples, long seed, int statistics, SampleExperiment.Factory factory) {
        return run(samples, seed, statistics, factory, POOL);
    }

    public static Result run(long samples, long seed, int statistics, SampleExperiment.Factory factory,
                             ForkJoinPool pool) {
        if (samples < 2) {
            throw new IllegalArgumentException("samples=" + samples + " must be >= 2 (a standard error needs two)");
        }
        int chunks = (int) Math.min(CHUNKS, samples);
        RunningMoments[] parts = new RunningMoments[chunks];
        ForkJoinTask<?> task = pool.submit(() -> IntStream.range(0, chunks).parallel().forEach(c -> {
            long from = samples * c / chunks;
            long to = samples * (c + 1) / chunks;
            SampleExperiment e = factory.create(Streams.create(Streams.derive(seed, c)));
            RunningMoments m = new RunningMoments(statistics);
            double[] s = new double[statistics];
            for (long i = from; i < to; i++) {
                if ((i & 1023) == 0 && Thread.currentThread().isInterrupted()) {
                    throw new IllegalStateException("Monte Carlo interrupted");
                }
                e.next(s);
                m.add(s);
            }
            parts[c] = m;
        }));
        try {
            task.get();
        } catch (InterruptedException ie) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Monte Carlo interrupted", ie);
        } catch (ExecutionException ee) {
            Throwable cause = ee.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        }
        return new Result(Arrays.asList(parts));
    }
}
