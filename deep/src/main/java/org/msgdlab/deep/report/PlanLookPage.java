package org.msgdlab.deep.report;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.plan.PlanFile;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.reports.figures.Figures.Figure;
import org.msgdlab.reports.html.ClaimCard;
import org.msgdlab.reports.html.Css;
import org.msgdlab.reports.html.HtmlReport;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.msgdlab.reports.html.Fragments.anchor;
import static org.msgdlab.reports.html.Fragments.badge;
import static org.msgdlab.reports.html.Fragments.cid;
import static org.msgdlab.reports.html.Fragments.cls;
import static org.msgdlab.reports.text.Html.escape;

/**
 * {@code plan-look.html}: a plan file's look as one self-contained page in the report's style (its style sheet, its
 * claim cards, its figure blocks and script): the plan's name, file and digest, the seeds that count, the forest
 * plot(s) of the look, the verdict table, one card per claim ({@link ClaimCard}, from the evidence
 * {@code org.msgdlab.deep.plan.PlanEvidence} builds) and what each verdict means. Written by {@code msgd study look}
 * beside {@code plan-look.md}.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanLookPage {

    /** The page's file name, in the study's protocol folder. */
    public static final String FILE = "plan-look.html";

    /** The id of the page's table of verdicts. */
    static final String TABLE_ID = "verdicts";

    private PlanLookPage() {
    }

    /** What a verdict of a plan's claim means (a plan's claims have no paper formula, tolerance or budget), in order. */
    static final java.util.Map<Verdict, String> MEANINGS = meanings();

    private static java.util.Map<Verdict, String> meanings() {
        java.util.Map<Verdict, String> m = new java.util.LinkedHashMap<>();
        m.put(Verdict.PASS, "the claim's rule decided for it at a look: the bounds lie where the claim says (inside its band"
                + " or margin, or below 0)");
        m.put(Verdict.FAIL, "the rule decided against it at a look: the bounds lie where the claim's negation says");
        m.put(Verdict.INCONCLUSIVE, "neither, at the last look reached: \"so far\" while a look is still to come, settled at"
                + " the cap");
        m.put(Verdict.NOT_RUN, "not looked at yet: fewer paired seeds count than its first look (an event-rate claim: than the"
                + " cap); no interval is drawn");
        return java.util.Collections.unmodifiableMap(m);
    }

    /** A plan's claims carry no series and no study overview: the cards show none. */
    private static final HtmlReport.FigureIndex NO_FIGURES = new HtmlReport.FigureIndex() {
        @Override
        public Figure series(Series s) {
            return null;
        }

        @Override
        public Figure overview(StudyResult study) {
            return null;
        }
    };

    /**
     * The page of a look.
     *
     * @param look      the look
     * @param evidence  its claims' evidence, in the look's order
     * @param forests   its forest figures (drawn or not: a figure not drawn says why)
     * @param figureDir the figures' folder, relative to the page
     * @return the HTML page
     * @throws IllegalArgumentException when the evidence is not the look's claims in its order
     */
    public static String render(PlanLook.Look look, List<Evidence> evidence, List<Figure> forests, String figureDir) {
        List<String> ids = look.results().stream().map(PlanLook.Result::id).toList();
        if (!ids.equals(evidence.stream().map(Evidence::claimId).toList())) {
            throw new IllegalArgumentException("plan look page: evidence for " + evidence.stream().map(Evidence::claimId).toList()
                    + " must be for the look's claims " + ids + ", in order");
        }
        PlanFile plan = look.plan();
        StringBuilder h = new StringBuilder(64 * 1024);
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(plan.title())).append(": look (msgd study look)</title>\n")
                .append("<style>\n").append(Css.STYLE).append("</style>\n</head>\n<body>\n<main>\n");
        header(look, h);
        ClaimCard cards = new ClaimCard(NO_FIGURES, figureDir, h);
        h.append("<section id=\"forest\">\n<h2>Forest plot</h2>\n");
        if (forests.isEmpty()) {
            h.append("<p class=\"note\">The plan has no claims to draw.</p>\n");
        }
        for (Figure f : forests) {
            cards.figure(f, "overview", "Each claim's estimate (diamond) with its bounds (bar) at its look, and the lines its"
                    + " own rule compares them with; one figure per unit.");
        }
        h.append("</section>\n");
        table(look, h);
        seeds(look, h);
        h.append("<section id=\"cards\">\n<h2>Claims</h2>\n<p class=\"note\">One card per claim: its verdict with the"
                + " look's reason; folded under it the plan's statement, the answer, the interval and the rule, and the"
                + " parameters.</p>\n");
        for (Evidence e : evidence) {
            cards.claim(e);
        }
        h.append("</section>\n<section id=\"reading\" class=\"reading\">\n<h2>What the verdicts mean</h2>\n<dl>\n");
        for (var m : MEANINGS.entrySet()) {
            h.append("<dt>").append(badge(m.getKey())).append("</dt><dd>").append(escape(m.getValue())).append(".</dd>\n");
        }
        h.append("</dl>\n<p>The plan's family-wise α bounds the probability of any wrong PASS or FAIL over all its claims and"
                + " looks; the first look that decides a claim fixes its verdict.</p>\n</section>\n")
                .append("</main>\n<script>\n").append(HtmlReport.SCRIPT).append("\n</script>\n</body>\n</html>\n");
        return h.toString();
    }

    private static void header(PlanLook.Look look, StringBuilder h) {
        PlanFile plan = look.plan();
        h.append("<header class=\"top\">\n<p class=\"kicker\">msgd-lab study look</p>\n<h1>").append(escape(plan.title()))
                .append("</h1>\n<p class=\"authors\">").append(escape(plan.question())).append("</p>\n<p class=\"run\">");
        List<String> bits = new ArrayList<>();
        bits.add("plan <b>" + escape(plan.name()) + "</b>");
        bits.add("file <code>" + escape(String.valueOf(plan.file().getFileName())) + "</code>");
        bits.add("sha256 <code>" + escape(plan.sha256()) + "</code>");
        bits.add("protocol " + escape(plan.protocol().name()));
        bits.add("<b>" + look.seeds().counted().size() + "</b> paired seeds count of the cap of " + plan.cap());
        bits.add("looks at " + escape(plan.looks().toString()));
        bits.add(String.format(Locale.ROOT, "family-wise α %s over %d claims", plan.alpha().family(), plan.claims().size()));
        h.append(String.join(" · ", bits)).append("</p>\n</header>\n");
    }

    private static void table(PlanLook.Look look, StringBuilder h) {
        h.append("<section id=\"").append(TABLE_ID).append("\">\n<h2>Verdicts</h2>\n<table class=\"claims\">\n<thead><tr><th>#</th>")
                .append("<th>claim</th><th>verdict</th><th class=\"num\">look</th><th class=\"num\">estimate</th>")
                .append("<th class=\"num\">set or bounds</th></tr></thead>\n<tbody>\n");
        int i = 0;
        for (PlanLook.Result r : look.results()) {
            h.append("<tr class=\"").append(cls(r.verdict())).append("\"><td class=\"idx\">").append(++i)
                    .append("</td><td><a href=\"#").append(anchor("claim", r.id())).append("\">").append(cid(r.id()))
                    .append("</a></td><td>").append(badge(r.verdict()))
                    .append(r.verdict() != Verdict.NOT_RUN && !r.settled() ? " <span class=\"note\">so far</span>" : "")
                    .append("</td><td class=\"num\">").append(r.look() == 0 ? "–" : r.look()).append("</td><td class=\"num\">")
                    .append(escape(r.estimate())).append("</td><td class=\"num\">").append(escape(r.bounds())).append("</td></tr>\n");
        }
        h.append("</tbody>\n</table>\n</section>\n");
    }

    private static void seeds(PlanLook.Look look, StringBuilder h) {
        h.append("<section id=\"seeds\">\n<h2>The seeds that count</h2>\n<p>").append(look.seeds().counted().size())
                .append(" paired seeds: ").append(escape(ranges(look.seeds().counted()))).append(".</p>\n");
        if (look.seeds().notes().isEmpty()) {
            h.append("<p class=\"note\">No seed was left out, and none waits to be trained before the cap.</p>\n");
        } else {
            h.append("<ul class=\"seed-notes\">\n");
            look.seeds().notes().forEach(n -> h.append("<li>").append(escape(n)).append("</li>\n"));
            h.append("</ul>\n");
        }
        h.append("<p class=\"note\">Which seeds count depends on whether and how their runs were computed, never on"
                + " their results.</p>\n</section>\n");
    }

    /**
     * Seed numbers as ranges: "0–59", "0–3, 5, 7–9"; "none" for none.
     *
     * @param seeds increasing seed numbers
     * @return the ranges
     */
    static String ranges(List<Integer> seeds) {
        if (seeds.isEmpty()) {
            return "none";
        }
        List<String> out = new ArrayList<>();
        int start = seeds.get(0);
        int prev = start;
        for (int s : seeds.subList(1, seeds.size())) {
            if (s != prev + 1) {
                out.add(start == prev ? "" + start : start + "–" + prev);
                start = s;
            }
            prev = s;
        }
        out.add(start == prev ? "" + start : start + "–" + prev);
        return String.join(", ", out);
    }
}
