package org.msgdlab.sde.path;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.stats.MonteCarlo;
import org.msgdlab.core.stats.SeededChunks;

import java.util.concurrent.ForkJoinPool;

/**
 * Simulates independent paths in parallel and keeps every path's outputs, in path order. The
 * paths are split into chunks by {@link SeededChunks}, exactly as {@link MonteCarlo#run} splits
 * samples, chunk c drawing from {@code Streams.create(Streams.derive(seed, c))}: the outputs are
 * bit-for-bit the same whatever the number of threads. (Unlike {@code MonteCarlo.run}, which keeps
 * only moments, the per-path outputs are kept: fitted orders need the covariance of the errors
 * across step sizes, which are measured on the same paths, and sup_k statistics pick their k after
 * the run.) Stateless; each path's workspace is used by one thread.
 */
public final class PathEnsemble {

    /** One path's simulation, bound to a chunk's generator; owns its workspace, used by one thread. */
    @FunctionalInterface
    public interface Path {
        /**
         * Simulates one path and writes its outputs.
         *
         * @param outputs the destination, this path's row
         */
        void simulate(double[] outputs);
    }

    /** Creates a {@link Path} bound to a generator. */
    @FunctionalInterface
    public interface Factory {
        /**
         * A path simulator for one chunk.
         *
         * @param rng the chunk's generator
         * @return a new path simulator drawing from {@code rng}
         */
        Path create(UniformRandomProvider rng);
    }

    private PathEnsemble() {
    }

    /** @return the pool used by default: one worker per available core ({@link SeededChunks#defaultPool()}) */
    public static ForkJoinPool defaultPool() {
        return SeededChunks.defaultPool();
    }

    /**
     * {@code paths x outputs} results, path i in row i.
     *
     * @param seed    the master seed
     * @param paths   the number of paths
     * @param outputs the number of outputs per path
     * @param factory the path simulator of a chunk
     * @return the outputs, one row per path
     * @throws IllegalArgumentException if {@code paths < 2}
     * @throws IllegalStateException    if the run is interrupted or a chunk fails
     */
    public static double[][] run(long seed, int paths, int outputs, Factory factory) {
        return run(seed, paths, outputs, factory, defaultPool());
    }

    /**
     * As {@link #run(long, int, int, Factory)} on a given pool.
     *
     * @param seed    the master seed
     * @param paths   the number of paths
     * @param outputs the number of outputs per path
     * @param factory the path simulator of a chunk
     * @param pool    the pool to run on
     * @return the outputs, one row per path
     * @throws IllegalArgumentException if {@code paths < 2}
     * @throws IllegalStateException    if the run is interrupted or a chunk fails
     */
    public static double[][] run(long seed, int paths, int outputs, Factory factory, ForkJoinPool pool) {
        double[][] out = new double[Math.max(paths, 0)][outputs];
        SeededChunks.run(paths, "paths", seed, (c, from, to, rng) -> {
            Path p = factory.create(rng);
            for (int i = (int) from; i < to; i++) {
                SeededChunks.stopIfInterrupted("path simulation");
                p.simulate(out[i]);
            }
        }, pool, "path simulation");
        return out;
    }
}
