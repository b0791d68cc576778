package org.msgdlab.deep.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.model.ConvSmall;
import org.tensorflow.proto.DataType;
import org.tensorflow.proto.DeviceStepStats;
import org.tensorflow.proto.NodeExecStats;
import org.tensorflow.proto.NodeOutput;
import org.tensorflow.proto.RunMetadata;
import org.tensorflow.proto.StepStats;
import org.tensorflow.proto.TensorDescription;
import org.tensorflow.proto.TensorShapeProto;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each op of a trace to its part: the labels and shapes below are those of a real trace of ConvSmall's full-batch
 * step and evaluation with oneDNN (TensorFlow 2.18, n = 1000, chunks of 2000), and the ops Eigen's kernels run instead.
 */
class TraceAttributionTest {

    private static final long[] IMAGES = {1000, 28, 28, 1};

    /** A traced op from its timeline label, its outputs' type and shapes, its start and its duration (µs). */
    private static NodeExecStats node(String label, DataType type, long start, long micros, long[]... shapes) {
        String name = label.replaceFirst("^\\[[^\\]]*\\] ", "");
        name = name.substring(0, name.indexOf(" = "));
        NodeExecStats.Builder b = NodeExecStats.newBuilder().setNodeName(name).setTimelineLabel(label)
                .setAllStartNanos(1000 * start).setAllEndRelNanos(1000 * micros);
        for (int i = 0; i < shapes.length; i++) {
            TensorShapeProto.Builder s = TensorShapeProto.newBuilder();
            for (long d : shapes[i]) {
                s.addDim(TensorShapeProto.Dim.newBuilder().setSize(d));
            }
            b.addOutput(NodeOutput.newBuilder().setSlot(i)
                    .setTensorDescription(TensorDescription.newBuilder().setDtype(type).setShape(s)));
        }
        return b.build();
    }

    private static NodeExecStats node(String label, DataType type, long[]... shapes) {
        return node(label, type, 0, 1, shapes);
    }

