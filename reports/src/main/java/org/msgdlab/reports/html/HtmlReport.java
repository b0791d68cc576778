package org.msgdlab.reports.html;

import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.Figures.Figure;
import org.msgdlab.reports.summary.NoiseClassDesign;
import org.msgdlab.reports.summary.NoiseClassEvidence;
import org.msgdlab.reports.summary.SupportDesign;
import org.msgdlab.reports.summary.Verdicts;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import static org.msgdlab.reports.html.Fragments.anchor;
import static org.msgdlab.reports.html.Fragments.badge;
import static org.msgdlab.reports.html.SummaryTables.miniCounts;
import static org.msgdlab.reports.text.Html.escape;

/**
 * {@code index.html}: one self-contained page (inline CSS and script, no network), readable on
 * screen and printable. A summary first (counts per verdict, every claim that is not PASS with one
 * line on why, weak power checks), then one section per study in the results' (paper) order with
 * an overview figure and, per claim, the statement, the verdict and its reason, every compared
 * statistic, the power checks, the figures and the parameters; the run's provenance last.
 *
 * <p>This class is the page's skeleton: the head, the header line of the run, one section per
 * study, the provenance, how to read the report, and the script that opens folded cards. The
 * summary and each study's table of claims are written by {@link SummaryTables}, each claim's
 * card (and every figure) by {@link ClaimCard}, the style sheet is {@link Css}, and the small
 * pieces they share are in {@link Fragments}.
 */
public final class HtmlReport {

    /** The figures of a report: per series (by identity) and per study overview (by study). */
    public interface FigureIndex {
        /**
         * The figure of a series.
         *
         * @param s a series of a claim of the results
         * @return its figure, or null for none (the card then shows no figure for it)
         */
        Figure series(Series s);

        /**
         * The overview figure of a study.
         *
         * @param study a study of the results
         * @return its overview figure, or null for none (the page then says there is none)
         */
        Figure overview(StudyResult study);

        /**
         * The noise-class study's forest plot, drawn from the results' evidence.
         *
         * @return it, or null for none (the first screen then shows the sentence alone)
         */
        default Figure noiseClass() {
            return null;
        }
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final Results results;
    private final FigureIndex figures;
    private final StringBuilder h = new StringBuilder(256 * 1024);
    private final SummaryTables tables;
    private final ClaimCard cards;
    /** The noise-class study's first-screen answer and section; null when the results hold none of its claims. */
    private final NoiseClassSection noiseClass;
    /** The noise-class study's claims, when the results hold them ({@link NoiseClassDesign#NONE} otherwise). */
    private final NoiseClassDesign noiseClassClaims;
    /** The support study's first-screen answer and section; null when the results hold none of its claims. */
    private final SupportSection support;
    /** The support study's claims, when the results hold them ({@link SupportDesign#NONE} otherwise). */
    private final SupportDesign supportClaims;
    private int sections;

    private HtmlReport(Results results, FigureIndex figures, String figureDir, NoiseClassDesign design) {
        this.results = results;
        this.figures = figures;
        Optional<NoiseClassEvidence> ev = NoiseClassEvidence.from(results, design);
        this.noiseClassClaims = ev.isPresent() ? design : NoiseClassDesign.NONE;
        this.noiseClass = ev.map(e -> new NoiseClassSection(e, design, figures.noiseClass(), figureDir, h)).orElse(null);
        SupportDesign sd = design.support();
        List<Evidence> supportHeld = sd.claims().stream().flatMap(c -> results.studies().stream().flatMap(st -> st.claims().stream())
                .filter(e -> e.claimId().equals(c.claimId())).limit(1)).toList();
        this.supportClaims = supportHeld.isEmpty() ? SupportDesign.NONE : sd;
        this.support = supportHeld.isEmpty() ? null : new SupportSection(sd, supportHeld, h);
        this.tables = new SummaryTables(results, h, noiseClassClaims, supportClaims);
        this.cards = new ClaimCard(figures, figureDir, h);
    }

