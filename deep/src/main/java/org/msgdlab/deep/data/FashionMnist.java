package org.msgdlab.deep.data;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.PermutationSampler;
import org.msgdlab.core.random.Streams;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Fashion-MNIST (Xiao et al. 2017): 28x28 grey images of 10 classes, in IDX files
 * {@code train-images-idx3-ubyte[.gz]}, {@code train-labels-idx1-ubyte[.gz]},
 * {@code t10k-images-idx3-ubyte[.gz]}, {@code t10k-labels-idx1-ubyte[.gz]}.
 *
 * <p>The paper's split (Appendix C.1): 1,000 training images drawn at random from the original
 * <em>test</em> set, and the 60,000 original training images as the test set.
 */
public final class FashionMnist {

    /** Where Debian's {@code dataset-fashion-mnist} package installs the files. */
    public static final Path DEFAULT_DIR = Path.of("/usr/share/datasets/fashion-mnist");

    /** Image height and width. */
    public static final int SIDE = 28;
    /** Number of classes. */
    public static final int CLASSES = 10;

    /**
     * The original training and test sets. Immutable and thread-safe.
     *
     * @param train          the 60,000 original training images
     * @param test           the 10,000 original test images
     * @param testImagesFile the file the test images were read from (named in messages)
     */
    public record Original(ImageSet train, ImageSet test, Path testImagesFile) {
    }

    /**
     * The paper's split: {@code train} (n drawn from the original test set), {@code test}. The index array
     * is shared, not copied.
     *
     * @param train                       the training set, n images of the original test set
     * @param test                        the test set: the original training set
     * @param trainIndicesInOriginalTest  the index in the original test set of each training image
     */
    public record Split(ImageSet train, ImageSet test, int[] trainIndicesInOriginalTest) {
    }

    private FashionMnist() {
    }

    /**
     * Reads both original sets from {@code dir}.
     *
     * @param dir the directory holding the four files
     * @return the original sets
     * @throws DatasetNotFoundException when a file is missing (its name, with or without {@code .gz})
     * @throws MalformedDataException   when a file does not follow the IDX format or Fashion-MNIST's sizes
     * @throws IOException              when a file cannot be read
     */
    public static Original load(Path dir) throws IOException {
        return new Original(load(dir, "train"), load(dir, "t10k"), find(dir, "t10k-images-idx3-ubyte"));
    }

    /**
     * Reads one original set, {@code prefix} = {@code train} or {@code t10k}.
     *
     * @param dir    the directory holding the files
     * @param prefix {@code train} or {@code t10k}
     * @return the set, named {@code fashion-mnist/PREFIX}
     * @throws DatasetNotFoundException when a file is missing
     * @throws MalformedDataException   when a file does not follow the IDX format or Fashion-MNIST's sizes
     * @throws IOException              when a file cannot be read
     */
    public static ImageSet load(Path dir, String prefix) throws IOException {
        Path images = find(dir, prefix + "-images-idx3-ubyte");
        Path labels = find(dir, prefix + "-labels-idx1-ubyte");
        return read(images, labels, "fashion-mnist/" + prefix);
    }

