package org.msgdlab.deep.efficiency;

import org.ejml.data.DMatrixRMaj;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.DataInGraph;
import org.msgdlab.deep.graph.Precision;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.deep.model.Model;
import org.msgdlab.deep.model.Parameter;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.Placeholder;
import org.msgdlab.deep.graph.SessionConfig;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * All per-example gradients {@code grad l_i(theta)} of {@link ConvSmall} in one graph run per
 * chunk of examples (vectorised), in place of one gradient run per example: the explicit baseline
 * of {@link NoiseInjection} in its best form.
 *
 * <p>The standard construction for networks whose examples do not interact (convolution, pooling,
 * matrix products act on each example separately): with {@code z_k} the pre-activation output of
 * layer k (after its bias) and {@code a_{k-1}} its input, example i's loss depends only on
 * example i's row of {@code z_k}, so the gradient of the <em>sum</em> of the per-example losses
 * with respect to {@code z_k} holds, row by row, the per-example gradients {@code dl_i/dz_k[i]}.
 * From them, for every example i, the gradients of each layer's parameters follow in closed form
 * ({@link LayerGradients}: outer products for fully connected layers, input patches times output gradients
 * for convolutions, in two forms, {@link ConvForm}).
 *
 * <p>The layout is that of {@link NoiseInjection#perSampleGradientsByExample}: rows are examples,
 * columns the flattened parameters in {@link Model#parameters()} order, restricted to a
 * {@link NoiseInjection.ParameterSubset}. The graph has its own copy of the training images as
 * constants and takes the parameter values as input at each call (e.g. {@link TrainingGraph#parameters()}),
 * with the loss of {@link TrainingGraph}: {@code l_i = -sum_c onehot_ic log softmax(logits_i)_c}.
 *
 * <p>Not thread-safe; close it to free the graph and session.
 */
public final class PerExampleGradients implements AutoCloseable {

    /**
     * Default largest number of examples per graph run. On ConvSmall (n = 1000, float32, 2 threads)
     * chunks of 250 to 1000 took the same time within noise, 50 about 40% longer; 250 bounds the
     * intermediate tensors (about 60 MB in float32) for larger n.
     */
    public static final int DEFAULT_CHUNK = 250;

    /** What {@link NoiseInjectionTiming#perSampleMethod()} reports for this way in its default form. */
    public static final String METHOD = method(ConvForm.SHIFTED_SLICES);

    /**
     * A description of the vectorised way with the given convolution form.
     *
     * @param convForm the form of the convolution kernel gradients
     * @return one phrase, for timing reports
     */
    public static String method(ConvForm convForm) {
        return "vectorised (all per-example gradients in one graph run per chunk of examples: outer products for"
                + " fc layers, input patches^T x output gradients for conv layers by "
                + (convForm == ConvForm.SHIFTED_SLICES ? "shifted input slices" : "ExtractImagePatches") + ")";
    }

    /** How the per-example convolution kernel gradients {@code patches_i^T dz_i} are formed. */
    public enum ConvForm {
        /** kh*kw shifted slices of the input, each {@code [N, P, cin]^T [N, P, cout]} by BatchMatMul, stacked. */
        SHIFTED_SLICES,
        /** {@code ExtractImagePatches} {@code [N, P, kh*kw*cin]}, then one BatchMatMul with adj_x. */
        PATCHES
    }

    private final ConvSmall model;
    private final ConvForm convForm;
    private final List<Parameter> specs;
    private final Precision precision;
    private final int chunk;
    private final int trainCount;
    private final Graph graph;
    private final Session session;
    private final Placeholder<TInt32> idx;
    private final List<Placeholder<? extends TFloating>> params = new ArrayList<>();
    private final List<Operand<? extends TFloating>> perExample = new ArrayList<>();

    private PerExampleGradients(ConvSmall model, ImageSet train, Precision precision, int intraThreads,
                                int interThreads, int chunk, ConvForm convForm) {
        if (chunk < 1) {
            throw new IllegalArgumentException("chunk=" + chunk + " must be >= 1");
        }
        if (intraThreads < 0 || interThreads < 0) {
            throw new IllegalArgumentException("thread counts intra=" + intraThreads + ", inter=" + interThreads
                    + " must be >= 0");
        }
        int[] in = model.inputShape();
        if (train.height() != in[0] || train.width() != in[1] || train.channels() != in[2]) {
            throw new IllegalArgumentException("images of '" + train.name() + "' are " + train.height() + "x"
                    + train.width() + "x" + train.channels() + ", but " + model.name() + " expects " + in[0] + "x"
                    + in[1] + "x" + in[2]);
        }
        if (train.classes() != model.classes()) {
            throw new IllegalArgumentException("'" + train.name() + "' has " + train.classes() + " classes, but "
                    + model.name() + " outputs " + model.classes());
        }
        this.model = model;
        this.convForm = java.util.Objects.requireNonNull(convForm, "convForm");
        this.specs = model.parameters();
        this.precision = precision;
        this.chunk = chunk;
        this.trainCount = train.count();
        this.graph = new Graph();
        boolean ok = false;
        try {
            Ops tf = Ops.create(graph);
            this.idx = tf.withName("idx").placeholder(TInt32.class, Placeholder.shape(Shape.of(-1)));
            build(tf, train, precision.type());
            this.session = new Session(graph, SessionConfig.threads(intraThreads, interThreads));
            ok = true;
        } finally {
            if (!ok) {
                graph.close();
            }
        }
    }

    /**
     * Whether {@code model} has a vectorised per-example gradient here (ConvSmall only).
     *
     * @param model the network
     * @return whether it is a {@link ConvSmall}
     */
    public static boolean supports(Model model) {
        return model instanceof ConvSmall;
    }

    /**
     * A per-example gradient graph for {@code model} over the training set {@code train}. The caller closes it.
     *
     * @param model        the network
     * @param train        the training set (copied into the graph as constants)
     * @param precision    float32 or float64
     * @param intraThreads TensorFlow intra-op threads (0: default)
     * @param interThreads TensorFlow inter-op threads (0: default)
     * @param chunk        largest number of examples per graph run, >= 1
     * @param convForm     the form of the convolution kernel gradients, not null
     * @return the graph, with its session
     * @throws IllegalArgumentException when {@code chunk < 1}, a thread count is negative, or the images' shape
     *                                  or classes are not the model's
     * @throws NullPointerException     when {@code convForm} is null
     */
    public static PerExampleGradients build(ConvSmall model, ImageSet train, Precision precision, int intraThreads,
                                            int interThreads, int chunk, ConvForm convForm) {
        return new PerExampleGradients(model, train, precision, intraThreads, interThreads, chunk, convForm);
    }

    /**
     * The per-example gradient graph of a training graph's model, data, precision and threads, in chunks of
     * {@link #DEFAULT_CHUNK}. The caller closes it.
     *
     * @param g the training graph
     * @return the graph, with its session
     * @throws IllegalArgumentException when {@code g}'s model is not a {@link ConvSmall}
     */
    public static PerExampleGradients of(TrainingGraph g) {
        return of(g, DEFAULT_CHUNK);
    }

    /**
     * As {@link #of(TrainingGraph)}, with at most {@code chunk} examples per graph run.
     *
     * @param g     the training graph
     * @param chunk largest number of examples per graph run, >= 1
     * @return the graph, with its session
     * @throws IllegalArgumentException when {@code g}'s model is not a {@link ConvSmall}, or {@code chunk < 1}
     */
    public static PerExampleGradients of(TrainingGraph g, int chunk) {
        return of(g, chunk, ConvForm.SHIFTED_SLICES);
    }

    /**
     * As {@link #of(TrainingGraph, int)}, with the given form of the convolution kernel gradients.
     *
     * @param g        the training graph
     * @param chunk    largest number of examples per graph run, >= 1
     * @param convForm the form of the convolution kernel gradients
     * @return the graph, with its session
     * @throws IllegalArgumentException when {@code g}'s model is not a {@link ConvSmall}, or {@code chunk < 1}
     */
    public static PerExampleGradients of(TrainingGraph g, int chunk, ConvForm convForm) {
        if (!(g.model() instanceof ConvSmall c)) {
            throw new IllegalArgumentException("vectorised per-example gradients exist for ConvSmall only, not "
                    + g.model().name());
        }
        return new PerExampleGradients(c, g.trainingSet(), g.options().precision(), g.options().intraThreads(),
                g.options().interThreads(), chunk, convForm);
    }

    /** @return the network */
    public ConvSmall model() {
        return model;
    }

    /** @return the largest number of examples per graph run */
    public int chunk() {
        return chunk;
    }

    /** @return the form of the convolution kernel gradients */
    public ConvForm convForm() {
        return convForm;
    }

    /** @return {@link #method(ConvForm)} of this instance's form */
    public String method() {
        return method(convForm);
    }

    private <T extends TFloating> void build(Ops tf, ImageSet set, Class<T> type) {
        List<Operand<T>> p = new ArrayList<>();
        for (Parameter s : specs) {
            Placeholder<T> ph = tf.withName("param_" + s.name().replace('/', '_'))
                    .placeholder(type, Placeholder.shape(Shape.of(s.shape())));
            params.add(ph);
            p.add(ph);
        }
        // the data and the loss exactly as in TrainingGraph
        DataInGraph data = DataInGraph.of(tf, set);
        Operand<T> x = data.images(tf, idx, type);
        Operand<TInt32> y = data.labels(tf, idx);
        ConvSmall.Layers<T> l = model.layers(tf, x, p);
        Operand<T> loss = DataInGraph.crossEntropy(tf, l.logits(), y, model.classes(), type);
        // d(sum_i l_i)/dz_k: row i is dl_i/dz_k[i] (examples do not interact)
        Gradients dz = tf.gradients(List.of(loss), List.of(l.conv1(), l.conv2(), l.fc1(), l.logits()),
                Gradients.dx(List.of(tf.onesLike(loss))));
        Operand<T> d1 = cast(dz.dy(0));
        Operand<T> d2 = cast(dz.dy(1));
        Operand<T> d3 = cast(dz.dy(2));
        Operand<T> d4 = cast(dz.dy(3));
        Operand<TInt32> positions = tf.constant(new int[] {1, 2});
        add(tf, LayerGradients.convKernel(tf, l.input(), d1, specs.get(0), type, convForm));
        add(tf, tf.reduceSum(d1, positions));
        add(tf, LayerGradients.convKernel(tf, l.pooled1(), d2, specs.get(2), type, convForm));
        add(tf, tf.reduceSum(d2, positions));
        add(tf, LayerGradients.outer(tf, l.flat(), d3));
        add(tf, d3);
        add(tf, LayerGradients.outer(tf, l.hidden(), d4));
        add(tf, d4);
        for (int k = 0; k < specs.size(); k++) {
            long cols = perExample.get(k).shape().get(1);
            if (cols != specs.get(k).size()) {
                throw new IllegalStateException("per-example gradient of " + specs.get(k).name() + " has " + cols
                        + " columns, the parameter has " + specs.get(k).size() + " entries");
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <T extends TFloating> Operand<T> cast(Operand<?> o) {
        return (Operand<T>) o;
    }

    /** Appends {@code [N, ...]} flattened to {@code [N, size]} (row-major). */
    private <T extends TFloating> void add(Ops tf, Operand<T> perExampleGrad) {
        perExample.add(LayerGradients.flattened(tf, perExampleGrad));
    }

    /**
     * The per-sample gradient matrix by rows (n x d: row i is {@code grad l_{idx[i]}} restricted to
     * {@code subset}, parameters concatenated in the subset's order) at the parameter values
     * {@code parameters} (flattened, in {@link Model#parameters()} order).
     *
     * @param parameters the parameter values, one flattened array per parameter
     * @param idx        training-set indices, at least one
     * @param subset     the parameters whose gradients form the columns
     * @return the {@code idx.length x subset.dimension} matrix
     * @throws IllegalArgumentException when the number of arrays is not the number of parameters, {@code idx} is
     *                                  empty, or an index is outside the training set
     * @throws IllegalStateException    when a fetched gradient does not have the expected size
     */
    public DMatrixRMaj compute(double[][] parameters, int[] idx, NoiseInjection.ParameterSubset subset) {
        if (parameters.length != specs.size()) {
            throw new IllegalArgumentException("values for " + parameters.length + " parameters, the model has "
                    + specs.size());
        }
        if (idx.length == 0) {
            throw new IllegalArgumentException("at least one training index is needed");
        }
        for (int i : idx) {
            if (i < 0 || i >= trainCount) {
                throw new IllegalArgumentException("training index " + i + " must be in [0, " + trainCount + ")");
            }
        }
        int d = subset.dimension(specs);
        int[] parts = subset.parameters();
        int[] colOffset = new int[parts.length];
        for (int j = 1; j < parts.length; j++) {
            colOffset[j] = colOffset[j - 1] + Math.toIntExact(specs.get(parts[j - 1]).size());
        }
        DMatrixRMaj m = new DMatrixRMaj(idx.length, d);
        List<Tensor> feeds = new ArrayList<>();
        try {
            for (int k = 0; k < parameters.length; k++) {
                feeds.add(precision.tensor(Shape.of(specs.get(k).shape()), parameters[k]));
            }
            for (int from = 0; from < idx.length; from += chunk) {
                int len = Math.min(chunk, idx.length - from);
                int[] part = new int[len];
                System.arraycopy(idx, from, part, 0, len);
                try (Tensor ti = TInt32.vectorOf(part)) {
                    var runner = session.runner().feed(this.idx, ti);
                    for (int k = 0; k < params.size(); k++) {
                        runner.feed(params.get(k), feeds.get(k));
                    }
                    for (int p : parts) {
                        runner.fetch(perExample.get(p));
                    }
                    try (Result r = runner.run()) {
                        for (int j = 0; j < parts.length; j++) {
                            int size = Math.toIntExact(specs.get(parts[j]).size());
                            double[] v = Precision.read(r.get(j));
                            if (v.length != len * size) {
                                throw new IllegalStateException("per-example gradient of " + specs.get(parts[j]).name()
                                        + " has " + v.length + " entries, expected " + len + " x " + size);
                            }
                            for (int i = 0; i < len; i++) {
                                System.arraycopy(v, i * size, m.data, (from + i) * d + colOffset[j], size);
                            }
                        }
                    }
                }
            }
        } finally {
            for (Tensor t : feeds) {
                t.close();
            }
        }
        return m;
    }

    /**
     * {@link #compute(double[][], int[], NoiseInjection.ParameterSubset)} at the training graph's current parameters.
     *
     * @param g      the training graph (same model and training set)
     * @param idx    training-set indices, at least one
     * @param subset the parameters whose gradients form the columns
     * @return the {@code idx.length x subset.dimension} matrix
     * @throws IllegalArgumentException as the other form
     */
    public DMatrixRMaj compute(TrainingGraph g, int[] idx, NoiseInjection.ParameterSubset subset) {
        return compute(g.parameters(), idx, subset);
    }

    /** Closes the session, then the graph. */
    @Override
    public void close() {
        try {
            session.close();
        } finally {
            graph.close();
        }
    }
}
