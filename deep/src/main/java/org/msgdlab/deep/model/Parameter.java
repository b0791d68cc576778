package org.msgdlab.deep.model;

import org.apache.commons.rng.UniformRandomProvider;

import java.util.Arrays;

/**
 * A trainable tensor: name, shape, and the fan-in that sets its initialization.
 *
 * <p>Initialization (stated, seeded): PyTorch's default for {@code Conv2d} and {@code Linear}
 * (as in the paper's PyTorch 1.0 runs): weights and biases uniform on
 * {@code [-1/sqrt(fanIn), 1/sqrt(fanIn)]} (Kaiming-uniform with a = sqrt(5) gives this bound for
 * weights; biases use the same bound). Batch-norm scales start at 1 and shifts at 0, and their
 * running statistics (not trainable) at mean 0 and variance 1, as in PyTorch's {@code BatchNorm2d}.
 *
 * <p>Immutable and thread-safe (the shape is copied in and out).
 *
 * @param name  the variable's name
 * @param shape its shape, every size >= 1
 * @param fanIn the fan-in, >= 1, that sets the uniform bound
 * @param init  how the initial values are drawn
 */
public record Parameter(String name, long[] shape, int fanIn, Init init) {

    /** How the initial values are drawn. */
    public enum Init {
        /** Uniform on [-1/sqrt(fanIn), 1/sqrt(fanIn)]: PyTorch's default for convolutions and linear layers. */
        UNIFORM_FAN_IN,
        /** All ones: batch-norm scale (gamma), running variance. */
        ONES,
        /** All zeros: batch-norm shift (beta), running mean. */
        ZEROS
    }

    /**
     * A weight or bias with PyTorch's default uniform initialization.
     *
     * @param name  the variable's name
     * @param shape its shape, every size >= 1
     * @param fanIn the fan-in, >= 1
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public Parameter(String name, long[] shape, int fanIn) {
        this(name, shape, fanIn, Init.UNIFORM_FAN_IN);
    }

    /**
     * Validates the parameter and copies {@code shape}.
     *
     * @throws IllegalArgumentException when {@code init} is null, {@code shape} is empty or has a size below 1,
     *                                  or {@code fanIn < 1}
     */
    public Parameter {
        if (init == null) {
            throw new IllegalArgumentException("parameter " + name + ": init must be given");
        }
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

    /** @return the number of scalars: the product of the shape's sizes */
    public long size() {
        long s = 1;
        for (long d : shape) {
            s *= d;
        }
        return s;
    }

    /** @return the uniform initialization bound 1/sqrt(fanIn) */
    public double initBound() {
        return 1.0 / Math.sqrt(fanIn);
    }

    /**
     * The initial values, flattened: {@link Init#UNIFORM_FAN_IN} draws {@code size()} uniforms from
     * {@code rng} in order; {@link Init#ONES} and {@link Init#ZEROS} draw nothing.
     *
     * @param rng the stream the uniforms come from
     * @return {@code size()} values
     */
    public double[] initialValues(UniformRandomProvider rng) {
        double[] v = new double[Math.toIntExact(size())];
        switch (init) {
            case UNIFORM_FAN_IN -> {
                double bound = initBound();
                for (int i = 0; i < v.length; i++) {
                    v[i] = bound * (2 * rng.nextDouble() - 1);
                }
            }
            case ONES -> Arrays.fill(v, 1.0);
            case ZEROS -> {
            }
        }
        return v;
    }

    /** @return a copy of the shape */
    @Override
    public long[] shape() {
        return shape.clone();
    }
}