    /**
     * Reads an image file and a label file into a validated set.
     *
     * @param imagesFile the IDX images file (3 dimensions), gzipped or not
     * @param labelsFile the IDX labels file (1 dimension), gzipped or not
     * @param name       the set's name
     * @return the set
     * @throws MalformedDataException when a file is not valid IDX, the images are not 28x28, the counts differ,
     *                                or a label is not in [0, 10)
     * @throws IOException            when a file cannot be read (a missing one: {@link java.nio.file.NoSuchFileException})
     */
    public static ImageSet read(Path imagesFile, Path labelsFile, String name) throws IOException {
        IdxFile.Contents img = IdxFile.read(imagesFile, 3);
        if (img.dims()[1] != SIDE || img.dims()[2] != SIDE) {
            throw new MalformedDataException(imagesFile, "image size " + img.dims()[1] + "x" + img.dims()[2]
                    + " must be " + SIDE + "x" + SIDE);
        }
        IdxFile.Contents lab = IdxFile.read(labelsFile, 1);
        if (lab.dims()[0] != img.dims()[0]) {
            throw new MalformedDataException(labelsFile, "holds " + lab.dims()[0] + " labels, but " + imagesFile
                    + " holds " + img.dims()[0] + " images; the counts must be equal");
        }
        int[] labels = new int[lab.dims()[0]];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = lab.payload()[i] & 0xff;
            if (labels[i] >= CLASSES) {
                throw new MalformedDataException(labelsFile, "label " + labels[i] + " at index " + i
                        + " must be in [0, " + CLASSES + ")");
            }
        }
        return new ImageSet(name, labels.length, SIDE, SIDE, 1, CLASSES, img.payload(), labels);
    }

    private static void requireTrainingSize(Original original, int n) {
        if (n < 1 || n > original.test().count()) {
            throw new IllegalArgumentException("training-set size n=" + n + " must be in [1, " + original.test().count()
                    + "], the number of images in " + original.testImagesFile());
        }
    }

    /**
     * The paper's split: {@code n} images drawn without replacement (seeded) from the original
     * test set as training set; the original training set as test set.
     *
     * @param original the original sets
     * @param n        the training-set size, in [1, test count]
     * @param seed     seed of the draw
     * @return the split
     * @throws IllegalArgumentException when {@code n} is outside [1, the original test set's size]
     */
    public static Split paperSplit(Original original, int n, long seed) {
        ImageSet pool = original.test();
        requireTrainingSize(original, n);
        UniformRandomProvider rng = Streams.create(Streams.derive(seed, "fashion-mnist.split"));
        int[] idx = PermutationSampler.natural(pool.count());
        PermutationSampler.shuffle(rng, idx);
        int[] chosen = Arrays.copyOf(idx, n);
        return new Split(pool.subset("fashion-mnist/train-" + n + "-from-t10k", chosen),
                rename(original.train(), "fashion-mnist/test-from-train"), chosen);
    }

    /**
     * The authors' code's split (FashionMNIST/mnist2np.py:39-51): the <em>first</em> {@code n}
     * images of the original test set as training set; the original training set as test set.
     *
     * @param original the original sets
     * @param n        the training-set size, in [1, test count]
     * @return the split
     * @throws IllegalArgumentException when {@code n} is outside [1, the original test set's size]
     */
    public static Split firstSplit(Original original, int n) {
        requireTrainingSize(original, n);
        return new Split(original.test().firstAsTrainingSet(n, "fashion-mnist/first-" + n + "-of-t10k"),
                rename(original.train(), "fashion-mnist/test-from-train"), ImageSet.firstIndices(n));
    }

    private static ImageSet rename(ImageSet s, String name) {
        return new ImageSet(name, s.count(), s.height(), s.width(), s.channels(), s.classes(), s.pixels(), s.labels());
    }

    /**
     * Checks, without reading them, that {@code dir} holds the four Fashion-MNIST files (each gzipped or not): for a
     * command that trains many runs, one line before the first starts rather than one failure per run.
     *
     * @param dir the directory
     * @throws DatasetNotFoundException naming the first missing file, where it looked and how to get it
     */
    public static void requireFiles(Path dir) throws DatasetNotFoundException {
        for (String prefix : new String[] {"train", "t10k"}) {
            find(dir, prefix + "-images-idx3-ubyte");
            find(dir, prefix + "-labels-idx1-ubyte");
        }
    }

    /** {@code base} or {@code base.gz} in {@code dir}, else a message saying where and how to get it. */
    static Path find(Path dir, String base) throws DatasetNotFoundException {
        List<Path> tried = new ArrayList<>();
        for (String name : new String[] {base + ".gz", base}) {
            Path p = dir.resolve(name);
            tried.add(p);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new DatasetNotFoundException("Fashion-MNIST file " + base + "[.gz] not found; looked for " + tried
                + ". Install it with 'apt-get install dataset-fashion-mnist' (files in " + DEFAULT_DIR
                + "), or download the four files from https://github.com/zalandoresearch/fashion-mnist"
                + " into a directory and pass --data DIR");
    }
}
