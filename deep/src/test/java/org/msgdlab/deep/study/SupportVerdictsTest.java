package org.msgdlab.deep.study;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.train.Trainer;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A dress rehearsal of the support study's verdicts (deep/results/support-study/PLAN.md) on synthetic runs written
 * to a temporary study directory, never on the study's own runs: the looks at 50 and 100 complete paired seeds,
 * nothing before 50, every complete seed counted, a seed whose runs do not share their bits left out and named
 * (amendment 2), each claim's d_s from its methods, and the descriptions.
 */
class SupportVerdictsTest {

    /**
     * Window accuracy of a synthetic run, as a fraction: a seed's level shared by its nine runs, each method's offset
     * in points, a small run-to-run wobble, and SGD-50 noisier (0.6 points). Offsets: Bernoulli-50 = Cov; Fisher = Cov
     * + 1; [Cov-exact-10] = Cov - 0.8; [Fisher-10] = Fisher + 0.5; SGD-50 = Cov + 1/3; GD = Cov - 1.4; so
     * Bernoulli-50 vs Cov is equivalent, Fisher vs Cov is not, [Cov-exact-10] is below Cov, [Fisher-10] is above
     * Fisher, the dense mean is SGD-50's, and the sparse mean is 0.017 points above SGD-50's, undecided.
     */
    static double accuracy(String m, int s) {
        double level = 0.78 + 0.004 * Math.sin(7.1 * s);
        double offset = switch (m) {
            case "msgd-fisher" -> 1.0;
            case "msgd-[cov-exact-10]" -> -0.8;
            case "msgd-[fisher-10]" -> 1.5;
            case "msgd-[fisher-50]" -> 1.2;
            case "msgd-[fisher-250]" -> 1.1;
            case "sgd-50" -> 1.0 / 3;
            case "gd" -> -1.4;
            default -> 0;      // msgd-cov, msgd-bernoulli-50
        };
        double wobble = (m.equals("sgd-50") ? 0.6 : 0.05) * Math.sin(3.3 * s + m.length());
        return level + (offset + wobble) / 100;
    }

    /** Seed 3's MSGD-[Fisher-250] run lost its training; seed 7's MSGD-Cov run dipped to 0.31 and came back. */
    static List<Trainer.Row> rows(String m, int s) {
        if (m.equals("msgd-[fisher-250]") && s == 3) {
            return NoiseClassVerdictsTest.rows(0.10, 0.10, 0.1);
        }
        double a = accuracy(m, s);
        return NoiseClassVerdictsTest.rows(a, m.equals("msgd-cov") && s == 7 ? 0.31 : a, 1.0);
    }

    static StudyRuns study(Path dir, int complete, int partial) throws Exception {
        StudyPlan plan = StudyPlan.support(dir, dir);
        return NoiseClassVerdictsTest.runs(plan, complete + 1,
                (m, s) -> s < complete || (s == complete && plan.methods().indexOf(m) < partial) ? rows(m, s) : null,
                (m, s) -> NoiseClassVerdictsTest.HERE);
    }

    static Map<String, SupportVerdicts.ClaimResult> byName(SupportVerdicts.Report r) {
        Map<String, SupportVerdicts.ClaimResult> m = new java.util.LinkedHashMap<>();
        r.claims().forEach(c -> m.put(c.claim().name(), c));
        return m;
    }

    @Test
    void beforeTheLookAt50CompletePairedSeedsNoStatisticIsComputed(@TempDir Path dir) throws Exception {
        StudyRuns runs = study(dir, 49, 8);     // seed 49 has eight of its nine runs
        SupportVerdicts.Seeds seeds = SupportVerdicts.seeds(runs);
        assertEquals(49, seeds.counted().size());
        assertEquals(49, seeds.next(), "seed 49 is not complete: the list ends there");
        assertEquals(0, SupportVerdicts.lookReached(49));
        var e = assertThrows(IllegalStateException.class, () -> SupportVerdicts.evaluate(runs));
        assertEquals("support study: 49 paired seeds count, before the first look at 50; the plan computes no statistic"
                + " of a claim before it", e.getMessage());
    }

