package org.msgdlab.onlineregression.claims;

import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.sim.RiskCurves;
import org.msgdlab.onlineregression.sim.RiskExperiment;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The computations the claims of the regression study share, each done once per (budget, seed)
 * and kept: the Monte Carlo experiments (with the exact curves of their algorithms), the exact
 * sweep, and the draws of sampling vectors. A claim's evidence reports the time it spent itself;
 * the first claim needing a shared computation pays for it. Thread-safe.
 */
public final class Simulations {

    /** The study id, also the prefix of every derived stream name. */
    public static final String STUDY = "regression.theorem1";

    private final RegressionPlan quick;
    private final RegressionPlan full;
    private final Map<String, Object> cache = new HashMap<>();

    /**
     * Shared computations for the two budgets.
     *
     * @param quick the plan at the quick budget
     * @param full  the plan at the full budget
     */
    public Simulations(RegressionPlan quick, RegressionPlan full) {
        this.quick = quick;
        this.full = full;
    }

    /**
     * The plan of a budget.
     *
     * @param budget the budget
     * @return the quick plan at {@code QUICK}, the full one otherwise
     */
    public RegressionPlan plan(Budget budget) {
        return budget.pick(quick, full);
    }

    /**
     * A Monte Carlo experiment together with the exact risk of each algorithm at its checkpoints.
     *
     * @param curves the Monte Carlo risk curves
     * @param exact  the exact averaged risk at the checkpoints, one array per algorithm in the experiment's order
     */
    public record Simulated(RiskCurves curves, List<double[]> exact) {
        /** @return the experiment that was run */
        public RiskExperiment experiment() {
            return curves.experiment();
        }

        /**
         * The exact risk curve of one algorithm.
         *
         * @param a an algorithm of the experiment
         * @return its exact averaged risk at the checkpoints (not a copy)
         * @throws IllegalArgumentException if {@code a} is not part of the experiment
         */
        public double[] exact(Algorithm a) {
            return exact.get(experiment().indexOf(a));
        }
    }

    @SuppressWarnings("unchecked")
    private synchronized <T> T memo(String key, Supplier<T> compute) {
        Object v = cache.get(key);
        if (v == null) {
            v = compute.get();
            cache.put(key, v);
        }
        return (T) v;
    }

    /**
     * The main experiments (one per simulated problem), at the plan's eta.
     *
     * @param context the check's context: its budget selects the plan, experiment E draws from its stream
     *                {@code STUDY + "/" + E}
     * @return the experiments, computed on first use
     */
    public List<Simulated> main(CheckContext context) {
        Budget budget = context.budget();
        RegressionPlan plan = plan(budget);
        List<Simulated> out = new ArrayList<>();
        for (RegressionProblem p : plan.simulated()) {
            RiskExperiment ex = new RiskExperiment("main-" + p.name(), p, plan.eta(), plan.mainAlgorithms(), plan.checkpoints());
            out.add(simulated(context, ex, plan.runs()));
        }
        return out;
    }

    /**
     * The small-step experiments (one per simulated problem, noise variance smallEtaSigma2).
     *
     * @param context the check's context, as for {@link #main(CheckContext)}
     * @return the experiments, computed on first use
     */
    public List<Simulated> smallEta(CheckContext context) {
        Budget budget = context.budget();
        RegressionPlan plan = plan(budget);
        List<Simulated> out = new ArrayList<>();
        for (RegressionProblem p : plan.simulated()) {
            RegressionProblem q = p.withSigma2(p.name() + "-sigma2-" + plan.smallEtaSigma2(), plan.smallEtaSigma2());
            RiskExperiment ex = new RiskExperiment("small-eta-" + q.name(), q, plan.smallEta(), plan.smallEtaAlgorithms(),
                    plan.smallEtaCheckpoints());
            out.add(simulated(context, ex, plan.smallEtaRuns()));
        }
        return out;
    }

    /**
     * Main and small-step experiments.
     *
     * @param context the check's context, as for {@link #main(CheckContext)}
     * @return the main experiments, then the small-step ones
     */
    public List<Simulated> all(CheckContext context) {
        List<Simulated> all = new ArrayList<>(main(context));
        all.addAll(smallEta(context));
        return all;
    }

    /** The experiment at the context's budget and its stream, computed once per (budget, stream seed). */
    private Simulated simulated(CheckContext context, RiskExperiment ex, long runs) {
        long seed = context.seedFor(STUDY + "/" + ex.name());
        return memo(context.budget() + "/" + ex.name() + "/" + seed, () -> simulate(ex, runs, seed));
    }

    private static Simulated simulate(RiskExperiment ex, long runs, long streamSeed) {
        RiskCurves c = ex.run(runs, streamSeed);
        List<double[]> exact = new ArrayList<>();
        for (Algorithm a : ex.algorithms()) {
            exact.add(ExactRisk.averaged(ex.problem(), a.moments(), ex.eta(), ex.checkpoints().steps()));
        }
        return new Simulated(c, exact);
    }

    /**
     * The exact sweep of the plan (deterministic: no seed).
     *
     * @param budget the budget, which selects the plan
     * @return the sweep, computed on first use
     */
    public ExactSweep sweep(Budget budget) {
        return memo(budget + "/sweep", () -> ExactSweep.run(plan(budget)));
    }
}
