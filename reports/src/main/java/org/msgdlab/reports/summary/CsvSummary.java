package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.io.TextCells;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code summary.csv}: one row per claim (RFC 4180, UTF-8, header row), numbers at full double
 * precision ({@link Double#toString}), empty where not measured; for spreadsheets and papers.
 *
 * <p>Columns: study, claim_id, paper_ref, verdict, estimate, reference, standard_error, tolerance,
 * discrepancy ((estimate − reference)/|reference|, absolute when the reference is 0),
 * false_alarm_probability, min_power (over the applicable power checks), power_rejected (whether
 * this run rejected every applicable wrong formula), samples, seconds, why (one line). A text cell that
 * a spreadsheet would read as a formula ({@code =1+1}) gets a leading apostrophe ({@link TextCells#csv}).
 */
public final class CsvSummary {

    /** The file name. */
    public static final String NAME = "summary.csv";

    static final List<String> COLUMNS = List.of("study", "claim_id", "paper_ref", "verdict", "estimate", "reference",
            "standard_error", "tolerance", "discrepancy", "false_alarm_probability", "min_power", "power_rejected",
            "samples", "seconds", "why");

    private CsvSummary() {
    }

    /**
     * The CSV text of {@code results} (CRLF line ends, as RFC 4180 asks).
     *
     * @param results the verification results
     * @return the CSV text, header row first
     */
    public static String render(Results results) {
        StringBuilder csv = new StringBuilder();
        line(csv, COLUMNS);
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                List<PowerCheck> power = e.power().stream().filter(p -> Verdicts.applicable(p, e)).toList();
                double minPower = power.stream().mapToDouble(PowerCheck::power).min().orElse(Double.NaN);
                String rejected = power.isEmpty() ? "" : Boolean.toString(power.stream().allMatch(PowerCheck::rejected));
                // every kind of claim: its estimate is results.json's (for an interval claim the point estimate, for a
                // timing claim the measured ratio; neither has a reference, tolerance or discrepancy: NaN there)
                java.util.Optional<IntervalAnswer> interval = java.util.Optional.ofNullable(e.interval());
                long samples = interval.map(a -> (long) a.seeds()).orElse(e.samples());
                line(csv, List.of(s.id(), e.claimId(), nz(e.paperRef()), String.valueOf(e.verdict()), num(e.estimate()),
                        num(e.reference()), num(e.standardError()), num(e.tolerance()),
                        num(e.discrepancy()), num(e.falseAlarmProbability()), num(minPower), rejected,
                        samples > 0 ? Long.toString(samples) : "", num(e.seconds()), Verdicts.why(e)));
            }
        }
        return csv.toString();
    }

    /**
     * Writes {@code dir/summary.csv} atomically and returns it.
     *
     * @param dir     the folder of results.json
     * @param results the verification results
     * @return the file written
     * @throws java.io.UncheckedIOException when the file cannot be written (the message names it)
     */
    public static Path write(Path dir, Results results) {
        return SummaryFile.write(dir, NAME, render(results));
    }

    /**
     * Appends one CSV line (RFC 4180: quoted where needed, CRLF).
     *
     * @param csv   the text, changed
     * @param cells the line's cells
     */
    public static void line(StringBuilder csv, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                csv.append(',');
            }
            csv.append(quote(cells.get(i)));
        }
        csv.append("\r\n");
    }

    /** A cell as every CSV writer of msgd writes it: quoted, on one line, formulas neutralised ({@link TextCells#csv}). */
    public static String quote(String cell) {
        return TextCells.csv(cell);
    }

    /**
     * A number cell: full double precision, empty for NaN or an infinity.
     *
     * @param x the number
     * @return its cell text
     */
    public static String num(double x) {
        return Double.isFinite(x) ? Double.toString(x) : "";
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
