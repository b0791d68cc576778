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
    void aNoisyMethodWithinTheMarginPassesOnlyWhenItBeatsGdBeyondTheSeedSpread() {
        DeepExperiment.Plan plan = DeepExperiment.plan(Budget.QUICK);
        var margin = org.msgdlab.theory.claims.StatisticCheck.of("minus SGD-50", 0.005, 0.004, 0, 0, 0.03);
        Evidence pass = Evidence.decide("x", "ref", "st", java.util.Map.of(), 0.05, List.of(margin), List.of(),
                org.msgdlab.theory.claims.Discrepancy.none(), 6, 0, List.of());
        assertEquals(Verdict.PASS, pass.verdict());
        assertEquals(Verdict.PASS, DeepStudy.aboveGdVerdict(pass, "M", 0.005, 0.03, 0.02, 0.01, plan).verdict());
        Evidence below = DeepStudy.aboveGdVerdict(pass, "M", 0.005, 0.03, -0.02, 0.01, plan);
        assertEquals(Verdict.FAIL, below.verdict());
        assertTrue(below.verdictReason().contains("GD beats it"), below.verdictReason());
        Evidence open = DeepStudy.aboveGdVerdict(pass, "M", 0.005, 0.03, 0.004, 0.01, plan);
        assertEquals(Verdict.INCONCLUSIVE, open.verdict());
        assertTrue(open.verdictReason().contains("not resolved at this budget"), open.verdictReason());
        // outside the margin stays FAIL whatever the gap to GD
        Evidence outside = pass.withVerdict(Verdict.FAIL, "outside");
        assertEquals(Verdict.FAIL, DeepStudy.aboveGdVerdict(outside, "M", 0.1, 0.03, 0.2, 0.01, plan).verdict());
    }
}
