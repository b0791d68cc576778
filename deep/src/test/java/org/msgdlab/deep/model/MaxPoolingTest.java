package org.msgdlab.deep.model;

import org.junit.jupiter.api.Test;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * {@link MaxPooling#twoByTwo} is the max over each 2x2 window (checked against a loop on the host)
 * and its gradient routes each upstream value to its window's maximum, exactly: maxima and their
 * routing involve no rounding, so the {@code MaxPool} op (oneDNN-rewritable) equals the
 * {@code MaxPoolV2} that ConvSmall used before, whichever kernels run, to the bit.
 */
class MaxPoolingTest {

    static final int N = 3;
    static final int H = 6;
    static final int W = 4;
    static final int C = 2;

    record Pooled(float[] values, float[] gradient) {
    }

    /** Pools x (NHWC) and differentiates sum(pooled * u) for a fixed u, with the new op or tf.nn.maxPool. */
    static Pooled pool(float[] x, float[] u, boolean attributeWindow) {
        try (Graph g = new Graph()) {
            Ops tf = Ops.create(g);
            Placeholder<TFloat32> in = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(N, H, W, C)));
            Operand<TFloat32> y = attributeWindow ? MaxPooling.twoByTwo(tf, in)
                    : tf.nn.maxPool(in, tf.constant(new int[] {1, 2, 2, 1}), tf.constant(new int[] {1, 2, 2, 1}), "VALID");
            Operand<TFloat32> loss = tf.reduceSum(tf.math.mul(y, tf.constant(Shape.of(N, H / 2, W / 2, C), DataBuffers.of(u))),
                    tf.constant(new int[] {0, 1, 2, 3}));
            Gradients grad = tf.gradients(loss, List.of(in));
            try (Session s = new Session(g);
                 TFloat32 t = TFloat32.tensorOf(Shape.of(N, H, W, C), DataBuffers.of(x));
                 Result r = s.runner().feed(in, t).fetch(y).fetch(grad.dy(0)).run()) {
                return new Pooled(read((TFloat32) r.get(0)), read((TFloat32) r.get(1)));
            }
        }
    }

    static float[] read(TFloat32 t) {
        float[] out = new float[Math.toIntExact(t.shape().size())];
        t.asRawTensor().data().asFloats().read(out);
        return out;
    }

    static float[] random(int size, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] v = new float[size];
        for (int i = 0; i < size; i++) {
            v[i] = (float) (r.nextDouble() * 4 - 2);
        }
        return v;
    }

    static int at(int n, int h, int w, int c) {
        return ((n * H + h) * W + w) * C + c;
    }

    @Test
    void eachOutputIsTheMaximumOfItsWindowAndTheGradientGoesToThatMaximum() {
        float[] x = random(N * H * W * C, 1);
        float[] u = random(N * (H / 2) * (W / 2) * C, 2);
        Pooled p = pool(x, u, true);
        float[] expected = new float[u.length];
        float[] expectedGrad = new float[x.length];
        int o = 0;
        for (int n = 0; n < N; n++) {
            for (int h = 0; h < H / 2; h++) {
                for (int w = 0; w < W / 2; w++) {
                    for (int c = 0; c < C; c++) {
                        int best = at(n, 2 * h, 2 * w, c);
                        for (int dh = 0; dh < 2; dh++) {
                            for (int dw = 0; dw < 2; dw++) {
                                int i = at(n, 2 * h + dh, 2 * w + dw, c);
                                if (x[i] > x[best]) {
                                    best = i;
                                }
                            }
                        }
                        expected[o] = x[best];
                        expectedGrad[best] += u[o];
                        o++;
                    }
                }
            }
        }
        assertArrayEquals(expected, p.values(), 0f);
        assertArrayEquals(expectedGrad, p.gradient(), 0f);
        // a plausible wrong pooling (the mean of the window) is not what it computes
        float mean = (x[at(0, 0, 0, 0)] + x[at(0, 0, 1, 0)] + x[at(0, 1, 0, 0)] + x[at(0, 1, 1, 0)]) / 4;
        assertFalse(mean == p.values()[0], "the first window's mean equals its max; choose another seed");
    }

    @Test
    void theAttributeOpEqualsTensorFlowJavasMaxPoolV2ToTheBit() {
        float[] x = random(N * H * W * C, 3);
        float[] u = random(N * (H / 2) * (W / 2) * C, 4);
        Pooled a = pool(x, u, true);
        Pooled b = pool(x, u, false);
        assertArrayEquals(b.values(), a.values(), 0f);
        assertArrayEquals(b.gradient(), a.gradient(), 0f);
        assertEquals(N * (H / 2) * (W / 2) * C, a.values().length);
    }
}
