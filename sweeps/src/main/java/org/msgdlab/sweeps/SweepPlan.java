package org.msgdlab.sweeps;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.io.JsonErrors;
import org.msgdlab.core.io.MalformedFileException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep: a list of independent runs of one {@link RunKind}, each with a stable id, kept in the
 * sweep directory as {@code sweep.json}. Running a plan is idempotent: finished runs are skipped,
 * interrupted ones continue from their last checkpoint ({@link SweepDirectory}). Immutable and
 * thread-safe.
 *
 * @param kind the name of the {@link RunKind} that executes the runs
 * @param runs the runs in execution order; ids unique
 */
public record SweepPlan(String kind, List<SweepRun> runs) {

    /** The plan file inside a sweep directory. */
    public static final String FILE = "sweep.json";
    /** The plan file's format tag. */
    public static final String FORMAT = "msgd-sweep/1";

    /**
     * The most runs a plan holds: 10,000 (a plan is read whole, and a run of a sweep is a training
     * run of minutes to hours; a larger study is several sweeps).
     */
    public static final int MAX_RUNS = 10_000;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** The strict reader: text after the document, or a field given twice, is refused, not silently dropped. */
    private static final ObjectReader READER = JSON.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .with(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /**
     * Checks the plan and copies the runs.
     *
     * @param kind the name of the {@link RunKind} that executes the runs
     * @param runs the runs in execution order; ids unique
     * @throws IllegalArgumentException when {@code kind} is null or blank, there are no runs, or two
     *                                  runs have the same id, or there are more than {@link #MAX_RUNS}
     */
    public SweepPlan {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("sweep kind is empty");
        }
        runs = List.copyOf(runs);
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("the plan has no runs");
        }
        if (runs.size() > MAX_RUNS) {
            throw new IllegalArgumentException("the plan has " + runs.size() + " runs: a plan holds at most " + MAX_RUNS
                    + " (split the study into several sweeps)");
        }
        Map<String, SweepRun> seen = new LinkedHashMap<>();
        for (SweepRun r : runs) {
            if (seen.put(r.id(), r) != null) {
                throw new IllegalArgumentException("run " + r.id() + " is planned twice (a value listed twice?)");
            }
        }
    }

    /**
     * The run with this array index (a Slurm array task's {@code SLURM_ARRAY_TASK_ID}).
     *
     * @param index the plan index
     * @return the run
     * @throws IllegalArgumentException when {@code index} is not in [0, runs - 1]
     */
    public SweepRun run(int index) {
        if (index < 0 || index >= runs.size()) {
            throw new IllegalArgumentException("--index " + index + " must be in [0, " + (runs.size() - 1) + "] (the plan has "
                    + runs.size() + " runs)");
        }
        return runs.get(index);
    }

    /**
     * This plan with the runs of {@code more} that it lacks appended (an extended sweep keeps the
     * indices of its runs). A run of both with other settings is refused.
     *
     * @param more another plan of the same kind
     * @return the extended plan
     * @throws IllegalArgumentException when {@code more} is of another kind, or plans a run of this one
     *                                  with other settings (naming the first difference)
     */
    public SweepPlan extendedBy(SweepPlan more) {
        if (!kind.equals(more.kind)) {
            throw new IllegalArgumentException("the sweep holds runs of kind " + kind + ", not " + more.kind);
        }
        Map<String, SweepRun> byId = new LinkedHashMap<>();
        runs.forEach(r -> byId.put(r.id(), r));
        List<SweepRun> all = new ArrayList<>(runs);
        for (SweepRun r : more.runs) {
            SweepRun old = byId.get(r.id());
            if (old == null) {
                all.add(r);
            } else if (!old.settings().equals(r.settings())) {
                throw new IllegalArgumentException("run " + r.id() + " is already planned with other settings ("
                        + firstDifference(old.settings(), r.settings()) + ")");
            }
        }
        return new SweepPlan(kind, all);
    }

    private static String firstDifference(Map<String, String> a, Map<String, String> b) {
        for (Map.Entry<String, String> e : a.entrySet()) {
            if (!e.getValue().equals(b.get(e.getKey()))) {
                return e.getKey() + " " + e.getValue() + " there, " + b.get(e.getKey()) + " now";
            }
        }
        for (String k : b.keySet()) {
            if (!a.containsKey(k)) {
                return k + " not there, " + b.get(k) + " now";
            }
        }
        return "none";
    }

    /**
     * Whether {@code dir} holds a plan.
     *
     * @param dir the sweep directory
     * @return whether {@code dir/sweep.json} is a regular file
     */
    public static boolean exists(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    /**
     * Reads {@code dir/sweep.json} strictly: a file that is not JSON, lacks its format tag, kind or
     * runs, holds a run whose id or settings are not what {@link #write} writes, or breaks a rule of
     * the plan (ids unique, at most {@link #MAX_RUNS} runs) is refused in one line naming the file,
     * the run (index and id), the field, its value and the rule.
     *
     * @param dir the sweep directory
     * @return the plan
     * @throws MalformedFileException   when the file breaks its format (one line, as above)
     * @throws IOException              when the file cannot be read
     * @throws IllegalArgumentException when there is no such file
     */
    public static SweepPlan read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("sweep directory " + dir + " holds no " + FILE + " (make one with msgd sweep plan)");
        }
        JsonNode root;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            root = READER.readTree(in);
        } catch (JsonProcessingException e) {
            // in the file's terms (where, and the rule broken), never the parser's classes and features (issue 47)
            throw new MalformedFileException(file, "not valid JSON" + JsonErrors.where(e) + ": " + JsonErrors.what(e, null)
                    + "; repair it, or plan the sweep again with msgd sweep plan");
        }
        if (root == null || !root.isObject()) {
            throw new MalformedFileException(file, "must hold one JSON object {\"format\", \"kind\", \"runs\"}");
        }
        if (!FORMAT.equals(root.path("format").asText())) {
            throw new MalformedFileException(file, "format '" + root.path("format").asText() + "' is not " + FORMAT);
        }
        if (!root.path("kind").isTextual() || root.path("kind").asText().isBlank()) {
            throw new MalformedFileException(file, "kind=" + abbreviate(root.path("kind")) + " must be the name of a kind of run, e.g."
                    + " \"deep.train\"");
        }
        JsonNode array = root.path("runs");
        if (!array.isArray() || array.isEmpty()) {
            throw new MalformedFileException(file, "runs=" + abbreviate(array) + " must be a non-empty array of runs");
        }
        if (array.size() > MAX_RUNS) {
            throw new MalformedFileException(file, array.size() + " runs: a plan holds at most " + MAX_RUNS);
        }
        List<SweepRun> runs = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            runs.add(run(file, i, array.get(i)));
        }
        try {
            return new SweepPlan(root.path("kind").asText(), runs);
        } catch (IllegalArgumentException e) {
            throw new MalformedFileException(file, e.getMessage());
        }
    }

    /** Run {@code i} of the file: an object with a textual id and an object of scalar settings. */
    private static SweepRun run(Path file, int i, JsonNode r) throws MalformedFileException {
        String where = "run " + i;
        if (!r.isObject()) {
            throw new MalformedFileException(file, where + ": " + abbreviate(r) + " must be an object {\"id\", \"settings\"}");
        }
        if (!r.path("id").isTextual()) {
            throw new MalformedFileException(file, where + ": id=" + abbreviate(r.path("id")) + " must be a string");
        }
        String id = r.path("id").asText();
        where = where + " (" + id + ")";
        if (!r.path("settings").isObject()) {
            throw new MalformedFileException(file, where + ": settings=" + abbreviate(r.path("settings"))
                    + " must be an object of NAME: VALUE");
        }
        Map<String, String> settings = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = r.path("settings").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual() && !e.getValue().isNumber()) {
                throw new MalformedFileException(file, where + ": setting " + e.getKey() + "=" + abbreviate(e.getValue())
                        + " must be a string or a number");
            }
            settings.put(e.getKey(), e.getValue().asText());
        }
        try {
            return new SweepRun(id, settings);
        } catch (IllegalArgumentException e) {
            throw new MalformedFileException(file, where + ": " + e.getMessage());
        }
    }

    private static String abbreviate(JsonNode n) {
        String s = n.isMissingNode() ? "(absent)" : n.toString();
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }

    /**
     * Writes {@code dir/sweep.json} atomically.
     *
     * @param dir the sweep directory, created if needed
     * @throws IOException when the file cannot be written (the previous one is kept)
     */
    public void write(Path dir) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("kind", kind);
        ArrayNode array = root.putArray("runs");
        for (SweepRun r : runs) {
            ObjectNode n = array.addObject();
            n.put("id", r.id());
            ObjectNode s = n.putObject("settings");
            r.settings().forEach(s::put);
        }
        AtomicFiles.writeString(dir.resolve(FILE), JSON.writeValueAsString(root) + "\n");
    }
}
