package org.msgdlab.onlineregression.bound;

import java.util.Locale;

/**
 * The step-size conditions the proof of Theorem 1 (Appendix A.2) needs; the theorem states none.
 * <ol>
 *   <li><b>explicit</b>: {@code eta * kappa < 2}, {@code kappa = (R^2 + (b-1) lambda)/b}. Used in
 *       "Moments of M(i,k)" to divide by {@code eta (2 - eta kappa)}; it appears in both constants.</li>
 *   <li><b>hidden</b>: {@code I - eta Sigma >= 0}, guaranteed by {@code eta lambda <= 1}. In
 *       "Calculate averaging" the proof drops {@code -eta^{-1}(I - eta Sigma)^{n-i+1}} and adds the
 *       {@code i = n} term {@code eta^{-1}(I - eta Sigma)}: both steps need {@code I - eta Sigma} to be
 *       positive semi-definite, which {@code eta kappa < 2} alone does not give (kappa can be as small
 *       as about lambda, allowing {@code eta lambda} up to 2).</li>
 * </ol>
 * Immutable and thread-safe.
 *
 * @param eta    the step size
 * @param kappa  {@code (R^2 + (b-1) lambda)/b}
 * @param lambda lambda of (A3)
 * @param b      the small batch size (for messages)
 */
public record StepSizeCondition(double eta, double kappa, double lambda, int b) {

    /** @return whether {@code eta * kappa < 2} */
    public boolean explicitHolds() {
        return eta * kappa < 2;
    }

    /** @return whether {@code eta * lambda <= 1}, hence {@code I - eta Sigma >= 0} */
    public boolean averagingHolds() {
        return eta * lambda <= 1;
    }

    /** @return whether both conditions hold */
    public boolean holds() {
        return explicitHolds() && averagingHolds();
    }

    /**
     * The largest step size meeting both conditions (the explicit one is strict).
     *
     * @param kappa  {@code (R^2 + (b-1) lambda)/b}
     * @param lambda lambda of (A3)
     * @return {@code min(2/kappa, 1/lambda)}
     */
    public static double largestStep(double kappa, double lambda) {
        return Math.min(2 / kappa, 1 / lambda);
    }

    /**
     * One line naming the parameter, its value and the violated rule; empty when both hold.
     *
     * @return the violations, joined by "; "
     */
    public String violation() {
        StringBuilder sb = new StringBuilder();
        if (!explicitHolds()) {
            sb.append(String.format(Locale.ROOT, "step size eta=%s is outside the proof's condition: eta*(R^2+(b-1)lambda)/b = %.6g (b=%d) must be < 2",
                    eta, eta * kappa, b));
        }
        if (!averagingHolds()) {
            sb.append(sb.length() > 0 ? "; " : "").append(String.format(Locale.ROOT,
                    "step size eta=%s is outside the proof's condition: eta*lambda = %.6g must be <= 1 (I - eta Sigma >= 0 in the averaging step)",
                    eta, eta * lambda));
        }
        return sb.toString();
    }

    /**
     * Throws {@link IllegalArgumentException} with {@link #violation()} unless both conditions hold.
     *
     * @throws IllegalArgumentException unless {@code eta * kappa < 2} and {@code eta * lambda <= 1}
     */
    public void require() {
        if (!holds()) {
            throw new IllegalArgumentException(violation());
        }
    }
}
