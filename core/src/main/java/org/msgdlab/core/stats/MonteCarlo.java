package org.msgdlab.core.stats;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * Runs a {@link SampleExperiment} {@code samples} times, spread over the available cores, and
 * returns the moments of each statistic. The samples are split into chunks by {@link SeededChunks},
 * each with its own stream derived from the seed and merged in chunk order: the result is
 * bit-for-bit the same whatever the number of threads. Stateless and thread-safe.
 */
public final class MonteCarlo {

    /** Number of chunks: fixed, so that results do not depend on the thread count ({@link SeededChunks#CHUNKS}). */
    public static final int CHUNKS = SeededChunks.CHUNKS;

    private MonteCarlo() {
    }

    /**
     * The per-chunk moments of a run, in chunk order. The moments are mutable: not to be changed.
     *
     * @param chunks the moments of each chunk, in chunk order (at least one)
     */
    public record Result(List<RunningMoments> chunks) {

        /** @return new moments over all samples, the chunks merged in chunk order */
        public RunningMoments total() {
            return prefix(chunks.size());
        }

        /**
         * Moments over the first {@code k} chunks (a run with fewer samples, same streams).
         *
         * @param k the number of chunks, from 0 to {@code chunks().size()}
         * @return new moments, the first {@code k} chunks merged in chunk order
         */
        public RunningMoments prefix(int k) {
            RunningMoments m = new RunningMoments(chunks.get(0).statistics());
            for (int c = 0; c < k; c++) {
                m.merge(chunks.get(c));
            }
            return m;
        }
    }

    /**
     * Runs the experiment {@code samples} times on the default pool ({@link SeededChunks#defaultPool()}).
     *
     * @param samples    the number of draws, at least 2
     * @param seed       the seed of the run; chunk c draws from {@code Streams.derive(seed, c)}
     * @param statistics k, the number of statistics one draw writes, at least 1
     * @param factory    creates one experiment per chunk, bound to the chunk's generator; called
     *                   from several threads at once
     * @return the moments of each chunk, in chunk order
     * @throws IllegalArgumentException when {@code samples < 2} or {@code statistics < 1}
     * @throws IllegalStateException    when the run is interrupted ("Monte Carlo interrupted")
     */
    public static Result run(long samples, long seed, int statistics, SampleExperiment.Factory factory) {
        return run(samples, seed, statistics, factory, SeededChunks.defaultPool());
    }

    /**
     * Runs the experiment {@code samples} times on {@code pool}.
     *
     * @param samples    the number of draws, at least 2
     * @param seed       the seed of the run; chunk c draws from {@code Streams.derive(seed, c)}
     * @param statistics k, the number of statistics one draw writes, at least 1
     * @param factory    creates one experiment per chunk, bound to the chunk's generator; called
     *                   from several threads at once
     * @param pool       the pool to run on
     * @return the moments of each chunk, in chunk order
     * @throws IllegalArgumentException when {@code samples < 2} or {@code statistics < 1}
     * @throws IllegalStateException    when the run is interrupted ("Monte Carlo interrupted")
     */
    public static Result run(long samples, long seed, int statistics, SampleExperiment.Factory factory,
                             ForkJoinPool pool) {
        RunningMoments[] parts = new RunningMoments[SeededChunks.count(Math.max(samples, 0))];
        SeededChunks.run(samples, "samples", seed, (c, from, to, rng) -> {
            SampleExperiment e = factory.create(rng);
            RunningMoments m = new RunningMoments(statistics);
            double[] s = new double[statistics];
            for (long i = from; i < to; i++) {
                if ((i & 1023) == 0) {
                    SeededChunks.stopIfInterrupted("Monte Carlo");
                }
                e.next(s);
                m.add(s);
            }
            parts[c] = m;
        }, pool, "Monte Carlo");
        return new Result(Arrays.asList(parts));
    }
}
