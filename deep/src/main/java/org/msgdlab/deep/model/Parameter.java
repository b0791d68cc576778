package org.msgdlab.deep.model;

import java.util.Arrays;

/**
 * A trainable tensor: name, shape, and the fan-in that sets its initialization.
 *
 * <p>Initialization (stated, seeded): PyTorch's default for {@code Conv2d} and {@code Linear}
 * (as in the paper's PyTorch 1.0 runs): weights and biases uniform on
 * {@code [-1/sqrt(fanIn), 1/sqrt(fanIn)]} (Kaiming-uniform with a = sqrt(5) gives this bound for
 * weights; biases use the same bound).
 */
public record Parameter(String name, long[] shape, int fanIn) {

    public Parameter {
        if (shape.length == 0) {
            throw new IllegalArgumentException("parameter " + name + ": shape must have at least one dimension");
        }
        for (long s : shape) {
            if (s < 1) {
                throw new IllegalArgumentException("parameter " + name + ": shape " + Arrays.toString(shape)
                        + " must have sizes >= 1");
            }
        }
        if (fanIn < 1) {
            throw new IllegalArgumentException("parameter " + name + ": fanIn=" + fanIn + " must be >= 1");
        }
        shape = shape.clone();
    }

    public long size() {
        long s = 1;
        for (long d : shape) {
            s *= d;
        }
        return s;
    }

    /** The uniform initialization bound 1/sqrt(fanIn). */
    public double initBound() {
        return 1.0 / Math.sqrt(fanIn);
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }
}
