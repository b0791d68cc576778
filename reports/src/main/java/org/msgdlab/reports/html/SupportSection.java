package org.msgdlab.reports.html;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.reports.summary.SupportDesign;
import org.msgdlab.reports.summary.SupportSentence;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;

import java.util.List;
import java.util.Optional;

import static org.msgdlab.reports.html.Fragments.anchor;
import static org.msgdlab.reports.text.Html.escape;

/**
 * The support study in the report, the noise-class study's follow-up: on the first screen its answer in one sentence
 * ({@link SupportSentence}) under the noise-class answer (or in a block of its own when the results hold no
 * noise-class claims); further down a section with its verdict table (one row per claim: the difference, the verdict,
 * the trimmed mean in points, its bounds, the seeds) and its claims' cards, folded.
 */
final class SupportSection {

    /** The id of the first screen's part. */
    static final String ANSWER_ID = "support-answer";
    /** The id of the study's section. */
    static final String SECTION_ID = "study-support";

    private final SupportDesign design;
    private final List<Evidence> claims;
    private final StringBuilder h;

    /**
     * @param design the study's claims and margin
     * @param claims the study's claims the results hold, in the plan's order
     * @param h      the page
     */
    SupportSection(SupportDesign design, List<Evidence> claims, StringBuilder h) {
        this.design = design;
        this.claims = List.copyOf(claims);
        this.h = h;
    }

    /**
     * The first screen's part: the question as a run-in heading, then the sentence, each claim's difference a link to
     * its card.
     */
    String answerHtml() {
        String sentence = escape(SupportSentence.of(design, claims));
        StringBuilder linked = new StringBuilder();
        int from = 0;
        for (Evidence e : claims) {
            // the clauses name the differences in the claims' order: link each where its clause begins
            String label = escape(design.claim(e.claimId()).label());
            int at = sentence.indexOf(label, from);
            if (at < 0) {
                continue;
            }
            linked.append(sentence, from, at).append("<a href=\"#").append(anchor("claim", e.claimId())).append("\">").append(label)
                    .append("</a>");
            from = at + label.length();
        }
        linked.append(sentence.substring(from));
        return "<div class=\"follow-up\" id=\"" + ANSWER_ID + "\"><h3>" + escape(SupportSentence.QUESTION)
                + "</h3>\n<p class=\"follow-up-sentence\">" + linked + " <a href=\"#" + SECTION_ID + "\">Verdict table</a>.</p></div>\n";
    }

    /** The first screen's block of its own, when no noise-class answer is there to hold {@link #answerHtml()}. */
    void answer() {
        h.append("<section class=\"main-answer\">\n<div class=\"main-text\">\n").append(answerHtml()).append("</div>\n</section>\n");
    }

    /**
     * The study's section: its verdict table and its claims' cards.
     *
     * @param number the section's number
     * @param cards  writes a claim's card
     */
    void section(int number, ClaimCard cards) {
        h.append("<section class=\"study\" id=\"").append(SECTION_ID).append("\">\n<h2><span class=\"num-prefix\">").append(number)
                .append("</span> The support study: if not the class, the support?</h2>\n<p class=\"study-meta\">")
                .append("<span class=\"ref\">Section 5, fresh seeds</span> · <code>deep.support.*</code> · ").append(claims.size())
                .append(" pre-registered claims (deep/results/support-study/PLAN.md) on 10%-trimmed means of paired differences in points,"
                        + " one family-wise α of 0.05</p>\n");
        h.append("<table class=\"claims support\">\n<thead><tr><th>#</th><th>difference</th><th>verdict</th>")
                .append("<th class=\"num\">trimmed mean</th><th class=\"num\">bounds</th><th class=\"num\">seeds</th><th>rule</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < claims.size(); i++) {
            Evidence e = claims.get(i);
            SupportDesign.Claim c = design.claim(e.claimId());
            Optional<IntervalAnswer> a = Optional.ofNullable(e.interval());
            Fragments.claimRowCells(h, i + 1, e, c.label(), a.map(x -> Numbers.html(x.estimate())).orElse(Numbers.NONE));
            h.append("<td class=\"why\">")
                    .append(c.equivalence() ? "within ±" + String.format(java.util.Locale.ROOT, "%.2f", design.margin()) : "below 0")
                    .append(a.isPresent() ? "" : "; " + Formula.html(Fragments.firstLine(e.verdictReason()))).append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n<details class=\"cards\"><summary>").append(claims.size())
                .append(" claim cards: statement, answer, interval, rule and parameters of each claim</summary>\n");
        for (Evidence e : claims) {
            cards.claim(e);
        }
        h.append("</details>\n</section>\n");
    }
}
