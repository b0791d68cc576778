package org.msgdlab.deep.data;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CifarBinaryTest {

    @TempDir
    Path dir;

    private static byte[] records(int n, int labelBytes, int label) {
        byte[] b = new byte[n * (labelBytes + 3072)];
        for (int i = 0; i < n; i++) {
            int o = i * (labelBytes + 3072);
            b[o] = (byte) (labelBytes == 2 ? 3 : label);
            if (labelBytes == 2) {
                b[o + 1] = (byte) label;
            }
            for (int c = 0; c < 3; c++) {
                for (int p = 0; p < 1024; p++) {
                    b[o + labelBytes + c * 1024 + p] = (byte) (c * 50 + i);
                }
            }
        }
        return b;
    }

    @Test
    void readsCifar10AndCifar100ChannelsLast() throws IOException {
        Path f10 = Files.write(dir.resolve("b10.bin"), records(3, 1, 7));
        ImageSet s = CifarBinary.read(CifarBinary.Variant.CIFAR10, List.of(f10, f10), "c10");
        assertEquals(6, s.count());
        assertEquals(7, s.labels()[5]);
        assertEquals(3, s.channels());
        assertEquals(50 + 1, s.pixels()[3072 + 1] & 0xff, "pixel 0 of image 1, green channel");
        Path f100 = Files.write(dir.resolve("b100.bin"), records(2, 2, 93));
        ImageSet t = CifarBinary.read(CifarBinary.Variant.CIFAR100, List.of(f100), "c100");
        assertEquals(93, t.labels()[1]);
        assertEquals(100, t.classes());
    }

    @Test
    void malformedFilesAreNamed() throws IOException {
        Path bad = Files.write(dir.resolve("short.bin"), new byte[3073 + 10]);
        MalformedDataException e = assertThrows(MalformedDataException.class,
                () -> CifarBinary.read(CifarBinary.Variant.CIFAR10, List.of(bad), "x"));
        assertTrue(e.getMessage().contains(bad.toString()) && e.getMessage().contains("3083")
                && e.getMessage().contains("3073"), e.getMessage());
        Path label = Files.write(dir.resolve("label.bin"), records(2, 1, 10));
        assertTrue(assertThrows(MalformedDataException.class,
                () -> CifarBinary.read(CifarBinary.Variant.CIFAR10, List.of(label), "x")).getMessage()
                .contains("label 10 at record 0 must be in [0, 10)"));
        assertThrows(DatasetNotFoundException.class, () -> CifarBinary.cifar10(dir.resolve("none")));
    }
}
