package org.msgdlab.reports;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.reports.summary.ResultTable;
import org.msgdlab.reports.summary.StatisticsCsv;
import org.msgdlab.reports.text.Numbers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One estimate per claim (issue 46): results.json, summary.csv, summary.md, statistics.csv, the terminal table
 * and the report's claim table of one results set give every claim the same estimate, and an interval claim's
 * estimate is its point estimate, never one of its bounds.
 */
class OneEstimateTest {

    @Test
    void everyOutputOfAResultsSetWithEveryKindOfClaimGivesEachClaimTheSameEstimate(@TempDir Path dir) throws Exception {
        Results r = ClaimKindsFixture.everyKind();
        assertEquals(List.of(Evidence.Kind.FORMULA, Evidence.Kind.FORMULA, Evidence.Kind.INTERVAL, Evidence.Kind.INTERVAL,
                Evidence.Kind.TIMING, Evidence.Kind.TIMING), claims(r).stream().map(Evidence::kind).toList());
        assertOneEstimate(dir, r);
        assertEquals(0.01355, claims(r).get(2).estimate(), "the mean paired difference, not the upper bound 0.02298");
    }

    @Test
    void theCommittedQuickRunWrittenBeforeIsReadWithOneEstimateInEveryOutput(@TempDir Path dir) throws Exception {
        Results r = ClaimKindsFixture.committedQuickRun(dir);
        long intervals = claims(r).stream().filter(e -> e.kind() == Evidence.Kind.INTERVAL).count();
        assertEquals(40, intervals, "the quick run's 28 paired and 12 noise-class claims");
        assertOneEstimate(dir.resolve("out"), r);
    }

    /**
     * Today's quick run, as {@code msgd verify} wrote it (CI passes its results.json as
     * {@value org.msgdlab.reports.html.ReportLengthTest#RESULTS_PROPERTY}): the files in its folder, not a re-render,
     * give every claim one estimate. Skipped when no run is named.
     */
    @Test
    void todaysQuickRunGivesOneEstimateInEveryFileVerifyWrote() throws Exception {
        String given = System.getProperty(org.msgdlab.reports.html.ReportLengthTest.RESULTS_PROPERTY, "");
        org.junit.jupiter.api.Assumptions.assumeFalse(given.isBlank(), "no quick run named (CI names today's)");
        Path file = Path.of(given);
        assertEstimatesAgree(file.getParent(), ResultsFile.read(file));
    }

    /** Writes results.json and the report of {@code r} into {@code dir} and reads each claim's estimate back from each. */
    private static void assertOneEstimate(Path dir, Results r) throws Exception {
        Files.createDirectories(dir);
        ResultsFile.write(dir, r);
        Report.write(dir, r, NoiseClassFixture.DESIGN);
        assertEstimatesAgree(dir, r);
    }

    /** Reads each claim's estimate back from the files in {@code dir} written from {@code r}, and from the terminal table. */
    private static void assertEstimatesAgree(Path dir, Results r) throws Exception {
        Map<String, Double> json = new LinkedHashMap<>();
        for (JsonNode s : ResultsFile.mapper().readTree(dir.resolve(ResultsFile.NAME).toFile()).path("studies")) {
            for (JsonNode c : s.path("claims")) {
                json.put(c.path("claimId").asText(), c.path("estimate").isNull() ? Double.NaN : c.path("estimate").asDouble());
                if (c.has("interval")) {
                    double est = json.get(c.path("claimId").asText());
                    JsonNode iv = c.path("interval");
                    assertEquals(iv.path("estimate").isNull() ? Double.NaN : iv.path("estimate").asDouble(), est, c.path("claimId").asText());
                    double lower = bound(iv.path("lower"));
                    double upper = bound(iv.path("upper"));
                    // inside its interval, and not its upper end (the old headline bound); a rate of 0 may sit on [0, u]'s 0
                    assertTrue(Double.isNaN(est) || (lower <= est && est <= upper && (est < upper || lower == upper)),
                            c.path("claimId").asText() + ": an interval claim's estimate " + est + " is a bound of " + iv);
                    if (iv.path("quantity").asText().endsWith("(paired)")) {
                        assertTrue(lower < est && est < upper, c.path("claimId") + ": a mean strictly inside its t bounds " + iv);
                    }
                    assertTrue(c.path("reference").isNull() && !c.has("discrepancyLimit"), "no formula field: " + c.path("claimId"));
                }
            }
        }
        assertEquals(claims(r).size(), json.size());
        Map<String, String> csv = column(Files.readString(dir.resolve(CsvSummary.NAME)), "estimate");
        Map<String, List<String>> stats = columns(Files.readString(dir.resolve(StatisticsCsv.NAME)), "estimate");
        Map<String, String> md = markdown(Files.readString(dir.resolve(MarkdownSummary.NAME)));
        Map<String, String> table = terminal(ResultTable.render(r));
        String html = Files.readString(dir.resolve(Report.INDEX));
        int withStatistics = 0;
        for (Evidence e : claims(r)) {
            String id = e.claimId();
            double est = json.get(id);
            assertEquals(Double.doubleToLongBits(e.estimate()), Double.doubleToLongBits(est), id + " in results.json");
            assertEquals(CsvSummary.num(est), csv.get(id), id + " in summary.csv");
            assertEquals(MarkdownSummary.g4(est), md.get(id), id + " in summary.md");
            assertEquals(MarkdownSummary.g4(est), table.get(id), id + " in the terminal table");
            if (stats.containsKey(id)) {
                withStatistics++;
                assertTrue(stats.get(id).contains(CsvSummary.num(est)), id + " in statistics.csv: " + stats.get(id) + " vs " + est);
            }
            if (e.verdict() != org.msgdlab.core.claims.Verdict.NOT_RUN) {
                assertEquals(Numbers.html(est), htmlEstimate(html, id), id + " in the report's claim table");
            }
        }
        assertTrue(withStatistics >= claims(r).size() / 2, withStatistics + " claims in statistics.csv");
    }

