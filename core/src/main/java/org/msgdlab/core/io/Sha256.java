package org.msgdlab.core.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 digests as this project records them: 64 lower-case hex digits (a plan file's digest, a plug-in jar's
 * digest that a plan or a sweep fixes). Stateless and thread-safe.
 */
public final class Sha256 {

    private Sha256() {
    }

    /**
     * The SHA-256 of some bytes.
     *
     * @param bytes the bytes
     * @return 64 lower-case hex digits
     */
    public static String of(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    /**
     * The SHA-256 of a file's bytes.
     *
     * @param file the file
     * @return 64 lower-case hex digits
     * @throws IOException when it cannot be read
     */
    public static String of(Path file) throws IOException {
        return of(Files.readAllBytes(file));
    }
}
