package org.msgdlab.onlineregression.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.RegressionStudy;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegressionStudyTest {

    /** A small plan: the same claims, seconds instead of a minute. */
    static RegressionPlan tiny() {
        RegressionProblem g = RegressionProblem.powerLaw("g-d4", Design.GAUSSIAN, 4, 1.0, 1.0, 0.5);
        RegressionProblem r = RegressionProblem.powerLaw("r-d4", Design.RADEMACHER, 4, 1.0, 1.0, 0.5);
        return RegressionPlan.builder("tiny").simulated(List.of(g, r)).swept(List.of(g, r))
                .b(2).largeBatches(List.of(8)).classes(List.of(NoiseClass.values()))
                .eta(0.3).nMax(300).perDecade(4).runs(640)
                .smallEta(0.01).smallEtaSigma2(0.01).smallEtaNMax(300).smallEtaRuns(256)
                .sweepBatches(List.of(1, 2, 4)).sweepLargeFactors(List.of(1, 4, 16)).etaFractions(List.of(1e-3, 0.1, 0.5, 0.9))
                .sigma2s(List.of(0.0, 1.0)).exactNMax(2000).weightDraws(5000)
                .build();
    }

    @Test
    void studyHasStableDistinctLowerCaseIds() {
        Study s = RegressionStudy.create();
        assertEquals("regression.theorem1", s.id());
        Set<String> ids = new HashSet<>();
        for (Claim c : s.claims()) {
            assertTrue(c.id().matches("[a-z0-9]+(\\.[a-z0-9-]+)+"), c.id());
            assertTrue(ids.add(c.id()), c.id());
        }
        assertEquals(9, ids.size());
    }

    @Test
    void verdictsOfTheTinyPlanAndReproducibility() {
        Study s = RegressionStudy.create(tiny(), tiny());
        Map<String, Evidence> byId = new LinkedHashMap<>();
        for (Claim c : s.claims()) {
            byId.put(c.id(), c.check(Budget.QUICK, 2024));
        }
        for (Evidence e : byId.values()) {
            Verdict expected = e.claimId().equals("thm1.bound.printed") || e.claimId().equals("thm1.proof.trace-step") ? Verdict.FAIL : Verdict.PASS;
            assertEquals(expected, e.verdict(), e.claimId() + ": " + e.verdictReason() + " (seed 2024)");
            assertTrue(!e.power().isEmpty(), e.claimId());
            for (PowerCheck p : e.power()) {
                if (!p.wrongFormula().startsWith("Gaussian fourth moment")) {
                    assertTrue(p.rejected(), e.claimId() + " should reject " + p.wrongFormula());
                }
            }
        }
        assertTrue(byId.get("thm1.bound.printed").verdictReason().contains("worst ratio exact risk/bound = "));
        // the same seed gives the same numbers (a fresh study: no shared cache)
        Evidence again = RegressionStudy.create(tiny(), tiny()).claims().get(0).check(Budget.QUICK, 2024);
        assertEquals(byId.get(again.claimId()).statistics(), again.statistics());
    }

    @Test
    void aStepSizeOutsideTheProofsConditionIsRefusedBeforeRunning() {
        RegressionPlan t = tiny();
        String message = assertThrows(IllegalArgumentException.class, () -> t.toBuilder("bad").eta(5.0).build()).getMessage();
        assertTrue(message.startsWith("step size eta=5.0 is outside the proof's condition: eta*(R^2+(b-1)lambda)/b = "), message);
        assertEquals("small batch size b=2 must be < large batch size B=2", assertThrows(IllegalArgumentException.class,
                () -> t.toBuilder("bad").largeBatches(List.of(2)).build()).getMessage());
    }
}
