package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.sim.Checkpoints;
import org.msgdlab.onlineregression.sim.LogLogSlope;
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
 * The risk decays as 1/n: the least-squares slope of log risk on log(n+1) over the last decade of
 * checkpoints, for SGD-b and every MSGD of the main experiments, with a delete-one-chunk jackknife
 * standard error (the checkpoints of one run are correlated, the chunks are independent). Compared
 * with -1 (the theorem's C1/(n+1)) and with the exact slope over the same checkpoints (which
 * carries the pre-asymptotic C2/(n+1)^2 and transient terms).
 * Thread-safe (its shared {@link Simulations} are).
 */
public final class RateClaim extends RegressionClaim {

    /** The claim's id. */
    public static final String ID = "thm1.rate.one-over-n";

    /**
     * The claim, reading its numbers from the study's shared computations.
     *
     * @param sims the shared simulations and exact sweep
     */
    public RateClaim(Simulations sims) {
        super(new ClaimRef(ID,
                ClaimKit.THEOREM + " (the O(1/n) rate, optimal per the remark after it)",
                "E[f(bar theta_n)] - f(theta_*) decays as C1/(n+1) for large n (log-log slope -1), for small-batch SGD and large-batch MSGD"),
                sims);
    }

    @Override
    Evidence check(RegressionRun run) {
        RegressionPlan plan = run.plan();
        List<Simulations.Simulated> main = run.main();
        int k = 0;
        for (Simulations.Simulated s : main) {
            k += (int) s.experiment().algorithms().stream().filter(a -> !(a instanceof Algorithm.LargeBatchSgd)).count();
        }
        double alpha = FalseAlarm.PER_CLAIM;
        double z = ClaimKit.jackknifeZ(alpha, k, MonteCarloChunks.COUNT);
        List<StatisticCheck> stats = new ArrayList<>();
        boolean halfRejected = true;
        boolean twoRejected = true;
        double halfPower = 2;
        double twoPower = 2;
        String weakest = "";
        long samples = 0;
        Map<String, Object> params = run.parameters();
        List<Series> series = new ArrayList<>();
        for (Simulations.Simulated s : main) {
            RiskCurves c = s.curves();
            samples += c.runs();
            int[] steps = s.experiment().checkpoints().steps();
            int from = LogLogSlope.firstAtLeast(steps, Math.max(1, s.experiment().checkpoints().last() / 10));
            int to = steps.length;
            for (int a = 0; a < s.experiment().algorithms().size(); a++) {
                Algorithm alg = s.experiment().algorithms().get(a);
                if (alg instanceof Algorithm.LargeBatchSgd) {
                    continue;
                }
                final int ia = a;
                double[] jk = c.jackknife(curve -> LogLogSlope.fit(steps, curve.apply(ia), from, to));
                double exactSlope = LogLogSlope.fit(steps, s.exact().get(a), from, to);
                double tol = z * jk[1];
                String name = "log-log slope over n in [" + steps[from] + ", " + steps[to - 1] + "], " + s.experiment().name() + " " + alg.id();
                StatisticCheck st = StatisticCheck.of(name, jk[0], jk[1], -1.0, exactSlope, tol);
                stats.add(st);
                halfRejected &= st.rejects(-0.5);
                twoRejected &= st.rejects(-2.0);
                double ph = FalseAlarm.power(exactSlope, -0.5, jk[1], tol);
                double pt = FalseAlarm.power(exactSlope, -2.0, jk[1], tol);
                if (Math.min(ph, pt) < Math.min(halfPower, twoPower)) {
                    weakest = name;
                }
                halfPower = Math.min(halfPower, ph);
                twoPower = Math.min(twoPower, pt);
            }
            // the exact slope far out: the pre-asymptotic gap vanishes
            Algorithm sgd = s.experiment().algorithms().get(0);
            Checkpoints far = new Checkpoints(new int[] {100_000, 200_000, 400_000, 1_000_000});
            double[] farRisk = ExactRisk.averaged(s.experiment().problem(), sgd.moments(), s.experiment().eta(), far.steps());
            double farSlope = LogLogSlope.fit(far.steps(), farRisk, 0, 4);
            params.put("exactSlope.n1e5to1e6." + s.experiment().name(), farSlope);
            params.put("exactScaledRisk.n1e6." + s.experiment().name(), farRisk[3] * 1_000_001.0);
            series.add(scaledSeries(s));
        }
        List<PowerCheck> power = List.of(
                new PowerCheck("slope -1/2 (an O(1/sqrt(n)) rate)", weakest, -0.5, halfRejected, halfPower),
                new PowerCheck("slope -2 (the noise-free C2/(n+1)^2 rate)", weakest, -2.0, twoRejected, twoPower));
        params.put("alpha", alpha);
        params.put("z", z);
        params.put("standardError", "delete-one-chunk jackknife over " + MonteCarloChunks.COUNT + " chunks; critical value from Student t with "
                + (MonteCarloChunks.COUNT - 1) + " degrees of freedom");
        Discrepancy gap = Discrepancy.vanishing("the exact local log-log slope tends to -1 as n -> infinity (C2/(n+1)^2 and transients"
                + " (1 - eta lambda_min)^n die out); exact slopes over n in [1e5, 1e6] are recorded in the parameters");
        Evidence e = Decision.of(ref()).parameters(params).falseAlarmProbability(alpha).statistics(stats)
                .power(power).discrepancy(gap).samples(samples).series(series).decide();
        return e.withDetail(k + " slopes, Bonferroni t=" + ClaimKit.fmt(z));
    }

    /** (n+1) * risk vs n: flat at C1 when the rate is 1/n. */
    static Series scaledSeries(Simulations.Simulated s) {
        RiskCurves c = s.curves();
        int[] steps = s.experiment().checkpoints().steps();
        List<Series.Curve> curves = new ArrayList<>();
        Algorithm sgd = s.experiment().algorithms().get(0);
        int ia = s.experiment().indexOf(sgd);
        List<double[]> mc = new ArrayList<>();
        List<double[]> ex = new ArrayList<>();
        for (int j = 0; j < steps.length; j++) {
            double f = steps[j] + 1.0;
            mc.add(Series.band(steps[j], f * c.mean(ia, j), f * c.standardError(ia, j)));
            ex.add(Series.point(steps[j], f * s.exact().get(ia)[j]));
        }
        curves.add(new Series.Curve("Monte Carlo " + sgd.label() + " (95% band)", mc));
        curves.add(new Series.Curve("exact " + sgd.label() + " (= every MSGD)", ex));
        return new Series("thm1.rate." + s.experiment().name(), "(n+1) x excess risk, " + s.experiment().problem().name(),
                "steps n", "(n+1) (E[f(bar theta_n)] - f(theta_*))", true, true, curves);
    }

    /** The Monte Carlo's chunk count, for the parameters. */
    static final class MonteCarloChunks {
        static final int COUNT = org.msgdlab.core.stats.MonteCarlo.CHUNKS;

        private MonteCarloChunks() {
        }
    }
}