    private static final Object[][] STEP = {
            {"[mklcpu 0.7MB 0.7MB] Gather = GatherV2(Const_8, _arg_train_idx_0_1, Gradients/Const)", DataType.DT_UINT8,
                    IMAGES, StepPart.IMAGES},
            {"[mklcpu 3.0MB 3.0MB] Cast_8 = Cast(Gather)", DataType.DT_FLOAT, IMAGES, StepPart.IMAGES},
            {"Div = Mul(Cast_8, ConstantFolding/Div_recip)", DataType.DT_FLOAT, IMAGES, StepPart.IMAGES},
            {"Gather_1 = GatherV2(Const_9, _arg_train_idx_0_1, Gradients/Const)", DataType.DT_INT32, new long[] {1000},
                    StepPart.OTHER_OPS},
            {"OneHot = OneHot(Gather_1, Const_14, Cast_10, Cast_11)", DataType.DT_FLOAT, new long[] {1000, 10}, StepPart.LOSS},
            {"Const_8 = Const()", DataType.DT_UINT8, IMAGES, StepPart.OTHER_OPS},
            {"[mklcpu 22.0MB 22.0MB] BiasAdd = _MklNativeFusedConv2D(Div, param_conv1_kernel, param_conv1_bias)",
                    DataType.DT_FLOAT, new long[] {1000, 24, 24, 10}, StepPart.CONV1_FORWARD},
            {"MaxPool = _MklNativeMaxPool(BiasAdd)", DataType.DT_FLOAT, new long[] {1000, 12, 12, 10}, StepPart.POOL_RELU},
            {"Relu = Relu(MaxPool)", DataType.DT_FLOAT, new long[] {1000, 12, 12, 10}, StepPart.POOL_RELU},
            {"BiasAdd_1 = _MklNativeFusedConv2D(Relu, param_conv2_kernel, param_conv2_bias)", DataType.DT_FLOAT,
                    new long[] {1000, 8, 8, 10}, StepPart.CONV2_FORWARD},
            {"Reshape = Reshape(Relu_1, Const_13)", DataType.DT_FLOAT, new long[] {1000, 160}, StepPart.OTHER_OPS},
            {"BiasAdd_2 = _MklNativeFusedMatMul(Reshape, param_fc1_kernel, param_fc1_bias)", DataType.DT_FLOAT,
                    new long[] {1000, 50}, StepPart.DENSE_FORWARD},
            {"BiasAdd_3 = _MklNativeFusedMatMul(Relu_2, param_fc2_kernel, param_fc2_bias)", DataType.DT_FLOAT,
                    new long[] {1000, 10}, StepPart.DENSE_FORWARD},
            {"LogSoftmax = LogSoftmax(BiasAdd_3)", DataType.DT_FLOAT, new long[] {1000, 10}, StepPart.LOSS},
            {"randomized_loss = Sum(Mul_1, Gradients/Const)", DataType.DT_FLOAT, new long[0], StepPart.LOSS},
            {"Gradients/Negate = Neg(_arg_weights_0_2)", DataType.DT_FLOAT, new long[] {1000}, StepPart.LOSS},
            {"Gradients/Shape_4 = Shape(Relu)", DataType.DT_INT32, new long[] {4}, StepPart.OTHER_OPS},
            {"Gradients/Add = Add(Gradients/Const_1, Gradients/Size)", DataType.DT_INT32, new long[0], StepPart.OTHER_OPS},
            {"Gradients/MatMul_1 = _MklMatMul(Relu_2, Gradients/Subtract)", DataType.DT_FLOAT, new long[] {50, 10},
                    StepPart.DENSE_WEIGHT_GRADIENT},
            {"[mklcpu 0.2MB 0.2MB] Gradients/MatMul = _MklMatMul(Gradients/Subtract, param_fc2_kernel)", DataType.DT_FLOAT,
                    new long[] {1000, 50}, StepPart.DENSE_INPUT_GRADIENT},
            {"Gradients/ReluGrad = ReluGrad(Gradients/MatMul, BiasAdd_2)", DataType.DT_FLOAT, new long[] {1000, 50},
                    StepPart.POOL_RELU_GRADIENT},
            {"Gradients/MatMul_3 = _MklMatMul(Reshape, Gradients/ReluGrad)", DataType.DT_FLOAT, new long[] {160, 50},
                    StepPart.DENSE_WEIGHT_GRADIENT},
            {"Gradients/MatMul_2 = _MklMatMul(Gradients/ReluGrad, param_fc1_kernel)", DataType.DT_FLOAT,
                    new long[] {1000, 160}, StepPart.DENSE_INPUT_GRADIENT},
            {"Gradients/MaxPoolGrad = _MklNativeMaxPoolGrad(BiasAdd_1, MaxPool_1, Gradients/ReluGrad_1, MaxPool_1:1)",
                    DataType.DT_FLOAT, new long[] {1000, 8, 8, 10}, StepPart.POOL_RELU_GRADIENT},
            {"Gradients/Conv2DBackpropFilter = _MklNativeConv2DBackpropFilterWithBias(Relu, Gradients/Shape_5,"
                    + " Gradients/MaxPoolGrad)", DataType.DT_FLOAT, new long[] {5, 5, 10, 10}, StepPart.CONV2_WEIGHT_GRADIENT},
            {"[mklcpu 5.5MB 5.5MB] Gradients/Conv2DBackpropInput = _MklNativeConv2DBackpropInput(Gradients/Shape_4,"
                    + " param_conv2_kernel, Gradients/MaxPoolGrad)", DataType.DT_FLOAT, new long[] {1000, 12, 12, 10},
                    StepPart.CONV2_INPUT_GRADIENT},
            {"Gradients/MaxPoolGrad_1 = _MklNativeMaxPoolGrad(BiasAdd, MaxPool, Gradients/ReluGrad_2, MaxPool:1)",
                    DataType.DT_FLOAT, new long[] {1000, 24, 24, 10}, StepPart.POOL_RELU_GRADIENT},
            {"Gradients/Conv2DBackpropFilter_1 = _MklNativeConv2DBackpropFilterWithBias(Div, Gradients/Shape_7,"
                    + " Gradients/MaxPoolGrad_1)", DataType.DT_FLOAT, new long[] {5, 5, 1, 10},
                    StepPart.CONV1_WEIGHT_GRADIENT},
            {"Gradients/BiasAddGrad_1 = BiasAddGrad(Gradients/ReluGrad)", DataType.DT_FLOAT, new long[] {50},
                    StepPart.DENSE_WEIGHT_GRADIENT},
            {"ApplyGradientDescent = ApplyGradientDescent(param_conv1_kernel, _arg_learning_rate_0_0,"
                    + " Gradients/Conv2DBackpropFilter_1, ^Gradients/MatMul_1, ^Gradients/BiasAddGrad)", DataType.DT_FLOAT,
                    new long[] {5, 5, 1, 10}, StepPart.UPDATE},
            // Eigen's kernels: unfused convolutions and bias gradients, told apart by the activations they read
            {"Conv2D = Conv2D(Div, param_conv1_kernel)", DataType.DT_FLOAT, new long[] {1000, 24, 24, 10},
                    StepPart.CONV1_FORWARD},
            {"Gradients/BiasAddGrad_3 = BiasAddGrad(Gradients/MaxPoolGrad_1)", DataType.DT_FLOAT, new long[] {10},
                    StepPart.CONV1_WEIGHT_GRADIENT},
            {"Gradients/BiasAddGrad_2 = BiasAddGrad(Gradients/MaxPoolGrad)", DataType.DT_FLOAT, new long[] {10},
                    StepPart.CONV2_WEIGHT_GRADIENT},
            {"Gradients/BiasAddGrad = BiasAddGrad(Gradients/Subtract)", DataType.DT_FLOAT, new long[] {10},
                    StepPart.DENSE_WEIGHT_GRADIENT},
            {"Gradients/Subtract = Sub(Gradients/Reshape_2, Gradients/Multiply_2)", DataType.DT_FLOAT, new long[] {1000, 10},
                    StepPart.LOSS},
            // the evaluation's: a node named Relu_5 that is oneDNN's matrix product with the ReLU fused; the accuracy
            {"[mklcpu 0.4MB 0.4MB] Relu_5 = _MklNativeFusedMatMul(Reshape_1, param_fc1_kernel, param_fc1_bias)",
                    DataType.DT_FLOAT, new long[] {2000, 50}, StepPart.DENSE_FORWARD},
            {"BiasAdd_4 = _MklNativeFusedConv2D(Div_1, param_conv1_kernel, param_conv1_bias)", DataType.DT_FLOAT,
                    new long[] {2000, 24, 24, 10}, StepPart.CONV1_FORWARD},
            {"ArgMax_1 = ArgMax(BiasAdd_7, Const_35)", DataType.DT_INT64, new long[] {2000}, StepPart.OTHER_OPS},
            {"Cast_19 = Cast(Equal_1)", DataType.DT_FLOAT, new long[] {2000}, StepPart.LOSS},
            {"_SOURCE = NoOp()", DataType.DT_FLOAT, new long[0], StepPart.OTHER_OPS},
            // a convolution of a shape ConvSmall does not have is not counted as one of its layers
            {"Odd = _MklNativeFusedConv2D(Div, param_other_kernel, param_other_bias)", DataType.DT_FLOAT,
                    new long[] {1000, 20, 20, 10}, StepPart.OTHER_OPS}};

