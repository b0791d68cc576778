package org.msgdlab.reports;

import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.Figures.Figure;
import org.msgdlab.reports.figures.NoiseClassFigures;
import org.msgdlab.reports.html.HtmlReport;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.reports.summary.NoiseClassDesign;
import org.msgdlab.reports.summary.NoiseClassEvidence;
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
 * {@code summary.md}, {@code summary.csv}, {@code statistics.csv} and {@code lists.csv}. The report is
 * written whole into a staging folder first and then moved over the previous one ({@link ReportStaging}):
 * a file that cannot be written (a full disk) fails the whole report in one line naming it, and the
 * previous report stays as it was, every file of it. Figures and series tables left over from an earlier
 * render of the same directory (those its manifests list) are removed once the new ones are in place;
 * nothing else there is touched. The figures are drawn in parallel; the commands that write a report hold
 * the folder's lock ({@link org.msgdlab.core.io.FolderLock}), one writer at a time.
 */
public final class Report {

    /** The HTML page's file name. */
    public static final String INDEX = "index.html";
    /** The figures' folder. */
    public static final String FIGURES = "figures";
    /** The list of the figure files the last report drew, in its figure folder. */
    static final String MANIFEST = ".msgd-figures";

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
    }

    /**
     * Writes the whole report for {@code results} into {@code dir}, or nothing of it, knowing no noise-class study
     * ({@link NoiseClassDesign#NONE}: its claims, if any, are shown as any others).
     *
     * @param dir     the folder of results.json
     * @param results the verification results
     * @return what was written
     * @throws UncheckedIOException when a file cannot be written: one line naming it and the cause, and saying that
     *                              the previous report is kept (none of its files was replaced or deleted)
     */
    public static Written write(Path dir, Results results) {
        return write(dir, results, NoiseClassDesign.NONE);
    }

    /**
     * Writes the whole report for {@code results} into {@code dir}, or nothing of it; the noise-class study's claims
     * that {@code noiseClass} names get the first screen's answer, its forest plot and a section of their own.
     *
     * @param dir        the folder of results.json
     * @param results    the verification results
     * @param noiseClass the noise-class study's claims and band (deep's; {@link NoiseClassDesign#NONE} for none)
     * @return what was written
     * @throws UncheckedIOException when a file cannot be written: one line naming it and the cause, and saying that
     *                              the previous report is kept (none of its files was replaced or deleted)
     */
    public static Written write(Path dir, Results results, NoiseClassDesign noiseClass) {
        return write(dir, results, noiseClass, staging -> { });
    }

    /**
     * {@link #write(Path, Results, NoiseClassDesign)}, {@code beforeWriting} given the empty staging folder first
     * (tests put an obstacle there, as a full disk would refuse a file).
     */
    static Written write(Path dir, Results results, java.util.function.Consumer<Path> beforeWriting) {
        return write(dir, results, NoiseClassDesign.NONE, beforeWriting);
    }

    private static Written write(Path dir, Results results, NoiseClassDesign noiseClass,
                                 java.util.function.Consumer<Path> beforeWriting) {
        try (ReportStaging staging = ReportStaging.open(dir)) {
            Written staged;
            try {
                beforeWriting.accept(staging.folder());
                staged = writeInto(staging.folder(), results, noiseClass);
            } catch (UncheckedIOException e) {
                throw staging.failed(e.getMessage(), e.getCause());
            }
            staging.commit(Map.of(FIGURES, MANIFEST, SeriesCsv.DIR, SeriesCsv.MANIFEST), INDEX);
            return new Written(dir.resolve(INDEX), staged.figures(), staged.problems());
        }
    }

    /** The report written into {@code dir} (the staging folder); a file not written throws. */
    private static Written writeInto(Path dir, Results results, NoiseClassDesign design) {
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
        // the noise-class study's forest plot, from its claims' evidence (the first screen shows it beside its answer)
        java.util.Optional<NoiseClassEvidence> noiseClass = NoiseClassEvidence.from(results, design);
        String forestBase = noiseClass.isPresent() ? unique("noise-class.recovery", names) : null;
        Figure forest = noiseClass.map(ev -> NoiseClassFigures.figure(ev, design, figDir, forestBase)).orElse(null);
        if (forest != null) {
            byIdentity.put(forest, forest);
        }
        List<String> problems = new ArrayList<>();
        int count = 0;
        for (Figure f : byIdentity.values()) {
            if (f.rendered()) {
                count++;
            } else if (f.problem().startsWith(Figures.WRITE_FAILURE)) {
                // a file not written (a full disk) fails the report, which then replaces nothing (issue 33, D8, D9)
                throw new UncheckedIOException(f.problem(), new IOException(f.problem()));
            } else {
                problems.add("figure " + f.id() + ": " + f.problem());
            }
        }

        // the data of each figure, under the figure's own name: series/<name>.csv beside figures/<name>.png
        Path seriesDir = dir.resolve(SeriesCsv.DIR);
        Set<String> tables = new HashSet<>();
        for (Job j : jobs) {
            SummaryFile.write(seriesDir, j.base() + ".csv", j.series() != null ? SeriesCsv.render(j.claimId(), j.series())
                    : Figures.overviewCsv(j.study()));
            tables.add(j.base() + ".csv");
        }
        if (noiseClass.isPresent()) {
            SummaryFile.write(seriesDir, forestBase + ".csv", NoiseClassFigures.csv(noiseClass.get()));
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

            @Override
            public Figure noiseClass() {
                return forest;
            }
        }, FIGURES, design);
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

}
