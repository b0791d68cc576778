package org.msgdlab.reports.html;

import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;

import java.util.Arrays;
import java.util.Locale;

import static org.msgdlab.reports.text.Html.escape;

/**
 * The body of a card for a claim decided by an interval (a paired or sequential study's claim): the
 * answer in one sentence, a number line with the per-seed observations as dots, the interval at the
 * deciding look, the estimate and the rule's lines (margins, the smallest effect, a band), then the
 * estimate, interval and seeds in one row and the rule in words. No paper value, tolerance or exact
 * gap: an interval claim has none.
 */
final class IntervalCard {

    /** Width and height of the number line, CSS pixels. */
    static final int WIDTH = 640;
    static final int HEIGHT = 120;
    private static final int PAD = 24;
    private static final String[] LINE_COLOURS = {"#555555", "#b35900", "#b35900", "#1f5fa8", "#1f5fa8"};

    private IntervalCard() {
    }

    /**
     * Appends the interval block of {@code a} to {@code h}.
     *
     * @param a the claim's answer
     * @param h the page
     */
    static void render(IntervalAnswer a, StringBuilder h) {
        h.append("<p class=\"answer\">").append(Formula.html(a.answer())).append("</p>\n");
        String svg = numberLine(a);
        if (!svg.isEmpty()) {
            h.append("<figure class=\"interval\">").append(svg).append("<figcaption>").append(escape(a.quantity()))
                    .append(a.observations().length > 0 ? ": one dot per paired seed of the decision" : "")
                    .append("; the bar is the interval (").append(escape(a.level())).append("), the diamond the estimate")
                    .append("</figcaption></figure>\n");
        }
        h.append("<table class=\"numbers interval\">\n<thead><tr><th>estimated</th><th class=\"num\">estimate</th>")
                .append("<th class=\"num\">interval</th><th>level</th><th class=\"num\">seeds</th></tr></thead>\n<tbody>\n<tr><td>")
                .append(Formula.html(a.quantity())).append("</td><td class=\"num\">").append(Numbers.html(a.estimate()))
                .append("</td><td class=\"num\">").append(interval(a.lower(), a.upper())).append("</td><td>").append(escape(a.level())).append("</td><td class=\"num\">").append(a.seeds())
                .append("</td></tr>\n</tbody>\n</table>\n")
                .append("<p class=\"limit\"><b>Rule:</b> ").append(Formula.html(a.rule())).append("</p>\n");
    }

    /**
     * An interval in HTML, an infinite end (a one-sided bound) in words: "[0.41, unbounded)".
     *
     * @param lower its lower end
     * @param upper its upper end
     * @return its HTML
     */
    static String interval(double lower, double upper) {
        return (Double.isInfinite(lower) ? "(unbounded" : "[" + Numbers.html(lower)) + ", "
                + (Double.isInfinite(upper) ? "unbounded)" : Numbers.html(upper) + "]");
    }

    /**
     * The number line as inline SVG: dots (jittered rows), the interval bar, the estimate, the lines.
     *
     * @return the SVG, empty when there is nothing finite to draw
     */
    static String numberLine(IntervalAnswer a) {
        double[] obs = Arrays.stream(a.observations()).filter(Double::isFinite).toArray();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double[] all = concat(obs, new double[] {a.estimate(), a.lower(), a.upper()},
                a.lines().stream().mapToDouble(IntervalAnswer.Line::value).toArray());
        for (double x : all) {
            if (Double.isFinite(x)) {
                lo = Math.min(lo, x);
                hi = Math.max(hi, x);
            }
        }
        if (!(lo < hi)) {
            return "";
        }
        double pad = 0.06 * (hi - lo);
        double x0 = lo - pad;
        double x1 = hi + pad;
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "<svg class=\"numberline\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\""
                + " role=\"img\" aria-label=\"%s\">", WIDTH, HEIGHT, WIDTH, HEIGHT, escape(a.answer())));
        int axisY = HEIGHT - 22;
        s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>", PAD, axisY,
                WIDTH - PAD, axisY));
        for (int i = 0; i < a.lines().size(); i++) {
            IntervalAnswer.Line l = a.lines().get(i);
            if (!Double.isFinite(l.value())) {
                continue;
            }
            double x = px(l.value(), x0, x1);
            String colour = LINE_COLOURS[Math.min(i, LINE_COLOURS.length - 1)];
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"26\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\""
                    + " stroke-dasharray=\"4 3\"/>", x, x, axisY, colour));
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"%s\" fill=\"%s\">%s"
                    + "</text>", x, 11 + (i % 2) * 12, anchor(x), colour, escape(l.label())));
        }
        for (int i = 0; i < obs.length; i++) {
            double y = 34 + (i % 5) * 8;
            s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#4a4a4a\" fill-opacity=\"0.55\"/>",
                    px(obs[i], x0, x1), y));
        }
        int barY = axisY - 14;
        double l = Double.isFinite(a.lower()) ? px(a.lower(), x0, x1) : PAD;
        double u = Double.isFinite(a.upper()) ? px(a.upper(), x0, x1) : WIDTH - PAD;
        if (!Double.isNaN(a.lower()) && !Double.isNaN(a.upper())) {
            s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#1f5fa8\""
                    + " stroke-width=\"5\" stroke-linecap=\"butt\"/>", l, barY, u, barY));
        }
        if (Double.isFinite(a.estimate())) {
            double e = px(a.estimate(), x0, x1);
            s.append(String.format(Locale.ROOT, "<path d=\"M %.1f %d l 6 6 l -6 6 l -6 -6 z\" fill=\"#ffffff\" stroke=\"#111\""
                    + " stroke-width=\"1.5\"/>", e, barY - 6));
        }
        return s.append("</svg>").toString();
    }

    private static double px(double x, double x0, double x1) {
        return PAD + (x - x0) / (x1 - x0) * (WIDTH - 2 * PAD);
    }

    private static String anchor(double px) {
        return px < WIDTH * 0.15 ? "start" : px > WIDTH * 0.85 ? "end" : "middle";
    }

    private static double[] concat(double[]... parts) {
        return Arrays.stream(parts).flatMapToDouble(Arrays::stream).toArray();
    }
}
