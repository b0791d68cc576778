package org.msgdlab.deep.data;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reader of the binary versions of CIFAR-10 and CIFAR-100 (Krizhevsky 2009):
 * <ul>
 *   <li>CIFAR-10 ({@code cifar-10-batches-bin}): records of 1 label byte (0..9) and 3,072 pixel
 *       bytes (1,024 red, 1,024 green, 1,024 blue, row-major 32x32); {@code data_batch_1..5.bin}
 *       (training, 50,000) and {@code test_batch.bin} (10,000).</li>
 *   <li>CIFAR-100 ({@code cifar-100-binary}): records of a coarse label byte (0..19), a fine label
 *       byte (0..99) and 3,072 pixel bytes; {@code train.bin} (50,000) and {@code test.bin} (10,000).
 *       The fine label is used.</li>
 * </ul>
 * Pixels are converted to channels-last. The file size must be a whole number of records
 * (checked before anything is allocated); every label is range-checked.
 */
public final class CifarBinary {

    /** Which CIFAR. */
    public enum Variant {
        CIFAR10(1, 10), CIFAR100(2, 100);

        final int labelBytes;
        final int classes;

        Variant(int labelBytes, int classes) {
            this.labelBytes = labelBytes;
            this.classes = classes;
        }

        int recordSize() {
            return labelBytes + 3072;
        }
    }

    private CifarBinary() {
    }

    /**
     * Reads and concatenates {@code files} of one variant.
     *
     * @param v     which CIFAR
     * @param files the binary files, in order
     * @param name  the set's name
     * @return the images, channels last, with their (fine) labels
     * @throws DatasetNotFoundException when a file is missing
     * @throws MalformedDataException   when a file's size is not a positive multiple of the record size, a record
     *                                  is truncated, or a label is out of range
     * @throws IllegalArgumentException when the images together exceed one Java array
     * @throws IOException              when a file cannot be read
     */
    public static ImageSet read(Variant v, List<Path> files, String name) throws IOException {
        long total = 0;
        for (Path f : files) {
            if (!Files.isRegularFile(f)) {
                throw new DatasetNotFoundException(v + " file " + f + " not found; download the binary version from"
                        + " https://www.cs.toronto.edu/~kriz/cifar.html and pass --data DIR");
            }
            long size = Files.size(f);
            if (size == 0 || size % v.recordSize() != 0) {
                throw new MalformedDataException(f, "size " + size + " bytes must be a positive multiple of the "
                        + v + " record size " + v.recordSize() + " (label byte" + (v.labelBytes > 1 ? "s" : "")
                        + " + 3072 pixel bytes)");
            }
            total += size / v.recordSize();
        }
        if (total * 3072 > IdxFile.MAX_PAYLOAD) {
            throw new IllegalArgumentException(name + ": " + total + " images are more than this reader holds");
        }
        int count = (int) total;
        byte[] px = new byte[count * 3072];
        int[] labels = new int[count];
        byte[] rec = new byte[v.recordSize()];
        int k = 0;
        for (Path f : files) {
            try (InputStream in = new java.io.BufferedInputStream(Files.newInputStream(f), 1 << 16)) {
                int index = 0;
                while (true) {
                    int got = in.readNBytes(rec, 0, rec.length);
                    if (got == 0) {
                        break;
                    }
                    if (got < rec.length) {
                        throw new MalformedDataException(f, "truncated: record " + index + " holds " + got + " of "
                                + rec.length + " bytes (the file changed while read?)");
                    }
                    int label = rec[v.labelBytes - 1] & 0xff;
                    if (label >= v.classes) {
                        throw new MalformedDataException(f, "label " + label + " at record " + index + " must be in [0, "
                                + v.classes + ")");
                    }
                    if (v == Variant.CIFAR100 && (rec[0] & 0xff) >= 20) {
                        throw new MalformedDataException(f, "coarse label " + (rec[0] & 0xff) + " at record " + index
                                + " must be in [0, 20)");
                    }
                    labels[k] = label;
                    int base = k * 3072;
                    for (int p = 0; p < 1024; p++) {
                        for (int c = 0; c < 3; c++) {
                            px[base + 3 * p + c] = rec[v.labelBytes + c * 1024 + p];
                        }
                    }
                    k++;
                    index++;
                }
            }
        }
        return new ImageSet(name, count, 32, 32, 3, v.classes, px, labels);
    }

    /**
     * The standard CIFAR-10 split from {@code cifar-10-batches-bin}.
     *
     * @param dir the directory holding {@code data_batch_1..5.bin} and {@code test_batch.bin}
     * @return the training set (50,000) and the test set (10,000), in that order
     * @throws IOException as {@link #read}: a missing file is a {@link DatasetNotFoundException}, a malformed one
     *                     a {@link MalformedDataException}
     */
    public static ImageSet[] cifar10(Path dir) throws IOException {
        List<Path> train = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            train.add(dir.resolve("data_batch_" + i + ".bin"));
        }
        return new ImageSet[] {read(Variant.CIFAR10, train, "cifar10/train"),
                read(Variant.CIFAR10, List.of(dir.resolve("test_batch.bin")), "cifar10/test")};
    }

    /**
     * The standard CIFAR-100 split from {@code cifar-100-binary} (fine labels).
     *
     * @param dir the directory holding {@code train.bin} and {@code test.bin}
     * @return the training set (50,000) and the test set (10,000), in that order
     * @throws IOException as {@link #read}: a missing file is a {@link DatasetNotFoundException}, a malformed one
     *                     a {@link MalformedDataException}
     */
    public static ImageSet[] cifar100(Path dir) throws IOException {
        return new ImageSet[] {read(Variant.CIFAR100, List.of(dir.resolve("train.bin")), "cifar100/train"),
                read(Variant.CIFAR100, List.of(dir.resolve("test.bin")), "cifar100/test")};
    }
}
