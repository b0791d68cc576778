package org.msgdlab.sde.claims;

import org.msgdlab.sde.fit.OrderFit;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.Verdict;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How a fitted order is written into the evidence. */
final class Fits {

    private Fits() {
    }

    static Map<String, Object> describe(OrderFit f, double tolerance) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("order", f.order());
        m.put("standard error (Monte Carlo, delta method)", f.standardError());
        m.put("95% CI", new double[] {f.order() - Series.BAND_Z * f.standardError(), f.order() + Series.BAND_Z * f.standardError()});
        m.put("tolerance at the claim's alpha", tolerance);
        m.put("model", "log e = a + p log eta + log(1 + rho eta), least squares profiled over rho (Hipparchus SimpleRegression)");
        m.put("a", f.intercept());
        m.put("rho", f.correction());
        m.put("steps used", f.usedSteps());
        m.put("range", f.note());
        m.put("max standardized residual", f.maxStandardizedResidual());
        m.put("naive slope of log e on log eta (Hipparchus SimpleRegression)", f.naiveOrder());
        m.put("naive slope 95% half-width (t, residual scatter)", f.naiveConfidence95());
        return m;
    }

    static String format(OrderFit f) {
        return String.format(java.util.Locale.ROOT, "%.3f ± %.3f (95%%)", f.order(), Series.BAND_Z * f.standardError());
    }

    /**
     * Why a check of {@code fit}'s order that disagrees with the claim is no FAIL, or null when it
     * is one: the fit's correction ρ sits at its bound, so its range may be pre-asymptotic and its
     * delta-method SE, which treats ρ as free, is too small. A disagreement measured with an SE that
     * is too small is no evidence against the claim; an agreement is (a larger SE only widens the
     * tolerance), so only the FAIL side is withheld.
     */
    static String unresolvedAtBound(String what, StatisticCheck check, OrderFit fit) {
        if (!fit.correctionAtBound() || check.agreesWithPaper()) {
            return null;
        }
        return String.format(java.util.Locale.ROOT, "%s: fitted order %.2f +- %.2f with rho at its bound on the %d smallest"
                + " steps fitted, plain log-log slope %.2f +- %.2f", what, fit.order(), fit.standardError(), fit.used(),
                fit.naiveOrder(), fit.naiveConfidence95());
    }

    /** The verdict the withheld FAILs of {@link #unresolvedAtBound} give, or {@code e} unchanged. */
    static Evidence withholdFail(Evidence e, List<String> unresolved) {
        if (e.verdict() != Verdict.FAIL || unresolved.isEmpty()) {
            return e;
        }
        return e.withVerdict(Verdict.INCONCLUSIVE, "the order fit is not resolved: " + String.join("; ", unresolved)
                + "; its range may be pre-asymptotic (smaller steps, the full budget, would decide)");
    }
}