    /**
     * The page for {@code results}, knowing no noise-class study ({@link NoiseClassDesign#NONE}); figure files are
     * referenced as {@code figureDir/name}.
     *
     * @param results   the verification results
     * @param figures   the figures drawn for them
     * @param figureDir the figures' folder, relative to the page
     * @return the HTML page
     */
    public static String render(Results results, FigureIndex figures, String figureDir) {
        return render(results, figures, figureDir, NoiseClassDesign.NONE);
    }

    /**
     * The page for {@code results}; figure files are referenced as {@code figureDir/name}.
     *
     * @param results    the verification results
     * @param figures    the figures drawn for them
     * @param figureDir  the figures' folder, relative to the page
     * @param noiseClass the noise-class study's claims and band: those the results hold get the first screen's answer
     *                   and a section of their own
     * @return the HTML page
     */
    public static String render(Results results, FigureIndex figures, String figureDir, NoiseClassDesign noiseClass) {
        return new HtmlReport(results, figures, figureDir, noiseClass).page();
    }

    private String page() {
        Provenance p = results.provenance();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"msgd-lab ").append(escape(version(p))).append("\">\n")
                .append("<title>msgd-lab verification report: Wu et al., ICML 2020</title>\n")
                .append("<style>\n").append(Css.STYLE).append("</style>\n</head>\n<body>\n<main>\n");
        header(p);
        if (noiseClass != null) {
            noiseClass.answer(support == null ? "" : support.answerHtml());
        } else if (support != null) {
            support.answer();
        }
        tables.summary();
        for (StudyResult s : results.studies()) {
            study(s);
        }
        provenance(p);
        legend();
        h.append("</main>\n<script>\n").append(SCRIPT).append("\n</script>\n</body>\n</html>\n");
        return h.toString();
    }

    /**
     * Opens the folded card a link points at (on load and on every jump), and every fold before
     * printing, so that a printed report has everything.
     */
    public static final String SCRIPT = String.join("\n",
            "function msgdOpen() {",
            "  var id = decodeURIComponent(location.hash.slice(1)); if (!id) return;",
            "  var t = document.getElementById(id); if (!t) return;",
            "  var body = t.querySelector('details.claim-body, :scope > details.section-fold'); if (body) body.open = true;",
            "  for (var p = t.parentElement; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true;",
            "  t.scrollIntoView();",
            "}",
            "window.addEventListener('hashchange', msgdOpen);",
            "window.addEventListener('DOMContentLoaded', msgdOpen);",
            "window.addEventListener('beforeprint', function () {",
            "  document.querySelectorAll('details').forEach(function (d) { d.open = true; });",
            "});");

    // ------------------------------------------------------------------ header and studies

    private void header(Provenance p) {
        h.append("<header class=\"top\">\n")
                .append("<p class=\"kicker\">msgd-lab verification report</p>\n")
                .append("<h1>On the Noisy Gradient Descent that Generalizes as SGD</h1>\n")
                .append("<p class=\"authors\">Wu, Hu, Xiong, Huan, Braverman, Zhu · ICML 2020 · every checkable statement, checked by simulation</p>\n")
                .append("<p class=\"run\">");
        List<String> bits = new ArrayList<>();
        bits.add("seed <b>" + p.seed() + "</b>");
        bits.add("budget <b>" + escape(p.budget()) + "</b>");
        bits.add("commit <code>" + escape(Provenance.shortCommit(p.gitCommit())) + "</code>");
        bits.add(p.finishedAt() == null ? "<b class=\"warn\">not finished</b> (started " + escape(time(p.startedAt())) + ")"
                : "finished " + escape(time(p.finishedAt())) + duration(p));
        bits.add("msgd-lab " + escape(version(p)));
        h.append(String.join(" · ", bits)).append("</p>\n</header>\n");
    }

