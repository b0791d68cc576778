package org.msgdlab.reports.html;

import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.msgdlab.reports.text.Html.escape;

/**
 * Small HTML pieces that the parts of the report share: a claim id that wraps at its dots, a
 * verdict's badge and CSS class, anchors for links, the cells of numbers (a discrepancy, a
 * tolerance, the agreement ratio, a one-sided reference) and prose about a claim. Public, for the pages deep writes
 * in the report's style ({@code plan-look.html}), are the id, badge, class and anchor.
 */
public final class Fragments {

    private Fragments() {
    }

    /** A claim id that wraps only after its dots (never at the hyphens inside a part); copies as typed. */
    public static String cid(String id) {
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
    static String sided(StatisticCheck s, double value) {
        return s.side() == StatisticCheck.Side.TWO_SIDED ? Numbers.html(value)
                : "<span title=\"one-sided: the estimate must be " + (s.side() == StatisticCheck.Side.ABOVE
                ? "above this by more than the tolerance" : "at most this plus the tolerance") + "\">"
                + (s.side() == StatisticCheck.Side.ABOVE ? "&gt; " : "≤ ") + Numbers.html(value) + "</span>";
    }

    /** A verdict's CSS class: "pass", "not-run", ...; "unknown" for none. */
    public static String cls(Verdict v) {
        return v == null ? "unknown" : v.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A verdict's badge. */
    public static String badge(Verdict v) {
        return "<span class=\"badge " + cls(v) + "\">" + (v == null ? "?" : v.name()) + "</span>";
    }

    /**
     * A study section's claim row up to its last cell (the noise-class and support tables): the row's verdict class and
     * the claim id as its title, the index, the label linked to the claim's card, the verdict's badge, the estimate, the
     * interval (its level as the cell's title) and the seeds; "–" for a claim without an interval. The caller appends
     * the last cell and closes the row.
     *
     * @param h        where the row is written
     * @param index    the row's number, from 1
     * @param e        the claim's evidence
     * @param label    the claim's label, plain text
     * @param estimate the estimate's cell, HTML
     */
    static void claimRowCells(StringBuilder h, int index, Evidence e, String label, String estimate) {
        java.util.Optional<org.msgdlab.core.claims.IntervalAnswer> a = java.util.Optional.ofNullable(e.interval());
        h.append("<tr class=\"").append(cls(e.verdict())).append("\" title=\"").append(escape(e.claimId()))
                .append("\"><td class=\"idx\">").append(index).append("</td><td><a href=\"#")
                .append(anchor("claim", e.claimId())).append("\">").append(escape(label)).append("</a></td><td>")
                .append(badge(e.verdict())).append("</td><td class=\"num\">").append(estimate)
                .append("</td><td class=\"num\" title=\"").append(escape(a.map(org.msgdlab.core.claims.IntervalAnswer::level).orElse("")))
                .append("\">").append(a.map(x -> IntervalCard.interval(x.lower(), x.upper())).orElse(Numbers.NONE))
                .append("</td><td class=\"num\">").append(a.map(x -> String.valueOf(x.seeds())).orElse(Numbers.NONE)).append("</td>");
    }

    /** {@code prefix-id} with every character outside [a-z0-9.-] replaced, for ids and links. */
    public static String anchor(String prefix, String id) {
        String s = id == null ? "" : id.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.-]", "-");
        return prefix + "-" + s;
    }

    static String discrepancy(double d, double reference) {
        if (Double.isNaN(d)) {
            return Numbers.NONE;
        }
        return reference == 0 ? Numbers.html(d) + " <span class=\"abs\" title=\"absolute: the paper's value is 0\">abs</span>" : Numbers.percentHtml(d);
    }

    static String tolerance(double t) {
        return Double.isNaN(t) ? Numbers.NONE : "± " + Numbers.html(t);
    }

    static String ratio(double estimate, double reference, double tolerance) {
        if (Double.isNaN(estimate) || Double.isNaN(reference) || Double.isNaN(tolerance)) {
            return "<td class=\"num\">" + Numbers.NONE + "</td>";
        }
        double gap = Math.abs(estimate - reference);
        boolean agrees = gap <= tolerance;
        if (!(tolerance > 0)) {
            // an exact check: no tolerance to divide by, so it agrees or differs (a ratio would be infinite)
            return "<td class=\"num " + (agrees ? "agree" : "reject") + "\" title=\"an exact check (tolerance 0)\">"
                    + (agrees ? "equal ✓" : "differs ✗") + "</td>";
        }
        return "<td class=\"num " + (agrees ? "agree" : "reject") + "\">" + Numbers.html(gap / tolerance) + (agrees ? " ✓" : " ✗")
                + "</td>";
    }

    /** Text about a claim: formulas rendered, except an ERROR's message (a stack frame is not a formula). */
    static String prose(Evidence e, String text) {
        return e.verdict() == Verdict.ERROR ? "<code>" + escape(text) + "</code>" : Formula.html(text);
    }

    static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
