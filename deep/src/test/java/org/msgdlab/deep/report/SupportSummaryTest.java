package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.SupportClaim;
import org.msgdlab.deep.study.SupportDescription;
import org.msgdlab.deep.study.SupportVerdicts;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The support study's verdicts.csv, the contract with its independent recount: exactly the columns
 * claim,kind,look,seeds,trimmed_mean,lower,upper,alpha,verdict,mean,mean_lower,mean_upper,seeds_needed, one row per
 * claim and look made (look and seeds: the look's paired seeds, 50 or 100, as the recount reads them), numbers in points
 * with 6 decimals, seeds_needed only for a claim undecided at the cap (PLAN.md amendment 3); and its Markdown table.
 */
public class SupportSummaryTest {

    /** Per-seed values of claim i at seed s: an offset per claim plus a wobble; the last claim undecided at 50. */
    static double[] values(int claim, int seeds) {
        double[] offset = {0, 1.0, -0.8, 0.6, 0.05, 0.0};
        double[] wobble = {0.1, 0.1, 0.1, 0.1, 0.1, 1.5};
        double[] d = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            d[s] = offset[claim] + wobble[claim] * Math.sin(3.3 * s + claim);
        }
        return d;
    }

    /** A report at the cap from synthetic per-seed values (descriptions from the same values). */
    public static SupportVerdicts.Report report() {
        List<SupportVerdicts.ClaimResult> claims = new ArrayList<>();
        List<SupportClaim> all = SupportClaim.all();
        for (int i = 0; i < all.size(); i++) {
            claims.add(SupportVerdicts.claim(all.get(i), values(i, 100)));
        }
        var e = SupportDescription.Estimate.of(values(0, 100));
        var dose = List.of(new SupportDescription.Dose(10, "msgd-[fisher-10]", SupportDescription.Estimate.of(values(3, 100))),
                new SupportDescription.Dose(50, "msgd-[fisher-50]", e), new SupportDescription.Dose(250, "msgd-[fisher-250]", e));
        var outcomes = StudyPlan.SUPPORT_METHODS.stream().map(m -> new SupportDescription.Outcomes(m, 100,
                m.equals("gd") ? List.of(4) : List.of(), List.of())).toList();
        List<Integer> seeds = java.util.stream.IntStream.range(0, 101).filter(s -> s != 3).boxed().toList();
        var dense = SupportDescription.DENSE.stream().map(m -> new SupportDescription.Single(m, e)).toList();
        return new SupportVerdicts.Report(new SupportVerdicts.Seeds(seeds, List.of("paired seed 3 left out: its nine runs do"
                + " not share their bits: [msgd-cov: cpu ...]"), 101), seeds, List.copyOf(claims),
                new SupportDescription(seeds, e, dense, dose, SupportDescription.Estimate.of(values(1, 100)), outcomes));
    }

    @Test
    void verdictsCsvHasTheRecountsColumnsOneRowPerLookMadeInPointsWithSixDecimals() {
        List<String> lines = SupportSummary.verdictsCsv(report()).lines().toList();
        assertEquals("claim,kind,look,seeds,trimmed_mean,lower,upper,alpha,verdict,mean,mean_lower,mean_upper,seeds_needed",
                lines.get(0));
        assertEquals(1 + 5 + 2, lines.size(), "five claims decided at 50, the last looked at twice: " + lines);
        String[] fisher = lines.get(2).split(",");
        assertEquals(List.of("deep.support.class.fisher-vs-cov", "equivalence", "50", "50"), List.of(fisher).subList(0, 4));
        assertEquals("0.001000", fisher[7]);
        assertEquals("FAIL", fisher[8]);
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",", -1);
            assertEquals(13, f.length, l);
            assertEquals(l.equals(lines.get(7)) ? ">1000" : "", f[12], "seeds needed only where undecided at the cap: " + l);
            for (int i : new int[]{4, 5, 6, 7, 9, 10, 11}) {
                assertTrue(f[i].matches("-?\\d+\\.\\d{6}"), "column " + i + " of " + l);
            }
        }
        assertTrue(lines.get(6).startsWith("deep.support.as-sgd.sparse-below-sgd-50,below,50,50,"), lines.get(6));
        assertTrue(lines.get(7).startsWith("deep.support.as-sgd.sparse-below-sgd-50,below,100,100,") && lines.get(7).contains(",0.004000,INCONCLUSIVE,"),
                lines.get(7));
    }

    @Test
    void theTableNamesTheTrimmedMeanAndRepeatsTheAlphaLine() {
        var r = report();
        String t = SupportSummary.table(r);
        assertTrue(t.contains(SupportClaim.ALPHA_LINE));
        assertTrue(t.contains("the look at 100 paired seeds (seeds 0-2, 4-100; 100 count of the cap of 100"), t);
        assertTrue(t.contains("* paired seed 3 left out: its nine runs do not share their bits"), t);
        assertTrue(t.contains("10%-trimmed mean of its paired difference d_s in points"), t);
        assertTrue(t.contains("| `as-sgd.sparse-below-sgd-50` | mean of acc(MSGD-[Cov-exact-10], MSGD-[Fisher-10]) - acc(SGD-50 (without replacement))"
                + " | below | **INCONCLUSIVE** | 100 | 0.004 |"), t);
        assertTrue(t.contains("PASS when U &lt; 0"), "the Markdown file escapes '<': " + t);
        String terminal = SupportSummary.text(r);
        assertTrue(terminal.contains("PASS when U < 0") && !terminal.contains("&lt;"), "the terminal shows '<' as it is: " + terminal);
        assertEquals(t.lines().count(), terminal.lines().count(), "the same lines");
        String d = SupportSummary.descriptions(r.description());
        assertTrue(d.contains("| GD | 100 | 1 (seeds [4]) | [0.000, 0.054] | 0 | [0.000, 0.036] |"), d);
        assertTrue(d.contains("* MSGD-Fisher - SGD-50: trimmed mean"), d);
    }
}
