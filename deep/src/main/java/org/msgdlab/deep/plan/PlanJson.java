package org.msgdlab.deep.plan;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.core.io.JsonErrors;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A plan file's JSON read value by value, each checked where it is read: a missing key, a value of the wrong type or
 * outside its rule is a {@link PlanFileException} naming the key (a JSON pointer), the value and the rule.
 * Immutable and thread-safe.
 */
class PlanJson {

    /** The file, for the messages. */
    final Path file;
    /** The document. */
    final JsonNode root;

    PlanJson(Path file, JsonNode root) {
        this.file = file;
        this.root = root;
    }

    void keys(JsonNode node, String at, String... allowed) {
        List<String> ok = List.of(allowed);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!ok.contains(k)) {
                throw fail(at + "/" + k, node.get(k).toString(), "is not a key here (keys: " + String.join(", ", ok) + ")");
            }
        }
    }

    JsonNode at(String at) {
        JsonNode n = root.at(at);
        if (n.isMissingNode() || n.isNull()) {
            throw fail(at, "(missing)", "is required");
        }
        return n;
    }

    JsonNode object(String at) {
        JsonNode n = at(at);
        if (!n.isObject()) {
            throw fail(at, n.toString(), "must be a JSON object");
        }
        return n;
    }

    JsonNode array(String at) {
        JsonNode n = at(at);
        if (!n.isArray()) {
            throw fail(at, n.toString(), "must be a JSON array");
        }
        return n;
    }

    String text(String at) {
        JsonNode n = at(at);
        if (!n.isTextual()) {
            throw fail(at, n.toString(), "must be a string");
        }
        return JsonErrors.plain(n.asText());
    }

    String matching(String at, Pattern p, String rule) {
        String s = text(at);
        if (!p.matcher(s).matches()) {
            throw fail(at, s, rule);
        }
        return s;
    }

    double number(String at) {
        JsonNode n = at(at);
        if (!n.isNumber()) {
            throw fail(at, n.toString(), "must be a number");
        }
        return n.asDouble();
    }

    long longValue(String at) {
        JsonNode n = at(at);
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw fail(at, n.toString(), "must be a whole number (a 64-bit seed)");
        }
        return n.asLong();
    }

    int whole(String at, int min, int max) {
        JsonNode n = at(at);
        if (!n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < min || n.asInt() > max) {
            throw fail(at, n.toString(), "must be a whole number in [" + min + ", " + max + "]");
        }
        return n.asInt();
    }

    boolean bool(String at) {
        JsonNode n = at(at);
        if (!n.isBoolean()) {
            throw fail(at, n.toString(), "must be true or false");
        }
        return n.asBoolean();
    }

    static String num(double x) {
        return Double.toString(x);
    }

    PlanFileException fail(String at, String value, String rule) {
        return new PlanFileException(file, at, "= " + value + ": " + rule);
    }

    /** A number that must be finite and &gt; 0. */
    double positive(String at) {
        double x = number(at);
        if (!(x > 0) || !Double.isFinite(x)) {
            throw fail(at, num(x), "must be finite and > 0 (points)");
        }
        return x;
    }
}
