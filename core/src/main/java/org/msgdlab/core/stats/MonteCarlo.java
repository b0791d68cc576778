package org.msgdlab.core.stats;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;

/**
 * Runs a {@link SampleExperiment} {@code samples} times, spread over the available cores, and
 * returns the moments of each statistic. The samples are split into chunks by {@link SeededChunks},
 * each with its own stream derived from the seed and merged in chunk order: the result is
 * bit-for-bit the same whatever the number of threads.
 */
public final class MonteCarlo {

    /** Number of chunks: fixed, so that results do not depend on the thread count ({@link SeededChunks#CHUNKS}). */
    public static final int CHUNKS = SeededChunks.CHUNKS;

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
        return run(samples, seed, statistics, factory, SeededChunks.defaultPool());
    }

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
