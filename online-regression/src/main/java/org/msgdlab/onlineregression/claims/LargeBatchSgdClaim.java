package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.sim.RiskCurves;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The contrast: plain large-batch SGD (weights 1/B) does <em>not</em> have small-batch SGD's risk.
 * Statistic: the relative risk gap {@code 1 - E[risk_B]/E[risk_b]} at the last checkpoint, by Monte
 * Carlo (jackknife standard error), compared with the exact gap; the power check is against a gap
 * of 0 (what MSGD achieves).
 * Thread-safe (its shared {@link Simulations} are).
 */
public final class LargeBatchSgdClaim extends RegressionClaim {

    /** The claim's id. */
    public static final String ID = "thm1.large-batch-sgd.different-risk";

    /**
     * The claim, reading its numbers from the study's shared computations.
     *
     * @param sims the shared simulations and exact sweep
     */
    public LargeBatchSgdClaim(Simulations sims) {
        super(new ClaimRef(ID,
                ClaimKit.THEOREM + " (the covariance condition; plain large-batch SGD violates it)",
                "Plain large-batch SGD (w_r = 1/B, Var[W] = 0) does not generalize as small-batch SGD: its expected risk differs"
                        + " (the exact recursion gives a_B = 1/B in place of 1/b)"),
                sims);
    }

    @Override
    Evidence check(RegressionRun run) {
        RegressionPlan plan = run.plan();
        ExactSweep sweep = run.sweep();
        List<Simulations.Simulated> main = run.main();
        int k = 0;
        for (Simulations.Simulated s : main) {
            k += (int) s.experiment().algorithms().stream().filter(a -> a instanceof Algorithm.LargeBatchSgd).count();
        }
        double alpha = FalseAlarm.PER_CLAIM;
        double z = ClaimKit.jackknifeZ(alpha, k, org.msgdlab.core.stats.MonteCarlo.CHUNKS);
        List<StatisticCheck> stats = new ArrayList<>();
        boolean zeroRejected = true;
        double minPower = 2;
        String weakest = "";
        long samples = 0;
        for (Simulations.Simulated s : main) {
            RiskCurves c = s.curves();
            samples += c.runs();
            int last = s.experiment().checkpoints().size() - 1;
            int sgd = 0;
            for (int a = 0; a < s.experiment().algorithms().size(); a++) {
                if (!(s.experiment().algorithms().get(a) instanceof Algorithm.LargeBatchSgd big)) {
                    continue;
                }
                final int ia = a;
                double[] jk = c.jackknife(curve -> 1 - curve.apply(ia)[last] / curve.apply(sgd)[last]);
                double exact = 1 - s.exact().get(a)[last] / s.exact().get(sgd)[last];
                double tol = z * jk[1];
                String name = "relative risk gap 1 - risk(SGD-B)/risk(SGD-b) at n=" + s.experiment().checkpoints().last() + ", "
                        + s.experiment().name() + ", B=" + big.batch();
                StatisticCheck st = StatisticCheck.of(name, jk[0], jk[1], exact, exact, tol);
                stats.add(st);
                zeroRejected &= st.rejects(0);
                double pw = FalseAlarm.power(exact, 0, jk[1], tol);
                if (pw < minPower) {
                    minPower = pw;
                    weakest = name;
                }
            }
        }
        double smallestExactGap = Double.POSITIVE_INFINITY;
        String where = "";
        for (ExactSweep.Equality q : sweep.equality()) {
            if (q.batch() > q.b() && q.largeSgdRelativeDifference() < smallestExactGap) {
                smallestExactGap = q.largeSgdRelativeDifference();
                where = q.problem() + ", b=" + q.b() + ", B=" + q.batch() + ", eta=" + ClaimKit.fmt(q.eta());
            }
        }
        List<PowerCheck> power = List.of(new PowerCheck("large-batch SGD has small-batch SGD's risk (relative gap 0, as MSGD does)",
                weakest, 0, zeroRejected, minPower));
        Map<String, Object> params = run.parameters();
        params.put("alpha", alpha);
        params.put("z", z);
        params.put("exactSmallestRelativeGapOverSweep", smallestExactGap);
        params.put("exactSmallestRelativeGapWhere", where);
        Evidence e = Decision.of(ref()).parameters(params).falseAlarmProbability(alpha).statistics(stats)
                .power(power).samples(samples).decide();
        return e.withDetail((zeroRejected ? "every" : "NOT every") + " Monte Carlo gap rejects equality (gap 0); exact: the"
                + " smallest relative gap over the B > b sweep is " + ClaimKit.fmt(smallestExactGap) + " (" + where + ")");
    }
}
