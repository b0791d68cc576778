package org.msgdlab.core.claims;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answer of a claim decided by an interval (a paired or sequential study's claim), in the form a
 * report draws it: the per-seed observations, the estimate, the interval at the deciding look, the
 * lines the rule compares it with (margins, the smallest effect worth detecting), the rule in words and
 * the answer in one sentence. Such a claim has no paper value, tolerance or exact gap: a report shows
 * this instead of the statistics table of a theory claim.
 * <p>
 * It travels as the evidence's own field {@code interval} ({@link Evidence#interval}); the evidence's
 * {@code estimate} is this answer's {@link #estimate}, never a bound. Results files written before issue 46
 * carried it in the parameters under {@code interval.*} ({@link #into}); {@link #from} reads those, and
 * {@link Evidence} lifts them out when it reads such a file. An infinite end (a one-sided bound) is written
 * as text ("Infinity"), since results.json writes a non-finite number as null.
 *
 * @param quantity     what is estimated, e.g. "window test accuracy, SGD-50 minus GD (paired)"
 * @param estimate     the point estimate, e.g. the mean paired difference
 * @param lower        the interval's lower end (may be -infinity for a one-sided bound)
 * @param upper        the interval's upper end (may be +infinity)
 * @param level        the interval's coverage in words, e.g. "one-sided 0.0083-level bounds"
 * @param observations the per-seed values the estimate comes from (empty when there are none)
 * @param lines        reference values the rule compares the interval with
 * @param seeds        seeds the decision used
 * @param rule         the verdict's rule in words
 * @param answer       the answer in one plain sentence
 * @param headline     whether it answers its study's main question (a report puts it on its first screen)
 */
public record IntervalAnswer(String quantity, double estimate,
                             @JsonSerialize(using = EndsAsText.Writer.class) @JsonDeserialize(using = EndsAsText.Reader.class)
                             double lower,
                             @JsonSerialize(using = EndsAsText.Writer.class) @JsonDeserialize(using = EndsAsText.Reader.class)
                             double upper, String level, double[] observations, List<Line> lines, int seeds, String rule, String answer,
                             boolean headline) {

    private static final String PREFIX = "interval.";

    /**
     * A reference value of the rule, drawn as a line.
     *
     * @param label e.g. "margin -0.01", "smallest effect 0.005", "band edge 0.5"
     * @param value where it lies on the estimate's scale
     */
    public record Line(String label, double value) {
    }

    /** Copies the arrays and lists; null ones (a file that lacks them) read as empty. */
    public IntervalAnswer {
        observations = observations == null ? new double[0] : observations.clone();
        lines = lines == null ? List.of() : List.copyOf(lines);
    }

    @Override
    public double[] observations() {
        return observations.clone();
    }

    /**
     * Writes this answer into a claim's parameters under {@code interval.*}, as results files before issue 46
     * held it (tests of the reading of such files use it).
     *
     * @param parameters the parameters, changed
     * @return {@code parameters}
     */
    public Map<String, Object> into(Map<String, Object> parameters) {
        parameters.put(PREFIX + "quantity", quantity);
        // results.json writes a non-finite number as null: a one-sided bound's infinity travels as text
        parameters.put(PREFIX + "estimate", exact(estimate));
        parameters.put(PREFIX + "lower", exact(lower));
        parameters.put(PREFIX + "upper", exact(upper));
        parameters.put(PREFIX + "level", level);
        parameters.put(PREFIX + "observations", observations.clone());
        parameters.put(PREFIX + "lineLabels", lines.stream().map(Line::label).toList());
        parameters.put(PREFIX + "lineValues", lines.stream().mapToDouble(Line::value).toArray());
        parameters.put(PREFIX + "seeds", seeds);
        parameters.put(PREFIX + "rule", rule);
        parameters.put(PREFIX + "answer", answer);
        parameters.put(PREFIX + "headline", headline);
        return parameters;
    }

    /**
     * Reads the answer back from a claim's parameters, as written by {@link #into} or re-read from JSON
     * (arrays then come back as lists of numbers).
     *
     * @param parameters a claim's parameters (may be null)
     * @return the answer, empty when the claim carries none
     */
    public static Optional<IntervalAnswer> from(Map<String, Object> parameters) {
        if (parameters == null || !parameters.containsKey(PREFIX + "estimate")) {
            return Optional.empty();
        }
        List<Line> lines = new ArrayList<>();
        List<?> labels = parameters.get(PREFIX + "lineLabels") instanceof List<?> l ? l : List.of();
        double[] values = numbers(parameters.get(PREFIX + "lineValues"));
        for (int i = 0; i < Math.min(labels.size(), values.length); i++) {
            lines.add(new Line(String.valueOf(labels.get(i)), values[i]));
        }
        return Optional.of(new IntervalAnswer(text(parameters, "quantity"), number(parameters, "estimate"),
                number(parameters, "lower"), number(parameters, "upper"), text(parameters, "level"),
                numbers(parameters.get(PREFIX + "observations")), lines, (int) number(parameters, "seeds"),
                text(parameters, "rule"), text(parameters, "answer"),
                Boolean.TRUE.equals(parameters.get(PREFIX + "headline"))));
    }

    /** @return the parameters without this answer's keys (what a report lists beside it) */
    public static Map<String, Object> without(Map<String, Object> parameters) {
        Map<String, Object> rest = new LinkedHashMap<>(parameters);
        rest.keySet().removeIf(k -> k.startsWith(PREFIX));
        return rest;
    }

    private static Object exact(double x) {
        return Double.isFinite(x) ? (Object) x : Double.toString(x);
    }

    /** An interval's end in results.json: a number, or "Infinity"/"-Infinity"/"NaN" as text (JSON has none). */
    static final class EndsAsText {
        private EndsAsText() {
        }

        /** Writes a finite end as a number, another as its text. */
        static final class Writer extends com.fasterxml.jackson.databind.JsonSerializer<Double> {
            @Override
            public void serialize(Double x, com.fasterxml.jackson.core.JsonGenerator g,
                                  com.fasterxml.jackson.databind.SerializerProvider p) throws java.io.IOException {
                if (Double.isFinite(x)) {
                    g.writeNumber(x);
                } else {
                    g.writeString(Double.toString(x));
                }
            }
        }

        /** Reads a number, or the text of a non-finite one; null as NaN. */
        static final class Reader extends com.fasterxml.jackson.databind.JsonDeserializer<Double> {
            @Override
            public Double deserialize(com.fasterxml.jackson.core.JsonParser p,
                                      com.fasterxml.jackson.databind.DeserializationContext c) throws java.io.IOException {
                if (p.currentToken().isNumeric()) {
                    return p.getDoubleValue();
                }
                if (p.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_STRING
                        && java.util.Set.of("Infinity", "-Infinity", "NaN").contains(p.getText())) {
                    return Double.parseDouble(p.getText());
                }
                return (Double) c.handleUnexpectedToken(Double.class, p);
            }

            @Override
            public Double getNullValue(com.fasterxml.jackson.databind.DeserializationContext c) {
                return Double.NaN;
            }
        }
    }

    private static String text(Map<String, Object> p, String key) {
        Object v = p.get(PREFIX + key);
        return v == null ? "" : v.toString();
    }

    private static double number(Map<String, Object> p, String key) {
        Object v = p.get(PREFIX + key);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        // written by exact(): "Infinity", "-Infinity", "NaN"
        return v instanceof String s ? parse(s) : Double.NaN;
    }

    private static double parse(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static double[] numbers(Object v) {
        if (v instanceof double[] a) {
            return a.clone();
        }
        if (v instanceof List<?> l) {
            return l.stream().mapToDouble(x -> x instanceof Number n ? n.doubleValue()
                    : x instanceof String s ? parse(s) : Double.NaN).toArray();
        }
        return new double[0];
    }
}
