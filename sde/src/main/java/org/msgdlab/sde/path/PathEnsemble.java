package org.msgdlab.sde.path;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.MonteCarlo;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.stream.IntStream;

/**
 * Simulates independent paths in parallel and keeps every path's outputs, in path order. The
 * paths are split into {@link MonteCarlo#CHUNKS} chunks exactly as {@link MonteCarlo#run} splits
 * samples, chunk c drawing from {@code Streams.create(Streams.derive(seed, c))}: the outputs are
 * bit-for-bit the same whatever the number of threads. (Unlike {@code MonteCarlo.run}, which keeps
 * only moments, the per-path outputs are kept: fitted orders need the covariance of the errors
 * across step sizes, which are measured on the same paths, and sup_k statistics pick their k after
 * the run.)
 */
public final class PathEnsemble {

    /** One path's simulation, bound to a chunk's generator; owns its workspace, used by one thread. */
    @FunctionalInterface
    public interface Path {
        /** Simulates one path and writes its outputs. */
        void simulate(double[] outputs);
    }

    /** Creates a {@link Path} bound to a generator. */
    @FunctionalInterface
    public interface Factory {
        Path create(UniformRandomProvider rng);
    }

    private static final ForkJoinPool POOL = new ForkJoinPool(Runtime.getRuntime().availableProcessors(),
            pool -> {
                var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                t.setDaemon(true);
                t.setName("msgd-sde-" + t.getPoolIndex());
                return t;
            }, null, false);

    private PathEnsemble() {
    }

    /** The pool used by default: one worker per available core. */
    public static ForkJoinPool defaultPool() {
        return POOL;
    }

    /** {@code paths x outputs} results, path i in row i. */
    public static double[][] run(long seed, int paths, int outputs, Factory factory) {
        return run(seed, paths, outputs, factory, POOL);
    }

    public static double[][] run(long seed, int paths, int outputs, Factory factory, ForkJoinPool pool) {
        if (paths < 2) {
            throw new IllegalArgumentException("paths=" + paths + " must be >= 2 (a standard error needs two)");
        }
        int chunks = Math.min(MonteCarlo.CHUNKS, paths);
        double[][] out = new double[paths][outputs];
        ForkJoinTask<?> task = pool.submit(() -> IntStream.range(0, chunks).parallel().forEach(c -> {
            int from = (int) ((long) paths * c / chunks);
            int to = (int) ((long) paths * (c + 1) / chunks);
            Path p = factory.create(Streams.create(Streams.derive(seed, c)));
            for (int i = from; i < to; i++) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new IllegalStateException("path simulation interrupted");
                }
                p.simulate(out[i]);
            }
        }));
        try {
            task.get();
        } catch (InterruptedException ie) {
            task.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("path simulation interrupted", ie);
        } catch (ExecutionException ee) {
            Throwable cause = ee.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(cause);
        }
        return out;
    }
}
