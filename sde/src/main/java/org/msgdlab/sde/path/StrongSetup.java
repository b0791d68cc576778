package org.msgdlab.sde.path;

import org.msgdlab.sde.Checks;
import org.msgdlab.sde.problem.Problem;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A strong-error experiment: the step sizes {@code η_j = T / (K_0 2^j)}, j = 0..J-1 (log-spaced by
 * 2, nested), each iteration compared on the same Brownian path with Euler–Maruyama references at
 * {@code η_j / 2^m}, m = 1..mMax. Immutable and thread-safe.
 *
 * @param problem       the training set
 * @param diffusion     the SDE's diffusion (Eq. (sde) or the η-independent contrast)
 * @param horizon       T &gt; 0
 * @param coarsestSteps K_0 &ge; 1, the number of steps of the largest η
 * @param stepSizes     J &ge; 2
 * @param refinement    mMax &ge; 1: the finest reference step is η_j / 2^mMax
 * @param paths         number of independent Brownian paths, &ge; 2
 */
public record StrongSetup(Problem problem, Diffusion diffusion, double horizon, int coarsestSteps, int stepSizes,
                          int refinement, int paths) implements StepSizeLadder {

    /**
     * Validates the experiment.
     *
     * @param problem       the training set
     * @param diffusion     the SDE's diffusion
     * @param horizon       T
     * @param coarsestSteps K_0
     * @param stepSizes     J
     * @param refinement    mMax
     * @param paths         number of independent Brownian paths
     * @throws IllegalArgumentException unless T is finite and &gt; 0, K_0 &ge; 1, J &ge; 2, 1 &le; mMax &le; 20,
     *                                  paths &ge; 2, the diffusion has dimension N and
     *                                  {@code K_0 2^(J-1+mMax) <= 2^26}
     */
    public StrongSetup {
        Checks.horizon(horizon);
        Checks.atLeast("coarsest step count K_0", coarsestSteps, 1);
        Checks.atLeast("number of step sizes J", stepSizes, 2);
        Checks.refinement(refinement);
        Checks.atLeast("paths", paths, 2);
        if (diffusion.dimension() != problem.samples()) {
            throw new IllegalArgumentException("diffusion dimension " + diffusion.dimension()
                    + " must equal the number of samples N=" + problem.samples());
        }
        long finest = (long) coarsestSteps << (stepSizes - 1 + refinement);
        if (finest > (1L << 26)) {
            throw new IllegalArgumentException("finest grid K_0 2^(J-1+mMax)=" + finest + " must be <= 2^26 steps");
        }
    }

    /** @return the problem's parameters and the experiment's, for the evidence (a new map) */
    public Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>(problem.parameters());
        p.put("diffusion", diffusion.formula());
        p.put("T", horizon);
        p.put("etas", etas());
        p.put("steps to T of the smallest eta", steps(stepSizes - 1));
        p.put("reference steps", "eta/2^m, m = 1.." + refinement + " (Euler-Maruyama, same Brownian path)");
        p.put("paths", paths);
        return p;
    }
}
