package org.msgdlab.core.claims;

import com.fasterxml.jackson.databind.JsonNode;
import org.msgdlab.core.io.MalformedFileException;

import java.io.IOException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two results files compared claim by claim: the same claims, each with the same verdict and the
 * same numbers, timing aside. It answers "did this change alter any result?" (a refactoring must
 * not; a fix must alter exactly what it says).
 *
 * <p>Both files are read by {@link ResultsFile#load}, the reader of {@code msgd report}: a file that the report
 * refuses is not compared (issue 47). Claims are matched by study id and claim id. Every field of a claim's evidence is compared as
 * written in {@code results.json}, recursively (parameters, statistics, power, series), except
 * the fields that measure time ({@link #TIMING}); numbers are equal when they are the same double
 * or, with a relative tolerance, when {@code |a - b| <= tolerance · max(|a|, |b|)}. The provenance
 * (commit, dates, command) is not compared; the seed and the budget are, since results at
 * another seed are other results. Immutable and thread-safe.
 *
 * <p>A timing claim (one whose evidence records the machine's load, {@link #TIMING_CLAIM_PARAMETER}: a
 * speed measured on this machine at this moment) differs between any two runs; it is left out unless
 * asked for, and named in {@link #timingLeftOut()}.
 *
 * @param differences    one line per difference, e.g. {@code theory.sampling-noise/prop1.x: /estimate 0.1 -> 0.2}
 * @param verdictChanges one line per claim whose verdict changed, e.g. {@code deep/deep.x: PASS -> FAIL}
 * @param timingLeftOut  the timing claims left out of the comparison
 * @param claimsCompared claims compared (in either file)
 */
public record ResultsComparison(List<String> differences, List<String> verdictChanges, List<String> timingLeftOut,
                                int claimsCompared) {

    /** Fields that measure time, not results: left out of the comparison wherever they stand. */
    public static final Set<String> TIMING = Set.of("seconds", "startedAt", "finishedAt");
    /** The parameter that marks a timing claim: the rule by which the machine's load makes it INCONCLUSIVE. */
    public static final String TIMING_CLAIM_PARAMETER = org.msgdlab.core.bench.MachineLoad.RULE_PARAMETER;

    /**
     * Copies the lists, each line with its control characters shown as '?'.
     *
     * @param differences    one line per difference
     * @param verdictChanges one line per changed verdict
     * @param timingLeftOut  the timing claims left out
     * @param claimsCompared claims compared
     */
    public ResultsComparison {
        // ids and field names come from files a user can edit: a terminal shows them, never their control characters
        differences = differences.stream().map(MalformedFileException::oneLine).toList();
        verdictChanges = verdictChanges.stream().map(MalformedFileException::oneLine).toList();
        timingLeftOut = timingLeftOut.stream().map(MalformedFileException::oneLine).toList();
    }

    /** @return whether the two files hold the same results */
    public boolean same() {
        return differences.isEmpty();
    }

    /** @return the claims with a difference ("study/claim"), in order, each once */
    public List<String> claimsThatDiffer() {
        return differences.stream().map(d -> d.contains(": ") ? d.substring(0, d.indexOf(": ")) : d).distinct().toList();
    }

    /**
     * Compares two results files.
     *
     * @param before            the earlier file
     * @param after             the later one
     * @param relativeTolerance 0 for equality to the bit, else the relative difference allowed in a number
     * @return the differences, none when the results are the same
     * @throws MalformedFileException   when a file is not a results file that {@link ResultsFile#load} reads (over a
     *                                  limit, malformed), naming it and what is wrong
     * @throws IOException              when a file does not exist or cannot be read
     * @throws IllegalArgumentException when the tolerance is negative or not finite
     */
    public static ResultsComparison of(Path before, Path after, double relativeTolerance) throws IOException {
        return of(before, after, relativeTolerance, Set.of());
    }

    /**
     * Compares the claims of some studies of two results files.
     *
     * @param before            the earlier file
     * @param after             the later one
     * @param relativeTolerance 0 for equality to the bit, else the relative difference allowed in a number
     * @param studies           the studies compared, each a study id ({@code sde.appendix-b}) or its
     *                          first part ({@code sde}); empty for every study
     * @return the differences, none when the results of those studies are the same
     * @throws MalformedFileException   when a file is not a results file that {@link ResultsFile#load} reads (over a
     *                                  limit, malformed), naming it and what is wrong
     * @throws IOException              when a file does not exist or cannot be read
     * @throws IllegalArgumentException when the tolerance is negative or not finite, or a name of {@code studies}
     *                                  is in neither file
     */
    public static ResultsComparison of(Path before, Path after, double relativeTolerance, Set<String> studies)
            throws IOException {
        return of(before, after, relativeTolerance, studies, false);
    }

    /**
     * Compares the claims of some studies of two results files, timing claims included or not.
     *
     * @param before            the earlier file
     * @param after             the later one
     * @param relativeTolerance 0 for equality to the bit, else the relative difference allowed in a number
     * @param studies           study ids or their first parts; empty for every study
     * @param timing            whether to compare the timing claims too
     * @return the differences
     * @throws MalformedFileException   when a file is not a results file that {@link ResultsFile#load} reads (over a
     *                                  limit, malformed), naming it and what is wrong
     * @throws IOException              when a file does not exist or cannot be read
     * @throws IllegalArgumentException when the tolerance is negative or not finite, or a study name is in neither file
     */
    public static ResultsComparison of(Path before, Path after, double relativeTolerance, Set<String> studies,
                                       boolean timing) throws IOException {
        if (!(relativeTolerance >= 0) || Double.isInfinite(relativeTolerance)) {
            throw new IllegalArgumentException("relative tolerance=" + relativeTolerance + " must be finite and >= 0");
        }
        return of(tree(before), tree(after), relativeTolerance, studies, timing);
    }

    /** The file as {@code msgd report} reads it: the one strict reader ({@link ResultsFile#load}), its document. */
    private static JsonNode tree(Path file) throws IOException {
        return ResultsFile.load(file).tree();
    }

    /**
     * Compares two parsed results files ({@code results.json} trees).
     *
     * @param before            the earlier tree
     * @param after             the later one
     * @param relativeTolerance 0 for equality to the bit, else the relative difference allowed in a number
     * @return the differences, none when the results are the same
     */
    public static ResultsComparison of(JsonNode before, JsonNode after, double relativeTolerance) {
        return of(before, after, relativeTolerance, Set.of());
    }

    /**
     * Compares the claims of some studies of two parsed results files.
     *
     * @param before            the earlier tree
     * @param after             the later one
     * @param relativeTolerance 0 for equality to the bit, else the relative difference allowed in a number
     * @param studies           study ids or their first parts; empty for every study
     * @return the differences, none when the results of those studies are the same
     * @throws IllegalArgumentException when a name of {@code studies} is neither the id of a study of either file nor
     *                                  its first part (naming the ones there are)
     */
    public static ResultsComparison of(JsonNode before, JsonNode after, double relativeTolerance, Set<String> studies) {
        return of(before, after, relativeTolerance, studies, false);
    }

    /**
     * Compares the claims of some studies of two parsed results files, timing claims included or not.
     *
     * @param before            the earlier tree
     * @param after             the later one
     * @param relativeTolerance 0 for equality to the bit, else the relative difference allowed in a number
     * @param studies           study ids or their first parts; empty for every study
     * @param timing            whether to compare the timing claims too
     * @return the differences
     * @throws IllegalArgumentException when a name of {@code studies} is in neither file
     */
    public static ResultsComparison of(JsonNode before, JsonNode after, double relativeTolerance, Set<String> studies,
                                       boolean timing) {
        java.util.Set<String> known = new java.util.TreeSet<>();
        for (JsonNode tree : List.of(before, after)) {
            for (JsonNode study : tree.path("studies")) {
                String id = study.path("id").asText();
                known.add(id);
                known.add(id.split("\\.", 2)[0]);
            }
        }
        for (String name : new java.util.TreeSet<>(studies)) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("study '" + name + "' is in neither file (there: "
                        + (known.isEmpty() ? "no studies" : String.join(", ", known)) + ")");
            }
        }
        List<String> out = new ArrayList<>();
        for (String key : List.of("seed", "budget")) {
            compare("provenance", "/" + key, before.path("provenance").path(key), after.path("provenance").path(key),
                    relativeTolerance, out);
        }
        Map<String, JsonNode> a = claims(before, studies);
        Map<String, JsonNode> b = claims(after, studies);
        List<String> verdicts = new ArrayList<>();
        java.util.Set<String> left = new java.util.LinkedHashSet<>();
        java.util.Set<String> all = new java.util.LinkedHashSet<>(a.keySet());
        all.addAll(b.keySet());
        for (String key : all) {
            JsonNode x = a.get(key);
            JsonNode y = b.get(key);
            if (!timing && (isTiming(x) || isTiming(y))) {
                left.add(key);
                continue;
            }
            if (y == null) {
                out.add(key + ": only in the first file");
            } else if (x == null) {
                out.add(key + ": only in the second file");
            } else {
                String v = x.path("verdict").asText();
                String w = y.path("verdict").asText();
                if (!v.equals(w)) {
                    verdicts.add(key + ": " + v + " -> " + w);
                }
                compare(key, "", x, y, relativeTolerance, out);
            }
        }
        return new ResultsComparison(out, verdicts, List.copyOf(left), all.size());
    }

    /** Whether a claim (null: absent) is a timing claim: its parameters record the machine's load rule. */
    static boolean isTiming(JsonNode claim) {
        return claim != null && (claim.path("parameters").has(TIMING_CLAIM_PARAMETER) || claim.hasNonNull("timing"));
    }

    private static Map<String, JsonNode> claims(JsonNode results, Set<String> studies) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        for (JsonNode study : results.path("studies")) {
            String id = study.path("id").asText();
            if (!studies.isEmpty() && !studies.contains(id) && !studies.contains(id.split("\\.", 2)[0])) {
                continue;
            }
            for (JsonNode claim : study.path("claims")) {
                m.put(study.path("id").asText() + "/" + claim.path("claimId").asText(), claim);
            }
        }
        return m;
    }

    private static void compare(String claim, String path, JsonNode x, JsonNode y, double tol, List<String> out) {
        if (x.isNumber() && y.isNumber()) {
            double p = x.asDouble();
            double q = y.asDouble();
            boolean equal = Double.compare(p, q) == 0 || Math.abs(p - q) <= tol * Math.max(Math.abs(p), Math.abs(q));
            if (!equal) {
                out.add(claim + ": " + path + " " + x + " -> " + y);
            }
        } else if (x.isObject() && y.isObject()) {
            for (Iterator<String> it = x.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!TIMING.contains(f)) {
                    compare(claim, path + "/" + f, x.get(f), y.path(f), tol, out);
                }
            }
            for (Iterator<String> it = y.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!TIMING.contains(f) && !x.has(f)) {
                    out.add(claim + ": " + path + "/" + f + " only in the second file");
                }
            }
        } else if (x.isArray() && y.isArray()) {
            if (x.size() != y.size()) {
                out.add(claim + ": " + path + " has " + x.size() + " entries -> " + y.size());
                return;
            }
            for (int i = 0; i < x.size(); i++) {
                compare(claim, path + "/" + i, x.get(i), y.get(i), tol, out);
            }
        } else if (!x.equals(y)) {
            out.add(claim + ": " + path + " " + abbreviate(x) + " -> " + abbreviate(y));
        }
    }

    private static String abbreviate(JsonNode n) {
        String s = n.isMissingNode() ? "(absent)" : n.toString();
        return s.length() <= 120 ? s : s.substring(0, 117) + "...";
    }
}
