package org.msgdlab.deep.graph;

import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.GraphDef;
import org.tensorflow.proto.NodeDef;
import org.tensorflow.proto.RunMetadata;
import org.tensorflow.proto.RunOptions;
import org.tensorflow.types.TFloat32;

import java.util.List;

/**
 * Which kernels TensorFlow runs the convolutions and pooling with in this process: oneDNN's
 * (Intel's deep-learning library, TensorFlow's graph rewrite to {@code _Mkl*} ops) or TensorFlow's
 * own Eigen kernels. TensorFlow decides once per process, from the environment variable
 * {@code TF_ENABLE_ONEDNN_OPTS} (1 on, 0 off; unset: on only on CPUs with AVX-512 VNNI and newer,
 * off on this project's AMD machines); the {@code msgd} launcher sets it to 1 unless it is set.
 *
 * <p>The two compute the same functions in a different order of floating-point operations, so a
 * run's numbers depend on them: {@code run.json} records them, and a run is continued only with the
 * kernels it was trained with (bit for bit). oneDNN runs about 2.7 times faster here on
 * the ConvSmall full-batch step (deep/README.md, Speed).
 */
public enum Kernels {
    /** oneDNN kernels ({@code _MklNative*} ops after TensorFlow's rewrite). */
    ONEDNN("onednn"),
    /** TensorFlow's Eigen kernels. */
    EIGEN("eigen");

    private final String id;
    private static volatile Kernels current;

    Kernels(String id) {
        this.id = id;
    }

    /** @return the name recorded in run.json: {@code onednn} or {@code eigen} */
    public String id() {
        return id;
    }

    /**
     * The kernels of this process, found once by running a 3x3 convolution and reading the graph
     * TensorFlow executed (its {@code RunMetadata} partition graphs): {@code _Mkl} ops mean oneDNN.
     *
     * @return the kernels every graph of this process runs with
     */
    public static Kernels current() {
        Kernels k = current;
        if (k == null) {
            synchronized (Kernels.class) {
                if (current == null) {
                    current = probe();
                }
                k = current;
            }
        }
        return k;
    }

    /**
     * The kernels named {@code id} in run.json.
     *
     * @param id {@code onednn} or {@code eigen}
     * @return the kernels
     * @throws IllegalArgumentException for any other name
     */
    public static Kernels parse(String id) {
        for (Kernels k : values()) {
            if (k.id.equals(id)) {
                return k;
            }
        }
        throw new IllegalArgumentException("kernels '" + id + "' must be onednn or eigen");
    }

    /** The environment variable that chooses the kernels. */
    public static final String VARIABLE = "TF_ENABLE_ONEDNN_OPTS";

    /** @return the value of {@link #VARIABLE} that selects these kernels: 1 for oneDNN, 0 for Eigen */
    public String variableValue() {
        return this == ONEDNN ? "1" : "0";
    }

    /** @return the assignment of {@link #VARIABLE} that selects these kernels, e.g. {@code TF_ENABLE_ONEDNN_OPTS=0} */
    public String environment() {
        return VARIABLE + "=" + variableValue();
    }

    /** @return the kernels these are not */
    public Kernels other() {
        return this == ONEDNN ? EIGEN : ONEDNN;
    }

    private static Kernels probe() {
        try (Graph g = new Graph()) {
            Ops tf = Ops.create(g);
            Placeholder<TFloat32> x = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(1, 6, 6, 1)));
            Operand<TFloat32> filter = tf.fill(tf.constant(new int[] {3, 3, 1, 1}), tf.constant(1f));
            Operand<TFloat32> y = tf.nn.conv2d(x, filter, List.of(1L, 1L, 1L, 1L), "VALID");
            try (Session s = new Session(g);
                 TFloat32 in = TFloat32.tensorOf(Shape.of(1, 6, 6, 1));
                 Result r = s.runner().feed(x, in).fetch(y)
                         .setOptions(RunOptions.newBuilder().setOutputPartitionGraphs(true).build())
                         .runAndFetchMetadata()) {
                RunMetadata md = r.getMetadata().orElseThrow(
                        () -> new IllegalStateException("TensorFlow returned no run metadata for the kernel probe"));
                for (GraphDef part : md.getPartitionGraphsList()) {
                    for (NodeDef node : part.getNodeList()) {
                        if (node.getOp().startsWith("_Mkl")) {
                            return ONEDNN;
                        }
                    }
                }
                return EIGEN;
            }
        }
    }
}
