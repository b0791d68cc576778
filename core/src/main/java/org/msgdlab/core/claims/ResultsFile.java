package org.msgdlab.core.claims;

import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.io.JsonErrors;
import org.msgdlab.core.io.MalformedFileException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reads and writes {@code results.json}. Non-finite numbers are written as {@code null} (JSON has
 * no NaN) and read back as NaN. Writes are atomic (temporary file, then rename), so an interrupted
 * run never leaves a half-written file.
 *
 * <p>Thread-safe, as long as no caller reconfigures {@link #mapper()}.
 */
public final class ResultsFile {

    /** The file's name in its folder. */
    public static final String NAME = "results.json";

    /*
     * The limits of a results file read (issue 47: a 294 MB file with 10^6 claims took 6.6 GB and 219 s before the
     * report failed). A quick run's file holds 0.7 MB, 5 studies, 91 claims, 89 series and 4,930 points, a full
     * run's a few times the points: each limit is at least ten times what a run writes, and the report of a file at
     * one limit takes about a minute and a gigabyte or two on a busy 2-core machine (a 1,000-series file 48 s, a
     * 100,000-point series 11 s, 10,000 claims of 6 kB each 15 s).
     */
    /** The largest results file read, in bytes (64 MB): refused before it is parsed. */
    public static final int MAX_BYTES = 64_000_000;
    /** The most studies a results file read may hold (100; each may draw an overview figure). */
    public static final int MAX_STUDIES = 100;
    /** The most claims a results file read may hold (10,000). */
    public static final int MAX_CLAIMS = 10_000;
    /** The most series a results file read may hold (1,000): the report draws a figure for each. */
    public static final int MAX_SERIES = 1_000;
    /** The most points all the series of a results file read may hold together (100,000). */
    public static final int MAX_POINTS = 100_000;
    /**
     * The most values (numbers, texts, lists, objects) a results file read may hold (1,000,000; a quick run's file
     * has 26,000 to 43,000): the document is held in memory, 21 million empty objects took 2.6 GB.
     */
    public static final int MAX_VALUES = 1_000_000;

    private static final ObjectMapper MAPPER = createMapper();

    private ResultsFile() {
    }

    /**
     * The JSON mapper of results files: non-finite doubles written as {@code null} and read back as
     * NaN, output indented, unknown fields ignored, enums read from their names only, and a string
     * where a number or a boolean belongs (or a fraction where an integer does) refused.
     *
     * @return the one shared mapper (not to be reconfigured)
     */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private static ObjectMapper createMapper() {
        SimpleModule nonFinite = new SimpleModule("non-finite-as-null");
        JsonSerializer<Double> writer = new JsonSerializer<>() {
            @Override
            public void serialize(Double value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                if (value == null || !Double.isFinite(value)) {
                    gen.writeNull();
                } else {
                    gen.writeNumber(value);
                }
            }
        };
        JsonDeserializer<Double> reader = new JsonDeserializer<>() {
            @Override
            public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                return strictDouble(p, ctxt);
            }

            @Override
            public Double getNullValue(DeserializationContext ctxt) {
                return Double.NaN;
            }
        };
        nonFinite.addSerializer(Double.class, writer);
        nonFinite.addSerializer(double.class, writer);
        nonFinite.addDeserializer(Double.class, reader);
        nonFinite.addDeserializer(double.class, reader);
        nonFinite.addSerializer(double[].class, new JsonSerializer<>() {
            @Override
            public void serialize(double[] value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                gen.writeStartArray();
                for (double v : value) {
                    if (Double.isFinite(v)) {
                        gen.writeNumber(v);
                    } else {
                        gen.writeNull();
                    }
                }
                gen.writeEndArray();
            }
        });
        nonFinite.addDeserializer(double[].class, new JsonDeserializer<>() {
            @Override
            public double[] deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                java.util.List<Double> values = new java.util.ArrayList<>();
                while (p.nextToken() != com.fasterxml.jackson.core.JsonToken.END_ARRAY) {
                    values.add(p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NULL ? Double.NaN : strictDouble(p, ctxt));
                }
                return values.stream().mapToDouble(Double::doubleValue).toArray();
            }
        });
        ObjectMapper mapper = new ObjectMapper()
                .registerModule(nonFinite)
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                // a verdict written as 2 is not FAIL: enums are read from their names only
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
                // a file with something after its document (two runs' files joined) is not one results file
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        // "12" or "abc" where a number or a boolean belongs is refused, not read as 12 or 0
        for (LogicalType type : List.of(LogicalType.Integer, LogicalType.Float, LogicalType.Boolean)) {
            mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                    .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        }
        mapper.coercionConfigFor(LogicalType.Integer).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
        return mapper;
    }

    /** A JSON number as a double; anything else (a string, a boolean, an object) is an error. */
    private static double strictDouble(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.currentToken().isNumeric()) {
            return (Double) ctxt.handleUnexpectedToken(Double.class, p);
        }
        return p.getDoubleValue();
    }

    /**
     * Writes {@code results} to {@code dir/results.json} atomically, creating {@code dir}.
     *
     * @param dir     the results folder
     * @param results what to write
     * @return the file written
     * @throws UncheckedIOException when the file cannot be written, naming it (the previous one is unchanged)
     */
    public static Path write(Path dir, Results results) {
        return write(dir, NAME, results);
    }

    /**
     * Writes {@code results} to {@code dir/name}: to a temporary beside it, then renamed over it, so
     * that a failed write (a full disk) leaves the previous file as it was and no temporary behind.
     *
     * @param dir     the folder, created if needed
     * @param name    the file's name
     * @param results what to write
     * @return the file written
     * @throws UncheckedIOException when the file cannot be written, naming it (the previous one is unchanged)
     */
    public static Path write(Path dir, String name, Results results) {
        Path target = dir.resolve(name);
        try {
            return AtomicFiles.write(target, out -> MAPPER.writeValue(out, results));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + target + ": " + e.getMessage()
                    + (Files.exists(target) ? " (the previous " + name + " is unchanged)" : ""), e);
        }
    }

    /**
     * Reads {@code file} ({@link #load}); any problem gives an {@link IllegalArgumentException} whose one-line
     * message names the file and what is wrong.
     *
     * @param file the results file
     * @return its content
     * @throws IllegalArgumentException when {@link #load} throws, with its message
     */
    public static Results read(Path file) {
        try {
            return load(file).results();
        } catch (IOException e) {
            throw new IllegalArgumentException(MalformedFileException.oneLine(e.getMessage()), e);
        }
    }

    /**
     * A results file as read by the one strict reader of this project (issue 47): the records and, for
     * {@link ResultsComparison}, the document as written.
     *
     * @param tree    the document
     * @param results its content
     */
    public record Contents(JsonNode tree, Results results) {
    }

    /**
     * Reads {@code file} strictly: at most {@link #MAX_BYTES} bytes, {@link #MAX_STUDIES} studies,
     * {@link #MAX_CLAIMS} claims, {@link #MAX_SERIES} series, {@link #MAX_POINTS} points and {@link #MAX_VALUES}
     * values; finite JSON numbers (a missing number written as {@code null}); a number, a
     * whole number, a boolean or a verdict's name wherever one belongs, never a string standing for one; a list
     * wherever a list belongs; an id for every study and claim and a verdict for every claim; nothing after the
     * document. Unknown fields are ignored (they may grow). What {@code msgd report} renders and {@code msgd diff}
     * compares.
     *
     * @param file the results file
     * @return its content
     * @throws NoSuchFileException     when there is no such file ("FILE: no such file")
     * @throws MalformedFileException  when it is not a regular file, over a limit, not a results file, or
     *                                 malformed: one line, "FILE: WHAT" (the field's path, line and column where
     *                                 known, and the rule in plain words)
     * @throws IOException             when it cannot be read, naming it
     */
    public static Contents load(Path file) throws IOException {
        byte[] bytes = bytes(file);
        JsonNode tree;
        try {
            // counted as a stream first: a document over a limit is never held in memory
            String over;
            try (JsonParser counting = MAPPER.getFactory().createParser(bytes)) {
                try {
                    over = ResultsShape.overLimit(counting);
                } catch (StreamConstraintsException e) {
                    // the parser's own limits (nesting, a number's or a text's length) carry no place: where the stream stopped
                    throw new MalformedFileException(file, "malformed results file at line " + counting.currentLocation()
                            .getLineNr() + ", column " + counting.currentLocation().getColumnNr() + ": " + JsonErrors.what(e, null));
                }
            }
            if (over != null) {
                throw new MalformedFileException(file, over);
            }
            tree = MAPPER.readTree(bytes);
        } catch (MalformedFileException e) {
            throw e;
        } catch (JsonProcessingException e) {
            throw malformed(file, e, null);
        } catch (IOException e) {
            // the bytes are no text in any encoding JSON allows (UTF-8, UTF-16, UTF-32)
            throw new MalformedFileException(file, "malformed results file: not JSON text in UTF-8, UTF-16 or UTF-32 ("
                    + JsonErrors.plain(String.valueOf(e.getMessage())) + ")");
        }
        String problem = ResultsShape.problem(tree);
        if (problem != null) {
            throw new MalformedFileException(file, problem);
        }
        Results results;
        try {
            // read from the bytes again, not from the tree, so that a type error has its line and column
            results = MAPPER.readValue(bytes, Results.class);
        } catch (JsonProcessingException e) {
            throw malformed(file, e, tree);
        }
        String incomplete = ResultsShape.incomplete(results);
        if (incomplete != null) {
            throw new MalformedFileException(file, "malformed results file: " + incomplete);
        }
        return new Contents(tree, results);
    }

    /** The file's bytes, refused when it is not a regular file or larger than {@link #MAX_BYTES}. */
    private static byte[] bytes(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString(), null, "no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new MalformedFileException(file, "not a results file (not a regular file)");
        }
        try (InputStream in = Files.newInputStream(file)) {
            long size = Files.size(file);
            // at most one byte more than the limit, so that a file growing while it is read is refused too
            byte[] bytes = size > MAX_BYTES ? null : in.readNBytes(MAX_BYTES + 1);
            if (bytes == null || bytes.length > MAX_BYTES) {
                long seen = bytes == null ? size : Math.max(size, bytes.length);
                throw new MalformedFileException(file, String.format(Locale.ROOT, "%.1f MB (%,d bytes), over the limit"
                        + " of %d MB for a results file", seen / 1e6, seen, MAX_BYTES / 1_000_000));
            }
            return bytes;
        } catch (NoSuchFileException | MalformedFileException e) {
            throw e;
        } catch (IOException e) {
            String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
            throw new IOException(MalformedFileException.oneLine(file + ": cannot read: " + why), e);
        }
    }

    private static MalformedFileException malformed(Path file, JsonProcessingException e, JsonNode tree) {
        return new MalformedFileException(file, "malformed results file" + JsonErrors.where(e) + ": " + JsonErrors.what(e, tree));
    }
}
