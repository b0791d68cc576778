package org.msgdlab.deep.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.hebi.matlab.mat.format.Mat5;
import us.hebi.matlab.mat.format.Mat5File;
import us.hebi.matlab.mat.types.MatlabType;
import us.hebi.matlab.mat.types.Matrix;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SVHN format-2 files written with the MAT File Library in the real layout, and malformed variants. */
class SvhnMatTest {

    @TempDir
    Path dir;

    /** Pixel value of image i, row r, column c, channel ch in the test files. */
    static int pixel(int i, int r, int c, int ch) {
        return (7 * i + 3 * r + 5 * c + 11 * ch) & 0xff;
    }

    static Path write(Path file, int n, int[] dims, MatlabType xType, double[] labels, boolean withY) throws IOException {
        Matrix x = Mat5.newMatrix(dims, xType);
        if (dims.length >= 3 && dims[0] == 32 && dims[1] == 32 && dims[2] == 3) {
            for (int i = 0; i < n; i++) {
                for (int ch = 0; ch < 3; ch++) {
                    for (int c = 0; c < 32; c++) {
                        for (int r = 0; r < 32; r++) {
                            x.setByte(new int[] {r, c, ch, i}, (byte) pixel(i, r, c, ch));
                        }
                    }
                }
            }
        }
        Mat5File mat = Mat5.newMatFile();
        mat.addArray("X", x);
        if (withY) {
            Matrix y = Mat5.newMatrix(labels.length, 1);
            for (int i = 0; i < labels.length; i++) {
                y.setDouble(i, labels[i]);
            }
            mat.addArray("y", y);
        }
        Mat5.writeToFile(mat, file.toFile());
        mat.close();
        return file;
    }

    static Path valid(Path file, double... labels) throws IOException {
        return write(file, labels.length, new int[] {32, 32, 3, labels.length}, MatlabType.UInt8, labels, true);
    }

    private String malformed(Path file) {
        MalformedDataException e = assertThrows(MalformedDataException.class, () -> SvhnMat.read(file, "t"));
        String m = e.getMessage();
        assertTrue(m.startsWith(file.toString()), m);
        assertFalse(m.contains("\n"), "one line: " + m);
        return m;
    }

    @Test
    void readsPixelsChannelsLastAndMapsLabelTenToZero() throws IOException {
        Path f = valid(dir.resolve("test_32x32.mat"), 1, 10, 5);
        ImageSet s = SvhnMat.read(f, "svhn/test");
        assertEquals(3, s.count());
        assertEquals(32, s.height());
        assertEquals(3, s.channels());
        assertEquals(10, s.classes());
        assertArrayEquals(new int[] {1, 0, 5}, s.labels());
        for (int i = 0; i < 3; i++) {
            for (int r = 0; r < 32; r += 7) {
                for (int c = 0; c < 32; c += 5) {
                    for (int ch = 0; ch < 3; ch++) {
                        int k = ((i * 32 + r) * 32 + c) * 3 + ch;
                        assertEquals(pixel(i, r, c, ch), s.pixels()[k] & 0xff, "pixel " + Arrays.asList(i, r, c, ch));
                    }
                }
            }
        }
    }

    private static void assertArrayEquals(int[] want, int[] got) {
        org.junit.jupiter.api.Assertions.assertArrayEquals(want, got);
    }

    @Test
    void paperSplitDrawsFromTheTestSetAndTestsOnTheTrainingSet() throws IOException {
        valid(dir.resolve("train_32x32.mat"), 1, 2, 3, 4);
        valid(dir.resolve("test_32x32.mat"), 5, 6, 7, 8, 9, 10);
        assertTrue(SvhnMat.present(dir));
        SvhnMat.Original o = SvhnMat.load(dir);
        SvhnMat.Split a = SvhnMat.paperSplit(o, 3, 42);
        SvhnMat.Split b = SvhnMat.paperSplit(o, 3, 42);
        assertArrayEquals(a.trainIndicesInOriginalTest(), b.trainIndicesInOriginalTest());
        assertEquals(3, a.train().count());
        assertEquals(4, a.test().count());
        for (int k = 0; k < 3; k++) {
            assertEquals(o.test().labels()[a.trainIndicesInOriginalTest()[k]], a.train().labels()[k]);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SvhnMat.paperSplit(o, 7, 1));
        assertTrue(e.getMessage().contains("n=7"), e.getMessage());
    }

