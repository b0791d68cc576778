package org.msgdlab.onlineregression.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.ClaimRef;
import org.ejml.data.DMatrixRMaj;
import org.msgdlab.onlineregression.RegressionPlan;
import org.msgdlab.onlineregression.algorithm.Algorithm;
import org.msgdlab.onlineregression.algorithm.WeightMoments;
import org.msgdlab.onlineregression.bound.BoundInputs;
import org.msgdlab.onlineregression.bound.StepSizeCondition;
import org.msgdlab.onlineregression.bound.Theorem1Bound;
import org.msgdlab.onlineregression.exact.DenseExactRisk;
import org.msgdlab.onlineregression.exact.ExactRisk;
import org.msgdlab.onlineregression.problem.Design;
import org.msgdlab.onlineregression.problem.RegressionProblem;
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
 * The exact expected risk by the second-moment recursion ({@link ExactRisk}) agrees with the
 * Monte Carlo at every checkpoint, for every simulated algorithm, problem and step size; and the
 * O(d) eigenbasis recursion agrees with the O(d^3) dense one on a non-diagonal covariance.
 * Thread-safe (its shared {@link Simulations} are).
 */
public final class ExactRecursionClaim extends RegressionClaim {

    /** The claim's id. */
    public static final String ID = "thm1.exact-risk.matches-monte-carlo";

    /**
     * The claim, reading its numbers from the study's shared computations.
     *
     * @param sims the shared simulations and exact sweep
     */
    public ExactRecursionClaim(Simulations sims) {
        super(new ClaimRef(ID,
                ClaimKit.PROOF + " (second moments of L(k), N(k))",
                "For a well-specified model, E[f(bar theta_n)] - f(theta_*) = tr(Sigma S_n)/(2(n+1)^2) with P_{n+1} = P_n - eta(Sigma P_n + P_n Sigma)"
                        + " + eta^2(a F(P_n) + c Sigma P_n Sigma) + eta^2 a sigma^2 Sigma, U_{n+1} = (I - eta Sigma)U_n + P_{n+1},"
                        + " S_{n+1} = S_n + U_{n+1} + U_{n+1}^T - P_{n+1}, where a = sum_r E[w_r^2], c = sum_{r!=s} E[w_r w_s],"
                        + " F(A) = E[x x^T A x x^T] (= 2 Sigma A Sigma + tr(A Sigma) Sigma for Gaussian x)"),
                sims);
    }

    @Override
    Evidence check(RegressionRun run) {
        RegressionPlan plan = run.plan();
        List<Simulations.Simulated> all = run.all();
        int k = 0;
        for (Simulations.Simulated s : all) {
            k += s.experiment().statistics();
        }
        double alpha = FalseAlarm.PER_CLAIM;
        double z = FalseAlarm.z(alpha, k + 1);
        List<StatisticCheck> stats = new ArrayList<>();
        PowerCheck.Strongest againstCross = new PowerCheck.Strongest("averaged-iterate risk without the cross moments E[e_i e_j^T], i != j: (1/(n+1)^2) sum_i E[f(theta_i) - f_*]");
        PowerCheck.Strongest againstFourth = new PowerCheck.Strongest("Gaussian fourth moment F(A) = 2 Sigma A Sigma + tr(A Sigma) Sigma used for the bounded design");
        long samples = 0;
        for (Simulations.Simulated s : all) {
            RiskCurves c = s.curves();
            samples += c.runs();
            RegressionProblem p = s.experiment().problem();
            int[] steps = s.experiment().checkpoints().steps();
            for (int a = 0; a < s.experiment().algorithms().size(); a++) {
                Algorithm alg = s.experiment().algorithms().get(a);
                double[] exact = s.exact().get(a);
                double[] noCross = ExactRisk.collect(ExactRisk.withoutCrossMoments(p, alg.moments(), s.experiment().eta()), steps);
                double[] gaussF = p.design() == Design.GAUSSIAN ? null
                        : ExactRisk.collect(ExactRisk.withFourthMomentOf(Design.GAUSSIAN, p, alg.moments(), s.experiment().eta()), steps);
                for (int j = 0; j < steps.length; j++) {
                    double se = c.standardError(a, j);
                    double tol = c.shapeCorrectedZ(z, a, j) * se + FalseAlarm.roundOff(4.0 * steps[j] * p.dimension(), exact[j]);
                    String name = "risk " + s.experiment().name() + " " + alg.id() + " n=" + steps[j];
                    StatisticCheck st = StatisticCheck.of(name, c.mean(a, j), se, exact[j], exact[j], tol);
                    stats.add(st);
                    againstCross.add(st, noCross[j]);
                    if (gaussF != null) {
                        againstFourth.add(st, gaussF[j]);
                    }
                }
            }
        }
        // the O(d) eigenbasis recursion against the O(d^3) dense recursion on a non-diagonal Sigma
        double denseGap = denseVersusDiagonal(plan);
        stats.add(StatisticCheck.of("max relative difference, O(d) eigenbasis vs O(d^3) dense recursion, Sigma_ij = 0.7^|i-j|, d=8, n<=2000",
                denseGap, 0, 0, 0, 1e-9));
        List<PowerCheck> power = new ArrayList<>();
        power.add(againstCross.result());
        if (againstFourth.any()) {
            power.add(againstFourth.result());
        }
        Map<String, Object> params = run.parameters();
        for (Simulations.Simulated s : all) {
            params.put("problem." + s.experiment().problem().name(), s.experiment().problem().describe());
        }
        params.put("comparisons", k);
        params.put("alpha", alpha);
        params.put("z", z);
        List<Series> series = new ArrayList<>();
        for (Simulations.Simulated s : all) {
            series.add(riskSeries(s, plan));
        }
        Evidence e = Decision.of(ref()).parameters(params).falseAlarmProbability(alpha).statistics(stats)
                .power(power).samples(samples).series(series).decide();
        return e.withDetail(k + " Monte Carlo comparisons (every algorithm and checkpoint), Bonferroni z=" + ClaimKit.fmt(z)
                + " (each shape-corrected, Cornish-Fisher); dense vs eigenbasis recursion differ by " + ClaimKit.fmt(denseGap));
    }

