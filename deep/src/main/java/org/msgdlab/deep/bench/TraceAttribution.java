package org.msgdlab.deep.bench;

import org.msgdlab.deep.model.ConvSmall;
import org.tensorflow.proto.DataType;
import org.tensorflow.proto.DeviceStepStats;
import org.tensorflow.proto.NodeExecStats;
import org.tensorflow.proto.NodeOutput;
import org.tensorflow.proto.RunMetadata;
import org.tensorflow.proto.TensorShapeProto;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Assigns the ops of TensorFlow's trace of a ConvSmall run ({@code RunOptions} SOFTWARE_TRACE or above: each op's name, its
 * timeline label "NAME = OP(INPUTS)", its outputs' types and shapes, its start and end) to the parts of
 * {@link StepPart}, and adds up their times. An op is recognized by its type and shapes, not by the names the graph
 * builder happened to give it, so that oneDNN's rewritten ops ({@code _MklNativeFusedConv2D}, ...) and Eigen's are read
 * alike; the rules, in order ({@link #classify}):
 * <ol>
 *   <li>bookkeeping ops (constants, variables, arguments, return values, shapes, reshapes, identities): other ops;</li>
 *   <li>{@code Apply*}, {@code Assign*}: the update;</li>
 *   <li>a convolution's filter gradient by its output, the shape of conv1's or conv2's kernel; its input gradient;
 *       a forward convolution by its output, conv1's or conv2's activations;</li>
 *   <li>a matrix product under {@code Gradients/}: a weight gradient when its output has a dense kernel's shape, an
 *       input gradient otherwise; outside: the dense layers' forward pass;</li>
 *   <li>{@code BiasAddGrad}: the weight gradient of the layer whose activations it reads (rank 2: dense; a
 *       convolution's by the shape);</li>
 *   <li>max pooling and ReLU (their gradients when the op is one);</li>
 *   <li>an op whose output has the images' shape: the images in;</li>
 *   <li>any other op with a floating-point output: the loss; the rest (labels, indices, booleans): other ops.</li>
 * </ol>
 * Not thread-safe: one accumulation at a time ({@link #add}).
 */
public final class TraceAttribution {

    private static final Set<String> BOOKKEEPING = Set.of("_SOURCE", "NoOp", "_Arg", "_Retval", "Const", "VariableV2",
            "VarHandleOp", "ReadVariableOp", "Identity", "Placeholder", "Shape", "ShapeN", "Size", "Rank", "Range",
            "Reshape", "DynamicStitch", "BroadcastGradientArgs", "ExpandDims", "Squeeze");
    private static final Set<DataType> FLOATING = Set.of(DataType.DT_FLOAT, DataType.DT_DOUBLE, DataType.DT_HALF,
            DataType.DT_BFLOAT16);

    /**
     * One op of a trace. Immutable (its lists are copies) and thread-safe.
     *
     * @param name        the node's name
     * @param op          the op's type, from the timeline label ("" when the label has none)
     * @param inputs      the names of the nodes whose outputs it reads (control inputs and output slots dropped)
     * @param outputs     the shapes of its outputs, by slot
     * @param floatOutput whether an output is floating-point
     * @param startNanos  when it started, ns (the trace's clock)
     * @param nanos       how long it took, ns (start to the end of all its work)
     */
    public record TracedOp(String name, String op, List<String> inputs, List<long[]> outputs, boolean floatOutput,
                           long startNanos, long nanos) {
        /** Copies the lists. */
        public TracedOp {
            inputs = List.copyOf(inputs);
            outputs = List.copyOf(outputs);
        }

        /**
         * Reads one node of a trace.
         *
         * @param n the node's statistics
         * @return the op
         */
        public static TracedOp of(NodeExecStats n) {
            String label = n.getTimelineLabel();
            int eq = label.indexOf(" = ");
            int open = eq < 0 ? -1 : label.indexOf('(', eq);
            String op = eq < 0 ? "" : label.substring(eq + 3, open < 0 ? label.length() : open).trim();
            List<String> inputs = new ArrayList<>();
            if (open >= 0 && label.endsWith(")")) {
                for (String in : label.substring(open + 1, label.length() - 1).split(",")) {
                    String s = in.trim();
                    if (!s.isEmpty() && !s.startsWith("^")) {
                        inputs.add(s.contains(":") ? s.substring(0, s.indexOf(':')) : s);
                    }
                }
            }
            List<NodeOutput> outs = new ArrayList<>(n.getOutputList());
            outs.sort(Comparator.comparingInt(NodeOutput::getSlot));
            List<long[]> shapes = new ArrayList<>();
            boolean floating = false;
            for (NodeOutput o : outs) {
                TensorShapeProto s = o.getTensorDescription().getShape();
                shapes.add(s.getDimList().stream().mapToLong(TensorShapeProto.Dim::getSize).toArray());
                floating |= FLOATING.contains(o.getTensorDescription().getDtype());
            }
            long start = n.getAllStartNanos() != 0 ? n.getAllStartNanos() : 1000 * n.getAllStartMicros();
            long took = n.getAllEndRelNanos() != 0 ? n.getAllEndRelNanos() : 1000 * n.getAllEndRelMicros();
            return new TracedOp(n.getNodeName(), op, inputs, shapes, floating, start, took);
        }

        /** @return the shape of its first output (empty when none was recorded) */
        long[] shape() {
            return outputs.isEmpty() ? new long[0] : outputs.get(0);
        }
    }

    private final long[] conv1Kernel;
    private final long[] conv2Kernel;
    private final long[] fc1Kernel;
    private final long[] fc2Kernel;
    private final long[] image;
    private final long[] conv1Out;
    private final long[] conv2In;
    private final long[] conv2Out;

    private final EnumMap<StepPart, Long> nanos = new EnumMap<>(StepPart.class);
    private long opNanos;
    private long busyNanos;
    private int runs;

    /**
     * An empty accumulation for {@code model}'s traces.
     *
     * @param model the network
     * @throws IllegalArgumentException when conv1's and conv2's kernels have one shape (their filter gradients could not
     *                                  be told apart)
     */
    public TraceAttribution(ConvSmall model) {
        int[] img = model.imageShape();
        int conv = model.conv1Output()[2];
        conv1Kernel = new long[] {5, 5, img[2], conv};
        conv2Kernel = new long[] {5, 5, conv, conv};
        if (Arrays.equals(conv1Kernel, conv2Kernel)) {
            throw new IllegalArgumentException("ConvSmall with " + img[2] + " image channels and " + conv + " conv channels:"
                    + " conv1's and conv2's kernels have one shape, their filter gradients cannot be told apart in a trace");
        }
        fc1Kernel = new long[] {model.flatUnits(), model.hiddenUnits()};
        fc2Kernel = new long[] {model.hiddenUnits(), model.classes()};
        image = longs(img);
        conv1Out = longs(model.conv1Output());
        conv2In = longs(model.conv2Input());
        conv2Out = longs(model.conv2Output());
        for (StepPart p : StepPart.values()) {
            nanos.put(p, 0L);
        }
    }

    private static long[] longs(int[] v) {
        return Arrays.stream(v).asLongStream().toArray();
    }

    /** Whether {@code shape} is a batch of tensors of shape {@code per}: [any, per...]. */
    private static boolean batchOf(long[] shape, long[] per) {
        return shape.length == per.length + 1 && Arrays.equals(Arrays.copyOfRange(shape, 1, shape.length), per);
    }

    /**
     * The part of one op (the rules of the class comment).
     *
     * @param o       the op
     * @param shapeOf the first output's shape of every op of the same run, by name (for the ops an op reads)
     * @return its part; never {@link StepPart#SESSION} or {@link StepPart#NOISE_DRAW}, which are not ops
     */
    public StepPart classify(TracedOp o, Map<String, long[]> shapeOf) {
        String op = o.op();
        long[] out = o.shape();
        if (op.isEmpty() || BOOKKEEPING.contains(op)) {
            return StepPart.OTHER_OPS;
        }
        if (op.startsWith("Apply") || op.startsWith("ResourceApply") || op.startsWith("Assign")) {
            return StepPart.UPDATE;
        }
        if (op.contains("Conv2D")) {
            if (op.contains("BackpropFilter")) {
                return Arrays.equals(out, conv1Kernel) ? StepPart.CONV1_WEIGHT_GRADIENT
                        : Arrays.equals(out, conv2Kernel) ? StepPart.CONV2_WEIGHT_GRADIENT : StepPart.OTHER_OPS;
            }
            if (op.contains("BackpropInput")) {
                return batchOf(out, conv2In) ? StepPart.CONV2_INPUT_GRADIENT : StepPart.OTHER_OPS;
            }
            return batchOf(out, conv1Out) ? StepPart.CONV1_FORWARD
                    : batchOf(out, conv2Out) ? StepPart.CONV2_FORWARD : StepPart.OTHER_OPS;
        }
        if (op.contains("MatMul")) {
            if (!o.name().startsWith("Gradients/")) {
                return StepPart.DENSE_FORWARD;
            }
            return Arrays.equals(out, fc1Kernel) || Arrays.equals(out, fc2Kernel) ? StepPart.DENSE_WEIGHT_GRADIENT
                    : StepPart.DENSE_INPUT_GRADIENT;
        }
        if (op.contains("BiasAddGrad")) {
            long[] in = o.inputs().isEmpty() ? null : shapeOf.get(o.inputs().get(0));
            return in == null ? StepPart.OTHER_OPS : in.length == 2 ? StepPart.DENSE_WEIGHT_GRADIENT
                    : batchOf(in, conv1Out) ? StepPart.CONV1_WEIGHT_GRADIENT
                    : batchOf(in, conv2Out) ? StepPart.CONV2_WEIGHT_GRADIENT : StepPart.OTHER_OPS;
        }
        if (op.contains("MaxPool") || op.contains("AvgPool") || op.contains("Relu")) {
            return op.contains("Grad") ? StepPart.POOL_RELU_GRADIENT : StepPart.POOL_RELU;
        }
        if (batchOf(out, image)) {
            return StepPart.IMAGES;
        }
        return o.floatOutput() ? StepPart.LOSS : StepPart.OTHER_OPS;
    }

    /**
     * Adds one run's trace: each op's time to its part, the sum of the ops' times, and the time during which at least
     * one op ran (the union of their intervals: less than the sum where ops ran at once).
     *
     * @param md the run's metadata
     * @return this accumulation
     */
    public TraceAttribution add(RunMetadata md) {
        List<TracedOp> ops = new ArrayList<>();
        for (DeviceStepStats d : md.getStepStats().getDevStatsList()) {
            for (NodeExecStats n : d.getNodeStatsList()) {
                ops.add(TracedOp.of(n));
            }
        }
        Map<String, long[]> shapes = new HashMap<>();
        ops.forEach(o -> shapes.put(o.name(), o.shape()));
        for (TracedOp o : ops) {
            nanos.merge(classify(o, shapes), o.nanos(), Long::sum);
            opNanos += o.nanos();
        }
        busyNanos += busy(ops);
        runs++;
        return this;
    }

    /** The union of the ops' intervals [start, start + nanos), ns. */
    static long busy(List<TracedOp> ops) {
        List<TracedOp> sorted = new ArrayList<>(ops);
        sorted.sort(Comparator.comparingLong(TracedOp::startNanos));
        long total = 0;
        long from = Long.MIN_VALUE;
        long to = Long.MIN_VALUE;
        for (TracedOp o : sorted) {
            long end = o.startNanos() + o.nanos();
            if (o.startNanos() > to) {
                total += to - from;
                from = o.startNanos();
                to = end;
            } else {
                to = Math.max(to, end);
            }
        }
        return total + (to - from);
    }

    /** @return seconds per part over the runs added, summed (the ops' parts; {@link StepPart#SESSION} and the draw 0) */
    public EnumMap<StepPart, Double> seconds() {
        EnumMap<StepPart, Double> m = new EnumMap<>(StepPart.class);
        nanos.forEach((p, ns) -> m.put(p, ns / 1e9));
        return m;
    }

    /** @return the ops' times summed over the runs added, seconds */
    public double opSeconds() {
        return opNanos / 1e9;
    }

    /** @return the time during which at least one op ran, summed over the runs added, seconds */
    public double busySeconds() {
        return busyNanos / 1e9;
    }

    /** @return the runs added */
    public int runs() {
        return runs;
    }
}
