package org.msgdlab.onlineregression.bound;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The right-hand side of Theorem 1 for the averaged iterate of small-batch SGD (Eq. (online-sgd))
 * and large-batch MSGD (Eq. (online-msgd)),
 * <pre>
 *   E[f(bar theta_n)] - f(theta_*) &lt;= C1/(n+1) + C2/(n+1)^2,
 * </pre>
 * in two versions, both written for the excess risk {@code f - f_* = 1/2 ||Sigma^{1/2}(.)||^2}
 * (so each is half the corresponding bound on {@code E||Sigma^{1/2}(bar theta_n - theta_*)||^2}).
 * With {@code kappa = (R^2+(b-1)lambda)/b} and {@code c = (theta_0-theta_*)^T Sigma^{-1}(theta_0-theta_*)}:
 *
 * <p><b>{@link Version#PRINTED}</b>, the last display of Appendix A.2:
 * <pre>
 *   E||Sigma^{1/2}(bar theta_n - theta_*)||^2 &lt;= 1/(n+1) * 2 sigma^2 d / (2 - eta kappa)
 *                                             + 1/(n+1)^2 * (1 + kappa eta d / 2) c,
 * </pre>
 * i.e. {@code C1 = sigma^2 d/(2 - eta kappa)}, {@code C2 = (1 + kappa eta d/2) c / 2}.
 *
 * <p><b>{@link Version#REDERIVED}</b>, from the proof's own preceding steps with three corrections:
 * <ol>
 *   <li>the final division by {@code eta (n+1)^2 / 2} was not applied to the noiseless term: from
 *       {@code 1/2 eta (n+1)^2 E||.||^2 <= (1/(2 eta) + kappa d/4) c + ...} follows
 *       {@code (1/eta^2 + kappa d/(2 eta)) c / (n+1)^2}, not {@code (1 + kappa eta d/2) c / (n+1)^2}
 *       (a factor {@code eta^{-2}});</li>
 *   <li>"Bound SM": {@code d = tr[TM] = 2 tr[Sigma M] - eta tr[SM]} gives {@code 2 tr[Sigma M] >= d},
 *       not {@code <= d} (tr[SM] >= 0). Correctly, {@code tr[SM] <= kappa tr[Sigma M]} and
 *       {@code (2 - eta kappa) tr[Sigma M] <= d} give {@code tr[SM] <= kappa d/(2 - eta kappa)} in place
 *       of {@code kappa d/2};</li>
 *   <li>"Noise term": {@code E[N(k)N(k)^T] <= sigma^2 Sigma / b} is proved, then used as
 *       {@code sigma^2 Sigma} (valid, loose by b); kept as {@code sigma^2/b} here.</li>
 * </ol>
 * giving
 * <pre>
 *   E||Sigma^{1/2}(bar theta_n - theta_*)||^2 &lt;= 1/(n+1) * 2 sigma^2 d / (b (2 - eta kappa))
 *                                             + 1/(n+1)^2 * (c/eta^2) (1 + eta kappa d/(2 - eta kappa)),
 * </pre>
 * i.e. {@code C1 = sigma^2 d / (b (2 - eta kappa))}, {@code C2 = (c / (2 eta^2)) (1 + eta kappa d/(2 - eta kappa))}.
 * It needs {@link StepSizeCondition} (both parts) and the model to be well specified (the proof's
 * cross terms {@code E[(I - eta L(k)) ... N(k)]} vanish only if {@code E[epsilon x x^T A x] = 0}).
 *
 * <p>Immutable and thread-safe.
 *
 * @param version which bound
 * @param inputs  the arguments of C1, C2
 * @param c1      C1 for the excess risk
 * @param c2      C2 for the excess risk
 */
public record Theorem1Bound(Version version, BoundInputs inputs, double c1, double c2) {

    /** The two versions of the bound. */
    public enum Version {
        /** As printed in the last display of Appendix A.2. */
        PRINTED("printed", "as printed in the last display of Appendix A.2"),
        /** Re-derived from the proof's steps, with the three corrections above. */
        REDERIVED("rederived", "re-derived from the proof's steps (eta^-2 restored, tr[SM] <= kappa d/(2-eta kappa), sigma^2/b)");

        private final String id;
        private final String description;

        Version(String id, String description) {
            this.id = id;
            this.description = description;
        }

        /** @return the stable lower-case id, {@code "printed"} or {@code "rederived"} */
        public String id() {
            return id;
        }

        /** @return the version in words, for evidence */
        public String description() {
            return description;
        }
    }

    /**
     * The bound as printed; requires the explicit condition (otherwise its constants are not positive).
     *
     * @param in the inputs
     * @return the bound
     * @throws IllegalArgumentException unless {@code eta * kappa < 2}
     */
    public static Theorem1Bound printed(BoundInputs in) {
        StepSizeCondition c = in.condition();
        if (!c.explicitHolds()) {
            throw new IllegalArgumentException(c.violation());
        }
        return printedUnchecked(in);
    }

    /**
     * The re-derived bound; requires both step-size conditions of the proof.
     *
     * @param in the inputs
     * @return the bound
     * @throws IllegalArgumentException unless {@code eta * kappa < 2} and {@code eta * lambda <= 1}
     */
    public static Theorem1Bound rederived(BoundInputs in) {
        in.condition().require();
        return rederivedUnchecked(in);
    }

    /**
     * The bound of the given version: {@link #printed} or {@link #rederived}.
     *
     * @param v  which bound
     * @param in the inputs
     * @return the bound
     * @throws IllegalArgumentException if the version's step-size condition fails
     */
    public static Theorem1Bound of(Version v, BoundInputs in) {
        return v == Version.PRINTED ? printed(in) : rederived(in);
    }

    /**
     * The formula evaluated without checking the step-size condition: only for probes that are
     * explicitly marked as outside the proof's condition.
     *
     * @param v  which bound
     * @param in the inputs
     * @return the bound; its constants may be negative or infinite outside the condition
     */
    public static Theorem1Bound unchecked(Version v, BoundInputs in) {
        return v == Version.PRINTED ? printedUnchecked(in) : rederivedUnchecked(in);
    }

    private static Theorem1Bound printedUnchecked(BoundInputs in) {
        double k = in.kappa();
        double eta = in.eta();
        double display1 = 2 * in.sigma2() * in.d() / (2 - eta * k);
        double display2 = (1 + k * eta * in.d() / 2) * in.initialDistance();
        return new Theorem1Bound(Version.PRINTED, in, display1 / 2, display2 / 2);
    }

    private static Theorem1Bound rederivedUnchecked(BoundInputs in) {
        double k = in.kappa();
        double eta = in.eta();
        double display1 = 2 * in.sigma2() * in.d() / (in.b() * (2 - eta * k));
        double display2 = in.initialDistance() / (eta * eta) * (1 + eta * k * in.d() / (2 - eta * k));
        return new Theorem1Bound(Version.REDERIVED, in, display1 / 2, display2 / 2);
    }

    /**
     * The bound on the expected excess risk after n steps: {@code C1/(n+1) + C2/(n+1)^2}.
     *
     * @param n the number of steps
     * @return the bound
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public double value(long n) {
        if (n < 0) {
            throw new IllegalArgumentException("step count n=" + n + " must be >= 0");
        }
        double m = n + 1.0;
        return c1 / m + c2 / (m * m);
    }

    /**
     * The display's right-hand side, a bound on {@code E||Sigma^{1/2}(bar theta_n - theta_*)||^2}: 2 * value(n).
     *
     * @param n the number of steps
     * @return the bound
     * @throws IllegalArgumentException if {@code n < 0}
     */
    public double displayValue(long n) {
        return 2 * value(n);
    }

    /**
     * The bound as evidence parameters, keyed {@code version, C1, C2}.
     *
     * @return a new insertion-ordered map
     */
    public Map<String, Object> toMap() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", version.id());
        m.put("C1", c1);
        m.put("C2", c2);
        return m;
    }
}
