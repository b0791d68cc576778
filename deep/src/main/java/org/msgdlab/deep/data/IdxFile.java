package org.msgdlab.deep.data;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reader of IDX files (the MNIST / Fashion-MNIST format), raw or gzip-compressed (detected by the
 * gzip magic number, not by the file name). Only unsigned-byte payloads (type code 0x08) are
 * accepted.
 *
 * <p>Format: two zero bytes, the type code, the number of dimensions k; then k big-endian 32-bit
 * sizes; then the payload, the product of the sizes in bytes, and nothing after it.
 *
 * <p>Validation is strict and never trusts the header for allocation: the payload buffer grows
 * only as bytes actually arrive (at most twice what the file holds), so a header claiming more
 * items than the file holds fails with "truncated", not with an out-of-memory error.
 */
public final class IdxFile {

    /** Largest payload accepted: a Java array's limit. */
    static final long MAX_PAYLOAD = Integer.MAX_VALUE - 8;

    private static final int UNSIGNED_BYTE = 0x08;

    /**
     * A parsed IDX file. The arrays are shared, not copied.
     *
     * @param file    the file read
     * @param dims    the sizes from the header
     * @param payload the bytes, row-major
     */
    public record Contents(Path file, int[] dims, byte[] payload) {
    }

    private IdxFile() {
    }

    /**
     * Reads {@code file}, requiring {@code expectedDims} dimensions.
     *
     * @param file         the IDX file, raw or gzipped
     * @param expectedDims the number of dimensions required
     * @return the sizes and the payload
     * @throws java.nio.file.NoSuchFileException when {@code file} is not a regular file
     * @throws MalformedDataException naming the file and the broken rule
     * @throws IOException            when the file cannot be read
     */
    public static Contents read(Path file, int expectedDims) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString(), null, "not a regular file");
        }
        try (InputStream in = open(file)) {
            byte[] magic = readFully(in, file, 4, "magic number");
            if (magic[0] != 0 || magic[1] != 0) {
                throw new MalformedDataException(file, String.format(
                        "magic number 0x%02x%02x%02x%02x must start with two zero bytes (not an IDX file)",
                        magic[0] & 0xff, magic[1] & 0xff, magic[2] & 0xff, magic[3] & 0xff));
            }
            if ((magic[2] & 0xff) != UNSIGNED_BYTE) {
                throw new MalformedDataException(file, String.format(
                        "type code 0x%02x must be 0x08 (unsigned byte)", magic[2] & 0xff));
            }
            int k = magic[3] & 0xff;
            if (k != expectedDims) {
                throw new MalformedDataException(file, "number of dimensions " + k + " must be " + expectedDims
                        + String.format(" (magic number 0x%08x expected)", 0x800 | expectedDims));
            }
            byte[] header = readFully(in, file, 4 * k, "dimension sizes");
            int[] dims = new int[k];
            long total = 1;
            for (int i = 0; i < k; i++) {
                dims[i] = ((header[4 * i] & 0xff) << 24) | ((header[4 * i + 1] & 0xff) << 16)
                        | ((header[4 * i + 2] & 0xff) << 8) | (header[4 * i + 3] & 0xff);
                if (dims[i] < 1) {
                    throw new MalformedDataException(file, "dimension " + i + " size " + (dims[i] & 0xffffffffL)
                            + " must be >= 1 and < 2^31");
                }
                total *= dims[i];
                if (total > MAX_PAYLOAD) {
                    throw new MalformedDataException(file, "header sizes " + Arrays.toString(Arrays.copyOf(dims, i + 1))
                            + " claim more than " + MAX_PAYLOAD + " bytes, the most this reader accepts");
                }
            }
            byte[] payload = readPayload(in, file, (int) total, dims);
            return new Contents(file, dims, payload);
        } catch (ZipException e) {
            throw new MalformedDataException(file, "corrupt gzip data (" + e.getMessage() + ")");
        } catch (EOFException e) {
            throw new MalformedDataException(file, "gzip stream ends early (" + e.getMessage() + ")");
        }
    }

    private static InputStream open(Path file) throws IOException {
        InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
        raw.mark(2);
        int b0 = raw.read();
        int b1 = raw.read();
        raw.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            return new GZIPInputStream(raw, 1 << 16);
        }
        return raw;
    }

    private static byte[] readFully(InputStream in, Path file, int n, String what) throws IOException {
        byte[] b = new byte[n];
        int got = in.readNBytes(b, 0, n);
        if (got < n) {
            throw new MalformedDataException(file, "truncated: " + what + " needs " + n + " bytes, the file holds "
                    + got);
        }
        return b;
    }

    /** Reads exactly {@code expected} bytes, growing the buffer only with data actually read. */
    private static byte[] readPayload(InputStream in, Path file, int expected, int[] dims) throws IOException {
        byte[] buf = new byte[Math.min(expected, 1 << 20)];
        int filled = 0;
        while (filled < expected) {
            if (filled == buf.length) {
                buf = Arrays.copyOf(buf, (int) Math.min(expected, 2L * buf.length));
            }
            int r = in.read(buf, filled, buf.length - filled);
            if (r < 0) {
                throw new MalformedDataException(file, "truncated: header " + Arrays.toString(dims) + " claims "
                        + expected + " payload bytes, the file holds " + filled);
            }
            filled += r;
        }
        int extra = 0;
        byte[] skip = new byte[4096];
        int r;
        while ((r = in.read(skip)) > 0) {
            extra += r;
        }
        if (extra > 0) {
            throw new MalformedDataException(file, "header " + Arrays.toString(dims) + " claims " + expected
                    + " payload bytes, the file holds " + extra + " more (trailing data)");
        }
        return buf;
    }
}
