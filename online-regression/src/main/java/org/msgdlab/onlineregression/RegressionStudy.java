package org.msgdlab.onlineregression;

import org.msgdlab.onlineregression.bound.Theorem1Bound;
import org.msgdlab.onlineregression.claims.BoundClaim;
import org.msgdlab.onlineregression.claims.ConstantsClaim;
import org.msgdlab.onlineregression.claims.ExactRecursionClaim;
import org.msgdlab.onlineregression.claims.LargeBatchSgdClaim;
import org.msgdlab.onlineregression.claims.MsgdEqualsSgdClaim;
import org.msgdlab.onlineregression.claims.ProofStepClaim;
import org.msgdlab.onlineregression.claims.RateClaim;
import org.msgdlab.onlineregression.claims.Simulations;
import org.msgdlab.onlineregression.claims.StepSizeClaim;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Study;

import java.util.List;

/**
 * The claims of Theorem 1 (Section 3, Appendix A.2) as a theory {@link Study}, id
 * {@value #ID}. The claims share one {@link Simulations} (Monte Carlo experiments and the exact
 * sweep are computed once per budget and seed, by whichever claim needs them first). Stateless.
 */
public final class RegressionStudy {

    /** The study's id. */
    public static final String ID = "regression.theorem1";

    private RegressionStudy() {
    }

    /**
     * The study at the standard plans ({@link RegressionPlan#quick()}, {@link RegressionPlan#full()}).
     *
     * @return the study
     */
    public static Study create() {
        return create(RegressionPlan.quick(), RegressionPlan.full());
    }

    /**
     * The study with custom plans for the two budgets (validated on construction).
     *
     * @param quick the plan at the quick budget
     * @param full  the plan at the full budget
     * @return the study, nine claims
     */
    public static Study create(RegressionPlan quick, RegressionPlan full) {
        Simulations sims = new Simulations(quick, full);
        List<Claim> claims = List.of(
                new ExactRecursionClaim(sims),
                new MsgdEqualsSgdClaim(sims),
                new LargeBatchSgdClaim(sims),
                new ConstantsClaim(sims),
                new RateClaim(sims),
                new BoundClaim(sims, Theorem1Bound.Version.PRINTED),
                new BoundClaim(sims, Theorem1Bound.Version.REDERIVED),
                new ProofStepClaim(sims),
                new StepSizeClaim(sims));
        return new Study(ID, "Theorem 1: large-batch MSGD vs small-batch SGD on online least squares",
                "Section 3, Theorem 1; Appendix A.2", claims);
    }

    /**
     * Theorem 1's exact-risk equality for a plug-in noise ({@code plugin.NAME.thm1.same-risk-as-sgd},
     * {@link org.msgdlab.onlineregression.claims.PluginRiskClaim}) on the quick plan's problems and large batches.
     *
     * @param plugin the plug-in
     * @return the one claim
     */
    public static java.util.List<org.msgdlab.core.claims.Claim> pluginClaims(org.msgdlab.theory.plugin.NoisePlugin plugin) {
        return java.util.List.of(org.msgdlab.onlineregression.claims.PluginRiskClaim.create(plugin, RegressionPlan.quick()));
    }
}
