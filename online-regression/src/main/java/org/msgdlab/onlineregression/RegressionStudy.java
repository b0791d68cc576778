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
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.StudyResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
     * Runs the study and writes {@code DIR/results.json}: {@code RegressionStudy [quick|full] [SEED] [DIR]}
     * (defaults: quick, 20200712, {@code regression-report}). Prints one line per claim.
     *
     * @param args budget, seed and output folder, each optional
     */
    public static void main(String[] args) {
        Budget budget = args.length > 0 ? Budget.parse(args[0]) : Budget.QUICK;
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 20200712L;
        Path dir = Path.of(args.length > 2 ? args[2] : "regression-report");
        Provenance prov = Provenance.start(seed, budget, "RegressionStudy " + String.join(" ", args));
        Study study = create();
        List<Evidence> evidence = new ArrayList<>();
        long t0 = System.nanoTime();
        for (Claim c : study.claims()) {
            long t = System.nanoTime();
            Evidence e;
            try {
                e = c.check(budget, seed);
            } catch (RuntimeException ex) {
                e = Evidence.error(c.id(), c.paperRef(), c.statement(), String.valueOf(ex.getMessage()), (System.nanoTime() - t) / 1e9);
            }
            evidence.add(e);
            System.out.printf(Locale.ROOT, "%-42s %-11s %10.4g %10.4g %7.1f s  %s%n", e.claimId(), e.verdict(), e.estimate(), e.reference(),
                    (System.nanoTime() - t) / 1e9, e.verdictReason());
        }
        System.out.printf(Locale.ROOT, "total %.1f s%n", (System.nanoTime() - t0) / 1e9);
        StudyResult result = new StudyResult(study.id(), study.title(), study.paperRef(), evidence);
        Path file = ResultsFile.write(dir, new Results(prov.finished(), List.of(result)));
        System.out.println("wrote " + file);
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
