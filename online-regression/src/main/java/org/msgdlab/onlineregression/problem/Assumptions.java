package org.msgdlab.onlineregression.problem;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The constants of assumptions (A1)-(A3) of Section 3 actually in force for a problem, and the
 * initial-condition quantities the bound of Theorem 1 uses. Immutable and thread-safe.
 *
 * @param d                 dimension
 * @param r2                the smallest R^2 with {@code E[||x||^2 x x^T] <= R^2 Sigma} (A1)
 * @param sigma2            sigma^2 with {@code E[epsilon^2 x x^T] = sigma^2 Sigma} (A2, with equality)
 * @param lambda            the smallest lambda with {@code Sigma <= lambda I} (A3): lambda_max(Sigma)
 * @param lambdaMin         lambda_min(Sigma)
 * @param trace             tr(Sigma)
 * @param initialDistance   {@code (theta_0 - theta_*)^T Sigma^{-1} (theta_0 - theta_*)}
 * @param initialRisk       {@code f(theta_0) - f(theta_*) = 1/2 ||Sigma^{1/2}(theta_0 - theta_*)||^2}
 */
public record Assumptions(int d, double r2, double sigma2, double lambda, double lambdaMin, double trace,
                          double initialDistance, double initialRisk) {

    /**
     * The constants as evidence parameters, keyed {@code d, R2, sigma2, lambda, lambdaMin,
     * traceSigma, e0SigmaInvE0, initialExcessRisk}.
     *
     * @return a new insertion-ordered map
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("d", d);
        m.put("R2", r2);
        m.put("sigma2", sigma2);
        m.put("lambda", lambda);
        m.put("lambdaMin", lambdaMin);
        m.put("traceSigma", trace);
        m.put("e0SigmaInvE0", initialDistance);
        m.put("initialExcessRisk", initialRisk);
        return m;
    }
}
