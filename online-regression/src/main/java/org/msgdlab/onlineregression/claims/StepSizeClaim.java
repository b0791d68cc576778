package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The step-size condition. Theorem 1 states none; its constants need {@code eta kappa < 2}
 * ({@code kappa = (R^2+(b-1)lambda)/b}) and its averaging step needs {@code I - eta Sigma >= 0}.
 * Checked exactly: the step size {@code eta_c} at which the second-moment recursion of SGD-b
 * becomes unstable (spectral radius 1; beyond it the expected risk diverges, so <em>some</em>
 * condition is necessary) is at least {@code 2/kappa} for every problem and b swept, i.e. the
 * explicit condition is sufficient for a finite risk. Power: the same check rejects the
 * noise-free gradient-descent limit {@code eta < 2/lambda} as sufficient.
 * Thread-safe (its shared {@link Simulations} are).
 */
public final class StepSizeClaim extends RegressionClaim {

    /** The claim's id. */
    public static final String ID = "thm1.step-size.condition";

    /**
     * The claim, reading its numbers from the study's shared computations.
     *
     * @param sims the shared simulations and exact sweep
     */
    public StepSizeClaim(Simulations sims) {
        super(new ClaimRef(ID,
                ClaimKit.PROOF + ", \"Moments of M(i,k)\" and \"Calculate averaging\"",
                "The proof's step-size condition eta (R^2 + (b-1) lambda)/b < 2 keeps the expected risk finite"
                        + " (the theorem itself states no condition; the averaging step also needs I - eta Sigma >= 0, i.e. eta lambda <= 1)"),
                sims);
    }

    @Override
    Evidence check(RegressionRun run) {
        RegressionPlan plan = run.plan();
        ExactSweep sweep = run.sweep();
        double shortfall = 0;
        double closest = Double.POSITIVE_INFINITY;
        String where = "";
        double gdShortfall = 0;
        String gdWhere = "";
        List<String> rows = new ArrayList<>();
        int hiddenBinding = 0;
        for (ExactSweep.Stability s : sweep.stability()) {
            double q = s.etaCritical() * s.kappa() / 2;
            double g = s.etaCritical() * s.lambda() / 2;
            if (q < closest) {
                closest = q;
                shortfall = Math.max(0, 1 - q);
                where = String.format(Locale.ROOT, "%s, b=%d (eta_c kappa/2 = %.6g)", s.problem(), s.b(), q);
            }
            if (1 - g > gdShortfall) {
                gdShortfall = 1 - g;
                gdWhere = s.problem() + ", b=" + s.b();
            }
            if (2 / s.kappa() > 1 / s.lambda()) {
                hiddenBinding++;
            }
            rows.add(String.format(Locale.ROOT, "%s b=%d: eta_c=%.4g, 2/kappa=%.4g, 1/lambda=%.4g, 2/lambda=%.4g", s.problem(), s.b(),
                    s.etaCritical(), 2 / s.kappa(), 1 / s.lambda(), 2 / s.lambda()));
        }
        double tol = 1e-9;
        List<StatisticCheck> stats = List.of(StatisticCheck.of(
                "max over problems and b of 1 - eta_c kappa/2, clipped at 0 (0: eta < 2/kappa keeps the risk finite)",
                Math.max(0, shortfall), 0, 0, Math.max(0, shortfall), tol));
        PowerCheck power = new PowerCheck("the noise-free gradient-descent limit eta < 2/lambda suffices", "max over problems and b of"
                + " 1 - eta_c lambda/2 (worst at " + gdWhere + ")", 0, gdShortfall > tol, gdShortfall > tol ? 1.0 : 0.0);
        Map<String, Object> params = run.parameters();
        params.put("stability", rows);
        params.put("configurationsWhereTheHiddenConditionBinds (1/lambda < 2/kappa)", hiddenBinding);
        List<String> probes = new ArrayList<>();
        for (ExactSweep.Probe pr : sweep.probes()) {
            probes.add(String.format(Locale.ROOT, "%s b=%d eta=%.4g: eta*lambda=%.3g, eta*kappa=%.3g; worst ratio re-derived %.4g, printed %.4g",
                    pr.problem(), pr.b(), pr.eta(), pr.eta() * pr.lambda(), pr.eta() * pr.kappa(), pr.worstRederived(), pr.worstPrinted()));
        }
        params.put("probesOutsideHiddenCondition", probes);
        Evidence e = Decision.of(ref()).parameters(params).statistics(new ArrayList<>(stats))
                .power(List.of(power)).decide();
        return e.withDetail("closest to the explicit limit: " + where + "; " + hiddenBinding + " of " + sweep.stability().size()
                + " (problem, b) have 1/lambda < 2/kappa, where the hidden condition eta lambda <= 1 is the binding one (" + probes.size()
                + " probes between the two limits are reported, marked, outside the verdicts)");
    }
}