    @Test
    void atTheLookOf50EachClaimIsDecidedFromItsOwnDifference(@TempDir Path dir) throws Exception {
        SupportVerdicts.Report r = SupportVerdicts.evaluate(study(dir, 57, 3));
        assertEquals(57, r.seeds().counted().size());
        assertEquals(50, r.lookSeeds(), "the look at 50 uses seeds 0..49, not the 57 complete");
        assertEquals(49, r.look().get(49));
        Map<String, SupportVerdicts.ClaimResult> c = byName(r);
        assertEquals(List.of("class.bernoulli-50-vs-cov", "class.fisher-vs-cov", "support.cov-exact-10-below-cov",
                "support.fisher-10-below-fisher", "as-sgd.dense-vs-sgd-50", "as-sgd.sparse-below-sgd-50"), List.copyOf(c.keySet()));
        assertEquals(Verdict.PASS, c.get("class.bernoulli-50-vs-cov").verdict());
        assertEquals(Verdict.FAIL, c.get("class.fisher-vs-cov").verdict(), "L > Delta: a point apart");
        assertEquals(Verdict.PASS, c.get("support.cov-exact-10-below-cov").verdict());
        assertEquals(Verdict.FAIL, c.get("support.fisher-10-below-fisher").verdict(), "L > 0");
        assertEquals(Verdict.PASS, c.get("as-sgd.dense-vs-sgd-50").verdict(), c.get("as-sgd.dense-vs-sgd-50").reason());
        SupportVerdicts.ClaimResult sparse = c.get("as-sgd.sparse-below-sgd-50");
        assertEquals(Verdict.INCONCLUSIVE, sparse.verdict());
        assertTrue(!sparse.settled() && sparse.reason().endsWith("undecided: the next look is at 100 paired seeds"),
                sparse.reason());
        SupportVerdicts.LookRow fisher = c.get("class.fisher-vs-cov").last();
        assertEquals(50, fisher.look().seeds());
        assertEquals(0.001, fisher.look().alpha(), 1e-15);
        assertEquals(1.0, fisher.look().estimate().estimate(), 0.05, "points, not fractions");
        assertTrue(fisher.look().lower() > SupportClaim.DELTA);
        assertEquals(1.0, fisher.mean().estimate(), 0.05);
        assertTrue(fisher.meanLower() < fisher.mean().estimate() && fisher.mean().estimate() < fisher.meanUpper());
        // the descriptions, over the same 50 seeds
        SupportDescription d = r.description();
        assertEquals(r.look(), d.seeds());
        assertEquals(1.4 + 1.0 / 3, d.sgdOverGd().trimmed().estimate(), 0.2);
        assertEquals(List.of("msgd-cov", "msgd-fisher", "msgd-bernoulli-50"),
                d.denseVsSgd().stream().map(SupportDescription.Single::method).toList());
        assertEquals(1.0 - 1.0 / 3, d.denseVsSgd().get(1).difference().trimmed().estimate(), 0.2, "MSGD-Fisher - SGD-50");
        assertEquals(List.of(10, 50, 250), d.dose().stream().map(SupportDescription.Dose::support).toList());
        assertEquals(0.5, d.dose().get(0).loss().trimmed().estimate(), 0.05, "[Fisher-10] - Fisher");
        assertEquals(0.1, d.dose().get(2).loss().trimmed().estimate(), 0.05, "[Fisher-250] - Fisher: seed 3's loss trimmed");
        assertTrue(d.dose().get(2).loss().mean().estimate() < -1, "the mean carries seed 3's 70-point loss");
        SupportDescription.Outcomes f250 = d.outcomes().get(StudyPlan.SUPPORT_METHODS.indexOf("msgd-[fisher-250]"));
        assertEquals(List.of(3), f250.lost());
        assertEquals(new org.msgdlab.core.stats.ClopperPearson(1, 50), f250.losses(), "1 of 50 runs, an exact interval");
        SupportDescription.Outcomes cov = d.outcomes().get(StudyPlan.SUPPORT_METHODS.indexOf("msgd-cov"));
        assertEquals(List.of("seed 7: dipped to 0.310 at iteration 2000, window " + String.format(java.util.Locale.ROOT, "%.3f",
                accuracy("msgd-cov", 7))), cov.dips());
        assertEquals(List.of(), cov.lost());
    }

