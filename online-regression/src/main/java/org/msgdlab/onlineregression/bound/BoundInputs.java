package org.msgdlab.onlineregression.bound;

import org.msgdlab.onlineregression.problem.Assumptions;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the constants C1, C2 of Theorem 1 are functions of: {@code (b, eta, R^2, sigma^2, lambda, d,
 * (theta_0-theta_*)^T Sigma^{-1} (theta_0-theta_*))}. The large batch B is deliberately absent.
 * (The theorem's statement lists b, eta, R, sigma, lambda and theta_0; its last display also has d
 * and, through {@code Sigma^{-1}}, the problem's spectrum.) Immutable and thread-safe.
 *
 * @param b                small batch size, {@code >= 1}
 * @param eta              step size, finite and {@code > 0}
 * @param r2               R^2 of (A1), {@code > 0}
 * @param sigma2           sigma^2 of (A2), {@code >= 0}
 * @param lambda           lambda of (A3), {@code > 0}
 * @param d                dimension, {@code >= 1}
 * @param initialDistance  {@code (theta_0-theta_*)^T Sigma^{-1} (theta_0-theta_*)}, {@code >= 0}
 */
public record BoundInputs(int b, double eta, double r2, double sigma2, double lambda, int d, double initialDistance) {

    /**
     * Validates the inputs.
     *
     * @param b               small batch size
     * @param eta             step size
     * @param r2              R^2 of (A1)
     * @param sigma2          sigma^2 of (A2)
     * @param lambda          lambda of (A3)
     * @param d               dimension
     * @param initialDistance {@code (theta_0-theta_*)^T Sigma^{-1} (theta_0-theta_*)}
     * @throws IllegalArgumentException unless {@code b >= 1}, {@code d >= 1}, eta, R^2 and lambda are
     *                                  finite and &gt; 0, and sigma^2 and the initial distance are
     *                                  finite and &ge; 0
     */
    public BoundInputs {
        if (b < 1) {
            throw new IllegalArgumentException("small batch size b=" + b + " must be >= 1");
        }
        if (!(eta > 0) || !Double.isFinite(eta)) {
            throw new IllegalArgumentException("step size eta=" + eta + " must be finite and > 0");
        }
        if (!(r2 > 0) || !Double.isFinite(r2)) {
            throw new IllegalArgumentException("R^2=" + r2 + " must be finite and > 0");
        }
        if (!(sigma2 >= 0) || !Double.isFinite(sigma2)) {
            throw new IllegalArgumentException("noise variance sigma^2=" + sigma2 + " must be finite and >= 0");
        }
        if (!(lambda > 0) || !Double.isFinite(lambda)) {
            throw new IllegalArgumentException("lambda=" + lambda + " must be finite and > 0");
        }
        if (d < 1) {
            throw new IllegalArgumentException("dimension d=" + d + " must be >= 1");
        }
        if (!(initialDistance >= 0) || !Double.isFinite(initialDistance)) {
            throw new IllegalArgumentException("(theta_0-theta_*)^T Sigma^-1 (theta_0-theta_*)=" + initialDistance + " must be finite and >= 0");
        }
    }

    /**
     * The inputs in force for a problem, at small batch b and step eta.
     *
     * @param a   the problem's constants
     * @param b   small batch size
     * @param eta step size
     * @return the inputs
     * @throws IllegalArgumentException as the constructor
     */
    public static BoundInputs of(Assumptions a, int b, double eta) {
        return new BoundInputs(b, eta, a.r2(), a.sigma2(), a.lambda(), a.d(), a.initialDistance());
    }

    /**
     * {@code kappa = (R^2 + (b-1) lambda) / b}: the proof's bound {@code E[L(k)^2] <= kappa Sigma}
     * ("Moments of L(k)").
     *
     * @return kappa
     */
    public double kappa() {
        return (r2 + (b - 1) * lambda) / b;
    }

    /** @return the proof's step-size conditions at these inputs */
    public StepSizeCondition condition() {
        return new StepSizeCondition(eta, kappa(), lambda, b);
    }

    /**
     * The inputs as evidence parameters, keyed {@code b, eta, R2, sigma2, lambda, d, e0SigmaInvE0, kappa}.
     *
     * @return a new insertion-ordered map
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("b", b);
        m.put("eta", eta);
        m.put("R2", r2);
        m.put("sigma2", sigma2);
        m.put("lambda", lambda);
        m.put("d", d);
        m.put("e0SigmaInvE0", initialDistance);
        m.put("kappa", kappa());
        return m;
    }
}
