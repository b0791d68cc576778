package org.msgdlab.reports;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fixed, varied results file for report tests: every verdict, log–log series with asymmetric
 * bands and a non-positive point, error bars with an off-scale wrong formula, a fitted slope, a
 * study with no claims, formulas with sub- and superscripts.
 */
public final class ReportFixtures {

    private ReportFixtures() {
    }

    public static Results varied() {
        Provenance p = new Provenance(20200712L, "quick", "msgd verify --out fixture", "0123456789abcdef0123456789abcdef01234567",
                "2020-07-12T10:00:00Z", "2020-07-12T10:00:42Z", "17.0.15", "Linux amd64", 16,
                Map.of("msgd-lab", "0.1.0-SNAPSHOT", "hipparchus", "4.0.2"));

        StatisticCheck diag = StatisticCheck.of("Var[V]: diagonal mean of E[y_i^2]", 1.9001e-5, 2.1e-9, 1.9e-5, 1.9e-5, 1.2e-8);
        StatisticCheck off = StatisticCheck.of("Var[V]: off-diagonal mean of E[y_i y_j]", -1.91e-8, 3e-10, -1.9e-8, -1.9e-8, 1.7e-9);
        Evidence pass = Evidence.decide("prop1.without-replacement.covariance", "Proposition 1",
                "Mini-batch without replacement: Var[V_sgd] = (n-b)/(bn(n-1)) (I - 11^T/n)",
                params("n", 1000, "b", 50, "samples", 100000, "alpha", 1e-7), 1e-7, List.of(diag, off),
                List.of(new PowerCheck("the with-replacement formula 1/(bn) (I - 11^T/n)", diag.name(), 1.998e-5, true, 1.0)),
                org.msgdlab.core.claims.Discrepancy.none(), 100000, 0.4,
                List.of(convergence("prop1.without-replacement.covariance.convergence", 1.9e-5, 1.9e-5, 1.998e-5, 0.004)));

        StatisticCheck tr = StatisticCheck.of("tr Cov[upsilon]", 0.18723, 0.0004, 0.19709, 0.18742, 0.0021);
        Evidence approx = Evidence.decide("sgd-cov.without-replacement.simulated", "Eq. (sgd-cov), Section 2",
                "The SGD gradient noise grad L V_sgd has covariance C = (1/b)(F - g g^T)",
                params("d", 10, "n", 1000, "b", 50, "samples", 50000), 1e-7, List.of(tr),
                List.of(new PowerCheck("C = F/b (the Fisher in place of the covariance)", tr.name(), 0.4023, true, 1.0),
                        new PowerCheck("the paper's formula (power to resolve the exact gap from noise)", tr.name(), 0.19709, true, 0.9993)),
                org.msgdlab.core.claims.Discrepancy.vanishing("factor (n-b)/(n-1) = 0.9510 -> 1 as n -> infinity with b fixed"),
                50000, 0.9, List.of(convergenceWithExact("sgd-cov.without-replacement.simulated.convergence", 0.18742, 0.19709, 0.18742, 0.4023)));

        StatisticCheck gap = StatisticCheck.of("E||u_C - u_F||^2 / E||u_F||^2 at ||g||^2/tr F = 0.8986", 0.8843, 0.0088, 0.0, 0.8986, 0.049);
        Evidence fail = Evidence.decide("fisher-vs-cov.gradient-noise", "Section 4.2",
                "upsilon_C ~ upsilon_F, and the equivalence holds no matter where the parameter theta is",
                params("states (alignment ||g||^2/tr F)", "[0.011952264147024489, 0.8986430305460551]"), 1e-7, List.of(gap),
                List.of(new PowerCheck("relative gap 1/n, as for the sampling noises", gap.name(), 0.001, true, 1.0)),
                org.msgdlab.core.claims.Discrepancy.persistent("E||u_C - u_F||^2 / E||u_F||^2 = ||g||^2 / tr F, independent of n"),
                20000, 1.5, List.of());

        Evidence weakPass = Evidence.decide("bernoulli.covariance", "Section 4.3",
                "MSGD-Bernoulli: Var[V_B] = (n-b)/(bn^2) I", params("n", 1000, "b", 50), 1e-7,
                List.of(StatisticCheck.of("Var[V]: diagonal mean of E[y_i^2]", 1.902e-5, 1e-8, 1.9e-5, 1.9e-5, 5.5e-8)),
                List.of(new PowerCheck("diag of the with-replacement Var[V'_sgd], (n-1)/(bn^2) I", "Var[V]: diagonal mean of E[y_i^2]",
                        1.998e-5, false, 0.42)),
                org.msgdlab.core.claims.Discrepancy.none(), 1000, 0.1, List.of());

        Evidence error = Evidence.error("sparse-fisher.as-printed.covariance", "Section 4.4",
                "MSGD-[Fisher-B]: V_F' = sqrt(B/b) V_sgd(B) (.) eps has Var[V_F'] = Var[V_sgd(b)]",
                "java.lang.IllegalStateException: boom (at Foo.bar(Foo.java:1))", 0.01);
        Evidence notRun = Evidence.notRun("thm1.sampling-vector.gaussian.moments", "Theorem 1",
                "Var[W] = (B-b)/(bB(B-1)) (I - 11^T/B)", "not run: the run was interrupted before this claim finished");

        StatisticCheck risk = StatisticCheck.of("excess risk at n = 4096", 2.15e-3, 4e-5, 2.1e-3, 2.1e-3, 2.2e-4);
        Evidence bound = Evidence.decide("thm1.excess-risk.bound", "Theorem 1",
                "E[L(w_T)] - L(w*) <= C (sigma^2 d / (n eta)) with eta <= 1/(2 tr H)",
                params("d", 20, "eta", 0.01, "n", "[64 … 4096]"), 1e-7, List.of(risk),
                List.of(new PowerCheck("the bound without the factor d", risk.name(), 1.2e-4, true, 1.0)),
                org.msgdlab.core.claims.Discrepancy.none(), 4096, 3.2, List.of(riskVsN(), strongError()));

        return new Results(p, List.of(
                new StudyResult("theory.sampling-noise", "Sampling noises and gradient noise", "Sections 2 and 4",
                        List.of(pass, approx, fail, weakPass, error, notRun)),
                new StudyResult("regression.theorem1", "Theorem 1: large-batch MSGD vs small-batch SGD", "Theorem 1, Section 5",
                        List.of(bound)),
                new StudyResult("deep.pending", "Deep experiments", "Section 6", List.of())));
    }

