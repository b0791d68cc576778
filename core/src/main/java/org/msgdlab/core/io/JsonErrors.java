package org.msgdlab.core.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What the JSON parser found wrong in a file, in the file's terms: where (the field's path, its line and
 * column) and which rule the value breaks ({@code must be a number, not the text "0.001"}), never the
 * parser's own vocabulary (its classes, features and limits: {@code JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS},
 * {@code StreamReadConstraints.getMaxNestingDepth()}, {@code java.lang.Double}, {@code JsonToken.VALUE_STRING}),
 * which names nothing a user can change. Issue 47. Stateless.
 */
public final class JsonErrors {

    private static final Pattern LIMIT = Pattern.compile("(.*?) \\((\\d+)\\) exceeds the maximum (?:allowed )?\\((\\d+).*");
    private static final Pattern NON_STANDARD = Pattern.compile("Non-standard token '([^']*)'.*");
    private static final Pattern SOURCE = Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+)(?:, column: (\\d+))?]");
    private static final Pattern FEATURE = Pattern.compile(
            "\\s*[:;,]?\\s*\\(?(?:enable|disable) `[^`]*`[^)]*?to (?:allow|accept)\\)?|\\s*\\(not recognized as one since Feature '[A-Z_]+' not enabled for parser\\)");
    private static final Pattern QUALIFIED = Pattern.compile("`(?:[a-zA-Z_$][\\w$]*\\.)+([A-Za-z_$][\\w$]*)(?:<[^`]*>)?`");
    private static final Pattern BACKTICKED = Pattern.compile("`([^`]*)`");

    private JsonErrors() {
    }

    /**
     * Where the error is: {@code " at studies[0].claims[3].estimate (line 40, column 20)"}, as much of it as is
     * known ({@code " at line 3, column 7"}, or "").
     *
     * @param e the parser's or mapper's exception
     * @return the place, with a leading space, or ""
     */
    public static String where(JsonProcessingException e) {
        String path = path(e);
        JsonLocation at = e.getLocation();
        String line = at == null || at.getLineNr() < 1 ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr();
        if (path.isEmpty()) {
            return line.isEmpty() ? "" : " at " + line;
        }
        return " at " + path + (line.isEmpty() ? "" : " (" + line + ")");
    }

    /**
     * The rule the input breaks, in plain words on one line: {@code must be one of PASS, FAIL, not the text
     * "SUPERPASS"}; {@code numbers must be finite, not NaN (write null for a number that is missing)};
     * {@code nested deeper than the limit of 1000 levels}.
     *
     * @param e        the parser's or mapper's exception
     * @param document the document as a tree, to name the value found at the error's path; null when it did not parse
     * @return the rule, without the place ({@link #where})
     */
    public static String what(JsonProcessingException e, JsonNode document) {
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage().lines().findFirst().orElse("");
        if (e instanceof StreamConstraintsException || LIMIT.matcher(message).matches()) {
            return limit(message);
        }
        Matcher nonStandard = NON_STANDARD.matcher(message);
        if (nonStandard.matches()) {
            return "numbers must be finite, not " + nonStandard.group(1) + " (write null for a number that is missing)";
        }
        if (message.startsWith("Trailing token")) {
            return "more text after the end of the document";
        }
        if (e instanceof ValueInstantiationException v) {
            Throwable cause = v.getCause();
            if (cause instanceof IllegalArgumentException refused && refused.getMessage() != null) {
                return MalformedFileException.oneLine(refused.getMessage());
            }
            return "a value that must be there is missing or null";
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            Object value = e instanceof InvalidFormatException f ? f.getValue() : null;
            String found = found(document == null ? null : document.at(pointer(m)), value);
            return "must be " + expected(m.getTargetType()) + (found == null ? "" : ", not " + found);
        }
        return plain(message);
    }

    /**
     * A parser's message without its vocabulary: features to enable, qualified class names, the source it read.
     *
     * @param message the parser's message
     * @return the message in plain words
     */
    public static String plain(String message) {
        String s = SOURCE.matcher(message).replaceAll(m -> "line " + m.group(1) + (m.group(2) == null ? "" : ", column " + m.group(2)));
        s = FEATURE.matcher(s).replaceAll("");
        s = QUALIFIED.matcher(s).replaceAll("$1");
        s = BACKTICKED.matcher(s).replaceAll("$1");
        s = s.replace("JsonToken.", "");
        for (Map.Entry<String, String> token : TOKENS.entrySet()) {
            s = s.replaceAll("\\b" + token.getKey() + "\\b", token.getValue());
        }
        return MalformedFileException.oneLine(s.strip());
    }

    /** The parser's names of its tokens ("Unexpected end-of-input in VALUE_STRING") in words. */
    private static final Map<String, String> TOKENS = Map.ofEntries(
            Map.entry("VALUE_STRING", "a text"), Map.entry("VALUE_NUMBER_INT", "a whole number"),
            Map.entry("VALUE_NUMBER_FLOAT", "a number"), Map.entry("VALUE_TRUE", "true"), Map.entry("VALUE_FALSE", "false"),
            Map.entry("VALUE_NULL", "null"), Map.entry("VALUE_EMBEDDED_OBJECT", "an embedded value"),
            Map.entry("START_OBJECT", "an object"), Map.entry("START_ARRAY", "a list"),
            Map.entry("END_OBJECT", "the end of an object"), Map.entry("END_ARRAY", "the end of a list"),
            Map.entry("FIELD_NAME", "a field name"), Map.entry("NOT_AVAILABLE", "nothing"));

    /** One of Jackson's read limits (nesting, a number's or a text's length) as the limit it is. */
    private static String limit(String message) {
        Matcher m = LIMIT.matcher(message);
        if (!m.matches()) {
            return plain(message);
        }
        String what = m.group(1).toLowerCase(java.util.Locale.ROOT);
        String max = m.group(3);
        if (what.contains("nesting")) {
            return "nested deeper than the limit of " + max + " levels";
        }
        String thing = what.startsWith("number") ? "a number of " + m.group(2) + " digits"
                : what.startsWith("string") ? "a text of " + m.group(2) + " characters"
                : what.startsWith("name") ? "a field name of " + m.group(2) + " characters"
                : what + " " + m.group(2);
        return thing + ", over the limit of " + max;
    }

    /** The path of a mapping error: {@code studies[0].claims[3].estimate}. */
    private static String path(JsonProcessingException e) {
        StringBuilder path = new StringBuilder();
        if (e instanceof JsonMappingException mapping) {
            for (JsonMappingException.Reference r : mapping.getPath()) {
                if (r.getFieldName() != null) {
                    path.append(path.length() == 0 ? "" : ".").append(MalformedFileException.oneLine(r.getFieldName()));
                } else if (r.getIndex() >= 0) {
                    path.append('[').append(r.getIndex()).append(']');
                }
            }
        }
        return path.toString();
    }

    private static JsonPointer pointer(JsonMappingException e) {
        JsonPointer p = JsonPointer.empty();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                p = p.appendProperty(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                p = p.appendIndex(r.getIndex());
            }
        }
        return p;
    }

    /** What a value of {@code type} is, for a reader: "a number", "one of PASS, FAIL", "a list". */
    static String expected(Class<?> type) {
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(c -> ((Enum<?>) c).name())
                    .collect(Collectors.joining(", "));
        }
        if (type == Double.class || type == double.class || type == Float.class || type == float.class
                || type == java.math.BigDecimal.class) {
            return "a number";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class || type == java.math.BigInteger.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (CharSequence.class.isAssignableFrom(type)) {
            return "a text";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return Map.class.isAssignableFrom(type) || !type.isPrimitive() ? "an object" : "a value";
    }

    /** What was found: {@code the text "0.001"}, {@code the number 2}, {@code a list}; null when unknown. */
    static String found(JsonNode node, Object value) {
        if (node == null || node.isMissingNode()) {
            return value instanceof String s ? "the text \"" + shortened(s) + "\"" : null;
        }
        if (node.isNull()) {
            return "null";
        }
        if (node.isTextual()) {
            return "the text \"" + shortened(node.asText()) + "\"";
        }
        if (node.isNumber()) {
            return "the number " + shortened(node.asText());
        }
        if (node.isBoolean()) {
            return node.asText();
        }
        return node.isArray() ? "a list" : "an object";
    }

    private static String shortened(String s) {
        String one = MalformedFileException.oneLine(s);
        return one.length() <= 60 ? one : one.substring(0, 57) + "...";
    }
}
