package org.msgdlab.core.claims;

import org.msgdlab.core.io.AtomicFiles;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.nio.file.Path;

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
                .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
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
     * Reads {@code file}; a missing or malformed file gives an {@link IllegalArgumentException}
     * whose one-line message names the file and what is wrong.
     *
     * @param file the results file
     * @return its content
     * @throws IllegalArgumentException when the file does not exist or cannot be read, is not a results
     *                                  file (no {@code provenance}, or no {@code studies} array), or is
     *                                  malformed (with where: the field's path, line and column)
     */
    public static Results read(Path file) {
        try {
            com.fasterxml.jackson.databind.JsonNode tree = MAPPER.readTree(file.toFile());
            if (tree == null || !tree.isObject() || !tree.hasNonNull("provenance") || !tree.has("studies")
                    || !tree.get("studies").isArray()) {
                throw new IllegalArgumentException(file + ": not a results file (needs \"provenance\" and a \"studies\" array)");
            }
            // read again from the file, not from the tree, so that a type error has its line and column
            return MAPPER.readValue(file.toFile(), Results.class);
        } catch (NoSuchFileException | java.io.FileNotFoundException e) {
            throw new IllegalArgumentException(file + ": no such file");
        } catch (JsonProcessingException e) {
            String where = where(e);
            throw new IllegalArgumentException(file + ": malformed results file" + where + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read: " + e.getMessage());
        }
    }

    /** " at studies[0].claims[3].estimate (line 40, column 20)", as much of it as is known. */
    private static String where(JsonProcessingException e) {
        StringBuilder path = new StringBuilder();
        if (e instanceof JsonMappingException mapping) {
            for (JsonMappingException.Reference r : mapping.getPath()) {
                if (r.getFieldName() != null) {
                    path.append(path.length() == 0 ? "" : ".").append(r.getFieldName());
                } else if (r.getIndex() >= 0) {
                    path.append('[').append(r.getIndex()).append(']');
                }
            }
        }
        JsonLocation at = e.getLocation();
        String line = at == null || at.getLineNr() < 1 ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr();
        if (path.length() == 0) {
            return line.isEmpty() ? "" : " at " + line;
        }
        return " at " + path + (line.isEmpty() ? "" : " (" + line + ")");
    }
}
