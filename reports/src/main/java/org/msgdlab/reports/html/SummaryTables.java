package org.msgdlab.reports.html;

import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.summary.NoiseClassDesign;
import org.msgdlab.reports.summary.SupportDesign;
import org.msgdlab.reports.summary.Verdicts;
import org.msgdlab.reports.text.Formula;
import org.msgdlab.reports.text.Numbers;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;
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
import static org.msgdlab.reports.html.Fragments.firstLine;
import static org.msgdlab.reports.html.Fragments.prose;
import static org.msgdlab.reports.html.Fragments.tolerance;
import static org.msgdlab.reports.text.Html.escape;

/**
 * The report's tables of claims: the summary at the top of the page (counts per verdict, the
 * claims that are not PASS with why, those not resolved or not run, the weak power checks, and
 * the list of studies with their verdicts), and each study's table of its claims, one row a claim,
 * linking to its card.
 */
final class SummaryTables {

    private final Results results;
    private final StringBuilder h;
    /**
     * The noise-class study's claims when its answer has its own block on the first screen (then not one line per noise
     * here); {@link NoiseClassDesign#NONE} otherwise.
     */
    private final NoiseClassDesign noiseClassAbove;
    /** The support study's claims when its answer is on the first screen; {@link SupportDesign#NONE} otherwise. */
    private final SupportDesign supportAbove;

    SummaryTables(Results results, StringBuilder h, NoiseClassDesign noiseClassAbove, SupportDesign supportAbove) {
        this.results = results;
        this.h = h;
        this.noiseClassAbove = noiseClassAbove;
        this.supportAbove = supportAbove;
    }

    /** Whether a claim's answer is on the first screen already (the noise-class and support studies'). */
    private boolean answeredOnTop(String claimId) {
        return noiseClassAbove.isNoiseClass(claimId) || supportAbove.isSupport(claimId);
    }

