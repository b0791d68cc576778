package org.msgdlab.deep.graph;

import org.msgdlab.deep.model.Model;
import org.msgdlab.deep.model.Parameter;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * The values of a {@link TrainingGraph}'s variables read and written through its session: the
 * trainable parameters (read, and overwritten through the assignment ops {@link GraphBuilder}
 * created) and the batch-norm running statistics (read), flattened, in {@link Model#parameters()}
 * and {@link Model#runningStatistics()} order.
 */
final class ParameterValues {

    private final GraphOptions options;
    private final Session session;
    private final List<Parameter> specs;
    private final List<Variable<? extends TFloating>> params;
    private final List<Variable<? extends TFloating>> runningVars;
    private final List<Placeholder<? extends TFloating>> setPlaceholders;
    private final List<Op> setOps;

    ParameterValues(GraphOptions options, Session session, GraphBuilder b) {
        this.options = options;
        this.session = session;
        this.specs = b.specs;
        this.params = b.params;
        this.runningVars = b.runningVars;
        this.setPlaceholders = b.setPlaceholders;
        this.setOps = b.setOps;
    }

    /** As {@link TrainingGraph#runningStatistics}. */
    double[][] runningStatistics() {
        if (runningVars.isEmpty()) {
            return new double[0][];
        }
        var runner = session.runner();
        for (Variable<?> v : runningVars) {
            runner.fetch(v);
        }
        try (Result r = runner.run()) {
            double[][] out = new double[runningVars.size()][];
            for (int i = 0; i < out.length; i++) {
                out[i] = Precision.read(r.get(i));
            }
            return out;
        }
    }

    /** As {@link TrainingGraph#parameters}. */
    double[][] parameters() {
        var runner = session.runner();
        for (Variable<?> v : params) {
            runner.fetch(v);
        }
        try (Result r = runner.run()) {
            double[][] out = new double[params.size()][];
            for (int i = 0; i < out.length; i++) {
                out[i] = Precision.read(r.get(i));
            }
            return out;
        }
    }

    /** As {@link TrainingGraph#setParameters}. */
    void setParameters(double[][] values) {
        if (values.length != params.size()) {
            throw new IllegalArgumentException("values for " + values.length + " parameters, the model has " + params.size());
        }
        List<Tensor> feeds = new ArrayList<>();
        try {
            var runner = session.runner();
            for (int i = 0; i < values.length; i++) {
                Tensor t = options.precision().tensor(Shape.of(specs.get(i).shape()), values[i]);
                feeds.add(t);
                runner.feed(setPlaceholders.get(i), t).addTarget(setOps.get(i));
            }
            try (Result r = runner.run()) {
                if (r.size() != 0) {
                    throw new IllegalStateException("assignment fetched " + r.size() + " tensors, expected none");
                }
            }
        } finally {
            for (Tensor t : feeds) {
                t.close();
            }
        }
    }

}
