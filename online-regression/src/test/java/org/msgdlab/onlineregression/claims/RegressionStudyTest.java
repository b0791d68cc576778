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
        return new RegressionPlan("tiny", List.of(g, r), List.of(g, r), 2, List.of(8), List.of(NoiseClass.values()), 0.3, 300, 4, 640,
                0.01, 0.01, 300, 256, List.of(1, 2, 4), List.of(1, 4, 16), List.of(1e-3, 0.1, 0.5, 0.9), List.of(0.0, 1.0), 2000, 5000);
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
        String message = assertThrows(IllegalArgumentException.class, () -> new RegressionPlan("bad", t.simulated(), t.swept(), 2, t.largeBatches(),
                t.classes(), 5.0, 300, 4, 640, 0.01, 0.01, 300, 256, t.sweepBatches(), t.sweepLargeFactors(), t.etaFractions(), t.sigma2s(),
                2000, 5000)).getMessage();
        assertTrue(message.startsWith("step size eta=5.0 is outside the proof's condition: eta*(R^2+(b-1)lambda)/b = "), message);
        assertEquals("small batch size b=2 must be < large batch size B=2", assertThrows(IllegalArgumentException.class,
                () -> new RegressionPlan("bad", t.simulated(), t.swept(), 2, List.of(2), t.classes(), 0.3, 300, 4, 640, 0.01, 0.01, 300, 256,
                        t.sweepBatches(), t.sweepLargeFactors(), t.etaFractions(), t.sigma2s(), 2000, 5000)).getMessage());
    }
}
