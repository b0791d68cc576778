package org.msgdlab.examples;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.PluginStudy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The example plug-ins get the verdicts the README promises, at the paper's n = 1000, b = 50. */
class ExamplePluginsTest {

    private static final long SEED = 20200712L;

    private static Map<String, Evidence> checked(NoisePlugin plugin) {
        Map<String, Evidence> out = new LinkedHashMap<>();
        for (Claim c : PluginStudy.claims(plugin, 1000, 50)) {
            out.put(c.id().substring(("plugin." + plugin.name() + ".").length()), c.check(Budget.QUICK, SEED));
        }
        return out;
    }

    @Test
    void bothPluginsAreFoundByServiceLoaderUnderTheirNames() {
        List<String> names = ServiceLoader.load(NoisePlugin.class).stream().map(p -> p.get().name()).toList();
        assertEquals(List.of("symmetric-alpha-stable", "isotropic-gaussian"), names);
    }

    @Test
    void alphaStableNoiseHasNoCovarianceToCheckAndSaysWhy() {
        Map<String, Evidence> e = checked(new ExamplePlugins.AlphaStable());
        assertEquals(List.of("mean", "covariance.as-declared", "covariance.same-as-sgd"), List.copyOf(e.keySet()));
        for (Evidence ev : e.values()) {
            assertEquals(Verdict.NOT_APPLICABLE, ev.verdict(), ev.claimId());
            assertTrue(ev.verdictReason().contains("infinite variance"), ev.verdictReason());
        }
    }

    @Test
    void isotropicNoiseIsWhatItDeclaresButNotSgdsCovariance() {
        Map<String, Evidence> e = checked(new ExamplePlugins.Isotropic());
        assertEquals(Verdict.PASS, e.get("mean").verdict(), e.get("mean").verdictReason());
        assertEquals(Verdict.PASS, e.get("covariance.as-declared").verdict(), e.get("covariance.as-declared").verdictReason());
        Evidence sgd = e.get("covariance.same-as-sgd");
        assertEquals(Verdict.FAIL, sgd.verdict(), sgd.verdictReason());
        // and the declared-covariance check could have failed: it rejects the nearest SGD covariance
        assertTrue(e.get("covariance.as-declared").power().stream().allMatch(p -> p.rejected() && p.power() > 0.99),
                e.get("covariance.as-declared").power().toString());
    }
}
