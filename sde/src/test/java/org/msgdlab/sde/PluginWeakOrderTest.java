package org.msgdlab.sde;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.CovarianceDeclaration;
import org.msgdlab.theory.noise.HypothesizedNoise;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The SDE weak-order claim the sde module generates for a plug-in noise. */
class PluginWeakOrderTest {

    @Test
    void aNoiseWithoutACovarianceHasNoSdeAndSaysSo() {
        List<Claim> claims = SdeStudy.pluginClaims(NoisePlugin.of("unknown", "unknown covariance",
                (n, b) -> new HypothesizedNoise(CenteredExchangeableNoise.msgdCov(n, b), new CovarianceDeclaration.Unknown("derivation pending"))));
        assertEquals(1, claims.size());
        Evidence e = claims.get(0).check(Budget.QUICK, 1);
        assertEquals("plugin.unknown.sde.weak-order", e.claimId());
        assertEquals(Verdict.NOT_APPLICABLE, e.verdict());
        assertTrue(e.verdictReason().contains("unknown: derivation pending"), e.verdictReason());
    }
}
