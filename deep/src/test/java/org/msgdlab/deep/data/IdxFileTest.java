package org.msgdlab.deep.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdxFileTest {

    @TempDir
    Path dir;

    private static byte[] ramp(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7);
        }
        return b;
    }

    @Test
    void readsRawAndGzippedAlike() throws IOException {
        byte[] payload = ramp(3 * 28 * 28);
        Path raw = IdxFiles.write(dir.resolve("raw-idx3"), new int[] {3, 28, 28}, payload, false);
        Path gz = IdxFiles.write(dir.resolve("gz-idx3.bin"), new int[] {3, 28, 28}, payload, true);
        IdxFile.Contents a = IdxFile.read(raw, 3);
        IdxFile.Contents b = IdxFile.read(gz, 3);
        assertArrayEquals(new int[] {3, 28, 28}, a.dims());
        assertArrayEquals(payload, a.payload());
        assertArrayEquals(payload, b.payload());
    }

    @Test
    void fashionMnistReaderScalesAndSplits() throws IOException {
        Path d = IdxFiles.fashionLike(dir.resolve("fm"), 40, 30, 5);
        FashionMnist.Original o = FashionMnist.load(d);
        assertEquals(40, o.train().count());
        assertEquals(30, o.test().count());
        for (int k = 0; k < o.train().pixels().length; k += 97) {
            float v = o.train().pixel(k);
            assertTrue(v >= 0 && v <= 1, "pixel " + v + " in [0,1]");
        }
        FashionMnist.Split s1 = FashionMnist.paperSplit(o, 10, 7);
        FashionMnist.Split s2 = FashionMnist.paperSplit(o, 10, 7);
        assertArrayEquals(s1.trainIndicesInOriginalTest(), s2.trainIndicesInOriginalTest(), "seeded split");
        assertEquals(10, s1.train().count());
        assertEquals(40, s1.test().count(), "the original training set is the test set");
        int i0 = s1.trainIndicesInOriginalTest()[0];
        assertEquals(o.test().labels()[i0], s1.train().labels()[0]);
        assertEquals(10, Arrays.stream(s1.trainIndicesInOriginalTest()).distinct().count(), "drawn without replacement");
    }

    @Test
    void aTrainingSetLargerThanTheTestFileIsRefusedNamingTheFile() throws IOException {
        Path d = IdxFiles.fashionLike(dir.resolve("small"), 40, 30, 5);
        FashionMnist.Original o = FashionMnist.load(d);
        for (var split : List.<java.util.function.Supplier<?>>of(() -> FashionMnist.paperSplit(o, 1000, 0),
                () -> FashionMnist.firstSplit(o, 1000))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, split::get);
            assertTrue(e.getMessage().startsWith("training-set size n=1000 must be in [1, 30], the number of images in "
                    + d.resolve("t10k-images-idx3-ubyte")), e.getMessage());
        }
    }

    @Test
    void wrongMagicNamesFileAndValue() throws IOException {
        Path f = dir.resolve("bad");
        Files.write(f, new byte[] {1, 2, 8, 3, 0, 0, 0, 1});
        MalformedDataException e = assertThrows(MalformedDataException.class, () -> IdxFile.read(f, 3));
        assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("0x01020803"), e.getMessage());
        Path g = IdxFiles.write(dir.resolve("labels-as-images"), new int[] {5}, new byte[5], true);
        MalformedDataException e2 = assertThrows(MalformedDataException.class, () -> IdxFile.read(g, 3));
        assertTrue(e2.getMessage().contains("number of dimensions 1 must be 3"), e2.getMessage());
    }

    @Test
    void truncatedPayloadIsReported() throws IOException {
        Path f = IdxFiles.write(dir.resolve("trunc.gz"), new int[] {4, 28, 28}, new byte[3 * 784 + 10], true);
        MalformedDataException e = assertThrows(MalformedDataException.class, () -> IdxFile.read(f, 3));
        assertTrue(e.getMessage().contains("truncated") && e.getMessage().contains("3136")
                && e.getMessage().contains(String.valueOf(3 * 784 + 10)), e.getMessage());
        Path h = dir.resolve("short-header");
        Files.write(h, new byte[] {0, 0, 8, 3, 0, 0});
        assertTrue(assertThrows(MalformedDataException.class, () -> IdxFile.read(h, 3)).getMessage().contains("truncated"));
    }

    @Test
    void hugeHeaderClaimFailsWithoutAllocatingIt() throws IOException {
        // claims 2,000,000,000 labels (2 GB) but holds 10 bytes: must say "truncated", not run out of memory
        Path f = IdxFiles.write(dir.resolve("liar"), new int[] {2_000_000_000}, new byte[10], false);
        MalformedDataException e = assertThrows(MalformedDataException.class, () -> IdxFile.read(f, 1));
        assertTrue(e.getMessage().contains("2000000000") && e.getMessage().contains("holds 10"), e.getMessage());
        Path g = IdxFiles.write(dir.resolve("overflow"), new int[] {100_000, 100_000, 28}, new byte[10], false);
        MalformedDataException e2 = assertThrows(MalformedDataException.class, () -> IdxFile.read(g, 3));
        assertTrue(e2.getMessage().contains("claim more than"), e2.getMessage());
    }

    @Test
    void trailingDataIsReported() throws IOException {
        Path f = IdxFiles.write(dir.resolve("long"), new int[] {4}, new byte[6], false);
        assertTrue(assertThrows(MalformedDataException.class, () -> IdxFile.read(f, 1)).getMessage().contains("trailing"));
    }

    @Test
    void labelOutOfRangeAndCountMismatch() throws IOException {
        Path img = IdxFiles.write(dir.resolve("i.gz"), new int[] {3, 28, 28}, new byte[3 * 784], true);
        Path lab = IdxFiles.write(dir.resolve("l.gz"), new int[] {3}, new byte[] {1, 10, 2}, true);
        MalformedDataException e = assertThrows(MalformedDataException.class, () -> FashionMnist.read(img, lab, "t"));
        assertTrue(e.getMessage().contains(lab.toString()) && e.getMessage().contains("label 10 at index 1")
                && e.getMessage().contains("[0, 10)"), e.getMessage());
        Path lab2 = IdxFiles.write(dir.resolve("l2.gz"), new int[] {2}, new byte[] {1, 2}, true);
        MalformedDataException e2 = assertThrows(MalformedDataException.class, () -> FashionMnist.read(img, lab2, "t"));
        assertTrue(e2.getMessage().contains("holds 2 labels") && e2.getMessage().contains("3 images"), e2.getMessage());
        Path small = IdxFiles.write(dir.resolve("s.gz"), new int[] {3, 27, 28}, new byte[3 * 27 * 28], true);
        assertTrue(assertThrows(MalformedDataException.class, () -> FashionMnist.read(small, lab2, "t"))
                .getMessage().contains("27x28 must be 28x28"));
    }

    @Test
    void corruptGzipIsReported() throws IOException {
        Path f = IdxFiles.write(dir.resolve("c.gz"), new int[] {3, 28, 28}, ramp(3 * 784), true);
        byte[] b = Files.readAllBytes(f);
        Files.write(f, Arrays.copyOf(b, b.length / 2));
        MalformedDataException e = assertThrows(MalformedDataException.class, () -> IdxFile.read(f, 3));
        assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
    }

    @Test
    void missingDatasetSaysWhereAndHow() {
        DatasetNotFoundException e = assertThrows(DatasetNotFoundException.class,
                () -> FashionMnist.load(dir.resolve("nothing-here")));
        assertTrue(e.getMessage().contains("nothing-here") && e.getMessage().contains("apt-get install dataset-fashion-mnist")
                && e.getMessage().contains("--data"), e.getMessage());
    }
}
