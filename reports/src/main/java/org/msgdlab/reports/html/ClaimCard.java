package org.msgdlab.reports.html;

import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.figures.Figures.Figure;
import org.msgdlab.reports.summary.Verdicts;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.msgdlab.reports.html.Fragments.anchor;
import static org.msgdlab.reports.html.Fragments.badge;
import static org.msgdlab.reports.html.Fragments.cid;
import static org.msgdlab.reports.html.Fragments.cls;
import static org.msgdlab.reports.html.Fragments.discrepancy;
import static org.msgdlab.reports.html.Fragments.prose;
import static org.msgdlab.reports.html.Fragments.ratio;
import static org.msgdlab.reports.html.Fragments.sided;
import static org.msgdlab.reports.html.Fragments.tolerance;
import static org.msgdlab.reports.text.Html.escape;

/**
 * One claim's card: its verdict line and, folded under it, the statement, the gap the check
 * quantifies, the table of compared statistics, the power checks, the figures and the parameters
 * (long ones folded again). Also the figure block (image, notes, links to the PNG and SVG) that the
 * cards and each study's overview use. Public for the pages deep writes in the report's style ({@code plan-look.html}).
 */
public final class ClaimCard {

    private final HtmlReport.FigureIndex figures;
    private final String figureDir;
    private final StringBuilder h;

    /**
     * A writer of cards into {@code h}.
     *
     * @param figures   the figures of the claims' series
     * @param figureDir the figures' folder, relative to the page
     * @param h         the page being written
     */
    public ClaimCard(HtmlReport.FigureIndex figures, String figureDir, StringBuilder h) {
        this.figures = figures;
        this.figureDir = figureDir;
        this.h = h;
    }

    /**
     * Writes the card of a claim.
     *
     * @param e the claim's evidence
     */
    public void claim(Evidence e) {
        h.append("<article class=\"claim ").append(cls(e.verdict())).append("\" id=\"").append(anchor("claim", e.claimId())).append("\">\n")
                .append("<header>").append(badge(e.verdict())).append(" <h3>").append(cid(e.claimId())).append("</h3> <span class=\"ref\">")
                .append(escape(e.paperRef())).append("</span></header>\n")
                .append("<p class=\"reason\"><b>").append(e.verdict()).append(":</b> ").append(prose(e, e.verdictReason())).append("</p>\n");
        // the evidence folds under the verdict line, so that the page reads in a few screens; a link to the
        // claim (from the summary or a claim table) opens it (the script at the end of the page)
        h.append("<details class=\"claim-body\"><summary>").append(contents(e)).append("</summary>\n")
                .append("<blockquote class=\"statement\">").append(Formula.html(e.statement())).append("</blockquote>\n");
        java.util.Optional<IntervalAnswer> interval = java.util.Optional.ofNullable(e.interval());
        if (interval.isPresent()) {
            // an interval claim has no paper value, tolerance or exact gap: its answer, dots and interval instead
            IntervalCard.render(interval.get(), h);
        } else {
            if (e.timing() != null) {
                // a timing claim has no paper value either: its ratio, bound, rounds and load; its statistics, if any, below
                TimingCard.render(e.timing(), h);
            }
            if (e.verdict() != Verdict.PASS && e.hasFormula() && e.discrepancyLimit() != null && !e.discrepancyLimit().isBlank()
                    && !e.verdictReason().contains(e.discrepancyLimit())) {
                h.append("<p class=\"limit\"><b>Gap:</b> ").append(Formula.html(e.discrepancyLimit())).append("</p>\n");
            }
            if (!e.statistics().isEmpty()) {
                statistics(e);
            }
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
        if (e.interval() != null) {
            parts.add("answer, interval");
        } else if (e.timing() != null) {
            parts.add(k > 0 ? "timing, " + k + (k == 1 ? " statistic" : " statistics") : "timing");
        } else if (k > 0) {
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

    /**
     * An interval claim's power: the probability that its rule gives the right answer at each named
     * alternative, at the seeds of its design; no "this run" column (a power is not an outcome of the run).
     */
    private void intervalPower(Evidence e) {
        h.append("<div class=\"power\"><h4>Power: could this check have failed?</h4>\n<table>\n<thead><tr><th>if the truth were</th>")
                .append("<th class=\"num\">value</th><th class=\"num\">power</th></tr></thead>\n<tbody>\n");
        for (PowerCheck p : e.power()) {
            h.append("<tr class=\"").append(p.power() < 0.8 ? "weak" : "ok").append("\"><td>").append(Formula.html(p.wrongFormula()))
                    .append("</td><td class=\"num\">").append(Numbers.html(p.wrongValue())).append("</td><td class=\"num\">")
                    .append(Numbers.html(p.power())).append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n<p class=\"note\">Power: the probability that the rule answers as the row says, at the"
                + " spread observed and the seeds used (noncentral t).</p></div>\n");
    }

    private void power(Evidence e) {
        if (e.interval() != null) {
            intervalPower(e);
            return;
        }
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
        return v instanceof Map<?, ?> || (v instanceof double[] a && a.length > INLINE_LIST) || (v instanceof List<?> l && (l.size() > INLINE_LIST
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
            h.append(v instanceof List<?> l ? l.size() + " values" : v instanceof double[] a ? a.length + " values" : "value").append(")</span></summary>\n<p class=\"params\">")
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
        if (v instanceof double[] a) {
            return value(java.util.Arrays.stream(a).boxed().toList());
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

    /**
     * Writes a figure block: the image (or why it was not drawn), its notes and caption, links to its PNG and SVG.
     *
     * @param f       the figure
     * @param kind    the block's CSS class, e.g. "overview"
     * @param caption the caption
     */
    public void figure(Figure f, String kind, String caption) {
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
}
