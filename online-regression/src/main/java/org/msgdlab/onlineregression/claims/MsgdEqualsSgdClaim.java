package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.NoiseClass;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.sim.RiskCurves;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Large-batch MSGD with Theorem 1's covariance has the same expected risk as small-batch SGD,
 * for every noise class and every B: exactly (the recursion depends on W only through
 * {@code sum E[w_r^2] = 1/b} and {@code sum_{r!=s} E[w_r w_s] = (b-1)/b}), and in the Monte Carlo.
 * Thread-safe (its shared {@link Simulations} are).
 */
public final class MsgdEqualsSgdClaim extends RegressionClaim {

    /** The claim's id. */
    public static final String ID = "thm1.msgd.same-risk-as-sgd";

    /**
     * The claim, reading its numbers from the study's shared computations.
     *
     * @param sims the shared simulations and exact sweep
     */
    public MsgdEqualsSgdClaim(Simulations sims) {
        super(new ClaimRef(ID,
                ClaimKit.THEOREM + " and the paragraph after it",
                "With Var[W] = (B-b)/(bB(B-1)) (I - 11^T/B), large-batch MSGD (Eq. online-msgd) generalizes as small-batch SGD"
                        + " (Eq. online-sgd): E[f(bar theta_n)] is the same, whatever the noise class of W and the large batch B"),
                sims);
    }

    @Override
    Evidence check(RegressionRun run) {
        RegressionPlan plan = run.plan();
        ExactSweep sweep = run.sweep();
        List<Simulations.Simulated> all = run.all();
        List<StatisticCheck> stats = new ArrayList<>();
        // exact: every swept problem, b, B, class
        for (NoiseClass c : plan.classes()) {
            double worst = 0;
            int count = 0;
            for (ExactSweep.Equality q : sweep.equality()) {
                if (q.noise() == c) {
                    worst = Math.max(worst, q.msgdRelativeDifference());
                    count++;
                }
            }
            stats.add(StatisticCheck.of("exact: max relative difference of E[risk], MSGD (" + c.label() + ") vs SGD-b, over " + count
                    + " (problem, b, B) and n <= " + Math.min(sweep.exactNMax(), 10_000), worst, 0, 0, 0, ClaimKit.roundOff(1e4 * 50)));
        }
        int k = 0;
        for (Simulations.Simulated s : all) {
            for (Algorithm a : s.experiment().algorithms()) {
                if (a instanceof Algorithm.LargeBatchMsgd) {
                    k += s.experiment().checkpoints().size() + 1;
                }
            }
        }
        double alpha = FalseAlarm.PER_CLAIM;
        double z = FalseAlarm.z(alpha, k);
        PowerCheck.Strongest againstLarge = new PowerCheck.Strongest("MSGD has the risk of large-batch SGD with the same B (gradient noise shrinking like 1/B)");
        PowerCheck.Strongest againstSum = new PowerCheck.Strongest("reference SGD as Eq. (online-sgd) prints it: the sum over the batch, i.e. averaged SGD-b at step b*eta");
        long samples = 0;
        List<Series> series = new ArrayList<>();
        for (Simulations.Simulated s : all) {
            RiskCurves c = s.curves();
            samples += c.runs();
            int[] steps = s.experiment().checkpoints().steps();
            Algorithm sgd = s.experiment().algorithms().get(0);
            double[] sgdExact = s.exact(sgd);
            int last = steps.length - 1;
            // Eq. (online-sgd) as printed sums the batch: SGD-b at step b*eta
            double[] printedSgd = ExactRisk.averaged(s.experiment().problem(), WeightMoments.averaging(plan.b()),
                    plan.b() * s.experiment().eta(), steps);
            for (Algorithm a : s.experiment().algorithms()) {
                if (!(a instanceof Algorithm.LargeBatchMsgd m)) {
                    continue;
                }
                double[] large = ExactRisk.averaged(s.experiment().problem(), WeightMoments.averaging(m.batch()), s.experiment().eta(), steps);
                double[] mine = s.exact(a);
                for (int j = 0; j < steps.length; j++) {
                    double se = c.standardError(a, j);
                    double tol = c.shapeCorrectedZ(z, s.experiment().indexOf(a), j) * se
                            + FalseAlarm.roundOff(4.0 * steps[j] * s.experiment().problem().dimension(), sgdExact[j]);
                    String name = "risk " + s.experiment().name() + " " + a.id() + " n=" + steps[j] + " vs exact SGD-b";
                    StatisticCheck st = StatisticCheck.of(name, c.mean(a, j), se, sgdExact[j], mine[j], tol);
                    stats.add(st);
                    againstLarge.add(st, large[j]);
                    // a diverging printed-sum SGD (b*eta beyond the stable range) is rejected with certainty
                    againstSum.add(st, printedSgd[j]);
                }
                double diffSe = Math.hypot(c.standardError(a, last), c.standardError(sgd, last));
                double zd = c.differenceZ(z, c, s.experiment().indexOf(a), last, 0, last);
                stats.add(StatisticCheck.of("Monte Carlo difference MSGD - SGD-b at n=" + steps[last] + ", " + s.experiment().name() + " "
                        + a.id(), c.mean(a, last) - c.mean(sgd, last), diffSe, 0, mine[last] - sgdExact[last], zd * diffSe));
            }
            series.add(ratioSeries(s));
        }
        List<PowerCheck> power = List.of(
                againstLarge.result(),
                againstSum.result());
        Map<String, Object> params = run.parameters();
        params.put("exactComparisons", sweep.equality().size());
        params.put("monteCarloComparisons", k);
        params.put("alpha", alpha);
        params.put("z", z);
        Evidence e = Decision.of(ref()).parameters(params).falseAlarmProbability(alpha).statistics(stats)
                .power(power).samples(samples).series(series).decide();
        return e.withDetail("exactly equal over " + sweep.equality().size() + " (problem, b, B, class) combinations; "
                + k + " Monte Carlo comparisons with Bonferroni z=" + ClaimKit.fmt(z));
    }

