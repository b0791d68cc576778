package org.msgdlab.deep.bench;

import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.Kernels;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.train.Method;

/**
 * The TensorFlow step of {@link StepBenchmark}: the full-batch MSGD-Fisher step's graph, built and warmed up once,
 * timed as often as asked. One thread at a time (it holds a session).
 */
final class TensorflowStep implements AutoCloseable {
    private final TrainingGraph graph;
    private final Method.Plan plan;
    private final int intra;
    private long next;

    TensorflowStep(ImageSet train, int intra, int inter, int warmup) {
        this.intra = intra;
        this.plan = Method.parse("msgd-fisher", 50, Double.NaN).plan(train.count(), 1);
        this.graph = TrainingGraph.build(ConvSmall.paper(), train, null,
                GraphOptions.defaults(1).withThreads(intra, inter));
        for (int k = 0; k < warmup; k++) {
            Method.Feed f = plan.draw(next++);
            graph.step(f.indices(), f.weights(), 0.01);
        }
    }

    StepBenchmark.Measurement time(int steps) {
        long t0 = System.nanoTime();
        for (int k = 0; k < steps; k++) {
            Method.Feed f = plan.draw(next++);
            graph.step(f.indices(), f.weights(), 0.01);
        }
        double dt = (System.nanoTime() - t0) / 1e9 / steps;
        return new StepBenchmark.Measurement(StepBenchmark.tensorflowName(Kernels.current()), org.tensorflow.TensorFlow.version(), intra,
                graph.trainCount(), steps, dt);
    }

    @Override
    public void close() {
        graph.close();
    }
}
