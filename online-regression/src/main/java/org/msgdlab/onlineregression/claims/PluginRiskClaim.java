package org.msgdlab.onlineregression.claims;

import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.bound.BoundInputs;
import org.msgdlab.onlineregression.bound.StepSizeCondition;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.onlineregression.sim.Checkpoints;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.NotApplicableClaim;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.ExactClaim;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.CheckedPlugin;
import org.msgdlab.theory.plugin.PluginStudy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Theorem 1 for a plug-in noise, {@code plugin.NAME.thm1.same-risk-as-sgd}: large-batch MSGD whose
 * sampling vector on the B samples of a step is {@code W = 1/B + V}, V the plug-in's noise created
 * for n = B and batch b, has exactly small-batch SGD-b's expected risk. The exact risk recursion
 * depends on W only through {@code sum E[w_r^2]} and {@code sum_{r!=s} E[w_r w_s]}, so the check is
 * exact (no sampling, false-alarm probability 0) from the declared covariance (which
 * {@code plugin.NAME.covariance.as-declared} checks against the draws), on the regression plan's
 * swept problems, its large batches and half the largest stable step. It holds when the declared
 * covariance on B samples is SGD-b's without replacement, {@code (B-b)/(bB(B-1)) (I - 11^T/B)};
 * otherwise FAIL with the largest relative risk difference. The comparison is always with SGD-b
 * sampling without replacement (the SGD of Theorem 1), whatever the plug-in declares; and, as the risk
 * is computed from the declaration, the plug-in study makes the claim rest on the as-declared claim. A
 * plug-in that fails when created at a B is ERROR with the reason ({@code PluginStudy.guarded}). Stateless.
 */
public final class PluginRiskClaim {

    private PluginRiskClaim() {
    }

    /**
     * The claim for {@code plugin} under {@code plan} (NOT_APPLICABLE without a declared covariance).
     *
     * @param plugin the plug-in
     * @param plan   the regression plan (problems, b, large batches)
     * @return the claim; ERROR evidence with the reason when the plug-in fails at one of the large batches
     */
    public static Claim create(NoisePlugin plugin, RegressionPlan plan) {
        String id = "plugin." + plugin.name() + ".thm1.same-risk-as-sgd";
        String ref = ClaimKit.THEOREM + ", with plug-in " + plugin.name();
        int b = plan.b();
        String statement = "Large-batch MSGD with W = 1/B + V, V the plug-in's noise on the B samples of a step, has exactly the"
                + " expected risk of small-batch SGD-" + b + " sampling without replacement, the SGD of Theorem 1 (it holds when"
                + " Var[W] = (B-b)/(bB(B-1)) (I - 11^T/B)); computed from the plug-in's declared covariance, so it rests on"
                + " plugin." + plugin.name() + ".covariance.as-declared";
        ClaimRef claim = new ClaimRef(id, ref, statement);
        NoisePlugin checked = CheckedPlugin.of(plugin);
        return PluginStudy.guarded(claim, () -> build(checked, plan, claim));
    }

    private static Claim build(NoisePlugin plugin, RegressionPlan plan, ClaimRef claim) {
        int b = plan.b();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("b", b);
        params.put("B", plan.largeBatches().toString());
        params.put("compared with", "SGD-" + b + " without replacement");
        params.put("covariance used", "as declared by the plug-in");
        for (int big : plan.largeBatches()) {
            SamplingNoise noise = plugin.create(big, b);
            Optional<ExchangeableCovariance> cov = noise.declaredCovariance().resolve(big);
            if (cov.isEmpty()) {
                params.put("declared covariance", noise.declaredCovariance().describe());
                return new NotApplicableClaim(claim, params, "does not apply: the exact risk needs the second moments of W,"
                        + " and the plug-in's covariance is " + noise.declaredCovariance().describe());
            }
        }
        return new ExactClaim(claim, context -> compute(plugin, plan, params));
    }

    private static ExactClaim.Computation compute(NoisePlugin plugin, RegressionPlan plan, Map<String, Object> params) {
        int b = plan.b();
        List<StatisticCheck> stats = new ArrayList<>();
        double worstLarge = 0;
        String worstLargeName = "";
        boolean largeRejected = false;
        for (RegressionProblem p : plan.swept()) {
            double kappa = BoundInputs.of(p.assumptions(), b, 1.0).kappa();
            double eta = 0.5 * StepSizeCondition.largestStep(kappa, p.assumptions().lambda());
            int[] steps = Checkpoints.logSpaced(plan.nMax(), 8).steps();
            double[] sgd = ExactRisk.averaged(p, WeightMoments.averaging(b), eta, steps);
            for (int big : plan.largeBatches()) {
                ExchangeableCovariance cov = plugin.create(big, b).declaredCovariance().resolve(big).orElseThrow();
                double[] msgd = ExactRisk.averaged(p, WeightMoments.of(cov), eta, steps);
                double[] large = ExactRisk.averaged(p, WeightMoments.averaging(big), eta, steps);
                double diff = ExactSweep.maxRelativeDifference(sgd, msgd);
                double tol = ClaimKit.roundOff(4.0 * steps[steps.length - 1] * p.dimension());
                String name = "max relative difference of E[risk], plug-in MSGD vs SGD-" + b + ", " + p.name() + ", B=" + big;
                stats.add(StatisticCheck.of(name, diff, 0, 0, diff, tol));
                double largeDiff = ExactSweep.maxRelativeDifference(sgd, large);
                largeRejected |= largeDiff > tol;
                if (largeDiff > worstLarge) {
                    worstLarge = largeDiff;
                    worstLargeName = name;
                }
            }
        }
        params.put("steps", plan.nMax());
        params.put("problems", plan.swept().stream().map(RegressionProblem::name).toList().toString());
        PowerCheck power = new PowerCheck("the risk of large-batch SGD with the same B (noise shrinking like 1/B)", worstLargeName,
                worstLarge, largeRejected, largeRejected ? 1.0 : 0.0);
        boolean equal = stats.stream().allMatch(StatisticCheck::agreesWithPaper);
        Discrepancy d = equal ? Discrepancy.none()
                : Discrepancy.persistent("the plug-in's declared Var[W] is not (B-b)/(bB(B-1)) (I - 11^T/B), so its risk differs from"
                        + " SGD-b's at every n (the recursion sees sum E[w_r^2] and sum E[w_r w_s] only)");
        return new ExactClaim.Computation(params, stats, power, d);
    }
}
