package org.msgdlab.sde.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.sde.fit.OrderFit;
import org.msgdlab.sde.fit.Sample;
import org.msgdlab.sde.path.Diffusion;
import org.msgdlab.sde.path.TestFunction;
import org.msgdlab.sde.path.WeakErrorRun;
import org.msgdlab.sde.path.WeakSetup;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The weak error of a noisy gradient iteration with sampling noise V (SGD, MSGD-Fisher,
 * MSGD-Bernoulli, Gaussian MSGD; the noises of {@code theory}) against its SDE
 * {@code dΘ = -∇L dt + √η ∇ℒ Var[V]^{1/2} dW}:
 * <pre>
 *   w_φ(η) = E φ(θ_{T/η}) - E φ(Θ_T),   fitted order p_φ, expected 1 (first-order weak approximation).
 * </pre>
 * SGD has no path-wise coupling with a Brownian motion, so the two expectations are estimated from
 * independent paths; both with the control variate of
 * {@link org.msgdlab.sde.path.LinearResponse} (unbiased). Two statistics (φ = L, φ = |θ|^2) share
 * the false-alarm probability. The reference is converged when its Richardson value moves by less
 * than the weak error's standard error from level mRef-1 to mRef; the smallest steps that fail this
 * are left out of the fit and named, and the evidence is an ERROR only when a larger step fails it
 * or fewer than four steps remain.
 *
 * <p>A fitted order that disagrees with 1 while the fit's correction ρ sits at its bound is not a
 * FAIL but INCONCLUSIVE: the fit's standard error treats ρ as free and is too small there (seen:
 * orders 0.49 and 0.45 ± 0.1 for SGD at two seeds of 31, where the plain slope of the same errors
 * is 0.87–1.02). An agreement under the same condition stays a PASS: a larger SE only widens the tolerance.
 *
 * <p>Thread-safe: the shared reference runs are synchronized.
 *
 * @param id         the claim's id
 * @param noise      the sampling noise V
 * @param quick      the set-up at the quick budget
 * @param full       the set-up at the full budget
 * @param references the reference runs, shared by claims of the same set-ups
 */
