package org.msgdlab.reports.html;

import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.Figures.Figure;
import org.msgdlab.reports.figures.Palette;
import org.msgdlab.reports.summary.Verdicts;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;
import org.msgdlab.theory.claims.Evidence;
import org.msgdlab.theory.claims.PowerCheck;
import org.msgdlab.theory.claims.Provenance;
import org.msgdlab.theory.claims.Results;
import org.msgdlab.theory.claims.Series;
import org.msgdlab.theory.claims.StatisticCheck;
import org.msgdlab.theory.claims.StudyResult;
import org.msgdlab.theory.claims.Verdict;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.msgdlab.reports.text.Html.escape;

/**
 * {@code index.html}: one self-contained page (inline CSS, no script, no network), readable on
 * screen and printable. A summary first (counts per verdict, every claim that is not PASS with one
 * line on why, weak power checks), then one section per study in the results' (paper) order with
 * an overview figure and, per claim, the statement, the verdict and its reason, every compared
 * statistic, the power checks, the figures and the parameters; the run's provenance last.
 */
public final class HtmlReport {

    /** The figures of a report: per series (by identity) and per study overview (by study). */
    public interface FigureIndex {
        Figure series(Series s);

        Figure overview(StudyResult study);
    }

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final Results results;
    private final FigureIndex figures;
    private final String figureDir;
    private final StringBuilder h = new StringBuilder(256 * 1024);

    private HtmlReport(Results results, FigureIndex figures, String figureDir) {
        this.results = results;
        this.figures = figures;
        this.figureDir = figureDir;
    }

    /** The page for {@code results}; figure files are referenced as {@code figureDir/name}. */
    public static String render(Results results, FigureIndex figures, String figureDir) {
        return new HtmlReport(results, figures, figureDir).page();
    }

