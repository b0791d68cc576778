package org.msgdlab.reports;

import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.Figures.Figure;
import org.msgdlab.reports.html.HtmlReport;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.reports.summary.SeriesCsv;
import org.msgdlab.reports.summary.SummaryFile;
import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StudyResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Renders a results file into its directory: {@code index.html}, {@code figures/} (PNG and SVG per
 * series, one overview per study), {@code series/} (the data of each series figure, CSV),
 * {@code summary.md}, {@code summary.csv}, {@code statistics.csv} and {@code lists.csv}. Figures and
 * series tables left over from an earlier render of the same directory (those its manifests list) are
 * removed; nothing else there is touched. The figures are drawn in parallel; two renders into one
 * directory at once are not supported.
 */
public final class Report {

    /** The HTML page's file name. */
    public static final String INDEX = "index.html";
    /** The figures' folder. */
    public static final String FIGURES = "figures";

    private Report() {
    }

    /**
     * What was written.
     * <p>
     * Immutable when {@code problems} is not modified.
     *
     * @param index    the HTML page
     * @param figures  how many figures were drawn
     * @param problems figures that could not be drawn, one line each (the page says so too)
     */
    public record Written(Path index, int figures, List<String> problems) {
        /** @return the problems that are files not written (a full disk), not figures with nothing to draw */
        public List<String> writeFailures() {
            return problems.stream().filter(p -> p.contains(": " + Figures.WRITE_FAILURE)).toList();
        }
    }

    /**
     * Writes the whole report for {@code results} into {@code dir}.
     *
     * @param dir     the folder of results.json
     * @param results the verification results
     * @return what was written
     * @throws UncheckedIOException when a file cannot be written (the message names it)
     */
    public static Written write(Path dir, Results results) {
        MarkdownSummary.write(dir, results);
        CsvSummary.write(dir, results);
        org.msgdlab.reports.summary.StatisticsCsv.write(dir, results);
        org.msgdlab.reports.summary.ListsCsv.write(dir, results);
        Path figDir = dir.resolve(FIGURES);
        try {
            Files.createDirectories(figDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + figDir + ": " + e.getMessage(), e);
        }

        // Plan the figures (unique file names), then draw them in parallel.
        record Job(Object key, Series series, StudyResult study, String base, String claimId) {
        }
        List<Job> jobs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (StudyResult s : results.studies()) {
            if (Figures.hasOverview(s)) {
                jobs.add(new Job(s, null, s, unique(fileName(s.id()) + ".overview", names), null));
            }
            for (Evidence e : s.claims()) {
                for (Series se : e.series()) {
                    jobs.add(new Job(se, se, null, unique(fileName(se.id() == null ? e.claimId() : se.id()), names), e.claimId()));
                }
            }
        }
        Figure[] drawn = new Figure[jobs.size()];
        IntStream.range(0, jobs.size()).parallel().forEach(i -> {
            Job j = jobs.get(i);
            drawn[i] = j.series() != null ? Figures.series(j.series(), figDir, j.base()) : Figures.overview(j.study(), figDir, j.base());
        });
        Map<Object, Figure> byIdentity = new IdentityHashMap<>();
        for (int i = 0; i < drawn.length; i++) {
            byIdentity.put(jobs.get(i).key(), drawn[i]);
        }
        List<String> problems = new ArrayList<>();
        Set<String> keep = new HashSet<>();
        // a figure this report could not write (a full disk) keeps its earlier file: nothing is deleted before its
        // replacement is written (issue 33, D9)
        for (Job j : jobs) {
            keep.add(j.base() + ".png");
            keep.add(j.base() + ".svg");
        }
        int count = 0;
        for (Figure f : byIdentity.values()) {
            if (f.rendered()) {
                count++;
            } else {
                problems.add("figure " + f.id() + ": " + f.problem());
            }
        }
        removeStale(figDir, MANIFEST, keep);

        // the data of each figure, under the figure's own name: series/<name>.csv beside figures/<name>.png
        Path seriesDir = dir.resolve(SeriesCsv.DIR);
        Set<String> tables = new HashSet<>();
        for (Job j : jobs) {
            SummaryFile.write(seriesDir, j.base() + ".csv", j.series() != null ? SeriesCsv.render(j.claimId(), j.series())
                    : Figures.overviewCsv(j.study()));
            tables.add(j.base() + ".csv");
        }
        if (!tables.isEmpty() || Files.isDirectory(seriesDir)) {
            removeStale(seriesDir, SeriesCsv.MANIFEST, tables);
        }

        String html = HtmlReport.render(results, new HtmlReport.FigureIndex() {
            @Override
            public Figure series(Series s) {
                return byIdentity.get(s);
            }

            @Override
            public Figure overview(StudyResult study) {
                return byIdentity.get(study);
            }
        }, FIGURES);
        Path index = dir.resolve(INDEX);
        try {
            AtomicFiles.writeString(index, html);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + index + ": " + e.getMessage(), e);
        }
        return new Written(index, count, problems);
    }

    /** A file-name-safe form of an id: lower case, [a-z0-9._-] only, at most 120 characters. */
    static String fileName(String id) {
        String s = (id == null || id.isBlank() ? "figure" : id).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-");
        s = s.replaceAll("^[.-]+", "");
        if (s.isEmpty()) {
            s = "figure";
        }
        return s.length() > 120 ? s.substring(0, 120) : s;
    }

    private static String unique(String base, Set<String> used) {
        String b = base;
        for (int k = 2; !used.add(b); k++) {
            b = base + "-" + k;
        }
        return b;
    }

    /** The list of the figure files the last report drew, in its figure folder. */
    static final String MANIFEST = ".msgd-figures";

    /**
     * Removes the files (figures, series tables) a previous report wrote into {@code dir} and this
     * one did not (they are listed in its manifest, {@value #MANIFEST} for figures), and records this
     * report's. Files the toolkit did not write (a user's own
     * figures, figures of a folder written before the manifest existed) are never deleted.
     */
    private static void removeStale(Path dir, String manifestName, Set<String> keep) {
        Path manifest = dir.resolve(manifestName);
        try {
            if (Files.isRegularFile(manifest)) {
                for (String name : Files.readAllLines(manifest, java.nio.charset.StandardCharsets.UTF_8)) {
                    String n = name.strip();
                    if (!n.isEmpty() && !keep.contains(n) && !n.contains("/") && !n.contains("\\") && !n.startsWith(".")) {
                        Files.deleteIfExists(dir.resolve(n));
                    }
                }
            }
            AtomicFiles.writeString(manifest, String.join("\n", new java.util.TreeSet<>(keep)) + "\n");
        } catch (IOException e) {
            // stale figures are harmless: the page does not reference them
        }
    }
}
