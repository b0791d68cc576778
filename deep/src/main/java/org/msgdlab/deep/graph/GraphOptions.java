package org.msgdlab.deep.graph;

/**
 * How to build a {@link TrainingGraph} (and each copy of a {@link SeedBatchedGraph}). Immutable and thread-safe; the {@code with...} methods return copies.
 *
 * @param precision     float32 (training) or float64 (numerical checks)
 * @param intraThreads  TensorFlow intra-op threads (0: TensorFlow's default)
 * @param interThreads  TensorFlow inter-op threads (0: TensorFlow's default)
 * @param momentum      momentum coefficient m in [0, 1); 0 for plain gradient descent
 * @param weightDecay   L2 coefficient lambda >= 0 added to the gradient
 * @param initSeed      seed of the parameter initialization
 * @param ghostBatch    batch norm's ghost batch size in training steps (0: the whole fed batch);
 *                      ignored by networks without batch norm
 * @param augment       random 32x32 crops of the 4-pixel zero-padded image and random horizontal
 *                      flips in training steps ({@link TrainingGraph#augmentWith}); evaluation never augments
 * @param pixels        what the first layer sees of the uint8 pixels: x/255 in [0, 1] or the raw 0-255 values
 *                      of the authors' Fashion-MNIST code
 * @param flatNormalStd 0: each parameter's own initialization (the framework default); &gt; 0: one
 *                      flat N(0, std^2) draw of every trainable parameter, biases included
 */
public record GraphOptions(Precision precision, int intraThreads, int interThreads, double momentum,
                           double weightDecay, long initSeed, int ghostBatch, boolean augment, PixelScale pixels,
                           double flatNormalStd) {
    /**
     * Validates the options.
     *
     * @throws IllegalArgumentException when {@code ghostBatch} or a thread count is negative,
     *                                  {@code momentum} is not in [0, 1), {@code weightDecay} or
     *                                  {@code flatNormalStd} is not finite and >= 0, or {@code pixels}
     *                                  is null
     */
    public GraphOptions {
        if (ghostBatch < 0) {
            throw new IllegalArgumentException("ghost batch size=" + ghostBatch + " must be >= 0 (0: the whole fed batch)");
        }
        if (intraThreads < 0 || interThreads < 0) {
            throw new IllegalArgumentException("thread counts intra=" + intraThreads + ", inter=" + interThreads
                    + " must be >= 0");
        }
        if (!(momentum >= 0 && momentum < 1)) {
            throw new IllegalArgumentException("momentum=" + momentum + " must be in [0, 1)");
        }
        if (!(weightDecay >= 0) || Double.isInfinite(weightDecay)) {
            throw new IllegalArgumentException("weight decay=" + weightDecay + " must be finite and >= 0");
        }
        if (pixels == null) {
            throw new IllegalArgumentException("the pixel scale must be given (unit or raw)");
        }
        if (!(flatNormalStd >= 0) || Double.isInfinite(flatNormalStd)) {
            throw new IllegalArgumentException("flat normal init std=" + flatNormalStd + " must be finite and >= 0");
        }
    }

    /**
     * Float32, plain SGD, threads as TensorFlow chooses, no ghost batch, no augmentation, pixels in [0, 1],
     * framework initialization.
     *
     * @param initSeed seed of the parameter initialization
     * @return the options
     */
    public static GraphOptions defaults(long initSeed) {
        return new GraphOptions(Precision.FLOAT32, 0, 0, 0.0, 0.0, initSeed, 0, false, PixelScale.UNIT, 0);
    }

    /**
     * A copy with other TensorFlow thread counts.
     *
     * @param intra intra-op threads, >= 0 (0: TensorFlow's default)
     * @param inter inter-op threads, >= 0 (0: TensorFlow's default)
     * @return the options
     * @throws IllegalArgumentException when a count is negative
     */
    public GraphOptions withThreads(int intra, int inter) {
        return new GraphOptions(precision, intra, inter, momentum, weightDecay, initSeed, ghostBatch, augment, pixels,
                flatNormalStd);
    }

    /**
     * A copy with another precision.
     *
     * @param p float32 or float64
     * @return the options
     */
    public GraphOptions withPrecision(Precision p) {
        return new GraphOptions(p, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, augment,
                pixels, flatNormalStd);
    }

    /**
     * A copy with another momentum and weight decay.
     *
     * @param m  momentum coefficient in [0, 1)
     * @param wd L2 coefficient, finite and >= 0
     * @return the options
     * @throws IllegalArgumentException when {@code m} or {@code wd} is out of its range
     */
    public GraphOptions withMomentum(double m, double wd) {
        return new GraphOptions(precision, intraThreads, interThreads, m, wd, initSeed, ghostBatch, augment, pixels,
                flatNormalStd);
    }

    /**
     * Ghost batch norm over groups of {@code ghost} examples (0: the whole fed batch).
     *
     * @param ghost the ghost batch size, >= 0
     * @return the options
     * @throws IllegalArgumentException when {@code ghost} is negative
     */
    public GraphOptions withGhostBatch(int ghost) {
        return new GraphOptions(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghost, augment,
                pixels, flatNormalStd);
    }

    /**
     * Standard CIFAR augmentation (random crop of the 4-padded image, random horizontal flip) in training.
     *
     * @param on whether training steps augment
     * @return the options
     */
    public GraphOptions withAugmentation(boolean on) {
        return new GraphOptions(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, on,
                pixels, flatNormalStd);
    }

    /**
     * What the first layer sees of the pixels (x/255 by default).
     *
     * @param scale x/255 or the raw values
     * @return the options
     * @throws IllegalArgumentException when {@code scale} is null
     */
    public GraphOptions withPixelScale(PixelScale scale) {
        return new GraphOptions(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, augment,
                scale, flatNormalStd);
    }

    /**
     * One flat N(0, std^2) draw of every trainable parameter (0: each parameter's own initialization).
     *
     * @param std the standard deviation, finite and >= 0
     * @return the options
     * @throws IllegalArgumentException when {@code std} is not finite and >= 0
     */
    public GraphOptions withFlatNormalInit(double std) {
        return new GraphOptions(precision, intraThreads, interThreads, momentum, weightDecay, initSeed, ghostBatch, augment,
                pixels, std);
    }
}