    @Test
    void missingFileSaysWhereAndHowToGetIt() {
        DatasetNotFoundException e = assertThrows(DatasetNotFoundException.class,
                () -> SvhnMat.read(dir.resolve("train_32x32.mat"), "t"));
        assertTrue(e.getMessage().contains("dataset not found at " + dir.resolve("train_32x32.mat")), e.getMessage());
        assertTrue(e.getMessage().contains("ufldl.stanford.edu/housenumbers"), e.getMessage());
    }

    @Test
    void labelsOutOfRangeOrFractionalAreRejectedWithTheirIndex() throws IOException {
        assertTrue(malformed(valid(dir.resolve("a.mat"), 1, 11)).contains("label y(2) = 11.0"));
        assertTrue(malformed(valid(dir.resolve("b.mat"), 0)).contains("label y(1) = 0.0"));
        assertTrue(malformed(valid(dir.resolve("c.mat"), 2.5)).contains("must be an integer in [1, 10]"));
    }

    @Test
    void wrongShapesTypesAndMissingVariablesAreRejected() throws IOException {
        String m = malformed(write(dir.resolve("shape.mat"), 2, new int[] {28, 28, 1, 2}, MatlabType.UInt8,
                new double[] {1, 2}, true));
        assertTrue(m.contains("variable X has dimensions [28, 28, 1, 2]"), m);
        m = malformed(write(dir.resolve("type.mat"), 1, new int[] {32, 32, 3, 1}, MatlabType.Double, new double[] {1}, true));
        assertTrue(m.contains("must be uint8"), m);
        m = malformed(write(dir.resolve("count.mat"), 2, new int[] {32, 32, 3, 2}, MatlabType.UInt8, new double[] {1, 2, 3},
                true));
        assertTrue(m.contains("variable y has dimensions [3, 1]"), m);
        m = malformed(write(dir.resolve("noy.mat"), 1, new int[] {32, 32, 3, 1}, MatlabType.UInt8, new double[] {1}, false));
        assertTrue(m.contains("variable y is missing"), m);
    }

    @Test
    void garbageTruncatedAndOversizedHeadersAreRejectedBeforeParsing() throws IOException {
        Path tiny = Files.write(dir.resolve("tiny.mat"), new byte[] {1, 2, 3});
        assertTrue(malformed(tiny).contains("less than the 128-byte MAT-file header"));
        Path noise = Files.write(dir.resolve("noise.mat"), new byte[400]);
        assertTrue(malformed(noise).contains("endian indicator"));

        byte[] good = Files.readAllBytes(valid(dir.resolve("good.mat"), 1, 2, 3));
        Path cut = Files.write(dir.resolve("cut.mat"), Arrays.copyOf(good, good.length / 2));
        assertTrue(malformed(cut).contains("truncated"), malformed(cut));

        ByteOrder order = good[126] == 'I' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        byte[] huge = good.clone();
        ByteBuffer.wrap(huge).order(order).putInt(128 + 4, 0x7ffffff0);   // first element claims ~2 GiB
        String m = malformed(Files.write(dir.resolve("huge.mat"), huge));
        assertTrue(m.contains("claims 2147483632 bytes"), m);

        // a compressed element whose inflated inner tag claims ~2 GiB from a few compressed bytes
        assertEquals(15, ByteBuffer.wrap(good).order(order).getInt(128), "the library writes compressed elements");
        byte[] inner = ByteBuffer.allocate(8).order(order).putInt(14).putInt(0x7ffffff0).array();
        java.util.zip.Deflater def = new java.util.zip.Deflater();
        def.setInput(inner);
        def.finish();
        byte[] z = new byte[64];
        int zl = def.deflate(z);
        def.end();
        ByteBuffer bomb = ByteBuffer.allocate(128 + 8 + zl).order(order);
        bomb.put(Arrays.copyOf(good, 128)).putInt(15).putInt(zl).put(z, 0, zl);
        m = malformed(Files.write(dir.resolve("bomb.mat"), bomb.array()));
        assertTrue(m.contains("claims 2147483632 inflated bytes"), m);

        byte[] version = good.clone();
        ByteBuffer.wrap(version).order(order).putShort(124, (short) 0x0200);
        assertTrue(malformed(Files.write(dir.resolve("v.mat"), version)).contains("must be 0x0100"));
    }
}
