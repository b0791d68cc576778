package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The ETA of verify from measured claim costs (the earlier ETA, a mean over the claims done, said
 * "ETA 31 s" before a 12-minute deep study).
 */
class ClaimCostsTest {

    @Test
    void aSlowClaimAheadCountsAtItsMeasuredCostNotAtTheMeanOfTheFastOnesDone() {
        ClaimCosts costs = new ClaimCosts(Map.of(), Map.of("fast.a", 1.0, "fast.b", 1.0, "deep.study", 600.0));
        // two fast claims done in 2 s, as measured: this machine runs at the reference speed
        assertEquals(600.0, costs.remainingSeconds(List.of("fast.a", "fast.b"), 2.0, List.of("deep.study")), 1e-9);
        // the same claims took twice as long here: the slow one is expected to take longer, by a speed that starts
        // from PRIOR_SECONDS at the known speed ((4 + 5) / (2 + 5) = 9/7) and nears 2 as more of the run is done
        assertEquals(600.0 * 9 / 7, costs.remainingSeconds(List.of("fast.a", "fast.b"), 4.0, List.of("deep.study")), 1e-9);
        ClaimCosts longer = new ClaimCosts(Map.of(), Map.of("mid.a", 45.0, "mid.b", 50.0, "deep.study", 600.0));
        assertEquals(1200.0, longer.remainingSeconds(List.of("mid.a", "mid.b"), 195.0, List.of("deep.study")), 1e-9);
    }

    @Test
    void theFirstFastClaimsDoNotSetTheSpeedOfTheWholeRun() {
        // a first claim of 0.1 s that took 1 s (class loading, the JIT) is not a machine ten times slower
        ClaimCosts costs = new ClaimCosts(Map.of(), Map.of("fast.a", 0.1, "deep.study", 100.0));
        double eta = costs.remainingSeconds(List.of("fast.a"), 1.0, List.of("deep.study"));
        assertTrue(eta < 120.0, "ETA " + eta + " s for a claim measured at 100 s");
    }

    @Test
    void theShippedTableNamesTheMachineAndDayItWasMeasuredOn() {
        String source = ClaimCosts.shippedSource();
        assertTrue(source.matches(".*cores.*20\\d\\d-\\d\\d-\\d\\d.*"), source);
    }

    @Test
    void thePreviousRunInTheSameFolderWinsOverTheShippedTableAndUnknownClaimsGoAtTheMean() {
        ClaimCosts costs = new ClaimCosts(Map.of("deep.study", 300.0), Map.of("deep.study", 600.0, "fast.a", 1.0));
        assertEquals(300.0 + 1.0, costs.remainingSeconds(List.of(), 0, List.of("deep.study", "fast.a")), 1e-9);
        assertEquals(5.0, costs.remainingSeconds(List.of("new.one"), 5.0, List.of("new.two")), 1e-9);
    }

    @Test
    void theShippedTableHasAQuickCostForEveryClaimOfTheStandardModules() {
        Map<String, Double> quick = ClaimCosts.shipped(Budget.QUICK);
        Modules modules = Modules.standard();
        CheckContext context = CheckContext.of(Budget.QUICK, CheckContext.DEFAULT_SEED);
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (String name : modules.names(context)) {
            modules.get(name, context).flatMap(Modules.Module::study).ifPresent(study -> study.apply(context).claims().forEach(c -> {
                ids.add(c.id());
                assertFalse(quick.get(c.id()) == null, "no measured quick cost for " + c.id() + " (" + name + ")");
            }));
        }
        java.util.Set<String> stale = new java.util.TreeSet<>(quick.keySet());
        stale.removeAll(ids);
        assertTrue(stale.isEmpty(), "the table times claims that no longer exist: " + stale);
    }
}
