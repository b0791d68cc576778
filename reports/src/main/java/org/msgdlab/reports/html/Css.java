package org.msgdlab.reports.html;

import org.msgdlab.reports.figures.Palette;
import org.msgdlab.core.claims.Verdict;

import static org.msgdlab.reports.html.Fragments.cls;

/**
 * The report's inline style sheet: screen and print, system fonts only (no network), verdict colours from {@link Palette}.
 * Public for the pages deep writes in the report's style ({@code plan-look.html}).
 */
public final class Css {

    private Css() {
    }

    /** The style sheet. */
    public static final String STYLE = verdictColours() + """
            :root { --ink: #1b1f24; --muted: #5a6470; --line: #d8dde3; --soft: #f5f7f9; --link: #0b5cad;
                    --sans: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", Arial, sans-serif;
                    --serif: "STIX Two Text", "Cambria Math", Cambria, "DejaVu Serif", "Liberation Serif", Georgia, serif;
                    --mono: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; }
            * { box-sizing: border-box; }
            html { -webkit-text-size-adjust: 100%; }
            body { margin: 0; background: #eef1f4; color: var(--ink); font: 14px/1.5 var(--sans); }
            main { max-width: 1320px; margin: 0 auto; background: #fff; padding: 28px 32px 48px; box-shadow: 0 0 0 1px var(--line); }
            a { color: var(--link); text-decoration: none; }
            a:hover { text-decoration: underline; }
            code { font: 12.5px var(--mono); background: var(--soft); padding: 1px 4px; border-radius: 3px; }
            h1 { font-size: 26px; line-height: 1.2; margin: 2px 0 6px; letter-spacing: -0.01em; }
            h2 { font-size: 21px; margin: 40px 0 6px; padding-bottom: 6px; border-bottom: 2px solid var(--ink); }
            h3 { font-size: 15px; margin: 22px 0 8px; }
            h4 { font-size: 13px; margin: 0 0 6px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
            sub, sup { font-size: 72%; line-height: 0; }
            .kicker { margin: 0; color: var(--muted); text-transform: uppercase; letter-spacing: 0.08em; font-size: 12px; font-weight: 600; }
            .authors { margin: 0; color: var(--muted); }
            .run { margin: 10px 0 0; padding: 8px 12px; background: var(--soft); border-radius: 4px; font-size: 13px; }
            .warn { color: #a33c00; }
            .ref { color: var(--muted); font-size: 12.5px; }
            .note { color: var(--muted); font-size: 12.5px; margin: 6px 0; }

            .badge { display: inline-block; min-width: 92px; text-align: center; padding: 2px 8px; border-radius: 3px; font: 700 11.5px/1.5 var(--sans);
                     letter-spacing: 0.04em; color: #fff; background: var(--muted); vertical-align: middle;
                     -webkit-print-color-adjust: exact; print-color-adjust: exact; }
            .badge.pass { background: var(--pass); }
            .badge.approximate { background: var(--approximate); color: #1b1f24; }
            .badge.fail { background: var(--fail); }
            .badge.error { background: var(--error); color: #1b1f24; }
            .badge.inconclusive { background: var(--inconclusive); color: #1b1f24; }
            .badge.not-run { background: #d0d4d9; color: #1b1f24; }
            .badge.not-applicable { background: #0072b2; color: #ffffff; }

            .counts { display: flex; flex-wrap: wrap; gap: 12px; margin: 14px 0 18px; }
            .count { min-width: 130px; padding: 10px 16px; border-radius: 6px; border: 1px solid var(--line); border-top: 6px solid var(--muted);
                     -webkit-print-color-adjust: exact; print-color-adjust: exact; }
            .count .n { display: block; font-size: 30px; font-weight: 700; line-height: 1.1; font-variant-numeric: tabular-nums; }
            .count .v { display: block; font-size: 12px; font-weight: 600; letter-spacing: 0.05em; color: var(--muted); }
            .count.pass { border-top-color: var(--pass); }
            .count.approximate { border-top-color: var(--approximate); }
            .count.fail { border-top-color: var(--fail); }
            .count.error { border-top-color: var(--error); }
            .count.inconclusive { border-top-color: var(--inconclusive); }
            .count.not-run { border-top-color: var(--not-run); }
            .count.not-applicable { border-top-color: #0072b2; }
            .count.total { border-top-color: var(--ink); background: var(--soft); }
            .count.zero .n { color: #aab2bb; }
            .banner { padding: 10px 14px; border-left: 5px solid var(--fail); background: #fbeee6; font-weight: 600; }
            .allpass { padding: 10px 14px; border-left: 5px solid var(--pass); background: #e6f5ef; }
            .power-ok { color: var(--muted); }
            p.notrun { line-height: 1.9; }
            .power-weak { padding: 8px 14px; border-left: 5px solid var(--approximate); background: #fdf5e3; }
            .power-weak p { margin: 0 0 4px; }
            .power-weak ul { margin: 0; padding-left: 20px; }

            table { border-collapse: collapse; width: 100%; margin: 8px 0 12px; font-size: 13px; }
            th, td { padding: 5px 8px; border-bottom: 1px solid var(--line); vertical-align: top; text-align: left; }
            thead th { font-size: 11.5px; font-weight: 600; color: var(--muted); text-transform: none; border-bottom: 1.5px solid var(--ink);
                       vertical-align: bottom; }
            td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
            td.num { white-space: nowrap; }
            td.num.interval { white-space: normal; min-width: 6em; }   /* an interval may break after its comma */
            .cid { white-space: nowrap; }
            td.idx { color: var(--muted); width: 28px; }
            .abs { font-size: 10px; color: var(--muted); border: 1px solid var(--line); border-radius: 2px; padding: 0 2px; }
            table.notpass td.why { font-family: var(--serif); font-size: 13.5px; }
            table.notpass td.why .clamp { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical;
                                          overflow: hidden; }
            table.claims td.grouped details summary { cursor: pointer; }
            table.claims th, table.claims td, table.notpass th, table.notpass td { padding: 3px 6px; }
            table.claims td:nth-child(2) { min-width: 290px; }
            table.claims td.ref { max-width: 140px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
            table.notpass td:first-child { width: 110px; }
            table.claims tr.approximate td:first-child, table.claims tr.fail td:first-child,
            table.claims tr.error td:first-child, table.claims tr.not-run td:first-child, table.claims tr.not-applicable td:first-child { box-shadow: inset 4px 0 0 var(--muted); }
            table.claims tr.approximate td:first-child { box-shadow: inset 4px 0 0 var(--approximate); }
            table.claims tr.fail td:first-child { box-shadow: inset 4px 0 0 var(--fail); }
            table.claims tr.error td:first-child { box-shadow: inset 4px 0 0 var(--error); }
            table.claims tr.inconclusive td:first-child { box-shadow: inset 4px 0 0 var(--inconclusive); }
            td.weak { color: #a35a00; font-weight: 600; }
            td.agree { color: #00664a; }
            td.reject { color: #a33c00; font-weight: 600; }
            table.numbers td.stat { font-family: var(--serif); font-size: 13px; min-width: 160px; }
            table.numbers th, table.numbers td { padding: 4px 5px; }
            table.numbers { font-size: 12px; margin: 0; }
            .scroll { overflow-x: auto; margin: 8px 0 12px; }
            table.numbers tr.headline td { background: #f4f7fb; }
            table.numbers tr.headline td.stat::after { content: " ★"; color: var(--muted); font-size: 11px; }

            nav.toc { margin-top: 20px; padding: 10px 16px; background: var(--soft); border-radius: 6px; }
            nav.toc h3 { margin: 4px 0; }
            nav.toc ol { margin: 0; padding-left: 22px; }
            .mini { margin-left: 6px; }
            .chip { display: inline-block; font-size: 11px; font-weight: 700; padding: 0 6px; margin-right: 4px; border-radius: 8px;
                     border: 1px solid var(--line); -webkit-print-color-adjust: exact; print-color-adjust: exact; }
            .chip.pass { background: #e1f3ec; border-color: var(--pass); }
            .chip.approximate { background: #fcf0d6; border-color: var(--approximate); }
            .chip.fail { background: #f8e1d3; border-color: var(--fail); }
            .chip.error { background: #f6e4ee; border-color: var(--error); }
            .chip.inconclusive { background: #e3f1fa; border-color: var(--inconclusive); }
            .chip.not-run { background: #eceef0; }
            .chip.not-applicable { background: #e0eef7; border-color: #0072b2; }

            .study h2 .num-prefix { display: inline-block; min-width: 28px; color: var(--muted); }
            .study-meta { margin: 0 0 10px; color: var(--muted); }
            figure { margin: 10px 0; }
            figure img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
            figure.overview img { width: 100%; max-width: 1000px; }   /* its drawn size: not stretched, not blurred */
            figcaption { font-size: 12.5px; color: var(--muted); margin-top: 4px; max-width: 900px; }
            .fignote { color: #7a5200; }
            .files { white-space: nowrap; }
            .missing { padding: 20px; border: 1px dashed var(--fail); color: var(--fail); }

            article.claim { margin: 8px 0; padding: 8px 12px 6px; border: 1px solid var(--line); border-left: 6px solid var(--muted); border-radius: 4px;
                            -webkit-print-color-adjust: exact; print-color-adjust: exact; }
            article.claim.pass { border-left-color: var(--pass); }
            article.claim.approximate { border-left-color: var(--approximate); }
            article.claim.fail { border-left-color: var(--fail); }
            article.claim.error { border-left-color: var(--error); }
            article.claim.inconclusive { border-left-color: var(--inconclusive); }
            article.claim > header { display: flex; align-items: baseline; gap: 10px; flex-wrap: wrap; }
            article.claim > header h3 { margin: 0; font: 600 15.5px var(--mono); }
            blockquote.statement { margin: 10px 0 8px; padding: 8px 14px; background: var(--soft); border-left: 3px solid #b8c0c8;
                                   font: 16px/1.55 var(--serif); }
            p.reason, p.limit { margin: 4px 0; }
            p.answer { margin: 8px 0; font: 16px/1.5 var(--serif); }
            section.main-answer { display: flex; gap: 18px 26px; align-items: flex-start; flex-wrap: wrap; margin: 18px 0 0; }
            section.main-answer .main-text { flex: 1 1 330px; min-width: 300px; }
            section.main-answer h2 { margin: 0 0 8px; }
            p.main-sentence { margin: 0 0 8px; font: 16.5px/1.5 var(--serif); }
            section.main-answer .answer-side { flex: 0 1 560px; }
            section.main-answer figure.forest { margin: 0; }
            section.main-answer figure.forest img { width: 560px; }
            section.main-answer .follow-up { flex: 1 1 100%; margin-top: -8px; }
            section.main-answer + section.summary > h2 { margin-top: 18px; }
            .follow-up { font: 14px/1.45 var(--serif); }
            .follow-up h3 { display: inline; margin: 0 6px 0 0; font-size: 16px; }
            p.follow-up-sentence { display: inline; margin: 0; font: 14px/1.45 var(--serif); }
            table.support td.why { font-size: 13.5px; }
            table.noise-class td.why { font-size: 13.5px; width: 42%; }
            .answers ul { margin: 4px 0 10px; padding-left: 18px; }
            .answers li { margin: 3px 0; }
            .answers .ref a { font: 12px var(--mono); }
            figure.interval { margin: 6px 0; }
            figure.interval svg { max-width: 100%; height: auto; font-family: var(--sans, sans-serif); }
            figure.interval figcaption { font-size: 12.5px; color: #555; }
            article.claim.approximate p.reason b, article.claim.fail p.reason b, article.claim.error p.reason b { color: #8a3300; }
            .evidence { display: flex; flex-wrap: wrap; gap: 14px 22px; align-items: flex-start; }
            .evidence .power { flex: 1 1 340px; min-width: 320px; }
            .power td.outcome { white-space: nowrap; }
            .evidence .power table { font-size: 12.5px; }
            .evidence figure.series { flex: 0 1 680px; margin: 0; }
            .evidence figure.series img { width: 680px; }
            .power tr.weak td { background: #fdf5e3; }
            .power tr.na td { color: #8a939c; }
            p.params { font-size: 12.5px; color: var(--muted); margin: 8px 0 6px; }
            p.params .label { font-weight: 700; color: var(--ink); margin-right: 4px; }
            details.cards > summary, details.fold > summary { cursor: pointer; font-weight: 600; margin: 10px 0; }
            details.claim-body > summary { cursor: pointer; color: var(--muted); font-size: 12.5px; margin: 2px 0; }
            details.claim-body[open] > summary { margin-bottom: 8px; }
            details.param { font-size: 12.5px; margin: 4px 0; }
            details.param summary { cursor: pointer; color: var(--ink); font-weight: 600; }
            details.param table.numbers { font-size: 12px; }
            .kv { display: inline-block; margin: 0 12px 2px 0; }
            .kv .k { color: var(--ink); }
            .kv .formula { font-family: var(--serif); color: var(--ink); }
            table.kvtable th { width: 170px; color: var(--muted); font-weight: 600; }
            .reading dl { display: grid; grid-template-columns: 140px 1fr; gap: 6px 12px; margin: 10px 0; }
            .reading dd { margin: 0; }
            details.section-fold > summary { cursor: pointer; }
            details.section-fold > summary h2 { display: inline; }
            details.section-fold > summary .note { margin-left: 10px; }

            @media (max-width: 800px) { main { padding: 16px; } .evidence figure.series img { width: 100%; }
                                        section.main-answer figure.forest img { width: 100%; } }
            @page { size: A4; margin: 12mm; }
            @media print {
              body { background: #fff; font-size: 10.5pt; }
              main { max-width: none; padding: 0; box-shadow: none; }
              a { color: inherit; }
              nav.toc { display: none; }
              h2 { break-after: avoid; }
              section.study { break-before: page; }
              article.claim, figure, table.notpass tr, .power { break-inside: avoid; }
              .evidence figure.series img { width: 100%; max-width: 150mm; }
              figure.overview img { max-width: 186mm; }
              .files { display: none; }
              .scroll { overflow: visible; }
              table.numbers { font-size: 8.5pt; }
            }
            """;

    /** The verdict colours as CSS custom properties, from {@link Palette}. */
    static String verdictColours() {
        StringBuilder b = new StringBuilder(":root {");
        for (Verdict v : Verdict.values()) {
            b.append(" --").append(cls(v)).append(": ").append(Palette.hex(Palette.of(v))).append(';');
        }
        return b.append(" }\n").toString();
    }
}