    private static Map<String, Object> params(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private static double[] pt(double x, double y, double lo, double hi) {
        return new double[] {x, y, lo, hi};
    }

    /** Estimates with symmetric error bars over a log-spaced budget, the paper's value and a wrong one. */
    private static Series convergence(String id, double truth, double paper, double wrong, double relWidth) {
        List<double[]> est = new ArrayList<>();
        for (int k = 0; k < 7; k++) {
            double m = 781 * Math.pow(2, k);
            double half = truth * relWidth * Math.sqrt(781 / m) * 4;
            double y = truth * (1 + relWidth * Math.sin(k) / (k + 1));
            est.add(pt(m, y, y - half, y + half));
        }
        return new Series(id, "Var[V]: diagonal mean of E[y_i^2] vs Monte Carlo samples", "Monte Carlo samples",
                "Var[V]: diagonal mean of E[y_i^2]", true, false, List.of(
                new Series.Curve("estimate ± tolerance", est),
                new Series.Curve("paper", List.of(pt(781, paper, paper, paper), pt(49984, paper, paper, paper))),
                new Series.Curve("wrong: the with-replacement formula 1/(bn) (I - 11^T/n)",
                        List.of(pt(781, wrong, wrong, wrong), pt(49984, wrong, wrong, wrong)))));
    }

    private static Series convergenceWithExact(String id, double truth, double paper, double exact, double wrong) {
        Series s = convergence(id, truth, paper, wrong, 0.02);
        List<Series.Curve> curves = new ArrayList<>(s.curves());
        curves.add(2, new Series.Curve("exact (derived)", List.of(pt(781, exact, exact, exact), pt(49984, exact, exact, exact))));
        return new Series(id, "tr Cov[upsilon] vs Monte Carlo samples", s.xLabel(), "tr Cov[upsilon]", true, false, curves);
    }

    /** Excess risk vs n, log–log, two methods with asymmetric bands over many points, a bound, one point at 0. */
    private static Series riskVsN() {
        List<double[]> sgd = new ArrayList<>();
        List<double[]> msgd = new ArrayList<>();
        List<double[]> bound = new ArrayList<>();
        for (int k = 0; k <= 30; k++) {
            double n = 64 * Math.pow(2, k / 5.0);
            double r = 0.12 / n * (1 + 0.05 * Math.cos(k));
            sgd.add(pt(n, r, r * 0.8, r * 1.3));
            double q = 0.118 / n * (1 + 0.05 * Math.sin(k));
            msgd.add(pt(n, q, q * 0.85, q * 1.2));
            bound.add(pt(n, 0.5 / n, 0.5 / n, 0.5 / n));
        }
        msgd.add(pt(0, 1e-3, 1e-3, 1e-3)); // not showable on a log axis
        return new Series("thm1.excess-risk.vs-n", "Excess risk vs n (log–log)", "training samples n", "excess risk E[L(w_T)] - L(w*)",
                true, true, List.of(new Series.Curve("SGD, b = 8", sgd), new Series.Curve("MSGD-Cov, B = 64", msgd),
                new Series.Curve("bound of Theorem 1", bound)));
    }

    /** Strong error vs step size with a fitted slope and a reference slope. */
    private static Series strongError() {
        List<double[]> err = new ArrayList<>();
        List<double[]> fit = new ArrayList<>();
        List<double[]> ref = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            double eta = 0.2 / Math.pow(2, k);
            double e = 0.3 * Math.sqrt(eta) * (1 + 0.03 * k);
            err.add(pt(eta, e, e * 0.9, e * 1.1));
            fit.add(pt(eta, 0.31 * Math.pow(eta, 0.51), 0.31 * Math.pow(eta, 0.51), 0.31 * Math.pow(eta, 0.51)));
            ref.add(pt(eta, 0.25 * Math.pow(eta, 0.5), 0.25 * Math.pow(eta, 0.5), 0.25 * Math.pow(eta, 0.5)));
        }
        return new Series("sde.strong-error.vs-eta", "Strong error vs eta", "step size eta", "strong error E|X_T - Y_T|",
                true, true, List.of(new Series.Curve("Gaussian MSGD vs SDE", err), new Series.Curve("fitted slope 0.51", fit),
                new Series.Curve("reference slope 1/2", ref)));
    }
}
