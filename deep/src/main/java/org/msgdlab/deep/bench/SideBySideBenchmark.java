package org.msgdlab.deep.bench;

import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.SeedBatchedGraph;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Method;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Throughput of S full-batch MSGD-Fisher runs trained side by side in one graph
 * ({@link SeedBatchedGraph}: one intra-op thread per op, {@code workers} inter-op threads) against
 * the same S runs as separate graphs, one intra-op thread each, stepped by {@code workers} Java
 * threads at once (what the study's workers do). Both use the same cores; medians over rounds.
 */
public final class SideBySideBenchmark {

    /**
     * One S.
     * <p>
     * Immutable and thread-safe.
     *
     * @param seeds            S
     * @param sideBySide       images per second, all copies together, in one graph (median over the rounds)
     * @param separate         images per second of S separate graphs on {@code workers} threads (median)
     */
    public record Row(int seeds, double sideBySide, double separate) {
        /** @return side by side over separate */
        public double ratio() {
            return sideBySide / separate;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "S=%d: side by side %.0f images/s, separate %.0f images/s, ratio %.2f",
                    seeds, sideBySide, separate, ratio());
        }
    }

    private SideBySideBenchmark() {
    }

    /**
     * Measures each S of {@code seeds}: {@code steps} steps per round (after 2 warm-up steps), {@code rounds} rounds
     * alternating the two ways.
     *
     * @param train   the training set (the full batch)
     * @param seeds   the values of S to measure
     * @param workers inter-op threads of the side-by-side graph, and Java threads stepping the separate graphs
     * @param steps   steps per round
     * @param rounds  rounds
     * @return one row per S
     * @throws InterruptedException when interrupted while the worker threads step
     * @throws java.util.concurrent.ExecutionException when a separate graph's step fails in a worker thread
     * @throws Exception              declared; the two above are what the worker threads add to the graphs'
     *                                own exceptions
     */
    public static List<Row> measure(ImageSet train, int[] seeds, int workers, int steps, int rounds) throws Exception {
        List<Row> out = new ArrayList<>();
        for (int s : seeds) {
            double[] together = new double[rounds];
            double[] apart = new double[rounds];
            List<GraphOptions> opts = new ArrayList<>();
            for (int k = 0; k < s; k++) {
                opts.add(GraphOptions.defaults(k + 1).withThreads(1, 1));
            }
            try (SeedBatchedGraph g = SeedBatchedGraph.build(ConvSmall.paper(), train, opts, workers)) {
                List<TrainingGraph> separate = new ArrayList<>();
                ExecutorService pool = Executors.newFixedThreadPool(workers);
                try {
                    for (GraphOptions o : opts) {
                        separate.add(TrainingGraph.build(ConvSmall.paper(), train, null, o));
                    }
                    long step = 0;
                    for (int r = -1; r < rounds; r++) {
                        int n = r < 0 ? 2 : steps;
                        long t0 = System.nanoTime();
                        for (int k = 0; k < n; k++) {
                            stepTogether(g, s, step + k);
                        }
                        double t1 = (System.nanoTime() - t0) / 1e9;
                        t0 = System.nanoTime();
                        stepApart(separate, pool, workers, step, n);
                        double t2 = (System.nanoTime() - t0) / 1e9;
                        step += n;
                        if (r >= 0) {
                            together[r] = (double) s * train.count() * n / t1;
                            apart[r] = (double) s * train.count() * n / t2;
                        }
                    }
                } finally {
                    pool.shutdownNow();
                    for (TrainingGraph t : separate) {
                        t.close();
                    }
                }
            }
            out.add(new Row(s, RunCost.median(together), RunCost.median(apart)));
        }
        return out;
    }

    private static Method.Plan plan(int n, int copy) {
        return Method.parse("msgd-fisher", 50, Double.NaN).plan(n, copy + 1);
    }

    private static void stepTogether(SeedBatchedGraph g, int s, long k) {
        List<int[]> idx = new ArrayList<>();
        List<double[]> w = new ArrayList<>();
        for (int c = 0; c < s; c++) {
            Method.Feed f = plan(g.trainCount(), c).draw(k);
            idx.add(f.indices());
            w.add(f.weights());
        }
        g.step(idx, w, 1e-4);
    }

    /** Worker j steps graphs j, j + workers, ... for {@code n} steps; all workers at once. */
    private static void stepApart(List<TrainingGraph> graphs, ExecutorService pool, int workers, long from, int n)
            throws Exception {
        List<Future<?>> fs = new ArrayList<>();
        for (int j = 0; j < workers; j++) {
            final int first = j;
            fs.add(pool.submit(() -> {
                for (int k = 0; k < n; k++) {
                    for (int c = first; c < graphs.size(); c += workers) {
                        TrainingGraph g = graphs.get(c);
                        Method.Feed f = plan(g.trainCount(), c).draw(from + k);
                        g.step(f.indices(), f.weights(), 1e-4);
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : fs) {
            f.get();
        }
    }
}
