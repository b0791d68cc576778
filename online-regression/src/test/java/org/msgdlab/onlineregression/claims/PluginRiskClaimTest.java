package org.msgdlab.onlineregression.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.Theorem1SamplingVectors;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Theorem 1 for a plug-in: its exact risk equals SGD-b's exactly when its declared Var[W] is Theorem 1's. */
class PluginRiskClaimTest {

    private static NoisePlugin plugin(String name, BiFunction<Integer, Integer, SamplingNoise> noise) {
        return NoisePlugin.of(name, name, noise);
    }

    private static Evidence check(NoisePlugin p) {
        return PluginRiskClaim.create(p, RegressionPlan.quick()).check(Budget.QUICK, 1);
    }

    @Test
    void aPluginWithTheoremOnesCovarianceHasExactlySgdsRisk() {
        // a Rademacher-driven noise with Theorem 1's covariance: another class, the same second moments
        Evidence e = check(plugin("rademacher", (big, b) -> Theorem1SamplingVectors.rademacher(b, big)));
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason());
        assertTrue(e.power().get(0).rejected(), "large-batch SGD's risk is told apart: " + e.power());
    }

    @Test
    void aPluginWithAnotherCovarianceFailsWithTheRiskGap() {
        // MSGD-Fisher's I/(bB) on the B samples: the 11^T part of Theorem 1's covariance missing
        Evidence e = check(plugin("fisher", (big, b) -> new FisherNoise(big, b)));
        assertEquals(Verdict.FAIL, e.verdict(), e.verdictReason());
        assertTrue(e.estimate() > 0.01, "relative risk difference " + e.estimate());
    }
}
