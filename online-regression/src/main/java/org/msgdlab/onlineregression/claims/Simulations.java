package org.msgdlab.onlineregression.claims;

import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.sim.RiskCurves;
import org.msgdlab.onlineregression.sim.RiskExperiment;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.random.Streams;

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

    public Simulations(RegressionPlan quick, RegressionPlan full) {
        this.quick = quick;
        this.full = full;
    }

    public RegressionPlan plan(Budget budget) {
        return budget == Budget.QUICK ? quick : full;
    }

    /** A Monte Carlo experiment together with the exact risk of each algorithm at its checkpoints. */
    public record Simulated(RiskCurves curves, List<double[]> exact) {
        public RiskExperiment experiment() {
            return curves.experiment();
        }

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

    /** The main experiments (one per simulated problem), at the plan's eta. */
    public List<Simulated> main(Budget budget, long seed) {
        RegressionPlan plan = plan(budget);
        List<Simulated> out = new ArrayList<>();
        for (RegressionProblem p : plan.simulated()) {
            RiskExperiment ex = new RiskExperiment("main-" + p.name(), p, plan.eta(), plan.mainAlgorithms(), plan.checkpoints());
            out.add(memo(budget + "/" + seed + "/" + ex.name(), () -> simulate(ex, plan.runs(), seed)));
        }
        return out;
    }

    /** The small-step experiments (one per simulated problem, noise variance smallEtaSigma2). */
    public List<Simulated> smallEta(Budget budget, long seed) {
        RegressionPlan plan = plan(budget);
        List<Simulated> out = new ArrayList<>();
        for (RegressionProblem p : plan.simulated()) {
            RegressionProblem q = p.withSigma2(p.name() + "-sigma2-" + plan.smallEtaSigma2(), plan.smallEtaSigma2());
            RiskExperiment ex = new RiskExperiment("small-eta-" + q.name(), q, plan.smallEta(), plan.smallEtaAlgorithms(),
                    plan.smallEtaCheckpoints());
            out.add(memo(budget + "/" + seed + "/" + ex.name(), () -> simulate(ex, plan.smallEtaRuns(), seed)));
        }
        return out;
    }

    /** Main and small-step experiments. */
    public List<Simulated> all(Budget budget, long seed) {
        List<Simulated> all = new ArrayList<>(main(budget, seed));
        all.addAll(smallEta(budget, seed));
        return all;
    }

    private static Simulated simulate(RiskExperiment ex, long runs, long seed) {
        RiskCurves c = ex.run(runs, Streams.derive(seed, STUDY + "/" + ex.name()));
        List<double[]> exact = new ArrayList<>();
        for (Algorithm a : ex.algorithms()) {
            exact.add(ExactRisk.averaged(ex.problem(), a.moments(), ex.eta(), ex.checkpoints().steps()));
        }
        return new Simulated(c, exact);
    }

    /** The exact sweep of the plan (deterministic: no seed). */
    public ExactSweep sweep(Budget budget) {
        return memo(budget + "/sweep", () -> ExactSweep.run(plan(budget)));
    }
}