    /** An interval's end as results.json writes it: a number, or "Infinity"/"-Infinity" as text; null as NaN. */
    private static double bound(JsonNode n) {
        return n.isNumber() ? n.asDouble() : n.isTextual() ? Double.parseDouble(n.asText()) : Double.NaN;
    }

    private static List<Evidence> claims(Results r) {
        return r.studies().stream().map(StudyResult::claims).flatMap(List::stream).toList();
    }

    /** The estimate cell of claim {@code id}'s row in the report's claim table. */
    private static String htmlEstimate(String html, String id) {
        Pattern row = Pattern.compile("<td class=\"idx\">\\d+</td><td><a href=\"#" + Pattern.quote(anchor(id))
                + "\">.*?</a></td>(?:<td class=\"ref\"[^>]*>.*?</td>)?<td><span class=\"badge[^\"]*\">[^<]*</span></td>"
                + "<td class=\"num\">(.*?)</td>");
        Matcher m = row.matcher(html);
        assertTrue(m.find(), "a row of the claim table for " + id);
        return m.group(1);
    }

    private static String anchor(String id) {
        return "claim-" + id.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
    }

    /** The terminal table's estimate by claim id (columns: claim, verdict, estimate, ...). */
    private static Map<String, String> terminal(String text) {
        Map<String, String> m = new HashMap<>();
        text.lines().skip(1).map(l -> l.trim().split("\\s+")).forEach(c -> m.put(c[0], c[2]));
        return m;
    }

    /** summary.md's estimate by claim id (| study | claim id | verdict | estimate | ...). */
    private static Map<String, String> markdown(String text) {
        Map<String, String> m = new HashMap<>();
        text.lines().filter(l -> l.startsWith("| ") && !l.startsWith("| study")).map(l -> l.split(" \\| "))
                .forEach(c -> m.put(c[1].replace("\\", ""), c[3]));
        return m;
    }

    private static Map<String, String> column(String csv, String name) {
        Map<String, String> m = new HashMap<>();
        columns(csv, name).forEach((k, v) -> m.put(k, v.get(0)));
        return m;
    }

    /** Every value of column {@code name}, by claim_id, in row order. */
    private static Map<String, List<String>> columns(String csv, String name) {
        List<List<String>> rows = rows(csv);
        int id = rows.get(0).indexOf("claim_id");
        int col = rows.get(0).indexOf(name);
        Map<String, List<String>> m = new HashMap<>();
        for (List<String> row : rows.subList(1, rows.size())) {
            m.computeIfAbsent(row.get(id), k -> new ArrayList<>()).add(row.get(col));
        }
        return m;
    }

    /** RFC 4180 rows: quoted cells may hold commas and doubled quotes. */
    private static List<List<String>> rows(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\n') {
                row.add(cell.toString().replace("\r", ""));
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                cell.append(c);
            }
        }
        assertFalse(rows.isEmpty(), "a CSV with a header");
        return rows;
    }
}
