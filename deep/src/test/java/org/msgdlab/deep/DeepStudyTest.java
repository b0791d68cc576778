package org.msgdlab.deep;

import org.junit.jupiter.api.Test;
import org.msgdlab.theory.claims.Budget;
import org.msgdlab.theory.claims.Claim;
import org.msgdlab.theory.claims.Evidence;
import org.msgdlab.theory.claims.Study;
import org.msgdlab.theory.claims.Verdict;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cheap claims of the deep study (the training claims run in {@code msgd verify --only deep}). */
class DeepStudyTest {

    private static Claim claim(Study s, String id) {
        return s.claims().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void studyListsItsClaimsWithStableIds() {
        Study s = DeepStudy.create();
        assertEquals("deep", s.id());
        List<String> ids = s.claims().stream().map(Claim::id).toList();
        assertTrue(ids.contains("deep.convsmall.parameters") && ids.contains("deep.algorithm1.weighted-gradient")
                && ids.contains("deep.fashion-mnist.msgd-fisher.generalizes-as-sgd")
                && ids.contains("deep.fashion-mnist.sgd-above-gd") && ids.contains("deep.speed.full-batch-step")
                && ids.contains(DeepStudy.EFFICIENCY_ID), ids.toString());
        for (String id : ids) {
            assertTrue(id.matches("[a-z0-9.\\-]+"), id);
        }
    }

    @Test
    void parameterCountPassesAndRejectsTheMisreading() {
        Evidence e = claim(DeepStudy.create(), "deep.convsmall.parameters").check(Budget.QUICK, 1);
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason());
        assertEquals(11_330, e.estimate());
        assertTrue(e.power().get(0).rejected());
    }

    @Test
    void algorithmOneIdentityHoldsOnTheRealNetwork() {
        Evidence e = claim(DeepStudy.create(), "deep.algorithm1.weighted-gradient").check(Budget.QUICK, 1);
        System.out.println("deep.algorithm1.weighted-gradient: " + e.statistics());
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason() + " " + e.statistics());
        assertTrue(e.power().get(0).rejected(), "ignoring W is detected");
    }

    @Test
    void methodsOutsideTheQuickBudgetAreNotRun() {
        Evidence e = claim(DeepStudy.create(), "deep.fashion-mnist.msgd-cov.generalizes-as-sgd").check(Budget.QUICK, 1);
        assertEquals(Verdict.NOT_RUN, e.verdict());
        assertTrue(e.verdictReason().contains("--budget full"), e.verdictReason());
    }

    @Test
    void theLargeBatchComparisonOfFigure4RunsAtTheFullBudgetOnly() {
        Study s = DeepStudy.create();
        for (String id : List.of("deep.fashion-mnist.minibatch-msgd-fisher-500.generalizes-as-sgd",
                "deep.fashion-mnist.large-batch.sgd-50-above-sgd-500")) {
            Claim c = claim(s, id);
            assertTrue(c.statement().contains("SGD-500"), c.statement());
            Evidence e = c.check(Budget.QUICK, 1);
            assertEquals(Verdict.NOT_RUN, e.verdict(), id);
            assertTrue(e.verdictReason().contains("--budget full"), e.verdictReason());
        }
        assertTrue(DeepExperiment.plan(Budget.FULL).methods().containsAll(
                List.of(DeepExperiment.LARGE_BATCH_SGD, DeepExperiment.LARGE_BATCH_MSGD)));
    }

    @Test
    void aNoisyMethodWithinTheMarginPassesOnlyWhenItBeatsGdBeyondTheSeedSpread() {
        var margin = org.msgdlab.theory.claims.StatisticCheck.of("minus SGD-50", 0.005, 0.004, 0, 0, 0.03);
        assertEquals(Verdict.PASS, decide(margin, 0.02).verdict());
        Evidence below = decide(margin, -0.02);
        assertEquals(Verdict.FAIL, below.verdict());
        assertTrue(below.verdictReason().contains("minus GD"), below.verdictReason());
        Evidence open = decide(margin, 0.004);
        assertEquals(Verdict.INCONCLUSIVE, open.verdict());
        assertTrue(open.verdictReason().contains("not resolved at this budget"), open.verdictReason());
        // outside the margin is FAIL whatever the gap to GD
        var outside = org.msgdlab.theory.claims.StatisticCheck.of("minus SGD-50", 0.1, 0.004, 0, 0, 0.03);
        assertEquals(Verdict.FAIL, decide(outside, 0.2).verdict());
        assertEquals(Verdict.FAIL, decide(outside, 0.004).verdict());
    }

    /** The accuracy claim's two statistics: the margin to SGD-50 and the one-sided gap to GD (tolerance 0.01). */
    private static Evidence decide(org.msgdlab.theory.claims.StatisticCheck margin, double aboveGd) {
        var gd = org.msgdlab.theory.claims.StatisticCheck.above("minus GD", aboveGd, 0.005, 0, 0.01);
        return Evidence.decide("x", "ref", "st", java.util.Map.of(), 0.05, List.of(margin, gd), List.of(),
                org.msgdlab.theory.claims.Discrepancy.none(), 6, 0, List.of());
    }
}
