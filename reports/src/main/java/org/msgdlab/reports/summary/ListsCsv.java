package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code lists.csv}: every list of numbers among the claims' parameters, one row per element, so
 * that per-seed numbers (the deep study's window accuracies, paired differences and final iterates
 * per seed), the step sizes and errors of the SDE fits and the like load without parsing
 * results.json. RFC 4180, UTF-8, header row, full double precision.
 *
 * <p>Columns: study, claim_id, parameter (its name; a list inside a parameter map is named
 * {@code map.key}), index (0-based position in the list: the paired seed's position for per-seed
 * lists), field (for a list of rows, the row's column; empty for a plain list), value. An interval
 * claim's answer adds its lists as {@code interval.observations} and {@code interval.lineValues}, a timing
 * claim's as {@code timing.roundRatios} (the names the answer's lists had when it travelled among the
 * parameters, before issue 46).
 */
public final class ListsCsv {

    /** The file name. */
    public static final String NAME = "lists.csv";

    static final List<String> COLUMNS = List.of("study", "claim_id", "parameter", "index", "field", "value");

    private ListsCsv() {
    }

    /**
     * The CSV text of {@code results} (CRLF line ends, as RFC 4180 asks).
     *
     * @param results the verification results
     * @return the CSV text, header row first
     */
    public static String render(Results results) {
        StringBuilder csv = new StringBuilder();
        CsvSummary.line(csv, COLUMNS);
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                if (e.parameters() == null) {
                    continue;
                }
                for (Map.Entry<String, Object> p : e.parameters().entrySet()) {
                    rows(csv, s.id(), e.claimId(), p.getKey(), p.getValue(), true);
                }
                if (e.interval() != null) {
                    rows(csv, s.id(), e.claimId(), "interval.observations", e.interval().observations(), true);
                    rows(csv, s.id(), e.claimId(), "interval.lineValues",
                            e.interval().lines().stream().map(l -> l.value()).toList(), true);
                }
                if (e.timing() != null) {
                    rows(csv, s.id(), e.claimId(), "timing.roundRatios", e.timing().roundRatios(), true);
                }
            }
        }
        return csv.toString();
    }

    private static void rows(StringBuilder csv, String study, String claim, String name, Object value, boolean top) {
        if (value instanceof double[] a) {
            // in memory, before results.json: the same rows as its list
            value = java.util.Arrays.stream(a).boxed().toList();
        }
        if (value instanceof Map<?, ?> map && top) {
            for (Map.Entry<?, ?> inner : map.entrySet()) {
                rows(csv, study, claim, name + "." + inner.getKey(), inner.getValue(), false);
            }
        } else if (value instanceof List<?> list && !list.isEmpty()) {
            for (int i = 0; i < list.size(); i++) {
                Object item = list.get(i);
                if (item instanceof Number n) {
                    CsvSummary.line(csv, List.of(study, claim, name, Integer.toString(i), "", CsvSummary.num(n.doubleValue())));
                } else if (item instanceof Map<?, ?> row) {
                    for (Map.Entry<?, ?> cell : row.entrySet()) {
                        Object v = cell.getValue() instanceof double[] a ? java.util.Arrays.stream(a).boxed().toList() : cell.getValue();
                        if (v instanceof Number n) {
                            CsvSummary.line(csv, List.of(study, claim, name, Integer.toString(i), String.valueOf(cell.getKey()),
                                    CsvSummary.num(n.doubleValue())));
                        } else if (v instanceof List<?> inner) {
                            // a list in a table's cell (e.g. the terminal error by reference level): field "key[j]"
                            for (int j = 0; j < inner.size(); j++) {
                                if (inner.get(j) instanceof Number n) {
                                    CsvSummary.line(csv, List.of(study, claim, name, Integer.toString(i),
                                            cell.getKey() + "[" + j + "]", CsvSummary.num(n.doubleValue())));
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /**
     * Writes {@code dir/lists.csv} atomically and returns it.
     *
     * @param dir     the folder of results.json
     * @param results the verification results
     * @return the file written
     * @throws java.io.UncheckedIOException when the file cannot be written (the message names it)
     */
    public static Path write(Path dir, Results results) {
        return SummaryFile.write(dir, NAME, render(results));
    }
}
