package org.msgdlab.sde.claims;

import org.msgdlab.core.claims.Decision;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.sde.fit.OrderFit;
import org.msgdlab.sde.path.SamplePath;
import org.msgdlab.sde.path.StrongErrorRun;
import org.msgdlab.sde.path.StrongSetup;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.ClaimWithRef;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strong-order claim: the mean-square error between an iteration and its SDE, on the same
 * Brownian path, fitted against η on log–log (see {@link OrderFit}). Two statistics, the fitted
 * orders of the terminal error {@code E|Θ_T - θ_{T/η}|^2} and of {@code sup_k E|Θ_{kη} - θ_k|^2},
 * each compared with {@code expectedOrder} at the tolerance {@code z SE}, z for the false-alarm
 * probability {@link FalseAlarm#PER_CLAIM} shared by the two (Bonferroni); the same fits are
 * compared with {@code wrongOrder} (power).
 *
 * <p>The Euler–Maruyama reference must be converged: halving its step η/2^(mMax-1) → η/2^mMax
 * must change each error by less than that error's standard error. The smallest steps that fail
 * this are left out of the fits and named (see {@link StrongAnalysis}); if a larger step fails it,
 * or fewer than four steps remain, the evidence is an ERROR (the harness, not the paper, is at
 * fault) that says by how much.
 *
 * <p>Immutable and thread-safe.
 *
 * <p>Declared through {@link #builder}: the orders and the texts named where they are given.
 *
 * @param ref           the claim's id, paper reference and statement
 * @param quick         the experiment at the quick budget
 * @param full          the experiment at the full budget
 * @param expected      order of the mean-square error that the claim asserts (2 for the theorem), and where it
 *                      comes from, for the evidence
 * @param wrong         a plausible wrong order the check must be able to reject, and its formula in words
 * @param discrepancy   what is known about the gap between the paper's and the exact statement
 * @param iterationName the iteration's name in figures
 * @param note          what the evidence should say about the set-up (may be empty)
 */
public record StrongOrderClaim(ClaimRef ref, StrongSetup quick, StrongSetup full, Order expected, Order wrong,
                               Discrepancy discrepancy, String iterationName, String note) implements ClaimWithRef {

    /**
     * An order of the mean-square error in η, with what it is in words. Immutable.
     *
     * @param order the exponent: E|error|^2 = O(η^order)
     * @param says  where the order comes from (the expected one) or the formula it stands for (the wrong one)
     */
    public record Order(double order, String says) {
        /** Requires a finite order and a text. */
        public Order {
            if (!Double.isFinite(order)) {
                throw new IllegalArgumentException("order=" + order + " must be finite");
            }
            java.util.Objects.requireNonNull(says, "says");
        }
    }

    /** Requires every part; {@code note} may be empty. */
    public StrongOrderClaim {
        java.util.Objects.requireNonNull(ref, "ref");
        java.util.Objects.requireNonNull(quick, "quick");
        java.util.Objects.requireNonNull(full, "full");
        java.util.Objects.requireNonNull(expected, "expected");
        java.util.Objects.requireNonNull(wrong, "wrong");
        java.util.Objects.requireNonNull(discrepancy, "discrepancy");
        java.util.Objects.requireNonNull(iterationName, "iterationName");
        java.util.Objects.requireNonNull(note, "note");
    }

    /**
     * Starts a strong-order claim: no discrepancy and no note unless given.
     *
     * @param ref   the claim's id, paper reference and statement
     * @param quick the experiment at the quick budget
     * @param full  the experiment at the full budget
     * @return the builder
     */
    public static Builder builder(ClaimRef ref, StrongSetup quick, StrongSetup full) {
        return new Builder(ref, quick, full);
    }

    /** Builds a {@link StrongOrderClaim}, each part named where it is given. Not thread-safe. */
    public static final class Builder {
        private final ClaimRef ref;
        private final StrongSetup quick;
        private final StrongSetup full;
        private Order expected;
        private Order wrong;
        private Discrepancy discrepancy = Discrepancy.none();
        private String iterationName;
        private String note = "";

        private Builder(ClaimRef ref, StrongSetup quick, StrongSetup full) {
            this.ref = ref;
            this.quick = quick;
            this.full = full;
        }

        /**
         * @param order  the order the claim asserts
         * @param source where it comes from
         * @return this builder
         */
        public Builder expected(double order, String source) {
            this.expected = new Order(order, source);
            return this;
        }

        /**
         * @param order   a plausible wrong order the check must reject
         * @param formula the wrong formula, in words
         * @return this builder
         */
        public Builder wrong(double order, String formula) {
            this.wrong = new Order(order, formula);
            return this;
        }

        /**
         * @param d what is known about the gap between the paper's and the exact statement
         * @return this builder
         */
        public Builder discrepancy(Discrepancy d) {
            this.discrepancy = d;
            return this;
        }

        /**
         * @param name the iteration's name in figures
         * @return this builder
         */
        public Builder iterationName(String name) {
            this.iterationName = name;
            return this;
        }

        /**
         * @param text what the evidence should say about the set-up
         * @return this builder
         */
        public Builder note(String text) {
            this.note = text;
            return this;
        }

        /**
         * @return the claim
         * @throws NullPointerException when the expected or the wrong order, or the iteration's name, was not given
         */
        public StrongOrderClaim build() {
            return new StrongOrderClaim(ref, quick, full, java.util.Objects.requireNonNull(expected, "expected order"),
                    java.util.Objects.requireNonNull(wrong, "wrong order"), discrepancy,
                    java.util.Objects.requireNonNull(iterationName, "iterationName"), note);
        }
    }

    /**
     * The experiment of a budget.
     *
     * @param budget the budget
     * @return {@code quick} at {@code QUICK}, {@code full} otherwise
     */
    public StrongSetup setup(Budget budget) {
        return budget.pick(quick, full);
    }

    @Override
    public Evidence check(CheckContext context) {
        Budget budget = context.budget();
        long seed = context.seed(); // recorded in the evidence; the draws come from the context's streams
        StrongSetup s = setup(budget);
        long runSeed = context.seedFor(id());
        StrongAnalysis a = new StrongAnalysis(StrongErrorRun.run(s, runSeed));
        double alpha = FalseAlarm.PER_CLAIM;
        double z = FalseAlarm.z(alpha, 2);
        OrderFit t = a.terminalFit;
        OrderFit u = a.supFit;
        String tName = "fitted order of E|Theta_T - theta_{T/eta}|^2";
        String uName = "fitted order of sup_k E|Theta_{k eta} - theta_k|^2";
        List<StatisticCheck> stats = List.of(
                StatisticCheck.of(tName, t.order(), t.standardError(), expected.order(), expected.order(), z * t.standardError()),
                StatisticCheck.of(uName, u.order(), u.standardError(), expected.order(), expected.order(), z * u.standardError()));
        boolean rejected = stats.stream().anyMatch(c -> c.rejects(wrong.order()));
        int best = FalseAlarm.power(expected.order(), wrong.order(), t.standardError(), z * t.standardError())
                >= FalseAlarm.power(expected.order(), wrong.order(), u.standardError(), z * u.standardError()) ? 0 : 1;
        StatisticCheck b = stats.get(best);
        List<PowerCheck> power = List.of(new PowerCheck(wrong.says(), b.name(), wrong.order(), rejected,
                FalseAlarm.power(expected.order(), wrong.order(), b.standardError(), b.tolerance())));

        Map<String, Object> p = new LinkedHashMap<>(s.parameters());
        p.put("seed", seed);
        p.put("alpha", alpha);
        p.put("z", z);
        p.put("expected order (mean-square error)", expected.order() + " : " + expected.says());
        p.put("per step size", a.table());
        p.put("reference converged (halving change < SE for every eta fitted)", a.referenceConverged);
        p.put("largest halving change in SE units", a.worstChangeInSe);
        p.put("steps left out of the fits (their reference changes by >= 1 SE on halving)",
                a.excludedSteps.isEmpty() ? "none" : a.excludedSteps.toString());
        p.put("fit: terminal", Fits.describe(t, z * t.standardError()));
        p.put("fit: sup_k", Fits.describe(u, z * u.standardError()));
        if (a.biasFit != null) {
            p.put("fit: mean part |E e_T|^2 (information)", Fits.describe(a.biasFit, z * a.biasFit.standardError()));
        }
        if (a.fluctuationFit != null) {
            p.put("fit: fluctuation part tr Cov e_T (information)", Fits.describe(a.fluctuationFit,
                    z * a.fluctuationFit.standardError()));
        }
        if (a.biasFit != null && a.fluctuationFit != null) {
            p.put("reading", String.format(java.util.Locale.ROOT,
                    "E|e|^2 = |E e|^2 + tr Cov e: the mean part has order %s and the fluctuation part order %s;"
                            + " the smaller order sets the asymptotic rate of the mean-square error, the larger one only"
                            + " bends the curve at large eta", Fits.format(a.biasFit), Fits.format(a.fluctuationFit)));
        }
        if (!note.isEmpty()) {
            p.put("note", note);
        }
        List<Series> series = series(s, a, runSeed);
        long samples = (long) s.paths();
        Evidence e = Decision.of(ClaimRef.of(this)).parameters(p).falseAlarmProbability(alpha).statistics(stats)
                .power(power).discrepancy(discrepancy).samples(samples).series(series).decide();
        if (a.referenceConverged) {
            List<String> unresolved = new java.util.ArrayList<>();
            for (String why : new String[] {Fits.unresolvedAtBound("terminal", stats.get(0), t),
                    Fits.unresolvedAtBound("sup_k", stats.get(1), u)}) {
                if (why != null) {
                    unresolved.add(why);
                }
            }
            e = Fits.withholdFail(e, unresolved);
        }
        if (!a.referenceConverged) {
            String why = String.format(java.util.Locale.ROOT,
                    "reference not converged: halving the Euler-Maruyama step eta/2^%d -> eta/2^%d changes an error by %.2f"
                            + " standard errors (rule: < 1) at a step other than the smallest ones, or at all but fewer than %d"
                            + " steps; raise the refinement m", s.refinement() - 1, s.refinement(),
                    a.worstChangeInSe, StrongAnalysis.MIN_FIT_POINTS);
            return e.withVerdict(Verdict.ERROR, why);
        }
        return e;
    }

    private List<Series> series(StrongSetup s, StrongAnalysis a, long runSeed) {
        int jn = s.stepSizes();
        double[] x = s.etas();
        double[] term = new double[jn];
        double[] termSe = new double[jn];
        double[] sup = new double[jn];
        double[] supSe = new double[jn];
        double[] bias = new double[jn];
        double[] biasSe = new double[jn];
        double[] fl = new double[jn];
        for (int j = 0; j < jn; j++) {
            StrongAnalysis.Row r = a.rows.get(j);
            term[j] = r.terminal();
            termSe[j] = r.terminalSe();
            sup[j] = r.sup();
            supSe[j] = r.supSe();
            bias[j] = r.bias2();
            biasSe[j] = r.bias2Se();
            fl[j] = r.fluctuation();
        }
        List<Series.Curve> c = new ArrayList<>();
        c.add(Figures.measured("E|Theta_T - theta_K|^2", x, term, termSe));
        c.add(Figures.measured("sup_k E|Theta_k.eta - theta_k|^2", x, sup, supSe));
        c.add(Figures.fitted("fit (terminal)", a.terminalFit));
        if (a.biasFit != null) {
            c.add(Figures.measured("mean part |E e_T|^2", x, bias, biasSe));
        }
        if (a.fluctuationFit != null) {
            c.add(Figures.measured("fluctuation part tr Cov e_T", x, fl, new double[jn]));
        }
        c.add(Figures.slope(expected.order(), x, term));
        c.add(Figures.slope(wrong.order(), x, term));
        List<Series> out = new ArrayList<>();
        out.add(Figures.logLog(id() + ".error-vs-eta", "mean-square error vs eta (" + iterationName + " vs its SDE)",
                "mean-square error", c));
        List<Series.Curve> conv = new ArrayList<>();
        for (int j = 0; j < jn; j++) {
            StrongAnalysis.Row r = a.rows.get(j);
            List<double[]> pts = new ArrayList<>();
            double last = r.terminalByLevel()[r.terminalByLevel().length - 1];
            for (int m = 1; m <= r.terminalByLevel().length; m++) {
                double y = r.terminalByLevel()[m - 1] / last;
                double se = r.terminalSeByLevel()[m - 1] / last;
                pts.add(new double[] {m, y, y - se, y + se});
            }
            conv.add(new Series.Curve(String.format(java.util.Locale.ROOT, "eta=%.4g", x[j]), pts));
        }
        out.add(new Series(id() + ".reference-convergence",
                "terminal error with the reference at eta/2^m, relative to m = mMax (band: ± 1 SE)",
                "reference refinement m", "error / error at mMax", false, false, conv));
        out.add(Figures.samplePath(id() + ".sample-path", SamplePath.record(s, 0, runSeed), iterationName,
                "SDE reference (Euler-Maruyama, eta/2^" + s.refinement() + ")"));
        return out;
    }
}
