package org.msgdlab.sde.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.sde.Checks;
import org.msgdlab.sde.fit.OrderFit;
import org.msgdlab.sde.path.GradientFlow;
import org.msgdlab.sde.problem.Problem;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The deterministic limit of Eq. (sde): with the noise switched off the SDE is the gradient flow
 * {@code dx/dt = -∇L(x)} and Gaussian MSGD is gradient descent, i.e. Euler's method, whose global
 * error {@code |θ_{T/η} - x(T)|} is first order in η. The reference x(T) is Hipparchus's
 * Dormand–Prince 8(5,3) at tolerance {@code tol}; its own error is bounded by comparing with
 * tolerance {@code 100 tol}.
 *
 * <p>Exact computation, no sampling: the false-alarm probability is 0 and the tolerance on the
 * fitted order is a truncation bound, {@code 2 |p - p'|} with p' the order fitted without the
 * largest step (if the bias of the fit decays at least linearly in the largest step, halving it
 * removes at least half the bias, so the bias is at most twice the shift), plus the propagated
 * reference error. The same fit applied to Heun's method (second order) shows that it resolves
 * the orders; the wrong formula is "GD is second order".
 *
 * <p>Immutable and thread-safe.
 *
 * @param id            the claim's id
 * @param problem       the training set
 * @param horizon       T
 * @param coarsestSteps K_0, the number of steps of the largest η
 * @param stepSizes     J, the number of step sizes η_j = T / (K_0 2^j)
 * @param tolerance     tol, the ODE reference's tolerance
 */
public record DeterministicLimitClaim(String id, Problem problem, double horizon, int coarsestSteps, int stepSizes,
                                      double tolerance) implements Claim {

    /**
     * Validates the claim.
     *
     * @param id            the claim's id
     * @param problem       the training set
     * @param horizon       T
     * @param coarsestSteps K_0
     * @param stepSizes     J
     * @param tolerance     tol
     * @throws IllegalArgumentException unless T and tol are finite and &gt; 0, K_0 &ge; 1 and J &ge; 5
     */
    public DeterministicLimitClaim {
        Checks.horizon(horizon);
        Checks.atLeast("coarsest step count K_0", coarsestSteps, 1);
        Checks.atLeast("number of step sizes J", stepSizes, 5);
        Checks.positive("ODE tolerance", tolerance);
    }

    @Override
    public String paperRef() {
        return "Appendix B, Eq. (sde) with C = 0 and Eq. (M-SGD-gaussian) without noise";
    }

    @Override
    public String statement() {
        return "gradient descent theta_{k+1} = theta_k - eta grad L(theta_k) is Euler's method for dx/dt = -grad L(x):"
                + " |theta_{T/eta} - x(T)| = O(eta), first order";
    }

    /** The fitted order with its truncation tolerance, for a method's errors. */
    record Fitted(OrderFit all, OrderFit dropped, double tolerance) {
    }

    static Fitted fit(double[] etas, double[] errors, double referenceError) {
        OrderFit all = OrderFit.fit(etas, errors, null, 4);
        int n = etas.length;
        OrderFit dropped = OrderFit.fit(java.util.Arrays.copyOfRange(etas, 1, n), java.util.Arrays.copyOfRange(errors, 1, n),
                null, 4);
        double smallest = Double.POSITIVE_INFINITY;
        for (double e : errors) {
            smallest = Math.min(smallest, e);
        }
        // |d p / d log e_j| <= sum of |c_j| <= 1/log(2) per point for dyadic steps; n points
        double referenceTerm = n / Math.log(2) * referenceError / smallest;
        return new Fitted(all, dropped, 2 * Math.abs(all.order() - dropped.order()) + referenceTerm);
    }

    @Override
    public Evidence check(CheckContext context) {
        double[] x = GradientFlow.dormandPrince(problem, horizon, tolerance);
        double[] xLoose = GradientFlow.dormandPrince(problem, horizon, 100 * tolerance);
        double refError = GradientFlow.distance(x, xLoose);
        double[] etas = new double[stepSizes];
        double[] gd = new double[stepSizes];
        double[] heun = new double[stepSizes];
        for (int j = 0; j < stepSizes; j++) {
            int k = coarsestSteps << j;
            etas[j] = horizon / k;
            gd[j] = GradientFlow.distance(GradientFlow.gradientDescent(problem, etas[j], k), x);
            heun[j] = GradientFlow.distance(GradientFlow.heun(problem, etas[j], k), x);
        }
        Fitted g = fit(etas, gd, refError);
        Fitted h = fit(etas, heun, refError);
        String name = "fitted order of |theta_{T/eta} - x(T)| (gradient descent)";
        StatisticCheck stat = StatisticCheck.of(name, g.all().order(), 0.0, 1.0, 1.0, g.tolerance());
        List<PowerCheck> power = List.of(new PowerCheck("gradient descent is a second-order method (order 2)", name, 2.0,
                stat.rejects(2.0), stat.rejects(2.0) ? 1.0 : 0.0));
        Map<String, Object> p = new LinkedHashMap<>(problem.parameters());
        p.put("T", horizon);
        p.put("etas", etas);
        p.put("|theta_GD - x(T)|", gd);
        p.put("|theta_Heun - x(T)|", heun);
        p.put("reference", "Hipparchus DormandPrince853Integrator, absolute and relative tolerance " + tolerance);
        p.put("reference error bound |x(tol) - x(100 tol)|", refError);
        p.put("fit: gradient descent", Fits.describe(g.all(), g.tolerance()));
        p.put("order without the largest step (gradient descent)", g.dropped().order());
        p.put("truncation tolerance", g.tolerance());
        p.put("control: Heun's method, fitted order", h.all().order());
        p.put("control: Heun's method, truncation tolerance", h.tolerance());
        p.put("control: Heun resolved as second order", Math.abs(h.all().order() - 2) <= h.tolerance()
                && Math.abs(h.all().order() - 1) > h.tolerance());
        List<Series.Curve> curves = new ArrayList<>();
        double[] zero = new double[stepSizes];
        curves.add(Figures.measured("gradient descent", etas, gd, zero));
        curves.add(Figures.measured("Heun (control)", etas, heun, zero));
        curves.add(Figures.fitted("fit (GD)", g.all()));
        curves.add(Figures.slope(1, etas, gd));
        curves.add(Figures.slope(2, etas, heun));
        List<Series> series = List.of(Figures.logLog(id + ".error-vs-eta",
                "deterministic limit: distance to the gradient flow at T", "|theta_{T/eta} - x(T)|", curves));
        return Decision.of(ClaimRef.of(this)).parameters(p).statistics(List.of(stat)).power(power).series(series)
                .decide();
    }
}
