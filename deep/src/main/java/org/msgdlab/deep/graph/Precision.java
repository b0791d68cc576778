package org.msgdlab.deep.graph;

import org.tensorflow.Tensor;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TFloat64;
import org.tensorflow.types.family.TFloating;

/**
 * The floating-point type of a training graph: {@code FLOAT32} for training (as the paper's
 * PyTorch runs), {@code FLOAT64} for tight numerical checks of the step on small models.
 */
public enum Precision {
    FLOAT32(TFloat32.class), FLOAT64(TFloat64.class);

    private final Class<? extends TFloating> type;

    Precision(Class<? extends TFloating> type) {
        this.type = type;
    }

    /** @return the TensorFlow type class ({@code TFloat32} or {@code TFloat64}) */
    public Class<? extends TFloating> type() {
        return type;
    }

    /**
     * A new tensor of this type and {@code shape} holding {@code values} (row-major). The caller closes it.
     *
     * @param shape  the shape
     * @param values the values, row-major (rounded to float for {@code FLOAT32})
     * @return the tensor
     * @throws IllegalArgumentException when {@code values.length} is not the shape's size
     */
    public Tensor tensor(Shape shape, double[] values) {
        if (shape.size() != values.length) {
            throw new IllegalArgumentException("values.length=" + values.length + " must equal the shape's size "
                    + shape.size() + " (" + shape + ")");
        }
        if (this == FLOAT64) {
            return TFloat64.tensorOf(shape, DataBuffers.of(values, true, false));
        }
        float[] f = new float[values.length];
        for (int i = 0; i < f.length; i++) {
            f[i] = (float) values[i];
        }
        return TFloat32.tensorOf(shape, DataBuffers.of(f, true, false));
    }

    /**
     * A new scalar tensor of this type. The caller closes it.
     *
     * @param value the value (rounded to float for {@code FLOAT32})
     * @return the tensor
     */
    public Tensor scalar(double value) {
        return this == FLOAT64 ? TFloat64.scalarOf(value) : TFloat32.scalarOf((float) value);
    }

    /**
     * The values of a TFloat32 or TFloat64 tensor, as doubles.
     *
     * @param t the tensor
     * @return its values, row-major
     * @throws IllegalArgumentException when {@code t} is neither float nor double
     */
    public static double[] read(Tensor t) {
        int n = Math.toIntExact(t.shape().size());
        double[] out = new double[n];
        if (t instanceof TFloat64 d) {
            d.copyTo(DataBuffers.of(out, false, false));
        } else if (t instanceof TFloat32 f) {
            float[] tmp = new float[n];
            f.copyTo(DataBuffers.of(tmp, false, false));
            for (int i = 0; i < n; i++) {
                out[i] = tmp[i];
            }
        } else {
            throw new IllegalArgumentException("tensor of type " + t.dataType() + " must be float or double");
        }
        return out;
    }

    /**
     * The single value of a scalar TFloat32 or TFloat64 tensor.
     *
     * @param t the scalar tensor
     * @return its value
     * @throws IllegalArgumentException when {@code t} is neither float nor double
     */
    public static double readScalar(Tensor t) {
        if (t instanceof TFloat64 d) {
            return d.getDouble();
        }
        if (t instanceof TFloat32 f) {
            return f.getFloat();
        }
        throw new IllegalArgumentException("tensor of type " + t.dataType() + " must be float or double");
    }
}