    @Test
    void atTheCapAClaimUndecidedAt50IsLookedAtAgainAndTheDecidedKeepTheirVerdict(@TempDir Path dir) throws Exception {
        SupportVerdicts.Report r = SupportVerdicts.evaluate(study(dir, 100, 0));
        assertEquals(100, r.lookSeeds());
        Map<String, SupportVerdicts.ClaimResult> c = byName(r);
        assertEquals(1, c.get("class.fisher-vs-cov").looks().size(), "decided at 50: no second look");
        SupportVerdicts.ClaimResult sparse = c.get("as-sgd.sparse-below-sgd-50");
        assertEquals(2, sparse.looks().size());
        assertEquals(0.004, sparse.last().look().alpha(), 1e-15);
        assertEquals(Verdict.INCONCLUSIVE, sparse.verdict());
        assertTrue(sparse.settled(), "undecided at the cap: final");
        // 0.017 points above SGD-50 with sd about 0.4: a FAIL (L > 0) would need tens of thousands of seeds
        assertTrue(sparse.needed().isPresent() && !sparse.needed().get().found(), sparse.reason());
        assertTrue(sparse.reason().contains("; undecided at the cap: more than 1,000 paired seeds would be needed to decide it"
                + " with probability 0.8 (P(decision) 0."), sparse.reason());
        assertTrue(c.values().stream().filter(x -> x != sparse).allMatch(x -> x.needed().isEmpty()), "decided claims project nothing");
        assertEquals(100, r.description().seeds().size());
        assertEquals(List.of(3), r.description().outcomes().get(StudyPlan.SUPPORT_METHODS.indexOf("msgd-[fisher-250]")).lost());
    }

    /**
     * Amendment 3: "the smallest m, in steps of 10 paired seeds, for which a fresh study of m paired seeds, decided at one
     * look at this rule's one-sided alpha per claim (0.005), PASSes or FAILs with probability at least 0.8 in worlds
     * resampled from this study's complete seeds, shifted so that the world's trimmed mean is this study's estimate".
     * A below-claim at -0.2 points with sd 1 (the normal quantiles, in a scrambled seed order) is undecided at 50 and 100;
     * normal theory puts m at ((t_{0.995} + z_{0.8}) / 0.2)^2 / 0.94 = 316 (0.94: the trimmed mean's efficiency).
     */
    @Test
    void aClaimUndecidedAtTheCapSaysHowManySeedsADecisionWouldNeedAtPower0_8() {
        org.hipparchus.distribution.continuous.NormalDistribution z = new org.hipparchus.distribution.continuous.NormalDistribution(0, 1);
        double[] d = new double[100];
        for (int i = 0; i < 100; i++) {
            d[(37 * i) % 100] = -0.2 + z.inverseCumulativeProbability((i + 0.5) / 100);
        }
        SupportClaim below = SupportClaim.all().get(3);
        SupportVerdicts.ClaimResult r = SupportVerdicts.claim(below, d);
        assertEquals(Verdict.INCONCLUSIVE, r.verdict(), r.reason());
        assertEquals(2, r.looks().size());
        var p = r.needed().orElseThrow();
        assertTrue(p.found() && p.decision() >= 0.8, p.text());
        double normal = Math.pow((2.59 + 0.8416) / 0.2, 2) / 0.94;
        // +-30: a world of 100 discrete values (its sd 0.99, its trimmed mean's spread not quite the normal's), the grid's 10
        assertTrue(Math.abs(p.seeds() - normal) <= 30, p.text() + " against normal theory " + normal);
        assertEquals(0.005, p.alpha(), 1e-15, "the rule's whole alpha, 0.001 + 0.004, at one look");
        assertTrue(r.reason().contains("; undecided at the cap: about " + p.seeds() + " paired seeds would decide it with"
                + " probability 0.8 (P(decision) "), r.reason());
        assertTrue(r.reason().endsWith("(a planning statement, not a verdict: one look at one-sided alpha 0.005, 40,000 simulated"
                + " studies at each m, m in steps of 10 up to 1,000, in worlds resampled from these 100 paired seeds and centred"
                + " at their trimmed mean)"), r.reason());
        assertEquals(p, SupportVerdicts.claim(below, d).needed().orElseThrow(), "the same values, the same projection");
        String answer = SupportStudyClaim.answer(r).answer();
        assertTrue(answer.startsWith("Not decided (is acc(MSGD-[Fisher-10]) - acc(MSGD-Fisher) below 0?)")
                && answer.endsWith("the bounds straddle 0; " + p.text() + " (PLAN.md amendment 3)."), "the report's answer: " + answer);
    }

