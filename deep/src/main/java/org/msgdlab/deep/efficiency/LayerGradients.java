package org.msgdlab.deep.efficiency;

import org.msgdlab.deep.efficiency.PerExampleGradients.ConvForm;
import org.msgdlab.deep.model.Parameter;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Stack;
import org.tensorflow.op.train.BatchMatMul;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.family.TFloating;

import java.util.ArrayList;
import java.util.List;

/**
 * The per-example parameter gradients of one layer as graph operations, for {@link PerExampleGradients}.
 * Given the per-example output gradients {@code dz_i} of a layer and its input {@code a_i}, for every
 * example i:
 * <ul>
 *   <li>fully connected layer {@code z = a W + b}: {@code dW_i = a_i^T dz_i} (outer product
 *       {@code [in, out]}, by broadcasting), {@code db_i = dz_i};</li>
 *   <li>convolution {@code z = conv(a, K) + b} (VALID, stride 1, kernel HWIO {@code [kh, kw, cin, cout]},
 *       {@code z[y, x, o] = sum_{h, w, c} a[y + h, x + w, c] K[h, w, c, o]}): with the P output
 *       positions, {@code dK_i[h, w, c, o] = sum_{y, x} a_i[y + h, x + w, c] dz_i[y, x, o]}, i.e.
 *       {@code dK_i = patches_i^T dz_i} with the input patches {@code [P, kh*kw*cin]} vectorised
 *       row-major over (row, column, channel); the row-major flattening of {@code [kh*kw*cin, cout]}
 *       is the HWIO flattening of the kernel. {@code db_i = sum over positions of dz_i}.
 *       Two forms ({@link ConvForm}, chosen by {@link PerExampleGradients}): by default
 *       {@link ConvForm#SHIFTED_SLICES} (for each of the kh*kw kernel offsets, the shifted input slice {@code [N, P, cin]} times dz by BatchMatMul,
 *       stacked), or {@link ConvForm#PATCHES} ({@code ExtractImagePatches} and one BatchMatMul).
 *       On ConvSmall (n = 1000, float32, 2 threads, noisy shared machine) the kernel gradients by
 *       slices took about a third to a quarter of the time by patches (whose patch extraction alone
 *       dominates for the one-channel first layer), the whole per-example gradient about half.</li>
 * </ul>
 */
final class LayerGradients {

    private LayerGradients() {
    }

    /** @return {@code [N, ...]} flattened to {@code [N, size]} (row-major) */
    static <T extends TFloating> Operand<T> flattened(Ops tf, Operand<T> perExampleGrad) {
        Shape s = perExampleGrad.shape();
        long size = 1;
        for (int i = 1; i < s.numDimensions(); i++) {
            size *= s.get(i);
        }
        return tf.reshape(perExampleGrad, tf.constant(new int[] {-1, Math.toIntExact(size)}));
    }

    /** Per-example {@code a_i^T dz_i}: {@code [N, in, 1] * [N, 1, out] -> [N, in, out]}. */
    static <T extends TFloating> Operand<T> outer(Ops tf, Operand<T> a, Operand<T> dz) {
        return tf.math.mul(tf.expandDims(a, tf.constant(2)), tf.expandDims(dz, tf.constant(1)));
    }

    /**
     * Per-example kernel gradient of a VALID, stride-1 convolution with HWIO kernel {@code spec}:
     * {@code patches_i^T dz_i}, {@code [N, kh*kw*cin, cout]}, formed as {@code convForm} says.
     */
    static <T extends TFloating> Operand<T> convKernel(Ops tf, Operand<T> input, Operand<T> dz, Parameter spec,
                                                       Class<T> type, ConvForm convForm) {
        long[] k = spec.shape();   // kh, kw, cin, cout
        Shape out = dz.shape();     // [N, ho, wo, cout]
        if (out.numDimensions() != 4 || out.get(1) < 1 || out.get(2) < 1 || out.get(3) != k[3]) {
            throw new IllegalStateException("output gradient of " + spec.name() + " has static shape " + out
                    + ", expected [N, ho, wo, " + k[3] + "]");
        }
        int positions = Math.toIntExact(out.get(1) * out.get(2));
        int patch = Math.toIntExact(k[0] * k[1] * k[2]);
        Operand<T> g = tf.reshape(dz, tf.constant(new int[] {-1, positions, Math.toIntExact(k[3])}));
        if (convForm == ConvForm.SHIFTED_SLICES) {
            // offset (h, w): a[:, h:h+ho, w:w+wo, :] as [N, P, cin]; its product with dz is dK[h, w, :, :]
            int[] size = {-1, Math.toIntExact(out.get(1)), Math.toIntExact(out.get(2)), Math.toIntExact(k[2])};
            Operand<TInt32> flat = tf.constant(new int[] {-1, positions, Math.toIntExact(k[2])});
            List<Operand<T>> offsets = new ArrayList<>();
            for (int h = 0; h < k[0]; h++) {
                for (int w = 0; w < k[1]; w++) {
                    Operand<T> s = tf.slice(input, tf.constant(new int[] {0, h, w, 0}), tf.constant(size));
                    offsets.add(tf.train.batchMatMul(tf.reshape(s, flat), g, type, BatchMatMul.adjX(true)));
                }
            }
            return tf.stack(offsets, Stack.axis(1L));   // [N, kh*kw, cin, cout], h-major: the HWIO order
        }
        Operand<T> patches = tf.image.extractImagePatches(input, List.of(1L, k[0], k[1], 1L), List.of(1L, 1L, 1L, 1L),
                List.of(1L, 1L, 1L, 1L), "VALID");
        Operand<T> p = tf.reshape(patches, tf.constant(new int[] {-1, positions, patch}));
        return tf.train.batchMatMul(p, g, type, BatchMatMul.adjX(true));
    }
}