    /**
     * A study's section; the noise-class and support studies' claims, when the study holds them, each in a section of
     * their own right after it (its verdict table, not rows of this one).
     */
    private void study(StudyResult whole) {
        List<Evidence> own = noiseClass == null ? List.of()
                : whole.claims().stream().filter(e -> noiseClassClaims.isNoiseClass(e.claimId())).toList();
        List<Evidence> ownSupport = whole.claims().stream().filter(e -> supportClaims.isSupport(e.claimId())).toList();
        StudyResult s = own.isEmpty() && ownSupport.isEmpty() ? whole : new StudyResult(whole.id(), whole.title(), whole.paperRef(),
                whole.claims().stream().filter(e -> !own.contains(e) && !ownSupport.contains(e)).toList());
        h.append("<section class=\"study\" id=\"").append(anchor("study", s.id())).append("\">\n")
                .append("<h2><span class=\"num-prefix\">").append(++sections).append("</span> ").append(Formula.html(s.title()))
                .append("</h2>\n<p class=\"study-meta\"><span class=\"ref\">").append(escape(s.paperRef())).append("</span> · <code>")
                .append(escape(s.id())).append("</code> · ").append(s.claims().size()).append(" claims ").append(miniCounts(s))
                .append(own.isEmpty() ? "" : " · its " + own.size() + " noise-class claims are in <a href=\"#"
                        + NoiseClassSection.SECTION_ID + "\">their own section</a>")
                .append(ownSupport.isEmpty() ? "" : " · its " + ownSupport.size() + " support-study claims in <a href=\"#"
                        + SupportSection.SECTION_ID + "\">theirs</a>").append("</p>\n");
        study(s, whole);
        if (!own.isEmpty()) {
            noiseClass.section(++sections, own, cards);
        }
        if (!ownSupport.isEmpty()) {
            support.section(++sections, cards);
        }
    }

    private void study(StudyResult s, StudyResult whole) {
        if (s.claims().isEmpty()) {
            h.append("<p class=\"note\">This study has ").append(whole.claims().isEmpty() ? "no" : "no other")
                    .append(" claims in this run.</p>\n</section>\n");
            return;
        }
        Figure overview = figures.overview(whole);
        if (overview == null) {
            int rows = Figures.overviewRows(s);
            h.append("<p class=\"note\">No overview figure: ").append(rows).append(" of ").append(s.claims().size())
                    .append(" claims differ from a value of the paper (it needs ").append(Figures.OVERVIEW_MIN_ROWS)
                    .append(", or all); the others are in the table.</p>\n");
        } else {
            cards.figure(overview, "overview", "Every claim of this study at once: the measured discrepancy of its headline statistic from the paper's "
                    + "value, (estimate − paper)/|paper| (absolute where the paper's value is 0), with a bar of ± its tolerance; "
                    + "× marks where the exact (derived) value lies. A PASS sits on the dashed line; an APPROXIMATE or FAIL claim sits on its ×.");
        }
        tables.claimTable(s);
        // the cards, one per claim, fold under the table that lists them all (a link opens its card)
        h.append("<details class=\"cards\"><summary>").append(s.claims().size()).append(s.claims().size() == 1 ? " claim card" : " claim cards")
                .append(": statement, reason, statistics, power, figures and parameters of each claim</summary>\n");
        for (Evidence e : s.claims()) {
            cards.claim(e);
        }
        h.append("</details>\n</section>\n");
    }

    // ------------------------------------------------------------------ provenance and legend

