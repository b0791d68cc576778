package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code statistics.csv}: the long format a notebook wants, one row per claim and compared
 * statistic (RFC 4180, UTF-8, header row; numbers at full double precision, empty where not
 * measured). {@code pandas.read_csv("statistics.csv")} or R's {@code read.csv} load it as is.
 *
 * <p>Columns: study, claim_id, verdict (of the claim), statistic, side (two-sided, above, at-most),
 * estimate, standard_error, paper_value, derived_value (the exact value the toolkit derives, equal to
 * paper_value where the paper is exact), tolerance, agrees_with_paper, agrees_with_derived. An interval claim's
 * row is its answer (side "interval": the point estimate and its standard error, no paper value); a timing
 * claim's first row is its measured ratio (side "timing", no paper value), then its statistics, if any.
 */
public final class StatisticsCsv {

    /** The file name. */
    public static final String NAME = "statistics.csv";

    static final List<String> COLUMNS = List.of("study", "claim_id", "verdict", "statistic", "side", "estimate",
            "standard_error", "paper_value", "derived_value", "tolerance", "agrees_with_paper", "agrees_with_derived");

    private StatisticsCsv() {
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
                if (e.interval() != null || e.timing() != null) {
                    String quantity = e.interval() != null ? e.interval().quantity() : e.timing().quantity();
                    CsvSummary.line(csv, List.of(s.id(), e.claimId(), String.valueOf(e.verdict()), quantity,
                            e.interval() != null ? "interval" : "timing", CsvSummary.num(e.estimate()),
                            CsvSummary.num(e.standardError()), "", "", "", "", ""));
                }
                for (StatisticCheck c : e.statistics()) {
                    CsvSummary.line(csv, List.of(s.id(), e.claimId(), String.valueOf(e.verdict()), c.name(),
                            c.side().name().toLowerCase(java.util.Locale.ROOT).replace('_', '-'), CsvSummary.num(c.estimate()),
                            CsvSummary.num(c.standardError()), CsvSummary.num(c.paperValue()), CsvSummary.num(c.derivedValue()),
                            CsvSummary.num(c.tolerance()), Boolean.toString(c.agreesWithPaper()),
                            Boolean.toString(c.agreesWithDerived())));
                }
            }
        }
        return csv.toString();
    }

    /**
     * Writes {@code dir/statistics.csv} atomically and returns it.
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
