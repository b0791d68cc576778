package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.onlineregression.RegressionPlan;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One check of a regression claim: the context it runs in (budget and streams), the plan of that budget and the
 * study's shared computations at them (the runner times the check). What every claim of the study used to unpack
 * from its context by hand.
 *
 * @param context    the check's context: its budget selects the plan, its streams seed the Monte Carlo experiments
 * @param plan       the plan of the budget
 * @param sims       the shared simulations and exact sweep
 */
record RegressionRun(CheckContext context, RegressionPlan plan, Simulations sims) {

    /**
     * A check starting now.
     *
     * @param context what the check may use; its budget and streams are read
     * @param sims    the study's shared computations
     * @return the run
     */
    static RegressionRun start(CheckContext context, Simulations sims) {
        return new RegressionRun(context, sims.plan(context.budget()), sims);
    }

    /** @return the budget, which selects the plan */
    Budget budget() {
        return context.budget();
    }

    /**
     * The seed of a named stream of this check.
     *
     * @param name the stream's name
     * @return {@code context().seedFor(name)}
     */
    long seedFor(String name) {
        return context.seedFor(name);
    }

    /** @return the exact sweep of the plan, computed on first use by any claim */
    ExactSweep sweep() {
        return sims.sweep(context.budget());
    }

    /** @return the main experiments at the plan's eta, computed on first use by any claim */
    List<Simulations.Simulated> main() {
        return sims.main(context);
    }

    /** @return the main experiments, then the small-step ones, computed on first use by any claim */
    List<Simulations.Simulated> all() {
        return sims.all(context);
    }

    /** @return a new, modifiable map of the plan's description, to which the claim adds its own parameters */
    Map<String, Object> parameters() {
        return new LinkedHashMap<>(plan.describe());
    }
}
