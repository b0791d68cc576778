package org.msgdlab.sde.path;

import org.msgdlab.sde.Checks;
import org.msgdlab.sde.problem.Problem;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A weak-error experiment: the step sizes {@code η_j = T / (K_0 2^j)}, j = 0..J-1; for each, the
 * discrete iteration {@code θ_{k+1} = θ_k - η ∇ℒ(θ_k)(1/N + V_{k+1})} with a sampling noise V, and
 * the reference {@code E φ(Θ_T)} of the SDE matched to V
 * ({@code dΘ = -∇L dt + √η ∇ℒ Var[V]^{1/2} dW}), from Euler–Maruyama at {@code η/2^m}, m =
 * mRef-2..mRef on nested Brownian paths, Richardson-extrapolated:
 * {@code R_m = 2 E φ(Θ^{(m)}_T) - E φ(Θ^{(m-1)}_T)} (Talay–Tubaro: EM's weak error has an expansion
 * {@code c_1 h + c_2 h^2 + ...}, so R_m is accurate to O(h^2)). Immutable and thread-safe.
 *
 * @param problem             the training set
 * @param horizon             T &gt; 0
 * @param coarsestSteps       K_0 &ge; 1, the number of steps of the largest η
 * @param stepSizes           J &ge; 2
 * @param referenceRefinement mRef &ge; 2
 * @param discretePaths       paths of the discrete iteration per step size
 * @param referencePaths      paths of the reference SDE per step size
 * @param testFunctions       the test functions φ, at least one
 */
public record WeakSetup(Problem problem, double horizon, int coarsestSteps, int stepSizes, int referenceRefinement,
                        int discretePaths, int referencePaths, List<TestFunction> testFunctions) implements StepSizeLadder {

    /**
     * Validates the experiment and copies the test functions.
     *
     * @param problem             the training set
     * @param horizon             T
     * @param coarsestSteps       K_0
     * @param stepSizes           J
     * @param referenceRefinement mRef
     * @param discretePaths       paths of the discrete iteration per step size
     * @param referencePaths      paths of the reference SDE per step size
     * @param testFunctions       the test functions φ
     * @throws IllegalArgumentException unless T is finite and &gt; 0, K_0 &ge; 1, J &ge; 2, 2 &le; mRef &le; 20,
     *                                  both path counts are &ge; 2 and there is a test function
     */
    public WeakSetup {
        Checks.horizon(horizon);
        Checks.atLeast("coarsest step count K_0", coarsestSteps, 1);
        Checks.atLeast("number of step sizes J", stepSizes, 2);
        Checks.refinement(referenceRefinement);
        Checks.atLeast("reference refinement m (Richardson from m-2..m)", referenceRefinement, 2);
        Checks.atLeast("discrete paths", discretePaths, 2);
        Checks.atLeast("reference paths", referencePaths, 2);
        testFunctions = List.copyOf(testFunctions);
        if (testFunctions.isEmpty()) {
            throw new IllegalArgumentException("test functions: at least one is needed");
        }
    }

    /** @return the problem's parameters and the experiment's, for the evidence (a new map) */
    public Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>(problem.parameters());
        p.put("T", horizon);
        p.put("etas", etas());
        p.put("reference", "Euler-Maruyama at eta/2^m, m = " + (referenceRefinement - 2) + ".." + referenceRefinement
                + ", nested Brownian paths, Richardson R_m = 2 E phi(m) - E phi(m-1)");
        p.put("discrete paths per eta", discretePaths);
        p.put("reference paths per eta", referencePaths);
        p.put("test functions", testFunctions.stream().map(TestFunction::name).toList());
        p.put("variance reduction", "control variate Z = sum_j c_j . xi_j (linear response about the noise-free path; E Z = 0 exactly)");
        return p;
    }
}
