package org.msgdlab.reports.html;

import org.msgdlab.core.claims.TimingAnswer;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;

import java.util.Arrays;
import java.util.Locale;

import static org.msgdlab.reports.text.Html.escape;

/**
 * The body of a card for a claim decided by a measured time ratio: the answer in one sentence, then the
 * ratio against its bound, the rounds (each round's ratio when there is one), the machine's load and the
 * rules. No paper value, tolerance, agreement ratio or exact gap: a timing claim has none.
 */
final class TimingCard {

    private TimingCard() {
    }

    /**
     * Appends the timing block of {@code t} to {@code h}.
     *
     * @param t the claim's measurement
     * @param h the page
     */
    static void render(TimingAnswer t, StringBuilder h) {
        h.append("<p class=\"answer\">").append(escape(t.answer())).append("</p>\n");
        h.append("<table class=\"numbers timing\">\n<thead><tr><th>measured</th><th class=\"num\">ratio</th>")
                .append("<th class=\"num\">must exceed</th><th class=\"num\">rounds</th><th class=\"num\">others' CPU share</th>")
                .append("<th class=\"num\">steal</th><th class=\"num\">load average</th></tr></thead>\n<tbody>\n<tr><td>")
                .append(Formula.html(t.quantity())).append("</td><td class=\"num ").append(t.met() ? "agree" : "reject").append("\">")
                .append(Numbers.html(t.ratio())).append("</td><td class=\"num\">").append(Numbers.html(t.bound()))
                .append("</td><td class=\"num\">").append(t.rounds()).append("</td><td class=\"num\">").append(share(t.othersShare()))
                .append("</td><td class=\"num\">").append(share(t.stealShare())).append("</td><td class=\"num\">")
                .append(Numbers.html(t.loadAverage())).append("</td></tr>\n</tbody>\n</table>\n");
        if (t.roundRatios().length > 0) {
            h.append("<p class=\"params\"><span class=\"label\">Ratio by round</span> ").append(String.join(", ",
                    Arrays.stream(t.roundRatios()).mapToObj(Numbers::html).toList())).append("</p>\n");
        }
        h.append("<p class=\"limit\"><b>Rule:</b> ").append(escape(t.rule())).append("</p>\n")
                .append("<p class=\"limit\"><b>Load:</b> ").append(escape(t.loadRule()))
                .append(t.busy() ? " (it was busy: this measurement is no evidence)" : "").append("</p>\n");
    }

    /** A share of the machine as a percentage, "–" when not measured. */
    private static String share(double x) {
        return Double.isNaN(x) ? Numbers.NONE : String.format(Locale.ROOT, "%.1f %%", 100 * x);
    }
}