    void summary() {
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

        answers();
        List<Evidence> notPass = new ArrayList<>();
        List<Evidence> unresolved = new ArrayList<>();
        List<Evidence> notRun = new ArrayList<>();
        List<String> answeredAbove = new ArrayList<>();
        List<String> inOwnSection = new ArrayList<>();
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                if (e.verdict() != Verdict.PASS && e.verdict() != Verdict.NOT_RUN && answeredOnTop(e.claimId())) {
                    // the noise-class and support studies' claims: answered on the first screen, each a row of its
                    // study's own verdict table; not repeated in the tables below
                    inOwnSection.add("<a href=\"#" + anchor("claim", e.claimId()) + "\">" + cid(e.claimId()) + "</a>");
                } else if (e.verdict() != Verdict.PASS && e.verdict() != Verdict.NOT_RUN && answered(e)) {
                    // its verdict and why are the Answers block's line: not repeated in the tables below
                    answeredAbove.add("<a href=\"#" + anchor("claim", e.claimId()) + "\">" + cid(e.claimId()) + "</a>");
                } else if (e.verdict() == Verdict.NOT_RUN) {
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
        } else if (notPass.isEmpty() && notRun.isEmpty() && unresolved.isEmpty() && answeredAbove.isEmpty() && inOwnSection.isEmpty()) {
            h.append("<p class=\"allpass\">Every claim agrees with the paper within its tolerance.</p>\n");
        }
        if (!notPass.isEmpty()) {
            verdictTable("Where the paper is not exact" + (counts.get(Verdict.ERROR) > 0 ? ", and what could not be checked" : ""),
                    notPass);
        }
        if (!unresolved.isEmpty()) {
            verdictTable("Not resolved at this budget (neither confirmed nor contradicted)", unresolved);
        }
        if (!answeredAbove.isEmpty()) {
            h.append("<p class=\"note\">").append(answeredAbove.size()).append(answeredAbove.size() == 1 ? " claim" : " claims")
                    .append(" not PASS, with verdict and why in Answers above: ").append(String.join(", ", answeredAbove))
                    .append("</p>\n");
        }
        if (!inOwnSection.isEmpty()) {
            h.append("<p class=\"note\">").append(inOwnSection.size()).append(inOwnSection.size() == 1 ? " claim" : " claims")
                    .append(" not PASS, answered on the first screen, with verdict and why in their study's own verdict table: ")
                    .append(String.join(", ", inOwnSection)).append("</p>\n");
        }
        if (!notRun.isEmpty()) {
            // one line per reason: claims left out by the budget, a missing tool, an interruption
            Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
            // reasons that differ only after their first clause (their counts) share the clause's line
            Map<String, Long> variants = notRun.stream().map(e -> firstLine(e.verdictReason())).distinct()
                    .collect(java.util.stream.Collectors.groupingBy(SummaryTables::firstClause, java.util.stream.Collectors.counting()));
            notRun.forEach(e -> byReason.computeIfAbsent(variants.get(firstClause(e.verdictReason())) > 1
                            ? firstClause(e.verdictReason()) : firstLine(e.verdictReason()), k -> new ArrayList<>())
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
            if (s.claims().stream().anyMatch(e -> noiseClassAbove.isNoiseClass(e.claimId()))) {
                h.append("<li><a href=\"#").append(NoiseClassSection.SECTION_ID).append("\">The noise-class study</a> <span class=\"ref\">")
                        .append("its claims in the study above, in a section of their own</span></li>\n");
            }
            if (s.claims().stream().anyMatch(e -> supportAbove.isSupport(e.claimId()))) {
                h.append("<li><a href=\"#").append(SupportSection.SECTION_ID).append("\">The support study</a> <span class=\"ref\">")
                        .append("its follow-up, in a section of its own</span></li>\n");
            }
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
                    .append("\" title=\"").append(escape(e.paperRef())).append("\">").append(cid(e.claimId()))
                    .append("</a></td><td class=\"why\"><div class=\"clamp\" title=\"").append(escape(Verdicts.why(e))).append("\">")
                    .append(prose(e, Verdicts.why(e))).append("</div></td>")
                    .append(measured(e, head)).append("</tr>\n");
        }
        h.append("</tbody>\n</table>\n<p class=\"note\">measured: (estimate − paper)/|paper| of the claim's headline statistic "
                + "(the one farthest from the paper's value, in tolerances); exact gap: the same for the exact value derived here; "
                + "absolute differences where the paper's value is 0.</p>\n");
    }

    /**
     * The answers to the studies' main questions, in plain words with their numbers (the claims whose
     * {@link IntervalAnswer#headline()} is set): one line each; those not decided yet, one line per study.
     */
    /** Whether {@code e} has its own line in the Answers block (a headline interval answer). */
    private static boolean answered(Evidence e) {
        return java.util.Optional.ofNullable(e.interval()).filter(IntervalAnswer::headline).isPresent();
    }

    /**
     * The first clause of a reason's first line, e.g. "decided once, at 60 paired seeds" of "decided once, at 60
     * paired seeds; so far 20 of 60 seeds: ...".
     */
    static String firstClause(String reason) {
        String r = firstLine(reason);
        return r.contains(";") ? r.substring(0, r.indexOf(';')) : r;
    }

    private void answers() {
        List<String> lines = new ArrayList<>();
        for (StudyResult s : results.studies()) {
            List<String> open = new ArrayList<>();
            String why = null;
            for (Evidence e : s.claims()) {
                IntervalAnswer a = java.util.Optional.ofNullable(e.interval()).filter(IntervalAnswer::headline).orElse(null);
                if (a == null || answeredOnTop(e.claimId())) {
                    // the noise-class and support studies' answers are sentences beside the forest plot, above
                    continue;
                }
                String link = "<a href=\"#" + anchor("claim", e.claimId()) + "\">" + cid(e.claimId()) + "</a>";
                if (e.verdict() == Verdict.NOT_RUN) {
                    open.add(link);
                    if (why == null) {
                        // the first clause of the first one's reason, e.g. "not decided yet: 9 of the first look's 20 paired seeds"
                        why = firstClause(e.verdictReason());
                    }
                } else {
                    lines.add("<li>" + badge(e.verdict()) + " " + Formula.html(a.answer()) + " <span class=\"ref\">" + link
                            + "</span></li>");
                }
            }
            if (!open.isEmpty()) {
                lines.add("<li>" + badge(Verdict.NOT_RUN) + " " + open.size() + (open.size() == 1 ? " question" : " questions")
                        + " of " + Formula.html(s.title()) + ", " + escape(why) + ": " + String.join(", ", open) + "</li>");
            }
        }
        if (!lines.isEmpty()) {
            h.append("<div class=\"answers\"><h3>Answers</h3><ul>\n").append(String.join("\n", lines)).append("\n</ul></div>\n");
        }
    }

    /** The measured and exact-gap cells: for an interval claim, its estimate and interval, and no gap (it has no paper value). */
    private static String measured(Evidence e, StatisticCheck head) {
        java.util.Optional<IntervalAnswer> a = java.util.Optional.ofNullable(e.interval());
        if (a.isPresent()) {
            return "<td class=\"num\" title=\"estimate [interval] of " + escape(a.get().quantity()) + "\">"
                    + Numbers.html(e.estimate()) + " " + IntervalCard.interval(a.get().lower(), a.get().upper())
                    + "</td><td class=\"num\" title=\"an interval claim: no paper value\">" + Numbers.NONE + "</td>";
        }
        if (e.timing() != null) {
            return "<td class=\"num\" title=\"" + escape(e.timing().quantity()) + "\">" + Numbers.html(e.estimate())
                    + " (must exceed " + Numbers.html(e.timing().bound()) + ")</td><td class=\"num\" title=\"a timing claim:"
                    + " no paper value\">" + Numbers.NONE + "</td>";
        }
        return "<td class=\"num\">" + discrepancy(e.discrepancy(), e.reference()) + "</td><td class=\"num\">"
                + (head == null ? Numbers.NONE : discrepancy(head.relativeDiscrepancy(), head.paperValue())) + "</td>";
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
            // folded: the list names each weak check; its count is what the first screen needs
            h.append("<details class=\"power-weak\"><summary>Power: ").append(rows.size()).append(" of ").append(checks)
                    .append(" checks against a named wrong formula are weak (power &lt; 0.8 or not rejected); "
                            + "these claims could not have failed on that wrong formula at this budget</summary><ul>\n");
            rows.forEach(r -> h.append(r).append('\n'));
            h.append("</ul></details>\n");
        }
    }

