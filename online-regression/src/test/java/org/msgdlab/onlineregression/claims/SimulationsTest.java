package org.msgdlab.onlineregression.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.onlineregression.RegressionPlan;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * The study's claims share their simulations: each is computed once per budget and seed, whichever claim asks
 * first, and never handed to a claim checking another seed.
 */
class SimulationsTest {

    @Test
    void eachSimulationIsComputedOncePerBudgetAndSeedAndNeverSharedAcrossSeeds() {
        RegressionPlan tiny = RegressionStudyTest.tiny();
        Simulations sims = new Simulations(tiny, tiny);
        List<Simulations.Simulated> first = sims.main(CheckContext.of(Budget.QUICK, 1));
        // A cache that forgot its key would compute again for every claim (the study's time multiplied by nine).
        assertSame(first.get(0), sims.main(CheckContext.of(Budget.QUICK, 1)).get(0));
        assertSame(first.get(0), sims.all(CheckContext.of(Budget.QUICK, 1)).get(0));
        assertSame(sims.sweep(Budget.QUICK), sims.sweep(Budget.QUICK));
        // A cache keyed without the seed would give seed 2 the numbers of seed 1.
        List<Simulations.Simulated> other = sims.main(CheckContext.of(Budget.QUICK, 2));
        assertNotEquals(first.get(0).curves().mean(0, 0), other.get(0).curves().mean(0, 0));
        // The exact curves are deterministic: the same for both seeds, to the bit.
        assertEquals(first.get(0).exact().get(0)[0], other.get(0).exact().get(0)[0], 0.0);
        assertEquals(tiny.simulated().size() * 2, sims.all(CheckContext.of(Budget.QUICK, 2)).size(), "main and small-step experiments");
    }
}
