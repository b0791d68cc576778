package org.msgdlab.deep.data;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/** Writes small IDX files for tests. */
public final class IdxFiles {

    private IdxFiles() {
    }

    /** Header (magic 0x0000 08 k, sizes) plus payload, optionally gzipped. */
    public static Path write(Path file, int[] dims, byte[] payload, boolean gzip) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        b.write(new byte[] {0, 0, 8, (byte) dims.length});
        for (int d : dims) {
            b.write(new byte[] {(byte) (d >>> 24), (byte) (d >>> 16), (byte) (d >>> 8), (byte) d});
        }
        b.write(payload);
        byte[] bytes = b.toByteArray();
        if (gzip) {
            try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
                out.write(bytes);
            }
        } else {
            Files.write(file, bytes);
        }
        return file;
    }

    /**
     * A Fashion-MNIST-shaped directory: {@code train} and {@code t10k} images (28x28) and labels,
     * gzipped, with class-dependent patterns (learnable) and a seeded pseudo-random texture.
     */
    public static Path fashionLike(Path dir, int trainCount, int testCount, long seed) throws IOException {
        Files.createDirectories(dir);
        writeSet(dir, "train", trainCount, seed);
        writeSet(dir, "t10k", testCount, seed + 1);
        return dir;
    }

    private static void writeSet(Path dir, String prefix, int count, long seed) throws IOException {
        byte[] px = new byte[count * 784];
        byte[] lb = new byte[count];
        java.util.SplittableRandom r = new java.util.SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            int label = r.nextInt(10);
            lb[i] = (byte) label;
            for (int y = 0; y < 28; y++) {
                for (int x = 0; x < 28; x++) {
                    boolean on = ((x / 3 + y / 3 + label) % 10) < 3 + label % 3;
                    int v = (on ? 180 : 20) + r.nextInt(60);
                    px[i * 784 + y * 28 + x] = (byte) v;
                }
            }
        }
        write(dir.resolve(prefix + "-images-idx3-ubyte.gz"), new int[] {count, 28, 28}, px, true);
        write(dir.resolve(prefix + "-labels-idx1-ubyte.gz"), new int[] {count}, lb, true);
    }
}