    static String miniCounts(StudyResult s) {
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

    /** Consecutive NOT_RUN claims at least this many share one row of the claim table (with a link to each). */
    static final int GROUPED_NOT_RUN = 3;

    void claimTable(StudyResult s) {
        h.append("<table class=\"claims\">\n<thead><tr><th>#</th><th>claim</th><th>paper</th><th>verdict</th>")
                .append("<th class=\"num\">estimate</th><th class=\"num\">paper's value</th><th class=\"num\">tolerance</th>")
                .append("<th class=\"num\">discrepancy or interval</th><th class=\"num\">min. power</th><th class=\"num\">time</th></tr></thead>\n<tbody>\n");
        List<Evidence> claims = s.claims();
        for (int i = 0; i < claims.size(); ) {
            int j = i;
            while (j < claims.size() && claims.get(j).verdict() == Verdict.NOT_RUN) {
                j++;
            }
            if (j - i >= GROUPED_NOT_RUN) {
                // a run of claims not run (a study waiting for its first look): one row, a link to each
                List<String> links = new ArrayList<>();
                for (Evidence e : claims.subList(i, j)) {
                    links.add("<a href=\"#" + anchor("claim", e.claimId()) + "\">" + cid(e.claimId()) + "</a>");
                }
                h.append("<tr class=\"").append(cls(Verdict.NOT_RUN)).append("\"><td class=\"idx\">").append(i + 1).append("–")
                        .append(j).append("</td><td colspan=\"2\" class=\"grouped\"><details><summary>").append(j - i)
                        .append(" claims not run: ").append(escape(firstLine(claims.get(i).verdictReason()))).append("</summary>")
                        .append(String.join(", ", links)).append("</details></td><td>").append(badge(Verdict.NOT_RUN))
                        .append("</td><td colspan=\"6\"></td></tr>\n");
                i = j;
                continue;
            }
            row(claims.get(i), i + 1);
            i++;
        }
        h.append("</tbody>\n</table>\n");
    }

    private void row(Evidence e, int index) {
        double minPower = e.power().stream().filter(p -> Verdicts.applicable(p, e)).mapToDouble(PowerCheck::power).min().orElse(Double.NaN);
        java.util.Optional<IntervalAnswer> interval = java.util.Optional.ofNullable(e.interval());
        h.append("<tr class=\"").append(cls(e.verdict())).append("\"><td class=\"idx\">").append(index).append("</td><td><a href=\"#")
                .append(anchor("claim", e.claimId())).append("\">").append(cid(e.claimId())).append("</a></td><td class=\"ref\" title=\"")
                .append(escape(e.paperRef())).append("\">").append(escape(e.paperRef())).append("</td><td>").append(badge(e.verdict())).append("</td>");
        if (interval.isPresent()) {
            // an interval claim: its estimate (e.g. the mean paired difference) and interval; no paper value or tolerance
            IntervalAnswer a = interval.get();
            h.append("<td class=\"num\">").append(Numbers.html(e.estimate())).append("</td><td class=\"num\">").append(Numbers.NONE)
                    .append("</td><td class=\"num\">").append(Numbers.NONE).append("</td><td class=\"num interval\" title=\"interval: ")
                    .append(escape(a.level())).append("\">").append(IntervalCard.interval(a.lower(), a.upper())).append("</td>");
        } else if (e.timing() != null) {
            // a timing claim: its measured ratio and the bound it must exceed; no paper value or tolerance
            h.append("<td class=\"num\">").append(Numbers.html(e.estimate())).append("</td><td class=\"num\">").append(Numbers.NONE)
                    .append("</td><td class=\"num\">").append(Numbers.NONE).append("</td><td class=\"num\" title=\"")
                    .append(escape(e.timing().quantity())).append("\">bound &gt; ").append(Numbers.html(e.timing().bound()))
                    .append("</td>");
        } else {
            h.append("<td class=\"num\">").append(Numbers.html(e.estimate())).append("</td><td class=\"num\">")
                    .append(Numbers.html(e.reference())).append("</td><td class=\"num\">").append(tolerance(e.tolerance()))
                    .append("</td><td class=\"num\">").append(discrepancy(e.discrepancy(), e.reference())).append("</td>");
        }
        h.append("<td class=\"num").append(minPower < 0.8 ? " weak" : "").append("\">").append(Numbers.html(minPower))
                .append("</td><td class=\"num\">")
                .append(e.verdict() == Verdict.NOT_RUN ? Numbers.NONE : String.format(Locale.ROOT, "%.1f s", e.seconds())).append("</td></tr>\n");
    }
}
