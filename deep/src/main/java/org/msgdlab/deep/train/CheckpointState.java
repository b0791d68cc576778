package org.msgdlab.deep.train;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.msgdlab.core.io.AtomicFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A run's {@code checkpoint.json}: the iteration the saved weights belong to, the elapsed time, the
 * checkpoint's path prefix, and a SHA-256 digest of the iteration together with every file of the
 * checkpoint directory. The noise and data order of iteration k depend only on (seed, k), so the
 * iteration and the weights are the whole resume state; the digest binds them, so that an edited
 * iteration or damaged checkpoint data are refused in one line instead of resuming silently from
 * the wrong place.
 *
 * @param sha256 null for checkpoints written before digests existed (accepted, with a warning)
 */
record CheckpointState(long iteration, double elapsedSeconds, String prefix, String sha256) {

    static final String NAME = "checkpoint.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The prefix the checkpoint of {@code iteration} is saved under, relative to the run directory. */
    static String prefixFor(long iteration) {
        return "checkpoints/ckpt-" + iteration + "/model";
    }

    /** Writes checkpoint.json for the checkpoint just saved under {@code run/prefixFor(iteration)}, without the run's identity. */
    static CheckpointState write(Path run, long iteration, double elapsed) throws IOException {
        return write(run, iteration, elapsed, null);
    }

    /**
     * The settings that make a run the run it is, as its checkpoints record them ({@code "run"} in
     * checkpoint.json): run.json's configuration but for what may change between sittings (the
     * iterations, which --resume --iterations extends, the checkpoint interval, the data and plug-in
     * paths). run.json is not covered by the checkpoint's digest: a resume compares these with it.
     */
    static Map<String, String> identity(RunConfig c) {
        Map<String, String> id = new LinkedHashMap<>();
        RunJson.configJson(c).forEach((k, v) -> {
            if (!List.of("iterations", "checkpointEvery", "dataDir", "pluginJar").contains(k)) {
                id.put(k, String.valueOf(v));
            }
        });
        return id;
    }

    /**
     * Refuses to continue {@code config} (read from run.json) from a checkpoint made by another run:
     * the first setting of {@link #identity} that differs from the one checkpoint.json records, in one
     * line naming run.json. Checkpoints written before identities were recorded are accepted.
     */
    static void requireSameRun(Path run, RunConfig config) throws IOException {
        JsonNode made = JSON.readTree(run.resolve(NAME).toFile()).get("run");
        if (made == null || !made.isObject()) {
            return;
        }
        for (Map.Entry<String, String> e : identity(config).entrySet()) {
            JsonNode was = made.get(e.getKey());
            if (was != null && !was.asText().equals(e.getValue())) {
                throw new RunFileException(run.resolve("run.json"), e.getKey() + " is " + e.getValue() + ", but the checkpoint"
                        + " (" + run.resolve(NAME) + ") was made by the run with " + e.getKey() + " " + was.asText()
                        + ": run.json was edited; put " + was.asText() + " back to continue that run, or train the other"
                        + " one in a new directory");
            }
        }
    }

    /** Writes checkpoint.json for the checkpoint just saved, recording the run's {@link #identity} (null: none). */
    static CheckpointState write(Path run, long iteration, double elapsed, Map<String, String> identity) throws IOException {
        String prefix = prefixFor(iteration);
        CheckpointState s = new CheckpointState(iteration, elapsed, prefix,
                digest(iteration, run.resolve(prefix).getParent()));
        Map<String, Object> ck = new LinkedHashMap<>();
        ck.put("iteration", iteration);
        ck.put("elapsedSeconds", elapsed);
        ck.put("prefix", prefix);
        ck.put("sha256", s.sha256);
        ck.put("writtenAt", Instant.now().toString());
        if (identity != null) {
            ck.put("run", identity);
        }
        AtomicFiles.writeString(run.resolve(NAME), JSON.writeValueAsString(ck));
        return s;
    }

    /**
     * Reads and checks {@code run/checkpoint.json} for a run of {@code iterations} iterations: the
     * iteration a whole number in [1, iterations], the prefix the one written for it, its files
     * present and, when a digest is recorded, matching it.
     */
    static CheckpointState read(Path run, long iterations, java.io.PrintStream log) throws IOException {
        Path file = run.resolve(NAME);
        JsonNode j;
        try {
            j = JSON.readTree(file.toFile());
        } catch (JsonProcessingException | java.io.CharConversionException e) {
            throw RunFileException.notJson(file, e, RESTART);
        }
        if (j == null || !j.isObject()) {
            throw new RunFileException(file, "empty or not a JSON object" + RESTART);
        }
        JsonNode it = j.get("iteration");
        if (it == null || !it.isIntegralNumber() || it.asLong() < 1 || it.asLong() > iterations) {
            throw new RunFileException(file, "'iteration' is " + it + "; it must be a whole number in [1, "
                    + iterations + "]" + RESTART);
        }
        long k = it.asLong();
        JsonNode el = j.get("elapsedSeconds");
        if (el == null || !el.isNumber() || !(el.asDouble() >= 0)) {
            throw new RunFileException(file, "'elapsedSeconds' is " + el + "; it must be a number >= 0" + RESTART);
        }
        String prefix = j.path("prefix").asText("");
        if (!prefix.equals(prefixFor(k))) {
            throw new RunFileException(file, "'prefix' is '" + prefix + "'; the checkpoint of iteration " + k
                    + " is saved under '" + prefixFor(k) + "'" + RESTART);
        }
        Path dir = run.resolve(prefix).getParent();
        if (!Files.isRegularFile(dir.resolve("model.index"))) {
            throw new RunFileException(file, "the checkpoint of iteration " + k + " is missing (" + dir.resolve("model.index")
                    + " not found)" + RESTART);
        }
        JsonNode d = j.get("sha256");
        String recorded = d == null || d.isNull() ? null : d.asText();
        if (recorded == null) {
            log.println("warning: " + file + " has no digest (written before digests existed); resuming unchecked");
        } else if (!recorded.equals(digest(k, dir))) {
            throw new RunFileException(file, "the iteration (" + k + ") and the files of " + dir
                    + " do not match the recorded sha256 (edited or damaged)" + RESTART);
        }
        return new CheckpointState(k, el.asDouble(), prefix, recorded);
    }

    private static final String RESTART = "; to restart the run from scratch remove checkpoint.json and checkpoints/";

    /** SHA-256 of the iteration (8 bytes, big-endian) followed by each file of {@code dir}: name, size, content. */
    static String digest(long iteration, Path dir) throws IOException {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
        md.update(java.nio.ByteBuffer.allocate(Long.BYTES).putLong(iteration).array());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        }
        byte[] buf = new byte[1 << 16];
        for (Path f : files) {
            md.update(f.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            md.update(java.nio.ByteBuffer.allocate(Long.BYTES).putLong(Files.size(f)).array());
            try (InputStream in = new DigestInputStream(Files.newInputStream(f), md)) {
                while (in.read(buf) >= 0) {
                    // the stream feeds md
                }
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