    private static double denseVersusDiagonal(RegressionPlan plan) {
        RegressionProblem ar1 = RegressionPlan.gaussianAr1();
        int d = ar1.dimension();
        DMatrixRMaj sigma = new DMatrixRMaj(d, d);
        double[] star = new double[d];
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                sigma.set(i, j, Math.pow(0.7, Math.abs(i - j)));
            }
            star[i] = (i % 2 == 0 ? 0.5 : -0.5);
        }
        double[] e0 = new double[d];
        for (int i = 0; i < d; i++) {
            e0[i] = -star[i];
        }
        WeightMoments w = WeightMoments.averaging(plan.b());
        double eta = 0.5 * StepSizeCondition.largestStep(BoundInputs.of(ar1.assumptions(), plan.b(), 1).kappa(),
                ar1.assumptions().lambda());
        ExactRisk diag = ExactRisk.of(ar1, w, eta);
        DenseExactRisk dense = new DenseExactRisk(sigma, e0, ar1.sigma2(), w, eta);
        double gap = Math.abs(diag.averagedRisk() - dense.averagedRisk()) / dense.averagedRisk();
        for (int n = 1; n <= 2000; n++) {
            diag.step();
            dense.step();
            gap = Math.max(gap, Math.abs(diag.averagedRisk() - dense.averagedRisk()) / dense.averagedRisk());
        }
        return gap;
    }

    /** Risk vs n (log-log): Monte Carlo means with 95% bands, exact curves, and both bounds. */
    static Series riskSeries(Simulations.Simulated s, RegressionPlan plan) {
        RiskCurves c = s.curves();
        int[] steps = s.experiment().checkpoints().steps();
        List<Series.Curve> curves = new ArrayList<>();
        List<Algorithm> algs = s.experiment().algorithms();
        for (int a = 0; a < algs.size(); a++) {
            List<double[]> pts = new ArrayList<>();
            for (int j = 0; j < steps.length; j++) {
                pts.add(Series.band(steps[j], c.mean(a, j), c.standardError(a, j)));
            }
            curves.add(new Series.Curve("Monte Carlo " + algs.get(a).label() + " (95% band)", pts));
        }
        for (int a = 0; a < algs.size(); a++) {
            Algorithm alg = algs.get(a);
            if (alg instanceof Algorithm.LargeBatchMsgd) {
                continue; // identical to SGD-b's exact curve
            }
            List<double[]> pts = new ArrayList<>();
            for (int j = 0; j < steps.length; j++) {
                pts.add(Series.point(steps[j], s.exact().get(a)[j]));
            }
            curves.add(new Series.Curve("exact " + alg.label() + (alg instanceof Algorithm.SmallBatchSgd ? " (= every MSGD)" : ""), pts));
        }
        RegressionProblem p = s.experiment().problem();
        BoundInputs in = BoundInputs.of(p.assumptions(), plan.b(), s.experiment().eta());
        for (Theorem1Bound bound : List.of(Theorem1Bound.printed(in), Theorem1Bound.rederived(in))) {
            List<double[]> pts = new ArrayList<>();
            for (int n : steps) {
                pts.add(Series.point(n, bound.value(n)));
            }
            curves.add(new Series.Curve("bound, " + bound.version().id() + " (b=" + plan.b() + ")", pts));
        }
        return new Series("thm1.risk." + s.experiment().name(),
                "Excess risk of the averaged iterate, " + p.name() + ", eta=" + s.experiment().eta() + ", sigma^2=" + p.sigma2(),
                "steps n", "E[f(bar theta_n)] - f(theta_*)", true, true, curves);
    }

}
