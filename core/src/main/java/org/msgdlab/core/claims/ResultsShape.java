package org.msgdlab.core.claims;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The checks of {@link ResultsFile#load} beyond the JSON types: the document is within the stated limits
 * ({@link ResultsFile#MAX_STUDIES}, {@link ResultsFile#MAX_CLAIMS}, {@link ResultsFile#MAX_SERIES},
 * {@link ResultsFile#MAX_POINTS}, {@link ResultsFile#MAX_VALUES}; counted as a stream, before it is parsed into
 * memory), it is a results file, with a list wherever a list
 * must be (before the file is read into records, whose constructors cannot take a null list), and, once read,
 * with what every reader of it needs (an id for every study and claim, a verdict for every claim, curves for
 * every series). Each check gives the first problem found, on one line naming where it is, or null.
 */
final class ResultsShape {

    /** The lists inside a study that the records copy, so that a null there cannot be read. */
    private static final List<String> CLAIM_LISTS = List.of("series", "statistics", "power");

    private ResultsShape() {
    }

    /**
     * What makes {@code tree} unreadable as a results file before it is read into records, or null.
     *
     * @param tree the parsed document (null or a missing node for an empty file)
     * @return the problem, or null
     */
    static String problem(JsonNode tree) {
        if (tree == null || !tree.isObject() || !tree.hasNonNull("provenance") || !tree.path("studies").isArray()) {
            return "not a results file (needs \"provenance\" and a \"studies\" array)";
        }
        if (!tree.get("provenance").isObject()) {
            return "malformed results file: \"provenance\" must be an object";
        }
        JsonNode studies = tree.get("studies");
        for (int s = 0; s < studies.size(); s++) {
            JsonNode study = studies.get(s);
            String at = "studies[" + s + "]";
            if (!study.isObject()) {
                return "malformed results file: " + at + " must be an object, not " + kind(study);
            }
            JsonNode list = study.get("claims");
            if (list == null || !list.isArray()) {
                return "malformed results file: " + at + ".claims must be a list, not " + (list == null ? "absent" : kind(list));
            }
            for (int c = 0; c < list.size(); c++) {
                JsonNode claim = list.get(c);
                String where = at + ".claims[" + c + "]";
                if (!claim.isObject()) {
                    return "malformed results file: " + where + " must be an object, not " + kind(claim);
                }
                String bad = nullInside(claim, where);
                if (bad != null) {
                    return "malformed results file: " + bad;
                }
            }
        }
        return null;
    }

    /**
     * The first limit of a results file that the document in {@code parser} exceeds, or null, read as a stream
     * (nothing of it kept, so that a file of millions of values costs no memory): its studies, claims, series, points
     * and values (numbers, texts, lists, objects) counted where the results file's layout has them. Reads the first
     * document only.
     *
     * @param parser a parser at the start of the document
     * @return "12,000 claims, over the limit of 10,000 claims in a results file", or null
     * @throws IOException when the document is not JSON (the parser's error, with its line and column)
     */
    static String overLimit(JsonParser parser) throws IOException {
        long[] counts = new long[5];   // studies, claims, series, points, values
        JsonToken t;
        while ((t = parser.nextToken()) != null) {
            if (t == JsonToken.FIELD_NAME) {
                continue;
            }
            if (t != JsonToken.END_OBJECT && t != JsonToken.END_ARRAY) {
                counts[4]++;
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    JsonStreamContext list = parser.getParsingContext().getParent();
                    String holder = list.inArray() && list.getParent() != null ? list.getParent().getCurrentName() : null;
                    int depth = list.getNestingDepth() + 1;   // root object 1, a study 3, a claim 5, a series 7, a point 11
                    if (holder != null) {
                        int role = depth == 3 && holder.equals("studies") ? 0 : depth == 5 && holder.equals("claims") ? 1
                                : depth == 7 && holder.equals("series") ? 2 : depth == 11 && holder.equals("points") ? 3 : -1;
                        if (role >= 0) {
                            counts[role]++;
                        }
                    }
                }
            }
            if (parser.getParsingContext().inRoot()) {
                break;   // the first document, whole; what follows it the reader refuses
            }
        }
        long[] limits = {ResultsFile.MAX_STUDIES, ResultsFile.MAX_CLAIMS, ResultsFile.MAX_SERIES, ResultsFile.MAX_POINTS,
                ResultsFile.MAX_VALUES};
        String[] what = {"studies", "claims", "series", "points", "values"};
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > limits[i]) {
                return String.format(Locale.ROOT, "%,d %s, over the limit of %,d %s in a results file", counts[i], what[i],
                        limits[i], what[i]);
            }
        }
        return null;
    }

    /** A null element of a claim's lists, or of a series' curves or points (none of which may hold one), or null. */
    private static String nullInside(JsonNode claim, String where) {
        for (String name : CLAIM_LISTS) {
            JsonNode list = claim.get(name);
            String bad = nullElement(list, where + "." + name);
            if (bad != null) {
                return bad;
            }
            if (!name.equals("series") || list == null || !list.isArray()) {
                continue;
            }
            for (int i = 0; i < list.size(); i++) {
                String at = where + ".series[" + i + "]";
                if (!list.get(i).isObject()) {
                    continue;   // the reader names what it found there, with its line
                }
                JsonNode curves = list.get(i).get("curves");
                if (curves == null || !curves.isArray()) {
                    return at + ".curves must be a list, not " + (curves == null ? "absent" : kind(curves));
                }
                bad = nullElement(curves, at + ".curves");
                for (int k = 0; bad == null && k < curves.size(); k++) {
                    if (!curves.get(k).isObject()) {
                        continue;
                    }
                    JsonNode points = curves.get(k).get("points");
                    bad = points == null || !points.isArray()
                            ? at + ".curves[" + k + "].points must be a list, not " + (points == null ? "absent" : kind(points))
                            : nullElement(points, at + ".curves[" + k + "].points");
                }
                if (bad != null) {
                    return bad;
                }
            }
        }
        return null;
    }

    private static String nullElement(JsonNode list, String where) {
        if (list == null || !list.isArray()) {
            return null;
        }
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).isNull()) {
                return where + "[" + i + "] is null";
            }
        }
        return null;
    }

    private static String kind(JsonNode n) {
        return n.isNull() ? "null" : n.isArray() ? "a list" : n.isObject() ? "an object" : n.isTextual() ? "a text"
                : n.isNumber() ? "a number" : n.isBoolean() ? "true or false" : "empty";
    }

    /**
     * What a read results file lacks that its readers need (the first such thing, naming where it is), or null:
     * every study needs an id, every claim an id and a verdict.
     *
     * @param results the file's content
     * @return the problem, or null
     */
    static String incomplete(Results results) {
        for (int s = 0; s < results.studies().size(); s++) {
            StudyResult study = results.studies().get(s);
            if (study.id() == null || study.id().isBlank()) {
                return "studies[" + s + "] has no \"id\"";
            }
            String where = "study '" + study.id() + "'";
            for (int c = 0; c < study.claims().size(); c++) {
                Evidence e = study.claims().get(c);
                if (e.claimId() == null || e.claimId().isBlank()) {
                    return where + ", claims[" + c + "] has no \"claimId\"";
                }
                if (e.verdict() == null) {
                    return "claim '" + e.claimId() + "' has no \"verdict\" (one of " + Arrays.stream(Verdict.values())
                            .map(Verdict::name).collect(Collectors.joining(", ")) + ")";
                }
            }
        }
        return null;
    }
}
