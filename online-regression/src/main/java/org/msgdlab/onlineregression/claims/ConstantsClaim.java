package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.bound.BoundInputs;
import org.msgdlab.onlineregression.bound.Theorem1Bound;
import org.msgdlab.onlineregression.problem.RegressionProblem;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.core.stats.FalseAlarm;
import org.msgdlab.core.stats.MonteCarlo;
import org.msgdlab.core.stats.RunningMoments;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * C1 and C2 do not depend on B. In the proof, W enters only through {@code E[L(k)^2]},
 * {@code E[N(k)N(k)^T]} and {@code tr[SM]}, i.e. through the two batch sums
 * <pre>
 *   sum_r E[w_r^2] = B * 1/(bB) = 1/b,      sum_{r != s} E[w_r w_s] = B(B-1) * (b-1)/(bB(B-1)) = (b-1)/b,
 * </pre>
 * in which B cancels. The check measures both sums by Monte Carlo for every noise class and every
 * B of the sweep (B = b, 4b, 16b, ...), from the theory module's samplers, and evaluates the
 * implemented C1, C2 (both versions) for every B: they must coincide.
 * Thread-safe (its shared {@link Simulations} are).
 */
public final class ConstantsClaim extends RegressionClaim {

    /** The claim's id. */
    public static final String ID = "thm1.constants.independent-of-large-batch";

    /**
     * The claim, reading its numbers from the study's shared computations.
     *
     * @param sims the shared simulations and exact sweep
     */
    public ConstantsClaim(Simulations sims) {
        super(new ClaimRef(ID,
                ClaimKit.THEOREM + "; proof, \"Moments of L(k)\" and \"Moments of N(k)\"",
                "C1 and C2 depend on b, eta, R, sigma, lambda and theta_0, but not on B (through sum_r E[w_r^2] = 1/b and"
                        + " sum_{r!=s} E[w_r w_s] = (b-1)/b)"),
                sims);
    }

    @Override
    Evidence check(RegressionRun run) {
        RegressionPlan plan = run.plan();
        int b = plan.b();
        List<Integer> batches = new ArrayList<>();
        for (int f : plan.sweepLargeFactors()) {
            if (f * b >= 2) {
                batches.add(f * b);
            }
        }
        int k = 2 * batches.size() * plan.classes().size();
        double alpha = FalseAlarm.PER_CLAIM;
        double z = FalseAlarm.z(alpha, k + 1);
        List<StatisticCheck> stats = new ArrayList<>();
        PowerCheck.Strongest againstRepl = new PowerCheck.Strongest("with-replacement covariance 1/(bB)(I - 11^T/B) (Proposition 1 with n = B): sum E[w_r^2] = (1/b)(1-1/B) + 1/B");
        PowerCheck.Strongest againstSgd = new PowerCheck.Strongest("plain large-batch SGD weights 1/B: sum E[w_r^2] = 1/B (B-dependent)");
        long samples = 0;
        for (NoiseClass c : plan.classes()) {
            for (int big : batches) {
                Algorithm.LargeBatchMsgd alg = new Algorithm.LargeBatchMsgd(b, big, c);
                MonteCarlo.Result r = MonteCarlo.run(plan.weightDraws(), run.seedFor(Simulations.STUDY + "/weights/" + alg.id()), 2,
                        rng -> {
                            NoiseSampler w = alg.weights(rng);
                            double[] v = new double[big];
                            return out -> {
                                w.sample(v);
                                double s = 0;
                                double s2 = 0;
                                for (double x : v) {
                                    s += x;
                                    s2 += x * x;
                                }
                                out[0] = s2;
                                out[1] = s * s - s2;
                            };
                        });
                RunningMoments m = r.total();
                samples += m.count();
                double[] paper = {1.0 / b, (b - 1.0) / b};
                // with-replacement covariance 1/(bB)(I - 11^T/B): E[w^2] = (1/(bB))(1 - 1/B) + 1/B^2, and sum w = 1 surely
                double replSquares = (1.0 / b) * (1 - 1.0 / big) + 1.0 / big;
                double[] repl = {replSquares, 1 - replSquares};
                double[] sgdB = {1.0 / big, (big - 1.0) / big};
                String[] names = {"sum_r w_r^2", "sum_{r!=s} w_r w_s"};
                for (int j = 0; j < 2; j++) {
                    double se = m.standardError(j);
                    double tol = FalseAlarm.shapeCorrected(z, m.skewnessOfMean(j), m.excessKurtosisOfMean(j)) * se
                            + FalseAlarm.roundOff(big + (double) m.count(), 1.0);
                    String name = "mean of " + names[j] + ", " + c.label() + ", b=" + b + ", B=" + big;
                    StatisticCheck st = StatisticCheck.of(name, m.mean(j), se, paper[j], paper[j], tol);
                    stats.add(st);
                    againstRepl.add(st, repl[j]);
                    if (big > b) {
                        againstSgd.add(st, sgdB[j]);
                    }
                }
            }
        }
        // the implemented constants, evaluated with each algorithm's own b for the bound, for every B
        double spread = 0;
        RegressionProblem p = plan.simulated().get(0);
        for (Theorem1Bound.Version v : Theorem1Bound.Version.values()) {
            Theorem1Bound ref = Theorem1Bound.of(v, BoundInputs.of(p.assumptions(), b, plan.eta()));
            for (int big : batches) {
                Algorithm.LargeBatchMsgd alg = new Algorithm.LargeBatchMsgd(b, big, plan.classes().get(0));
                Theorem1Bound t = Theorem1Bound.of(v, BoundInputs.of(p.assumptions(), alg.boundBatch(), plan.eta()));
                spread = Math.max(spread, Math.abs(t.c1() - ref.c1()) / ref.c1() + Math.abs(t.c2() - ref.c2()) / ref.c2());
            }
        }
        stats.add(StatisticCheck.of("implemented C1, C2 (printed and re-derived): max relative spread over B in " + batches,
                spread, 0, 0, 0, 1e-15));
        List<PowerCheck> power = List.of(
                againstRepl.result(),
                againstSgd.result());
        Map<String, Object> params = run.parameters();
        params.put("largeBatchesChecked", batches.toString());
        params.put("drawsPerClassAndB", plan.weightDraws());
        params.put("alpha", alpha);
        params.put("z", z);
        Evidence e = Decision.of(ref()).parameters(params).falseAlarmProbability(alpha).statistics(stats)
                .power(power).samples(samples).decide();
        return e.withDetail("the batch sums of W's moments are B-free for every class and B in " + batches
                + " (the exact risk is B-free too: claim " + MsgdEqualsSgdClaim.ID + ")");
    }
}
