package org.msgdlab.deep.data;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.PermutationSampler;
import org.msgdlab.core.random.Streams;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.format.Mat5File;
import us.hebi.matlab.mat.types.Array;
import us.hebi.matlab.mat.types.MatFile;
import us.hebi.matlab.mat.types.MatlabType;
import us.hebi.matlab.mat.types.Matrix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Reader of SVHN (Netzer et al. 2011) in its "format 2" cropped-digit files
 * {@code train_32x32.mat} (73,257 images) and {@code test_32x32.mat} (26,032), MATLAB level-5
 * MAT-files read with the MAT File Library ({@code us.hebi.matlab.mat:mfl-core}):
 * <ul>
 *   <li>{@code X}: uint8 array 32 x 32 x 3 x N (row, column, RGB channel, image; MATLAB
 *       column-major), converted here to channels-last {@code [N, 32, 32, 3]};</li>
 *   <li>{@code y}: numeric N x 1 (or 1 x N) labels 1..10, where 10 stands for the digit 0;
 *       mapped to classes 0..9 (label 10 -> class 0, label k -> class k otherwise).</li>
 * </ul>
 *
 * <p>Validation before the library parses anything: the 128-byte header (version 0x0100, endian
 * indicator "IM"/"MI"), and every top-level data element's byte count against the bytes left in
 * the file; for a compressed element the size of the inflated element (its inner tag) is bounded
 * by the DEFLATE expansion limit (1,032 times the compressed size) and by
 * {@value #MAX_ELEMENT_BYTES} bytes. So no buffer is sized from an unchecked header value. After
 * parsing: the variables, their types and shapes, the equal counts, and every label.
 *
 * <p>The paper's split (Appendix C): 25,000 training images drawn (seeded, without replacement)
 * from the original <em>test</em> set, the original training set as test set.
 */
public final class SvhnMat {

    /** Directory looked in by default. */
    public static final Path DEFAULT_DIR = Path.of("/usr/share/datasets/svhn");
    /** Where the files come from. */
    public static final String SOURCE = "http://ufldl.stanford.edu/housenumbers/ (format 2: train_32x32.mat, test_32x32.mat)";
    /** Image height and width. */
    public static final int SIDE = 32;
    /** Channels per pixel (RGB). */
    public static final int CHANNELS = 3;
    /** Number of classes. */
    public static final int CLASSES = 10;
    /** The paper's training-set size. */
    public static final int PAPER_TRAIN = 25_000;
    /** Largest (inflated) top-level element accepted: the pixel bytes must fit one Java array. */
    public static final long MAX_ELEMENT_BYTES = Integer.MAX_VALUE - 8;

    private static final int HEADER = 128;
    private static final int MI_COMPRESSED = 15;
    private static final int MI_MATRIX = 14;

    private SvhnMat() {
    }

    /**
     * The original training and test sets. Immutable and thread-safe.
     *
     * @param train    the 73,257 original training images
     * @param test     the 26,032 original test images
     * @param testFile the file the test images were read from (named in messages)
     */
    public record Original(ImageSet train, ImageSet test, Path testFile) {
    }

    /**
     * The paper's split: {@code train} (n drawn from the original test set) and {@code test} (original train).
     * The index array is shared, not copied.
     *
     * @param train                      the training set, n images of the original test set
     * @param test                       the test set: the original training set
     * @param trainIndicesInOriginalTest the index in the original test set of each training image
     */
    public record Split(ImageSet train, ImageSet test, int[] trainIndicesInOriginalTest) {
    }

    /**
     * Reads {@code train_32x32.mat} and {@code test_32x32.mat} from {@code dir}.
     *
     * @param dir the directory holding both files
     * @return the original sets
     * @throws DatasetNotFoundException when a file is missing
     * @throws MalformedDataException   when a file breaks a rule of the class comment
     * @throws IOException              when a file cannot be read
     */
    public static Original load(Path dir) throws IOException {
        return new Original(read(dir.resolve("train_32x32.mat"), "svhn/train"),
                read(dir.resolve("test_32x32.mat"), "svhn/test"), dir.resolve("test_32x32.mat"));
    }

    /**
     * Whether both files of the format-2 split are present in {@code dir}.
     *
     * @param dir the directory
     * @return whether both are regular files there
     */
    public static boolean present(Path dir) {
        return Files.isRegularFile(dir.resolve("train_32x32.mat")) && Files.isRegularFile(dir.resolve("test_32x32.mat"));
    }

    /** The message of a missing SVHN file. */
    static String notFound(Path file) {
        return "SVHN dataset not found at " + file + "; get it from " + SOURCE
                + " into a directory and pass --data DIR";
    }

    /**
     * Reads one format-2 file into a validated set.
     *
     * @param file the MAT-file
     * @param name the set's name
     * @return the set, channels last, labels 0..9
     * @throws DatasetNotFoundException when the file is missing
     * @throws MalformedDataException   when the header, an element size, the variables X and y, their types or
     *                                  shapes, the counts or a label break the rules of the class comment
     * @throws IOException              when the file cannot be read
     */
    public static ImageSet read(Path file, String name) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new DatasetNotFoundException(notFound(file));
        }
        precheck(file);
        Mat5File mat;
        try {
            mat = Mat5.readFromFile(file.toFile());
        } catch (IOException | RuntimeException e) {
            throw new MalformedDataException(file, "not a readable MAT-file level 5 (" + oneLine(e) + ")");
        }
        try (MatFile m = mat) {
            Matrix x = matrix(file, m, "X");
            Matrix y = matrix(file, m, "y");
            int[] dx = x.getDimensions();
            int n = dx.length == 3 ? 1 : dx.length == 4 ? dx[3] : -1;
            if (n < 1 || dx[0] != SIDE || dx[1] != SIDE || dx[2] != CHANNELS) {
                throw new MalformedDataException(file, "variable X has dimensions " + Arrays.toString(dx)
                        + ", must be [32, 32, 3, N] with N >= 1");
            }
            if (x.getType() != MatlabType.UInt8) {
                throw new MalformedDataException(file, "variable X has type " + x.getType() + ", must be uint8");
            }
            if (x.isComplex() || y.isComplex()) {
                throw new MalformedDataException(file, "variables X and y must be real, not complex");
            }
            int[] dy = y.getDimensions();
            if (dy.length != 2 || Math.min(dy[0], dy[1]) != 1 || Math.max(dy[0], dy[1]) != n) {
                throw new MalformedDataException(file, "variable y has dimensions " + Arrays.toString(dy)
                        + ", must be [N, 1] with N = " + n + " (the number of images in X)");
            }
            long bytes = (long) n * SIDE * SIDE * CHANNELS;
            if (bytes > MAX_ELEMENT_BYTES || x.getNumElements() != bytes) {
                throw new MalformedDataException(file, "X holds " + x.getNumElements() + " elements for " + n
                        + " images of 3,072 bytes; at most " + MAX_ELEMENT_BYTES + " bytes are accepted");
            }
            int[] labels = new int[n];
            for (int i = 0; i < n; i++) {
                double v = y.getDouble(i);
                if (!(v >= 1 && v <= 10) || v != Math.rint(v)) {
                    throw new MalformedDataException(file, "label y(" + (i + 1) + ") = " + v
                            + " must be an integer in [1, 10] (10 stands for the digit 0)");
                }
                labels[i] = (int) v == 10 ? 0 : (int) v;
            }
            byte[] px = new byte[(int) bytes];
            int plane = SIDE * SIDE;
            for (int i = 0; i < n; i++) {
                int base = i * plane * CHANNELS;
                for (int c = 0; c < CHANNELS; c++) {
                    for (int col = 0; col < SIDE; col++) {
                        for (int row = 0; row < SIDE; row++) {
                            // MATLAB X(row, col, c, i), column-major -> NHWC [i, row, col, c]
                            px[base + (row * SIDE + col) * CHANNELS + c] =
                                    x.getByte(row + SIDE * col + plane * c + plane * CHANNELS * i);
                        }
                    }
                }
            }
            return new ImageSet(name, n, SIDE, SIDE, CHANNELS, CLASSES, px, labels);
        }
    }

    private static Matrix matrix(Path file, MatFile m, String name) throws MalformedDataException {
        for (MatFile.Entry e : m.getEntries()) {
            if (name.equals(e.getName())) {
                Array a = e.getValue();
                if (a instanceof Matrix mx) {
                    return mx;
                }
                throw new MalformedDataException(file, "variable " + name + " is a " + a.getType()
                        + ", must be a numeric matrix");
            }
        }
        throw new MalformedDataException(file, "variable " + name + " is missing (SVHN format 2 holds X and y)");
    }

    /**
     * Checks the header and walks the top-level data elements without allocating from their
     * sizes: each element must fit in the rest of the file, and a compressed one's inflated inner
     * tag must claim at most 1,032 times its compressed size and at most {@link #MAX_ELEMENT_BYTES}.
     */
    static void precheck(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < HEADER) {
                throw new MalformedDataException(file, "size " + size + " bytes is less than the 128-byte MAT-file header");
            }
            ByteBuffer head = read(ch, 0, HEADER, file);
            byte e0 = head.get(126);
            byte e1 = head.get(127);
            ByteOrder order;
            if (e0 == 'I' && e1 == 'M') {
                order = ByteOrder.LITTLE_ENDIAN;
            } else if (e0 == 'M' && e1 == 'I') {
                order = ByteOrder.BIG_ENDIAN;
            } else {
                throw new MalformedDataException(file, "endian indicator at bytes 126-127 must be 'IM' or 'MI'"
                        + " (not a MAT-file level 5; a v7.3 file is HDF5 and not supported)");
            }
            int version = head.order(order).getShort(124) & 0xffff;
            if (version != 0x0100) {
                throw new MalformedDataException(file, "version 0x" + Integer.toHexString(version)
                        + " at bytes 124-125 must be 0x0100 (MAT-file level 5)");
            }
            long at = HEADER;
            int index = 0;
            while (at < size) {
                if (size - at < 8) {
                    throw new MalformedDataException(file, "truncated: " + (size - at) + " bytes after element " + index
                            + " at offset " + at + " are too few for a data-element tag (8 bytes)");
                }
                ByteBuffer tag = read(ch, at, 8, file).order(order);
                int type = tag.getInt(0);
                long bytes = tag.getInt(4) & 0xffffffffL;
                long left = size - at - 8;
                if (bytes > left) {
                    throw new MalformedDataException(file, "truncated: element " + index + " at offset " + at
                            + " claims " + bytes + " bytes, but only " + left + " follow");
                }
                if (type == MI_COMPRESSED) {
                    long inner = inflatedTagBytes(ch, at + 8, bytes, order, file, index);
                    if (inner > Math.min(MAX_ELEMENT_BYTES, 1032 * bytes)) {
                        throw new MalformedDataException(file, "compressed element " + index + " at offset " + at
                                + " claims " + inner + " inflated bytes from " + bytes + " compressed ones; at most "
                                + Math.min(MAX_ELEMENT_BYTES, 1032 * bytes) + " are possible or accepted");
                    }
                } else if (type == MI_MATRIX) {
                    if (bytes > MAX_ELEMENT_BYTES) {
                        throw new MalformedDataException(file, "element " + index + " claims " + bytes
                                + " bytes; at most " + MAX_ELEMENT_BYTES + " are accepted");
                    }
                } else {
                    throw new MalformedDataException(file, "top-level element " + index + " at offset " + at
                            + " has data type " + type + ", must be miMATRIX (14) or miCOMPRESSED (15)");
                }
                long padded = type == MI_COMPRESSED ? bytes : (bytes + 7) / 8 * 8;
                at += 8 + Math.min(padded, left);
                index++;
            }
            if (index == 0) {
                throw new MalformedDataException(file, "holds no data elements after the header");
            }
        }
    }

    /** The byte count of the inner tag of a compressed element (inflates at most 64 KiB of input). */
    private static long inflatedTagBytes(FileChannel ch, long offset, long bytes, ByteOrder order, Path file, int index)
            throws IOException {
        int take = (int) Math.min(bytes, 1 << 16);
        ByteBuffer in = read(ch, offset, take, file);
        byte[] src = new byte[take];
        in.get(0, src);
        Inflater inf = new Inflater();
        try {
            inf.setInput(src);
            byte[] out = new byte[8];
            int got = 0;
            while (got < 8 && !inf.finished() && !inf.needsInput()) {
                got += inf.inflate(out, got, 8 - got);
            }
            if (got < 8) {
                throw new MalformedDataException(file, "compressed element " + index + " at offset " + (offset - 8)
                        + " inflates to " + got + " bytes, fewer than a data-element tag (8 bytes)");
            }
            ByteBuffer t = ByteBuffer.wrap(out).order(order);
            if (t.getInt(0) != MI_MATRIX) {
                throw new MalformedDataException(file, "compressed element " + index + " holds data type "
                        + t.getInt(0) + ", must be miMATRIX (14)");
            }
            return t.getInt(4) & 0xffffffffL;
        } catch (DataFormatException e) {
            throw new MalformedDataException(file, "compressed element " + index + " at offset " + (offset - 8)
                    + " is not valid zlib data (" + e.getMessage() + ")");
        } finally {
            inf.end();
        }
    }

    private static ByteBuffer read(FileChannel ch, long offset, int count, Path file) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(count);
        while (b.hasRemaining()) {
            int r = ch.read(b, offset + b.position());
            if (r < 0) {
                throw new MalformedDataException(file, "truncated: ends before offset " + (offset + count));
            }
        }
        return b.flip();
    }

    private static String oneLine(Throwable e) {
        String m = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        return m.replace('\n', ' ').replace('\r', ' ');
    }

    /**
     * The paper's split: {@code n} images drawn without replacement (seeded) from the original
     * test set as training set; the original training set as test set.
     *
     * @param original the original sets
     * @param n        the training-set size
     * @param seed     seed of the draw
     * @return the split
     * @throws IllegalArgumentException when {@code n} is outside [1, the original test set's size]
     */
    public static Split paperSplit(Original original, int n, long seed) {
        ImageSet pool = original.test();
        requireTrainingSize(original, n);
        UniformRandomProvider rng = Streams.create(Streams.derive(seed, "svhn.split"));
        int[] idx = PermutationSampler.natural(pool.count());
        PermutationSampler.shuffle(rng, idx);
        int[] chosen = Arrays.copyOf(idx, n);
        ImageSet test = original.train();
        return new Split(pool.subset("svhn/train-" + n + "-from-test", chosen),
                new ImageSet("svhn/test-from-train", test.count(), test.height(), test.width(), test.channels(),
                        test.classes(), test.pixels(), test.labels()), chosen);
    }

    /**
     * The authors' code's split (SVHN/svhn2np.py:28): the first {@code n} test images as training set.
     *
     * @param original the original sets
     * @param n        the training-set size
     * @return the split
     * @throws IllegalArgumentException when {@code n} is outside [1, the original test set's size]
     */
    public static Split firstSplit(Original original, int n) {
        requireTrainingSize(original, n);
        ImageSet test = original.train();
        return new Split(original.test().firstAsTrainingSet(n, "svhn/first-" + n + "-of-test"),
                new ImageSet("svhn/test-from-train", test.count(), test.height(), test.width(), test.channels(),
                        test.classes(), test.pixels(), test.labels()), ImageSet.firstIndices(n));
    }

    private static void requireTrainingSize(Original original, int n) {
        if (n < 1 || n > original.test().count()) {
            throw new IllegalArgumentException("training-set size n=" + n + " must be in [1, " + original.test().count()
                    + "], the number of images in " + original.testFile());
        }
    }
}
