package org.msgdlab.deep.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.bench.MachineLoad;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.graph.Precision;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.Verdict;

import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The efficiency claim (Section 5.1 remark) end to end on a tiny ConvSmall-shaped network. */
class NoiseInjectionEfficiencyClaimTest {

    @Test
    void bothWaysGiveTheSameCovarianceOnATinyModel() {
        int n = 16;
        SplittableRandom r = new SplittableRandom(3);
        byte[] px = new byte[n * 256];
        int[] lb = new int[n];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) r.nextInt(256);
        }
        for (int i = 0; i < n; i++) {
            lb[i] = r.nextInt(3);
        }
        ImageSet data = new ImageSet("tiny", n, 16, 16, 1, 3, px, lb);
        ConvSmall tiny = ConvSmall.of(16, 16, 1, 3, 2, 4);
        try (TrainingGraph g = TrainingGraph.build(tiny, data, null,
                GraphOptions.defaults(5).withPrecision(Precision.FLOAT64).withThreads(1, 1))) {
            Evidence e = NoiseInjectionEfficiencyClaim.evidence(NoiseInjectionEfficiencyClaim.ID, "ref", "statement", g,
                    new NoiseInjectionEfficiencyClaim.EfficiencyPlan(n, 4, 3000, 3, 1), 7, "tiny", System.nanoTime());
            System.out.println(NoiseInjectionEfficiencyClaim.ID + " (tiny): " + e.verdictReason() + " " + e.power());
            // 3 statistics per projection (gbar, whitened gbar, 3 random); the time ratio is the claim's timing (issue 46)
            assertEquals(15, e.statistics().size());
            var covariances = e.statistics();
            assertTrue(covariances.stream().allMatch(s -> s.agreesWithPaper()), covariances.toString());
            var ratio = e.timing();
            assertTrue(ratio.quantity().startsWith("smallest time ratio per step, explicit noise injection / Algorithm 1"),
                    ratio.quantity());
            assertEquals(1.0, ratio.bound());
            assertEquals(ratio.ratio(), e.estimate(), "the estimate is the ratio the rule compares with its bound");
            assertTrue(Double.isNaN(e.reference()) && e.discrepancyLimit() == null, "no paper value, no formula limit");
            assertEquals(4, e.power().size());
            assertTrue(e.parameters().containsKey("timing.all.ratio"));
            assertTrue(e.parameters().containsKey("load.othersShare"));
            if (e.verdict() != Verdict.PASS) {
                // on a network this small the explicit way may be as fast; only the covariance part is asserted
                // (or, on a machine others share, the timing is not evidence either way)
                assertTrue(e.verdictReason().contains("not slower") || e.verdictReason().contains("machine was busy"),
                        e.verdictReason());
            }
        }
    }

    /** The verdict rule on synthetic comparisons: every way it can go, whatever this machine's speed. */
    @Test
    void theVerdictNeedsAgreeingCovariancesAndASlowerExplicitWayAtEveryD() {
        StatisticCheck agree = StatisticCheck.of("u^T Cov u, Algorithm 1 minus explicit, u = gbar", 0.01, 0.1, 0, 0, 0.5);
        StatisticCheck disagree = StatisticCheck.of("u^T Cov u of Algorithm 1's noise, u = gbar", 2.0, 0.1, 1.0, 1.0, 0.5);
        StatisticCheck faster = StatisticCheck.above("time per step, explicit / Algorithm 1", 3.0, 0, 1.0, 0);
        StatisticCheck slower = StatisticCheck.above("time per step, explicit / Algorithm 1", 0.8, 0, 1.0, 0);

        var pass = NoiseInjectionEfficiencyClaim.decide(List.of(agree, agree), faster, 1.5, QUIET, "ok");
        assertEquals(Verdict.PASS, pass.verdict());
        assertEquals("ok", pass.reason());

        var covFail = NoiseInjectionEfficiencyClaim.decide(List.of(agree, disagree), slower, 0.8, BUSY, "ok");
        assertEquals(Verdict.FAIL, covFail.verdict());
        assertEquals("the two noises' covariances disagree on [" + disagree.name() + ", " + slower.name() + "]", covFail.reason());

        // the headline ratio (at the full d) may clear 1 while a smaller d or another explicit form does not
        var notSlower = NoiseInjectionEfficiencyClaim.decide(List.of(agree), faster, 0.95, QUIET, "ok");
        assertEquals(Verdict.FAIL, notSlower.verdict());
        assertTrue(notSlower.reason().contains("not slower: smallest time ratio explicit/Algorithm 1 = 0.950"), notSlower.reason());
        assertEquals(Verdict.FAIL, NoiseInjectionEfficiencyClaim.decide(List.of(agree), faster, Double.NaN, QUIET, "ok").verdict(),
                "no timing is no evidence of speed");

        // a busy machine: the timing half is not evidence, in either direction; a covariance FAIL (above) stands
        for (double minRatio : new double[] {1.5, 0.95}) {
            var busy = NoiseInjectionEfficiencyClaim.decide(List.of(agree), faster, minRatio, BUSY, "ok");
            assertEquals(Verdict.INCONCLUSIVE, busy.verdict(), busy.reason());
            assertTrue(busy.reason().contains("other processes used 60% of the 2 CPUs"), busy.reason());
        }
    }

    private static final MachineLoad QUIET = new MachineLoad(0.01, 0, 0.2, 2);
    private static final MachineLoad BUSY = new MachineLoad(0.6, 0, 3.1, 2);
}