    /** Amendment 2: "a complete seed whose runs do not [share their bits] is left out, named, and the next seed taken". */
    @Test
    void aSeedWhoseRunsDoNotShareTheirBitsIsLeftOutNamedAndTheNextSeedTaken(@TempDir Path dir) throws Exception {
        StudyPlan plan = StudyPlan.support(dir, dir);
        StudyRuns runs = NoiseClassVerdictsTest.runs(plan, 51, SupportVerdictsTest::rows,
                (m, s) -> s == 5 && m.equals("msgd-[fisher-10]") ? NoiseClassVerdictsTest.ELSEWHERE : NoiseClassVerdictsTest.HERE);
        SupportVerdicts.Report r = SupportVerdicts.evaluate(runs);
        assertEquals(1, r.seeds().leftOut().size());
        String note = r.seeds().leftOut().get(0);
        assertTrue(note.startsWith("paired seed 5 left out: its nine runs do not share their bits: [msgd-[fisher-10]: ")
                && note.contains("Intel Xeon"), note);
        assertEquals(50, r.lookSeeds());
        assertTrue(!r.look().contains(5) && r.look().get(5) == 6 && r.look().get(49) == 50, r.look().toString());
        assertEquals(r.look(), r.description().seeds());
    }

    /** The dose's slope: the per-seed least-squares slope on log10 B, whose weights sum to 0 and weigh log10 B to 1. */
    @Test
    void theDoseSlopeIsTheLeastSquaresSlopeOnLog10B() {
        double[] w = SupportDescription.slopeWeights();
        double sum = 0;
        double onLog = 0;
        for (int i = 0; i < w.length; i++) {
            sum += w[i];
            onLog += w[i] * Math.log10(SupportDescription.SUPPORTS[i]);
        }
        assertEquals(0, sum, 1e-12, "a constant has slope 0");
        assertEquals(1, onLog, 1e-12, "acc = log10 B has slope 1 point per decade");
        assertTrue(w[0] < 0 && w[3] > 0);
    }

    /** verdicts.md's numbers: three decimals, ASCII, and no "-0.000" for an estimate or bound that rounds to zero. */
    @Test
    void anIntervalInVerdictsMdShowsNoSignItsDigitsDoNotCarry() {
        assertEquals("-0.039 [-0.403, +0.325]", SupportVerdicts.interval(-0.0391, -0.4032, 0.3249));
        assertEquals("0.000 [-0.374, 0.000]", SupportVerdicts.interval(-3e-4, -0.374, 4e-4));
    }
}
