package org.msgdlab.reports.html;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.reports.figures.Figures.Figure;
import org.msgdlab.reports.summary.NoiseClassDesign;
import org.msgdlab.reports.summary.NoiseClassEvidence;
import org.msgdlab.reports.summary.NoiseClassSentence;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;

import java.util.List;
import java.util.Optional;

import static org.msgdlab.reports.html.Fragments.anchor;
import static org.msgdlab.reports.text.Html.escape;

/**
 * The noise-class study in the report: on the first screen, the answer to "does the noise class matter?" in one
 * sentence ({@link NoiseClassSentence}) beside the study's forest plot of R; further down, the study's own section
 * with its verdict table (one row per claim, each with the answer that states the rule it applied) and its claims'
 * cards. Both only when the results hold the study's claims.
 */
final class NoiseClassSection {

    /** The id of the first screen's block. */
    static final String ANSWER_ID = "noise-class-answer";
    /** The id of the study's section. */
    static final String SECTION_ID = "study-noise-class";

    private final NoiseClassEvidence evidence;
    private final NoiseClassDesign design;
    private final Figure forest;
    private final String figureDir;
    private final StringBuilder h;

    NoiseClassSection(NoiseClassEvidence evidence, NoiseClassDesign design, Figure forest, String figureDir, StringBuilder h) {
        this.evidence = evidence;
        this.design = design;
        this.forest = forest;
        this.figureDir = figureDir;
        this.h = h;
    }

    /**
     * The first screen's block: the question, the one-sentence answer and links, beside the forest plot.
     *
     * @param followUp HTML put under the answer and the forest plot, across the block (the support study's answer); empty for none
     */
    void answer(String followUp) {
        boolean drawn = forest != null && forest.rendered();
        List<String> links = evidence.recoveries().stream().map(r -> "<a href=\"#" + anchor("claim", r.claimId()) + "\">"
                + escape(r.noise()) + "</a>").toList();
        h.append("<section id=\"").append(ANSWER_ID).append("\" class=\"main-answer\">\n<div class=\"main-text\">\n<h2>")
                .append(escape(NoiseClassSentence.QUESTION)).append("</h2>\n<p class=\"main-sentence\">")
                .append(escape(NoiseClassSentence.of(evidence))).append("</p>\n<p class=\"note\">From the ")
                .append(evidence.recoveries().size() + evidence.collapses().size()).append(" claims of the <a href=\"#")
                .append(SECTION_ID).append("\">noise-class study</a> (table, rules); cards: ").append(String.join(", ", links));
        if (drawn) {
            h.append("; forest plot: <a href=\"").append(escape(figureDir + "/" + forest.png())).append("\">PNG</a> · <a href=\"")
                    .append(escape(figureDir + "/" + forest.svg())).append("\">SVG</a>");
        }
        h.append(".</p>\n</div>\n<div class=\"answer-side\">\n");
        if (drawn) {
            h.append("<figure class=\"forest\"><a href=\"").append(escape(figureDir + "/" + forest.svg())).append("\"><img src=\"")
                    .append(escape(figureDir + "/" + forest.png())).append("\" width=\"").append(forest.width()).append("\" height=\"")
                    .append(forest.height()).append("\" alt=\"").append(escape(forest.title())).append("\" loading=\"eager\"></a></figure>\n");
        } else if (forest != null) {
            h.append("<div class=\"missing\">Figure “").append(escape(forest.title())).append("” not drawn: ")
                    .append(escape(forest.problem())).append("</div>\n");
        }
        h.append("</div>\n").append(followUp);
        h.append("</section>\n");
    }

    /**
     * The study's section: its verdict table and its claims' cards.
     *
     * @param number the section's number
     * @param claims the study's claims, in the results' order
     * @param cards  writes a claim's card
     */
    void section(int number, List<Evidence> claims, ClaimCard cards) {
        h.append("<section class=\"study\" id=\"").append(SECTION_ID).append("\">\n<h2><span class=\"num-prefix\">").append(number)
                .append("</span> The noise-class study: does the noise class matter?</h2>\n<p class=\"study-meta\">")
                .append("<span class=\"ref\">Figures 1(a), 3(a), Appendix C</span> · <code>deep.noise-class.*</code> · ")
                .append(claims.size()).append(" pre-registered claims (deep/results/noise-class-study/PLAN.md) · ")
                .append(evidence.pairedSeeds()).append(" paired seeds</p>\n")
                .append("<p class=\"note\">R: where the contrasts (X − GD) − R (SGD-50 − GD) centre, a pseudo-median ratio, not"
                        + " the mean share; one family-wise error of 0.05 for the twelve claims.</p>\n");
        h.append("<table class=\"claims noise-class\">\n<thead><tr><th>#</th><th>claim</th><th>verdict</th><th class=\"num\" title=\"R for a recovery claim, the rate of lone collapses for a collapse claim\">estimate</th>")
                .append("<th class=\"num\">interval</th><th class=\"num\">seeds</th><th title=\"each answer without its question (the claim names it); its card has it whole, with the rule in words\">answer, with the rule it applied</th></tr></thead>\n<tbody>\n");
        for (int i = 0; i < claims.size(); i++) {
            Evidence e = claims.get(i);
            Optional<IntervalAnswer> a = Optional.ofNullable(e.interval());
            Fragments.claimRowCells(h, i + 1, e, design.label(e.claimId()), Numbers.html(e.estimate()));
            h.append("<td class=\"why\">")
                    .append(a.map(x -> Formula.html(withoutQuestion(x.answer()))).orElse(Fragments.prose(e, Fragments.firstLine(e.verdictReason()))))
                    .append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n");
        h.append("<details class=\"cards\"><summary>").append(claims.size())
                .append(" claim cards: statement, answer, interval, rule and parameters of each claim</summary>\n");
        for (Evidence e : claims) {
            cards.claim(e);
        }
        h.append("</details>\n</section>\n");
    }

    private static final java.util.regex.Pattern QUESTION = java.util.regex.Pattern.compile("^(\\S[^(]*?) \\([^?]*\\?\\): (.+)$",
            java.util.regex.Pattern.DOTALL);

    /**
     * An answer without the question it repeats: "Yes (does X keep R ...?): R = 0.85 ...; its set ... lies inside the
     * band" becomes "Yes: R = 0.85 ...; its set ... lies inside the band". An answer of another form is returned whole.
     */
    static String withoutQuestion(String answer) {
        java.util.regex.Matcher m = QUESTION.matcher(answer == null ? "" : answer);
        return m.matches() ? m.group(1) + ": " + m.group(2) : answer;
    }
}