public record WeakOrderClaim(String id, SamplingNoise noise, WeakSetup quick, WeakSetup full, WeakReferences references)
        implements Claim {

    /** Fewest steps a weak-order fit keeps. */
    static final int MIN_FIT_POINTS = 4;

    /** The seed name of the shared reference runs. */
    static final String REFERENCE_STREAM = "sde.weak.reference";

    @Override
    public String paperRef() {
        return "Appendix B, Eq. (sde); Section 2.3 Eq. (msgd) with the noise " + noise.paperName();
    }

    @Override
    public String statement() {
        return noise.paperName() + " theta_{k+1} = theta_k - eta grad L(theta_k)(1/N + V) is a first-order weak approximation of"
                + " dTheta = -grad L dt + sqrt(eta) grad L Var[V]^(1/2) dW: |E phi(theta_k) - E phi(Theta_{k eta})| = O(eta)"
                + " for phi = L and |theta|^2";
    }

    @Override
    public Evidence check(CheckContext context) {
        Budget budget = context.budget();
        long seed = context.seed(); // recorded in the evidence; the draws come from the context's streams
        WeakSetup s = budget.pick(quick, full);
        Diffusion diffusion = Diffusion.matching(noise);
        double[][] disc = WeakErrorRun.discrete(s, noise, context.seedFor(id));
        double[][] ref = references.get(s, diffusion, context.seedFor(REFERENCE_STREAM));
        List<TestFunction> phis = s.testFunctions();
        int f = phis.size();
        int jn = s.stepSizes();
        double alpha = FalseAlarm.PER_CLAIM;
        double z = FalseAlarm.z(alpha, f);
        List<StatisticCheck> stats = new ArrayList<>();
        List<PowerCheck> power = new ArrayList<>();
        Map<String, Object> p = new LinkedHashMap<>(s.parameters());
        p.put("noise", noise.paperName() + ": " + noise.formula());
        p.put("Var[V]", noise.covariance().toString());
        p.put("SDE", diffusion.formula());
        p.put("seed", seed);
        p.put("alpha", alpha);
        p.put("z", z);
        List<Series> series = new ArrayList<>();
        List<String> boundedFailures = new ArrayList<>();
        List<String> excluded = new ArrayList<>();
        boolean converged = true;
        double worst = 0;
        for (int q = 0; q < f; q++) {
            double[] w = new double[jn];
            double[] se = new double[jn];
            double[][] dCols = new double[jn][];
            double[][] rCols = new double[jn][];
            List<Map<String, Object>> rows = new ArrayList<>();
            double[] changeAt = new double[jn];
            boolean sameSign = true;
            for (int j = 0; j < jn; j++) {
                double[] d = column(disc, j * f + q);
                double[] r0 = column(ref, (j * f + q) * 3);
                double[] r1 = column(ref, (j * f + q) * 3 + 1);
                double[] r2 = column(ref, (j * f + q) * 3 + 2);
                double[] rich = new double[r2.length];
                double[] richBelow = new double[r2.length];
                for (int i = 0; i < r2.length; i++) {
                    rich[i] = 2 * r2[i] - r1[i];
                    richBelow[i] = 2 * r1[i] - r0[i];
                }
                w[j] = Sample.mean(d) - Sample.mean(rich);
                se[j] = Math.sqrt(Sample.variance(d) / d.length + Sample.variance(rich) / rich.length);
                double change = Math.abs(Sample.mean(rich) - Sample.mean(richBelow)) / se[j];
                changeAt[j] = change;
                sameSign &= Math.signum(w[j]) == Math.signum(w[0]);
                dCols[j] = d;
                rCols[j] = rich;
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("eta", s.eta(j));
                row.put("E phi(theta_K) (discrete)", Sample.mean(d));
                row.put("E phi(Theta_T) (reference, Richardson)", Sample.mean(rich));
                row.put("weak error", w[j]);
                row.put("SE", se[j]);
                row.put("discrete paths", d.length);
                row.put("reference paths", rich.length);
                row.put("reference change from level mRef-1 to mRef, in SE", change);
                rows.add(row);
            }
            double[] abs = new double[jn];
            for (int j = 0; j < jn; j++) {
                abs[j] = Math.max(Math.abs(w[j]), Double.MIN_NORMAL);
            }
            // The smallest steps whose reference moves by >= 1 SE are left out of the fit (as in StrongAnalysis:
            // the reference's bias relative to the weak error grows as eta shrinks); ERROR only when a larger
            // step fails the rule or fewer than 4 steps remain.
            int kept = jn;
            while (kept > 0 && changeAt[kept - 1] >= 1) {
                kept--;
            }
            for (int j = kept; j < jn; j++) {
                excluded.add(phis.get(q).name() + ": eta " + s.eta(j));
            }
            if (kept < MIN_FIT_POINTS) {
                converged = false;
                kept = jn;
            }
            for (int j = 0; j < (converged ? kept : jn); j++) {
                worst = Math.max(worst, changeAt[j]);
            }
            double[][] cov = Sample.plus(Sample.covarianceOfMeans(java.util.Arrays.copyOf(dCols, kept)),
                    Sample.covarianceOfMeans(java.util.Arrays.copyOf(rCols, kept)));
            OrderFit fit = OrderFit.fit(java.util.Arrays.copyOf(s.etas(), kept), java.util.Arrays.copyOf(abs, kept), cov, 4);
            String name = "fitted weak order for phi = " + phis.get(q).name();
            StatisticCheck c = StatisticCheck.of(name, fit.order(), fit.standardError(), 1.0, 1.0, z * fit.standardError());
            stats.add(c);
            String unresolved = Fits.unresolvedAtBound("phi = " + phis.get(q).name(), c, fit);
            if (unresolved != null) {
                boundedFailures.add(unresolved);
            }
            power.add(new PowerCheck("weak order 2 (the order of the SDE with the correction drift -(eta/4) grad|grad L|^2,"
                    + " Li, Tai & E 2017)", name, 2.0, c.rejects(2.0), FalseAlarm.power(1.0, 2.0, c.standardError(), c.tolerance())));
            p.put("phi = " + phis.get(q).name() + ": per step size", rows);
            p.put("phi = " + phis.get(q).name() + ": weak error has one sign for every eta", sameSign);
            p.put("phi = " + phis.get(q).name() + ": fit", Fits.describe(fit, z * fit.standardError()));
            List<Series.Curve> curves = new ArrayList<>();
            curves.add(Figures.measured("|E phi(theta_K) - E phi(Theta_T)|", s.etas(), abs, se));
            curves.add(Figures.fitted("fit", fit));
            curves.add(Figures.slope(1, s.etas(), abs));
            curves.add(Figures.slope(2, s.etas(), abs));
            series.add(Figures.logLog(id + ".weak-error-" + (q == 0 ? "loss" : "norm"), noise.paperName()
                    + ": weak error for phi = " + phis.get(q).name(), "|weak error|", curves));
        }
        p.put("reference converged (Richardson change < SE for every eta and phi fitted)", converged);
        p.put("steps left out of the fits (their reference moves by >= 1 SE)", excluded.isEmpty() ? "none" : excluded.toString());
        p.put("largest reference change in SE units", worst);
        Evidence e = Decision.of(ClaimRef.of(this)).parameters(p).falseAlarmProbability(alpha).statistics(stats)
                .power(power).samples((long) s.discretePaths() + s.referencePaths()).series(series).decide();
        if (converged) {
            e = Fits.withholdFail(e, boundedFailures);
        }
        if (!converged) {
            return e.withVerdict(Verdict.ERROR, String.format(java.util.Locale.ROOT,
                    "reference not converged: its Richardson value moves by %.2f standard errors from level mRef-1 to mRef"
                            + " (rule: < 1)", worst));
        }
        return e;
    }

    private static double[] column(double[][] m, int c) {
        double[] v = new double[m.length];
        for (int i = 0; i < m.length; i++) {
            v[i] = m[i][c];
        }
        return v;
    }
}
