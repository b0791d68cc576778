package org.msgdlab.deep.data;

import java.util.Arrays;

/**
 * Labelled images held as unsigned bytes, channels last ({@code [count, height, width, channels]}),
 * with labels in {@code [0, classes)}. {@link #pixel(int)} reads a value scaled to [0, 1] (divided by
 * 255); a training graph scales the bytes by its own pixel scale
 * ({@link org.msgdlab.deep.graph.GraphOptions#pixelScale}: 1/255 by default, 1 for the raw values).
 *
 * <p>The arrays are shared, not copied: nothing here writes them, so a set whose arrays no caller
 * modifies is immutable and thread-safe.
 *
 * @param name     a name for messages and provenance
 * @param count    the number of images, >= 1
 * @param height   image height, >= 1
 * @param width    image width, >= 1
 * @param channels channels per pixel, >= 1
 * @param classes  the number of classes, >= 2
 * @param pixels   {@code count * height * width * channels} unsigned bytes, channels last
 * @param labels   {@code count} labels in {@code [0, classes)}
 */
public record ImageSet(String name, int count, int height, int width, int channels, int classes,
                       byte[] pixels, int[] labels) {

    /**
     * Validates the set.
     *
     * @throws IllegalArgumentException when a size is below 1, {@code classes < 2}, the array lengths do not
     *                                  match the sizes, or a label is outside {@code [0, classes)}
     */
    public ImageSet {
        if (count < 1 || height < 1 || width < 1 || channels < 1) {
            throw new IllegalArgumentException("image set '" + name + "': count=" + count + ", height=" + height
                    + ", width=" + width + ", channels=" + channels + " must all be >= 1");
        }
        if (classes < 2) {
            throw new IllegalArgumentException("image set '" + name + "': classes=" + classes + " must be >= 2");
        }
        long expected = (long) count * height * width * channels;
        if (pixels.length != expected) {
            throw new IllegalArgumentException("image set '" + name + "': pixels.length=" + pixels.length
                    + " must equal count*height*width*channels=" + expected);
        }
        if (labels.length != count) {
            throw new IllegalArgumentException("image set '" + name + "': labels.length=" + labels.length
                    + " must equal count=" + count);
        }
        for (int i = 0; i < count; i++) {
            if (labels[i] < 0 || labels[i] >= classes) {
                throw new IllegalArgumentException("image set '" + name + "': label " + labels[i] + " at index " + i
                        + " must be in [0, " + classes + ")");
            }
        }
    }

    /** @return values per image: height * width * channels */
    public int imageSize() {
        return height * width * channels;
    }

    /**
     * Pixel {@code k} of the flat array, scaled to [0, 1].
     *
     * @param k index into {@link #pixels()}
     * @return the byte, unsigned, divided by 255
     */
    public float pixel(int k) {
        return (pixels[k] & 0xff) / 255f;
    }

    /**
     * The images at {@code indices}, in that order (indices may repeat), copied.
     *
     * @param subsetName the new set's name
     * @param indices    image indices, at least one
     * @return the subset
     * @throws IllegalArgumentException when {@code indices} is empty or holds an index outside {@code [0, count)}
     */
    public ImageSet subset(String subsetName, int[] indices) {
        if (indices.length == 0) {
            throw new IllegalArgumentException("subset '" + subsetName + "' of '" + name + "' must hold at least one index");
        }
        int size = imageSize();
        byte[] px = new byte[indices.length * size];
        int[] lb = new int[indices.length];
        for (int k = 0; k < indices.length; k++) {
            int i = indices[k];
            if (i < 0 || i >= count) {
                throw new IllegalArgumentException("subset '" + subsetName + "': index " + i + " must be in [0, " + count + ")");
            }
            System.arraycopy(pixels, i * size, px, k * size, size);
            lb[k] = labels[i];
        }
        return new ImageSet(subsetName, indices.length, height, width, channels, classes, px, lb);
    }

    /**
     * The first {@code m} images, named {@code NAME[:m]}.
     *
     * @param m the number of images, in [1, count]
     * @return the subset
     * @throws IllegalArgumentException when {@code m} is outside [1, count]
     */
    public ImageSet head(int m) {
        if (m < 1 || m > count) {
            throw new IllegalArgumentException("head size m=" + m + " must be in [1, " + count + "] for '" + name + "'");
        }
        return subset(name + "[:" + m + "]", firstIndices(m));
    }

    /**
     * The first {@code n} images as a training set named {@code subsetName} (the authors' splits
     * take the first n of a pool); {@code n} must be in [1, count].
     *
     * @param n          the number of images
     * @param subsetName the new set's name
     * @return the subset
     * @throws IllegalArgumentException when {@code n} is outside [1, count]
     */
    public ImageSet firstAsTrainingSet(int n, String subsetName) {
        if (n < 1 || n > count) {
            throw new IllegalArgumentException("training-set size n=" + n + " must be in [1, " + count + "]");
        }
        return subset(subsetName, firstIndices(n));
    }

    /**
     * The indices 0, 1, ..., n-1.
     *
     * @param n the number of indices
     * @return a new array
     */
    public static int[] firstIndices(int n) {
        int[] idx = new int[n];
        Arrays.setAll(idx, i -> i);
        return idx;
    }

    /** @return how many images have each label, indexed by label */
    public int[] classCounts() {
        int[] c = new int[classes];
        for (int l : labels) {
            c[l]++;
        }
        return c;
    }

    /**
     * Equal names, sizes, pixels and labels (the arrays compared by content).
     *
     * @param o the other object
     * @return whether {@code o} is an equal image set
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof ImageSet s && name.equals(s.name) && count == s.count && height == s.height
                && width == s.width && channels == s.channels && classes == s.classes
                && Arrays.equals(pixels, s.pixels) && Arrays.equals(labels, s.labels);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + Arrays.hashCode(labels);
    }

    @Override
    public String toString() {
        return "ImageSet[" + name + ": " + count + " x " + height + "x" + width + "x" + channels + ", " + classes + " classes]";
    }
}
