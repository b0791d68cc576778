package org.msgdlab.reports.summary;

import org.msgdlab.core.claims.Series;

import java.util.List;

/**
 * The data behind a figure: {@code series/<name>.csv} beside {@code figures/<name>.png} (the report
 * writes one per figure of a claim). RFC 4180, UTF-8, header row, full double precision, empty for a
 * missing value, so that a notebook redraws a figure with {@code pandas.read_csv("series/<name>.csv")}
 * and a {@code groupby("curve")}. Columns: claim_id, curve, x, y, y_low, y_high (the band or error
 * bar; equal to y where there is none). The figure's title and axis labels are in results.json.
 */
public final class SeriesCsv {

    /** The folder of the tables, beside {@code figures/}. */
    public static final String DIR = "series";
    /** The list of the tables the last report wrote, so that only those are ever removed. */
    public static final String MANIFEST = ".msgd-series";
    static final List<String> COLUMNS = List.of("claim_id", "curve", "x", "y", "y_low", "y_high");

    private SeriesCsv() {
    }

    /**
     * The CSV text of {@code series}, a figure of claim {@code claimId} (CRLF line ends, as RFC 4180 asks).
     *
     * @param claimId the claim the figure belongs to
     * @param series  the figure's curves
     * @return the CSV text, header row first
     */
    public static String render(String claimId, Series series) {
        StringBuilder csv = new StringBuilder();
        CsvSummary.line(csv, COLUMNS);
        for (Series.Curve c : series.curves()) {
            for (double[] p : c.points()) {
                CsvSummary.line(csv, List.of(claimId, c.name(), CsvSummary.num(p[0]), CsvSummary.num(p[1]),
                        CsvSummary.num(p.length > 2 ? p[2] : p[1]), CsvSummary.num(p.length > 3 ? p[3] : p[1])));
            }
        }
        return csv.toString();
    }
}