    @Test
    void everyOpOfARealTraceToItsPart() {
        TraceAttribution t = new TraceAttribution(ConvSmall.paper());
        List<TraceAttribution.TracedOp> ops = new ArrayList<>();
        for (Object[] row : STEP) {
            ops.add(TraceAttribution.TracedOp.of(node((String) row[0], (DataType) row[1], (long[]) row[2])));
        }
        Map<String, long[]> shapes = new HashMap<>();
        ops.forEach(o -> shapes.put(o.name(), o.outputs().isEmpty() ? new long[0] : o.outputs().get(0)));
        for (int i = 0; i < STEP.length; i++) {
            assertEquals(STEP[i][3], t.classify(ops.get(i), shapes), (String) STEP[i][0]);
        }
    }

    @Test
    void theLabelIsReadIntoTypeAndInputs() {
        TraceAttribution.TracedOp o = TraceAttribution.TracedOp.of(node("[mklcpu 2.4MB 2.4MB] Gradients/MaxPoolGrad ="
                + " _MklNativeMaxPoolGrad(BiasAdd_1, MaxPool_1, Gradients/ReluGrad_1, MaxPool_1:1, ^Gradients/MatMul)",
                DataType.DT_FLOAT, 7, 5, new long[] {1000, 8, 8, 10}));
        assertEquals("Gradients/MaxPoolGrad", o.name());
        assertEquals("_MklNativeMaxPoolGrad", o.op());
        assertEquals(List.of("BiasAdd_1", "MaxPool_1", "Gradients/ReluGrad_1", "MaxPool_1"), o.inputs());
        assertEquals(7_000, o.startNanos());
        assertEquals(5_000, o.nanos());
        // no label (a trace without labels): an op of no known type, other ops
        TraceAttribution.TracedOp bare = TraceAttribution.TracedOp.of(NodeExecStats.newBuilder().setNodeName("x")
                .setAllStartMicros(3).setAllEndRelMicros(2).build());
        assertEquals("", bare.op());
        assertEquals(3_000, bare.startNanos());
        assertEquals(2_000, bare.nanos());
        assertEquals(StepPart.OTHER_OPS, new TraceAttribution(ConvSmall.paper()).classify(bare, Map.of()));
    }