    /** Ratio of Monte Carlo means to SGD-b's vs n, with 95% bands (delta method; independent runs). */
    static Series ratioSeries(Simulations.Simulated s) {
        RiskCurves c = s.curves();
        int[] steps = s.experiment().checkpoints().steps();
        Algorithm sgd = s.experiment().algorithms().get(0);
        List<Series.Curve> curves = new ArrayList<>();
        for (Algorithm a : s.experiment().algorithms()) {
            if (a == sgd) {
                continue;
            }
            List<double[]> pts = new ArrayList<>();
            for (int j = 0; j < steps.length; j++) {
                double m1 = c.mean(a, j);
                double m0 = c.mean(sgd, j);
                double r = m1 / m0;
                double se = Math.abs(r) * Math.hypot(c.standardError(a, j) / m1, c.standardError(sgd, j) / m0);
                pts.add(Series.band(steps[j], r, se));
            }
            curves.add(new Series.Curve("Monte Carlo " + a.label() + " / SGD-b (95% band)", pts));
        }
        curves.add(ClaimKit.flat("exact: every MSGD / SGD-b = 1", steps[0], steps[steps.length - 1], 1.0));
        for (Algorithm a : s.experiment().algorithms()) {
            if (a instanceof Algorithm.LargeBatchSgd) {
                List<double[]> pts = new ArrayList<>();
                for (int j = 0; j < steps.length; j++) {
                    pts.add(Series.point(steps[j], s.exact(a)[j] / s.exact(sgd)[j]));
                }
                curves.add(new Series.Curve("exact " + a.label() + " / SGD-b", pts));
            }
        }
        return new Series("thm1.ratio." + s.experiment().name(), "Risk ratio to small-batch SGD, " + s.experiment().problem().name()
                + ", eta=" + s.experiment().eta(), "steps n", "E[risk] / E[risk of SGD-b]", true, false, curves);
    }
}
