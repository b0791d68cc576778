package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.onlineregression.RegressionPlan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One check of a regression claim: the budget and seed it runs at, the plan of that budget, the
 * study's shared computations at them, and when it started (the evidence reports the time the claim
 * spent itself). What every claim of the study used to unpack from its context by hand.
 *
 * @param budget     the budget, which selects the plan
 * @param seed       the master seed of the Monte Carlo experiments
 * @param plan       the plan of the budget
 * @param sims       the shared simulations and exact sweep
 * @param startNanos {@link System#nanoTime()} when the check started
 */
record RegressionRun(Budget budget, long seed, RegressionPlan plan, Simulations sims, long startNanos) {

    /**
     * A check starting now.
     *
     * @param context what the check may use; its budget and seed are read
     * @param sims    the study's shared computations
     * @return the run
     */
    static RegressionRun start(CheckContext context, Simulations sims) {
        Budget budget = context.budget();
        return new RegressionRun(budget, context.seed(), sims.plan(budget), sims, System.nanoTime());
    }

    /** @return the exact sweep of the plan, computed on first use by any claim */
    ExactSweep sweep() {
        return sims.sweep(budget);
    }

    /** @return the main experiments at the plan's eta, computed on first use by any claim */
    List<Simulations.Simulated> main() {
        return sims.main(budget, seed);
    }

    /** @return the main experiments, then the small-step ones, computed on first use by any claim */
    List<Simulations.Simulated> all() {
        return sims.all(budget, seed);
    }

    /** @return a new, modifiable map of the plan's description, to which the claim adds its own parameters */
    Map<String, Object> parameters() {
        return new LinkedHashMap<>(plan.describe());
    }

    /** @return seconds since the check started */
    double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