    private String page() {
        Provenance p = results.provenance();
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"msgd-lab ").append(escape(version(p))).append("\">\n")
                .append("<title>msgd-lab verification report: Wu et al., ICML 2020</title>\n")
                .append("<style>\n").append(Css.STYLE).append("</style>\n</head>\n<body>\n<main>\n");
        header(p);
        summary();
        for (int s = 0; s < results.studies().size(); s++) {
            study(results.studies().get(s), s);
        }
        provenance(p);
        legend();
        h.append("</main>\n<script>\n").append(SCRIPT).append("\n</script>\n</body>\n</html>\n");
        return h.toString();
    }

    // ------------------------------------------------------------------ header and summary

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

    private void summary() {
        Map<Verdict, Integer> counts = Verdicts.counts(results);
        int total = counts.values().stream().mapToInt(Integer::intValue).sum();
        h.append("<section id=\"summary\" class=\"summary\">\n<h2>Summary</h2>\n");
        // a claim left out by the budget (or a missing tool) is NOT_RUN too, but the run finished
        boolean interrupted = results.studies().stream().flatMap(st -> st.claims().stream())
                .anyMatch(e -> e.verdict() == Verdict.NOT_RUN && e.verdictReason() != null
                        && e.verdictReason().contains("interrupted"));
        if (interrupted || results.provenance().finishedAt() == null) {
            h.append("<p class=\"banner\">This run did not finish: ").append(counts.get(Verdict.NOT_RUN))
                    .append(" of ").append(total).append(" claims were not run and are marked NOT_RUN below.</p>\n");
        }
        h.append("<div class=\"counts\">\n");
        for (Map.Entry<Verdict, Integer> c : counts.entrySet()) {
            if (c.getValue() == 0 && (c.getKey() == Verdict.ERROR || c.getKey() == Verdict.NOT_RUN
                    || c.getKey() == Verdict.INCONCLUSIVE || c.getKey() == Verdict.NOT_APPLICABLE)) {
                continue;
            }
            h.append("<div class=\"count ").append(cls(c.getKey())).append(c.getValue() == 0 ? " zero" : "").append("\">")
                    .append("<span class=\"n\">").append(c.getValue()).append("</span>")
                    .append("<span class=\"v\">").append(c.getKey()).append("</span></div>\n");
        }
        h.append("<div class=\"count total\"><span class=\"n\">").append(total).append("</span><span class=\"v\">claims in ")
                .append(results.studies().size()).append(results.studies().size() == 1 ? " study" : " studies").append("</span></div>\n");
        h.append("</div>\n");

        List<Evidence> notPass = new ArrayList<>();
        List<Evidence> unresolved = new ArrayList<>();
        List<Evidence> notRun = new ArrayList<>();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                if (e.verdict() == Verdict.NOT_RUN) {
                    notRun.add(e);
                } else if (e.verdict() == Verdict.INCONCLUSIVE) {
                    unresolved.add(e);
                } else if (e.verdict() != Verdict.PASS) {
                    notPass.add(e);
                }
            }
        }
        if (total == 0) {
            h.append("<p>No claims were selected.</p>\n");
        } else if (notPass.isEmpty() && notRun.isEmpty() && unresolved.isEmpty()) {
            h.append("<p class=\"allpass\">Every claim agrees with the paper within its tolerance.</p>\n");
        }
        if (!notPass.isEmpty()) {
            verdictTable("Where the paper is not exact" + (counts.get(Verdict.ERROR) > 0 ? ", and what could not be checked" : ""),
                    notPass);
        }
        if (!unresolved.isEmpty()) {
            verdictTable("Not resolved at this budget (neither confirmed nor contradicted)", unresolved);
        }
        if (!notRun.isEmpty()) {
            // one line per reason: claims left out by the budget, a missing tool, an interruption
            Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
            notRun.forEach(e -> byReason.computeIfAbsent(firstLine(e.verdictReason()), k -> new ArrayList<>())
                    .add("<a href=\"#" + anchor("claim", e.claimId()) + "\">" + cid(e.claimId()) + "</a>"));
            boolean fold = byReason.size() > 3;
            if (fold) {
                h.append("<details class=\"fold\"><summary>").append(badge(Verdict.NOT_RUN)).append(" ").append(notRun.size())
                        .append(" claims not run, for ").append(byReason.size()).append(" reasons</summary>\n");
            }
            for (Map.Entry<String, List<String>> r : byReason.entrySet()) {
                h.append("<p class=\"notrun\">").append(badge(Verdict.NOT_RUN)).append(" ").append(r.getValue().size())
                        .append(r.getValue().size() == 1 ? " claim" : " claims").append(" not run (")
                        .append(escape(r.getKey())).append("): ").append(String.join(", ", r.getValue())).append("</p>\n");
            }
            if (fold) {
                h.append("</details>\n");
            }
        }
        weakPower();
        h.append("<nav class=\"toc\"><h3>Studies</h3><ol>\n");
        for (StudyResult s : results.studies()) {
            h.append("<li><a href=\"#").append(anchor("study", s.id())).append("\">").append(Formula.html(s.title())).append("</a> <span class=\"ref\">")
                    .append(escape(s.paperRef())).append("</span> ").append(miniCounts(s)).append("</li>\n");
        }
        h.append("<li><a href=\"#provenance\">Provenance</a></li>\n<li><a href=\"#reading\">How to read this report</a></li>\n</ol></nav>\n");
        h.append("</section>\n");
    }

    /** A table of claims with their verdict, why, the measured discrepancy and the exact gap. */
    private void verdictTable(String heading, List<Evidence> claims) {
        h.append("<h3>").append(escape(heading)).append("</h3>\n<table class=\"notpass\">\n<thead><tr><th>verdict</th><th>claim</th><th>why</th>")
                .append("<th class=\"num\">measured</th><th class=\"num\">exact gap</th></tr></thead>\n<tbody>\n");
        for (Evidence e : claims) {
            StatisticCheck head = Figures.headline(e);
            h.append("<tr><td>").append(badge(e.verdict())).append("</td><td><a href=\"#").append(anchor("claim", e.claimId()))
                    .append("\">").append(cid(e.claimId())).append("</a><div class=\"ref\">").append(escape(e.paperRef()))
                    .append("</div></td><td class=\"why\">").append(prose(e, Verdicts.why(e))).append("</td>")
                    .append("<td class=\"num\">").append(discrepancy(e.discrepancy(), e.reference())).append("</td>")
                    .append("<td class=\"num\">").append(head == null ? Numbers.NONE : discrepancy(head.relativeDiscrepancy(), head.paperValue()))
                    .append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n<p class=\"note\">measured: (estimate − paper)/|paper| of the claim's headline statistic "
                + "(the one farthest from the paper's value, in tolerances); exact gap: the same for the exact value derived here; "
                + "absolute differences where the paper's value is 0.</p>\n");
    }

    private void weakPower() {
        List<String> rows = new ArrayList<>();
        int checks = 0;
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                for (PowerCheck p : e.power()) {
                    if (!Verdicts.applicable(p, e)) {
                        continue;
                    }
                    checks++;
                    if (Verdicts.weak(p, e)) {
                        rows.add("<li><a href=\"#" + anchor("claim", e.claimId()) + "\">" + cid(e.claimId()) + "</a>: against “"
                                + Formula.html(p.wrongFormula()) + "”, power " + Numbers.html(p.power())
                                + (p.rejected() ? "" : ", <b>not rejected</b> by this run") + "</li>");
                    }
                }
            }
        }
        if (checks == 0) {
            return;
        }
        if (rows.isEmpty()) {
            h.append("<p class=\"power-ok\">Power: all ").append(checks)
                    .append(" checks against a named wrong formula rejected it in this run, each with power ≥ 0.8.</p>\n");
        } else {
            h.append("<div class=\"power-weak\"><p>Power: ").append(rows.size()).append(" of ").append(checks)
                    .append(" checks against a named wrong formula are weak (power &lt; 0.8 or not rejected); "
                            + "these claims could not have failed on that wrong formula at this budget:</p><ul>\n");
            rows.forEach(r -> h.append(r).append('\n'));
            h.append("</ul></div>\n");
        }
    }

    private String miniCounts(StudyResult s) {
        StringBuilder b = new StringBuilder("<span class=\"mini\">");
        for (Verdict v : Verdict.values()) {
            long k = s.claims().stream().filter(e -> e.verdict() == v).count();
            if (k > 0) {
                b.append("<span class=\"chip ").append(cls(v)).append("\" title=\"").append(v).append("\">").append(k)
                        .append(' ').append(v == Verdict.APPROXIMATE ? "APPROX" : v.name()).append("</span>");
            }
        }
        return b.append("</span>").toString();
    }

    // ------------------------------------------------------------------ studies and claims

    private void study(StudyResult s, int index) {
        h.append("<section class=\"study\" id=\"").append(anchor("study", s.id())).append("\">\n")
                .append("<h2><span class=\"num-prefix\">").append(index + 1).append("</span> ").append(Formula.html(s.title()))
                .append("</h2>\n<p class=\"study-meta\"><span class=\"ref\">").append(escape(s.paperRef())).append("</span> · <code>")
                .append(escape(s.id())).append("</code> · ").append(s.claims().size()).append(" claims ").append(miniCounts(s)).append("</p>\n");
        if (s.claims().isEmpty()) {
            h.append("<p class=\"note\">This study has no claims in this run.</p>\n</section>\n");
            return;
        }
        Figure overview = figures.overview(s);
        if (overview == null) {
            h.append("<p class=\"note\">No claim of this study has an estimate yet, so there is no overview figure.</p>\n");
        } else {
            figure(overview, "overview", "Every claim of this study at once: the measured discrepancy of its headline statistic from the paper's "
                    + "value, (estimate − paper)/|paper| (absolute where the paper's value is 0), with a bar of ± its tolerance; "
                    + "× marks where the exact (derived) value lies. A PASS sits on the dashed line; an APPROXIMATE or FAIL claim sits on its ×.");
        }
        claimTable(s);
        // the cards, one per claim, fold under the table that lists them all (a link opens its card)
        h.append("<details class=\"cards\"><summary>").append(s.claims().size()).append(s.claims().size() == 1 ? " claim card" : " claim cards")
                .append(": statement, reason, statistics, power, figures and parameters of each claim</summary>\n");
        for (Evidence e : s.claims()) {
            claim(e);
        }
        h.append("</details>\n</section>\n");
    }

    private void claimTable(StudyResult s) {
        h.append("<table class=\"claims\">\n<thead><tr><th>#</th><th>claim</th><th>paper</th><th>verdict</th>")
                .append("<th class=\"num\">estimate</th><th class=\"num\">paper's value</th><th class=\"num\">tolerance</th>")
                .append("<th class=\"num\">discrepancy</th><th class=\"num\">min. power</th><th class=\"num\">time</th></tr></thead>\n<tbody>\n");
        int i = 1;
        for (Evidence e : s.claims()) {
            double minPower = e.power().stream().filter(p -> Verdicts.applicable(p, e)).mapToDouble(PowerCheck::power).min().orElse(Double.NaN);
            h.append("<tr class=\"").append(cls(e.verdict())).append("\"><td class=\"idx\">").append(i++).append("</td><td><a href=\"#")
                    .append(anchor("claim", e.claimId())).append("\">").append(cid(e.claimId())).append("</a></td><td class=\"ref\">")
                    .append(escape(e.paperRef())).append("</td><td>").append(badge(e.verdict())).append("</td><td class=\"num\">")
                    .append(Numbers.html(e.estimate())).append("</td><td class=\"num\">").append(Numbers.html(e.reference()))
                    .append("</td><td class=\"num\">").append(tolerance(e.tolerance())).append("</td><td class=\"num\">")
                    .append(discrepancy(e.discrepancy(), e.reference())).append("</td><td class=\"num").append(minPower < 0.8 ? " weak" : "")
                    .append("\">").append(Numbers.html(minPower)).append("</td><td class=\"num\">")
                    .append(e.verdict() == Verdict.NOT_RUN ? Numbers.NONE : String.format(Locale.ROOT, "%.1f s", e.seconds())).append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n");
    }

    private void claim(Evidence e) {
        h.append("<article class=\"claim ").append(cls(e.verdict())).append("\" id=\"").append(anchor("claim", e.claimId())).append("\">\n")
                .append("<header>").append(badge(e.verdict())).append(" <h3>").append(cid(e.claimId())).append("</h3> <span class=\"ref\">")
                .append(escape(e.paperRef())).append("</span></header>\n")
                .append("<p class=\"reason\"><b>").append(e.verdict()).append(":</b> ").append(prose(e, e.verdictReason())).append("</p>\n");
        // the evidence folds under the verdict line, so that the page reads in a few screens; a link to the
        // claim (from the summary or a claim table) opens it (the script at the end of the page)
        h.append("<details class=\"claim-body\"><summary>").append(contents(e)).append("</summary>\n")
                .append("<blockquote class=\"statement\">").append(Formula.html(e.statement())).append("</blockquote>\n");
        if (e.verdict() != Verdict.PASS && e.discrepancyLimit() != null && !e.discrepancyLimit().isBlank()
                && !e.verdictReason().contains(e.discrepancyLimit())) {
            h.append("<p class=\"limit\"><b>Gap:</b> ").append(Formula.html(e.discrepancyLimit())).append("</p>\n");
        }
        if (!e.statistics().isEmpty()) {
            statistics(e);
        }
        boolean hasFigures = !e.series().isEmpty();
        if (hasFigures || !e.power().isEmpty()) {
            h.append("<div class=\"evidence\">\n");
            if (!e.power().isEmpty()) {
                power(e);
            }
            for (Series s : e.series()) {
                Figure f = figures.series(s);
                if (f != null) {
                    figure(f, "series", null);
                }
            }
            h.append("</div>\n");
        }
        parameters(e);
        h.append("</details>\n</article>\n");
    }

    /** What the folded part of a claim's card holds, e.g. "statement, 3 statistics, power, 1 figure, parameters". */
    private static String contents(Evidence e) {
        List<String> parts = new ArrayList<>();
        parts.add("statement");
        int k = e.statistics().size();
        if (k > 0) {
            parts.add(k + (k == 1 ? " statistic" : " statistics"));
        }
        if (!e.power().isEmpty()) {
            parts.add("power");
        }
        int f = e.series().size();
        if (f > 0) {
            parts.add(f + (f == 1 ? " figure" : " figures"));
        }
        if (e.parameters() != null && !e.parameters().isEmpty()) {
            parts.add("parameters");
        }
        return String.join(", ", parts);
    }

    /**
     * Opens the folded card a link points at (on load and on every jump), and every fold before
     * printing, so that a printed report has everything.
     */
    public static final String SCRIPT = String.join("\n",
            "function msgdOpen() {",
            "  var id = decodeURIComponent(location.hash.slice(1)); if (!id) return;",
            "  var t = document.getElementById(id); if (!t) return;",
            "  var body = t.querySelector('details.claim-body'); if (body) body.open = true;",
            "  for (var p = t.parentElement; p; p = p.parentElement) if (p.tagName === 'DETAILS') p.open = true;",
            "  t.scrollIntoView();",
            "}",
            "window.addEventListener('hashchange', msgdOpen);",
            "window.addEventListener('DOMContentLoaded', msgdOpen);",
            "window.addEventListener('beforeprint', function () {",
            "  document.querySelectorAll('details').forEach(function (d) { d.open = true; });",
            "});");

    /** Statistics tables longer than this are folded into a {@code <details>} block with their counts. */
    static final int INLINE_STATISTICS = 12;

    private void statistics(Evidence e) {
        StatisticCheck head = Figures.headline(e);
        boolean fold = e.statistics().size() > INLINE_STATISTICS;
        if (fold) {
            long agree = e.statistics().stream().filter(StatisticCheck::agreesWithPaper).count();
            h.append("<details class=\"param\"><summary>").append(e.statistics().size()).append(" statistics: ").append(agree)
                    .append(" agree with the paper's value, ").append(e.statistics().size() - agree).append(" do not</summary>\n");
        }
        h.append("<div class=\"scroll\"><table class=\"numbers\">\n<thead><tr><th>statistic</th><th class=\"num\">estimate</th><th class=\"num\">SE</th>")
                .append("<th class=\"num\">paper</th><th class=\"num\">exact (derived)</th><th class=\"num\">tolerance</th>")
                .append("<th class=\"num\" title=\"(estimate − paper)/|paper|\">measured discrepancy</th>")
                .append("<th class=\"num\" title=\"(exact − paper)/|paper|\">exact gap</th>")
                .append("<th class=\"num\" title=\"|estimate − paper| / tolerance; at most 1 means agreement\">|est − paper| / tol</th>")
                .append("<th class=\"num\" title=\"|estimate − exact| / tolerance; at most 1 means agreement\">|est − exact| / tol</th></tr></thead>\n<tbody>\n");
        for (StatisticCheck s : e.statistics()) {
            double measured = s.paperValue() == 0 ? s.estimate() : (s.estimate() - s.paperValue()) / Math.abs(s.paperValue());
            h.append("<tr").append(s == head && e.statistics().size() > 1 ? " class=\"headline\" title=\"headline statistic\"" : "").append("><td class=\"stat\">")
                    .append(Formula.html(s.name())).append("</td><td class=\"num\">").append(Numbers.html(s.estimate()))
                    .append("</td><td class=\"num\">").append(Numbers.html(s.standardError())).append("</td><td class=\"num\">")
                    .append(sided(s, s.paperValue())).append("</td><td class=\"num\">").append(sided(s, s.derivedValue()))
                    .append("</td><td class=\"num\">").append(tolerance(s.tolerance())).append("</td><td class=\"num\">")
                    .append(discrepancy(measured, s.paperValue())).append("</td><td class=\"num\">")
                    .append(discrepancy(s.relativeDiscrepancy(), s.paperValue())).append("</td>")
                    .append(ratio(s.estimate(), s.paperValue(), s.tolerance())).append(ratio(s.estimate(), s.derivedValue(), s.tolerance()))
                    .append("</tr>\n");
        }
        h.append("</tbody>\n</table></div>\n");
        if (fold) {
            h.append("</details>\n");
        }
    }

    private void power(Evidence e) {
        h.append("<div class=\"power\"><h4>Power: could this check have failed?</h4>\n<table>\n<thead><tr><th>named wrong formula</th>")
                .append("<th class=\"num\">its value</th><th>this run</th><th class=\"num\">power</th></tr></thead>\n<tbody>\n");
        for (PowerCheck p : e.power()) {
            boolean applicable = Verdicts.applicable(p, e);
            boolean weak = Verdicts.weak(p, e);
            h.append("<tr class=\"").append(!applicable ? "na" : weak ? "weak" : "ok").append("\"><td>").append(Formula.html(p.wrongFormula()))
                    .append("<div class=\"ref\">on ").append(Formula.html(p.statistic()))
                    .append(applicable ? "" : "; not a test here: this value is the exact one, there is no gap to resolve")
                    .append("</div></td><td class=\"num\">").append(Numbers.html(p.wrongValue())).append("</td><td class=\"outcome\">");
            if (!applicable) {
                h.append("n/a");
            } else {
                h.append(p.rejected() ? "rejected ✓" : "<b>not rejected</b>");
            }
            h.append("</td><td class=\"num\">").append(applicable ? Numbers.html(p.power()) : Numbers.NONE).append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n<p class=\"note\">Power: the probability that the same estimator at this budget rejects the wrong "
                + "formula (normal approximation, the exact value taken as the truth).</p></div>\n");
    }

    /** Lists longer than this, tables and maps are folded into a {@code <details>} block. */
    static final int INLINE_LIST = 8;

    private void parameters(Evidence e) {
        List<String> items = new ArrayList<>();
        List<Map.Entry<String, Object>> folded = new ArrayList<>();
        for (Map.Entry<String, Object> p : e.parameters().entrySet()) {
            if (long_(p.getValue())) {
                folded.add(p);
            } else {
                items.add("<span class=\"kv\"><span class=\"k\">" + Formula.html(p.getKey()) + "</span> = " + value(p.getValue()) + "</span>");
            }
        }
        if (e.samples() > 0 && !e.parameters().containsKey("samples")) {
            items.add("<span class=\"kv\"><span class=\"k\">samples</span> = " + e.samples() + "</span>");
        }
        if (Double.isFinite(e.falseAlarmProbability()) && !e.parameters().containsKey("alpha")) {
            items.add("<span class=\"kv\"><span class=\"k\">false-alarm probability α</span> = " + Numbers.html(e.falseAlarmProbability()) + "</span>");
        }
        if (e.verdict() != Verdict.NOT_RUN) {
            items.add("<span class=\"kv\"><span class=\"k\">time</span> = " + String.format(Locale.ROOT, "%.2f s", e.seconds()) + "</span>");
        }
        if (!items.isEmpty()) {
            h.append("<p class=\"params\"><span class=\"label\">Parameters</span> ").append(String.join(" ", items)).append("</p>\n");
        }
        for (Map.Entry<String, Object> p : folded) {
            folded(p.getKey(), p.getValue());
        }
    }

    /** Whether a parameter value is too long to sit inline: a map, a table (list of maps), a long list. */
    private static boolean long_(Object v) {
        return v instanceof Map<?, ?> || (v instanceof List<?> l && (l.size() > INLINE_LIST
                || l.stream().anyMatch(x -> x instanceof Map<?, ?> || x instanceof List<?>)));
    }

    /** A long parameter, folded: a table for a list of maps (one column per key), else its values. */
    private void folded(String key, Object v) {
        h.append("<details class=\"param\"><summary>").append(Formula.html(key)).append(" <span class=\"note\">(");
        if (v instanceof List<?> l && !l.isEmpty() && l.stream().allMatch(x -> x instanceof Map<?, ?>)) {
            java.util.LinkedHashSet<Object> columns = new java.util.LinkedHashSet<>();
            l.forEach(x -> columns.addAll(((Map<?, ?>) x).keySet()));
            h.append(l.size()).append(l.size() == 1 ? " row" : " rows").append(")</span></summary>\n<div class=\"scroll\"><table class=\"numbers\">\n<thead><tr>");
            columns.forEach(c -> h.append("<th>").append(Formula.html(String.valueOf(c))).append("</th>"));
            h.append("</tr></thead>\n<tbody>\n");
            for (Object row : l) {
                h.append("<tr>");
                for (Object c : columns) {
                    Object cell = ((Map<?, ?>) row).get(c);
                    h.append("<td class=\"num\">").append(cell == null ? "" : value(cell)).append("</td>");
                }
                h.append("</tr>\n");
            }
            h.append("</tbody>\n</table></div>");
        } else if (v instanceof Map<?, ?> m) {
            h.append(m.size()).append(m.size() == 1 ? " entry" : " entries").append(")</span></summary>\n<table class=\"kvtable\">\n");
            m.forEach((k, x) -> h.append("<tr><th>").append(Formula.html(String.valueOf(k))).append("</th><td>").append(value(x))
                    .append("</td></tr>\n"));
            h.append("</table>");
        } else {
            h.append(v instanceof List<?> l ? l.size() + " values" : "value").append(")</span></summary>\n<p class=\"params\">")
                    .append(value(v)).append("</p>");
        }
        h.append("</details>\n");
    }

    private String value(Object v) {
        if (v instanceof Double d) {
            return Numbers.html(d);
        }
        if (v instanceof Float f) {
            return Numbers.html(f);
        }
        if (v instanceof Number n) {
            return escape(n.toString());
        }
        if (v instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            list.forEach(x -> parts.add(value(x)));
            return "[" + String.join(", ", parts) + "]";
        }
        if (v instanceof Map<?, ?> map) {
            List<String> parts = new ArrayList<>();
            map.forEach((k, x) -> parts.add(Formula.html(String.valueOf(k)) + " = " + value(x)));
            return "{" + String.join("; ", parts) + "}";
        }
        String s = String.valueOf(v);
        if (s.matches("\\[[-0-9.eE, ]+\\]")) {
            // a list of numbers written as text: shorten each to four digits
            List<String> parts = new ArrayList<>();
            for (String x : s.substring(1, s.length() - 1).split(",\\s*")) {
                try {
                    parts.add(Numbers.html(Double.parseDouble(x)));
                } catch (NumberFormatException nfe) {
                    parts.add(escape(x));
                }
            }
            return "[" + String.join(", ", parts) + "]";
        }
        return "<span class=\"formula\">" + Formula.html(s) + "</span>";
    }

    private void figure(Figure f, String kind, String caption) {
        h.append("<figure class=\"").append(kind).append("\">");
        if (f.rendered()) {
            h.append("<a href=\"").append(escape(figureDir + "/" + f.svg())).append("\"><img src=\"")
                    .append(escape(figureDir + "/" + f.png())).append("\" width=\"").append(f.width()).append("\" height=\"")
                    .append(f.height()).append("\" alt=\"").append(escape(f.title())).append("\" loading=\"eager\"></a>");
        } else {
            h.append("<div class=\"missing\">Figure “").append(escape(f.title())).append("” not drawn: ").append(escape(f.problem())).append("</div>");
        }
        h.append("<figcaption>");
        if (caption != null) {
            h.append(escape(caption)).append(' ');
        }
        for (String n : f.notes()) {
            h.append("<span class=\"fignote\">").append(escape(n)).append(".</span> ");
        }
        if (f.rendered()) {
            h.append("<span class=\"files\"><a href=\"").append(escape(figureDir + "/" + f.png())).append("\">PNG</a> · <a href=\"")
                    .append(escape(figureDir + "/" + f.svg())).append("\">SVG</a></span>");
        }
        h.append("</figcaption></figure>\n");
    }

    // ------------------------------------------------------------------ provenance and legend

    private void provenance(Provenance p) {
        h.append("<section id=\"provenance\" class=\"provenance\">\n<h2>Provenance</h2>\n<table class=\"kvtable\">\n");
        row("command", "<code>" + escape(p.command()) + "</code>");
        row("seed", String.valueOf(p.seed()));
        row("budget", escape(p.budget()));
        row("git commit", "<code>" + escape(p.gitCommit() == null ? "unknown" : p.gitCommit()) + "</code>");
        row("started", escape(time(p.startedAt())));
        row("finished", p.finishedAt() == null ? "<b class=\"warn\">not finished (interrupted)</b>" : escape(time(p.finishedAt())) + duration(p));
        row("Java", escape(p.javaVersion()));
        row("operating system", escape(p.os()));
        row("processors", String.valueOf(p.availableProcessors()));
        List<String> versions = new ArrayList<>();
        p.versions().forEach((k, v) -> versions.add(escape(k) + " " + escape(v)));
        row("versions", String.join(" · ", versions));
        h.append("</table>\n<p class=\"note\">The same command with the same seed and budget gives the same numbers, whatever the number of threads. "
                + "<code>msgd report DIR</code> re-renders this page from <code>DIR/results.json</code> alone; "
                + "<code>summary.md</code> and <code>summary.csv</code> beside it hold the claims table for pasting.</p>\n</section>\n");
    }

    private void row(String k, String v) {
        h.append("<tr><th>").append(escape(k)).append("</th><td>").append(v).append("</td></tr>\n");
    }

    private void legend() {
        h.append("<section id=\"reading\" class=\"reading\">\n<h2>How to read this report</h2>\n<dl>\n");
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
                        + "verdicts also differ by marker shape in the figures and by name everywhere.</p>\n</section>\n");
    }

    // ------------------------------------------------------------------ small pieces

    /** A claim id that wraps only after its dots (never at the hyphens inside a part); copies as typed. */
    static String cid(String id) {
        if (id == null) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (String part : id.split("\\.", -1)) {
            parts.add("<span class=\"cid\">" + escape(part) + "</span>");
        }
        return String.join(".<wbr>", parts);
    }

    /** A reference value, prefixed by its relation for a one-sided statistic ("&gt; 0", "≤ 1.5"). */
    private static String sided(StatisticCheck s, double value) {
        return s.side() == StatisticCheck.Side.TWO_SIDED ? Numbers.html(value)
                : "<span title=\"one-sided: the estimate must be " + (s.side() == StatisticCheck.Side.ABOVE
                ? "above this by more than the tolerance" : "at most this plus the tolerance") + "\">"
                + (s.side() == StatisticCheck.Side.ABOVE ? "&gt; " : "≤ ") + Numbers.html(value) + "</span>";
    }

    static String cls(Verdict v) {
        return v == null ? "unknown" : v.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    static String badge(Verdict v) {
        return "<span class=\"badge " + cls(v) + "\">" + (v == null ? "?" : v.name()) + "</span>";
    }

    /** {@code prefix-id} with every character outside [a-z0-9.-] replaced, for ids and links. */
    static String anchor(String prefix, String id) {
        String s = id == null ? "" : id.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        return prefix + "-" + s;
    }

    private static String discrepancy(double d, double reference) {
        if (Double.isNaN(d)) {
            return Numbers.NONE;
        }
        return reference == 0 ? Numbers.html(d) + " <span class=\"abs\" title=\"absolute: the paper's value is 0\">abs</span>" : Numbers.percentHtml(d);
    }

    private static String tolerance(double t) {
        return Double.isNaN(t) ? Numbers.NONE : "± " + Numbers.html(t);
    }

    private static String ratio(double estimate, double reference, double tolerance) {
        if (Double.isNaN(estimate) || Double.isNaN(reference) || Double.isNaN(tolerance)) {
            return "<td class=\"num\">" + Numbers.NONE + "</td>";
        }
        double gap = Math.abs(estimate - reference);
        boolean agrees = gap <= tolerance;
        String r = tolerance > 0 ? Numbers.html(gap / tolerance) : (gap == 0 ? "0" : "∞");
        return "<td class=\"num " + (agrees ? "agree" : "reject") + "\">" + r + (agrees ? " ✓" : " ✗") + "</td>";
    }

    /** Text about a claim: formulas rendered, except an ERROR's message (a stack frame is not a formula). */
    private static String prose(Evidence e, String text) {
        return e.verdict() == Verdict.ERROR ? "<code>" + escape(text) + "</code>" : Formula.html(text);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
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

    /** The verdict colours as CSS custom properties, from {@link Palette}. */
    static String verdictColours() {
        StringBuilder b = new StringBuilder(":root {");
        for (Verdict v : Verdict.values()) {
            b.append(" --").append(cls(v)).append(": ").append(Palette.hex(Palette.of(v))).append(';');
        }
        return b.append(" }\n").toString();
    }
}