    @Test
    void timesAddUpByPartAndOverlappingOpsCountOnceInTheBusyTime() {
        // conv1 forward [0, 100) µs, conv2 forward [50, 150) at once with it, the update [200, 210): the ops took 210 µs,
        // at least one ran during 160 µs; two runs of it
        RunMetadata md = RunMetadata.newBuilder().setStepStats(StepStats.newBuilder().addDevStats(DeviceStepStats
                .newBuilder().setDevice("cpu")
                .addNodeStats(node("BiasAdd = _MklNativeFusedConv2D(Div, k, b)", DataType.DT_FLOAT, 0, 100,
                        new long[] {1000, 24, 24, 10}))
                .addNodeStats(node("BiasAdd_1 = _MklNativeFusedConv2D(Relu, k, b)", DataType.DT_FLOAT, 50, 100,
                        new long[] {1000, 8, 8, 10}))
                .addNodeStats(node("ApplyGradientDescent = ApplyGradientDescent(p, lr, g)", DataType.DT_FLOAT, 200, 10,
                        new long[] {10})))).build();
        TraceAttribution t = new TraceAttribution(ConvSmall.paper()).add(md).add(md);
        assertEquals(2, t.runs());
        assertEquals(200e-6, t.seconds().get(StepPart.CONV1_FORWARD), 1e-15);
        assertEquals(200e-6, t.seconds().get(StepPart.CONV2_FORWARD), 1e-15);
        assertEquals(20e-6, t.seconds().get(StepPart.UPDATE), 1e-15);
        assertEquals(0, t.seconds().get(StepPart.LOSS));
        assertEquals(420e-6, t.opSeconds(), 1e-15);
        assertEquals(320e-6, t.busySeconds(), 1e-15);
    }

    @Test
    void aNetworkWhoseTwoKernelsHaveOneShapeIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TraceAttribution(ConvSmall.of(16, 16, 2, 3, 2, 4)));
        assertTrue(e.getMessage().contains("conv1's and conv2's kernels have one shape"), e.getMessage());
    }
}
