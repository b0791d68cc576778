package org.msgdlab.sde.claims;

import org.msgdlab.sde.fit.OrderFit;

import java.util.LinkedHashMap;
import java.util.Map;

/** How a fitted order is written into the evidence. */
final class Fits {

    private Fits() {
    }

    static Map<String, Object> describe(OrderFit f, double tolerance) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("order", f.order());
        m.put("standard error (Monte Carlo, delta method)", f.standardError());
        m.put("95% CI", new double[] {f.order() - 1.96 * f.standardError(), f.order() + 1.96 * f.standardError()});
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
        return String.format(java.util.Locale.ROOT, "%.3f ± %.3f (95%%)", f.order(), 1.96 * f.standardError());
    }
}