    private void provenance(Provenance p) {
        h.append("<section id=\"provenance\" class=\"provenance\">\n<h2>Provenance</h2>\n<table class=\"kvtable\">\n");
        row("command", "<code>" + escape(p.command()) + "</code>");
        row("seed", String.valueOf(p.seed()), "budget", escape(p.budget()));
        row("git commit", "<code>" + escape(p.gitCommit() == null ? "unknown" : p.gitCommit()) + "</code>", "Java", escape(p.javaVersion()));
        row("started", escape(time(p.startedAt())),
                "finished", p.finishedAt() == null ? "<b class=\"warn\">not finished (interrupted)</b>" : escape(time(p.finishedAt())) + duration(p));
        row("operating system", escape(p.os()), "processors", String.valueOf(p.availableProcessors()));
        List<String> versions = new ArrayList<>();
        p.versions().forEach((k, v) -> versions.add(escape(k) + " " + escape(v)));
        row("versions", String.join(" · ", versions));
        h.append("</table>\n<p class=\"note\">The same command with the same seed and budget gives the same numbers, whatever the number of threads. "
                + "<code>msgd report DIR</code> re-renders this page from <code>DIR/results.json</code> alone; "
                + "<code>summary.md</code> and <code>summary.csv</code> beside it hold the claims table for pasting.</p>\n</section>\n");
    }

    /** A row of one key and its value across the table. */
    private void row(String k, String v) {
        h.append("<tr><th>").append(escape(k)).append("</th><td colspan=\"3\">").append(v).append("</td></tr>\n");
    }

    /** A row of two short keys and their values, side by side. */
    private void row(String k1, String v1, String k2, String v2) {
        h.append("<tr><th>").append(escape(k1)).append("</th><td>").append(v1).append("</td><th>").append(escape(k2))
                .append("</th><td>").append(v2).append("</td></tr>\n");
    }

    private void legend() {
        // folded, as the cards are: a reference, opened by its link in the contents and for printing
        h.append("<section id=\"reading\" class=\"reading\">\n<details class=\"section-fold\"><summary><h2>How to read this report</h2>"
                + "<span class=\"note\">the verdicts, tolerance, measured discrepancy, exact gap and power</span></summary>\n<dl>\n");
        for (Verdict v : Verdict.values()) {
            h.append("<dt>").append(badge(v)).append("</dt><dd>").append(escape(Verdicts.meaning(v))).append(".</dd>\n");
        }
        h.append("</dl>\n<p>Each claim compares a few statistics of the simulated quantity with two references: the value of the paper's formula, "
                + "and the exact value derived here (the same number when the paper is exact). The <b>tolerance</b> is z·SE plus a round-off bound, "
                + "z set by the false-alarm probability α shared over the claim's statistics (Bonferroni), so a PASS fails by chance with "
                + "probability at most α. <b>|est − paper| / tol</b> at most 1 means the estimate agrees with the paper's value. "
                + "The <b>measured discrepancy</b> is (estimate − paper)/|paper| and the <b>exact gap</b> (exact − paper)/|paper| "
                + "(absolute differences where the paper's value is 0). <b>Power</b> is the probability that the same check at the same budget "
                + "rejects a named, plausible wrong formula: a check that could not fail proves nothing.</p>\n")
                .append("<p>Colours follow the Okabe–Ito palette, which stays distinguishable with the common colour-vision deficiencies; "
                        + "verdicts also differ by marker shape in the figures and by name everywhere.</p>\n</details>\n</section>\n");
    }

    private static String version(Provenance p) {
        String v = p.versions() == null ? null : p.versions().get("msgd-lab");
        return v == null ? "unknown" : v;
    }

    private static String time(String iso) {
        if (iso == null) {
            return "unknown";
        }
        try {
            return TIME.format(Instant.parse(iso));
        } catch (DateTimeParseException e) {
            return iso;
        }
    }

    private static String duration(Provenance p) {
        try {
            Duration d = Duration.between(Instant.parse(p.startedAt()), Instant.parse(p.finishedAt()));
            long s = d.toSeconds();
            return " (took " + (s < 120 ? s + " s" : String.format(Locale.ROOT, "%.1f min", s / 60.0)) + ")";
        } catch (RuntimeException e) {
            return "";
        }
    }

}
