package org.msgdlab.sde.problem;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.msgdlab.sde.Checks;
import org.msgdlab.core.random.Streams;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Logistic regression on generated data: features {@code x_i ~ N(0, s^2 I_D)}, labels
 * {@code y_i ∈ {0, 1}} drawn with {@code P(y_i = 1) = σ(x_i·θ*)} for a random teacher θ*, and the
 * per-sample loss
 * <pre>
 *   ℓ_i(θ) = log(1 + exp(x_i·θ)) - y_i x_i·θ,      ∇ℓ_i(θ) = (σ(x_i·θ) - y_i) x_i,
 *   ∇²ℓ_i(θ) = σ'(x_i·θ) x_i x_i^T,  σ(z) = 1/(1 + e^{-z}),  σ' = σ(1-σ) &lt;= 1/4.
 * </pre>
 * It meets the assumptions of the strong-convergence theorem (Appendix B) globally:
 * {@code |∇ℓ_i| <= |x_i| <= M = max_i |x_i|} and {@code ∇ℓ_i} is Lipschitz with
 * {@code L = max_i |x_i|^2 / 4}.
 *
 * <p>Immutable and thread-safe; its evaluators are not.
 */
public final class LogisticRegression implements Problem {

    /**
     * What defines the problem. Immutable and thread-safe.
     *
     * @param d            parameter dimension D &ge; 1
     * @param n            training samples N &ge; 2
     * @param featureScale s, the standard deviation of each feature, &gt; 0
     * @param teacherNorm  |θ*|, &ge; 0 (0 gives pure-noise labels)
     * @param initialNorm  |θ_0|, &ge; 0; θ_0 has a random direction
     * @param seed         seed of the data, the teacher and θ_0
     */
    public record Spec(int d, int n, double featureScale, double teacherNorm, double initialNorm, long seed) {
        /**
         * Validates the specification.
         *
         * @param d            parameter dimension D
         * @param n            training samples N
         * @param featureScale s
         * @param teacherNorm  |θ*|
         * @param initialNorm  |θ_0|
         * @param seed         seed of the data, the teacher and θ_0
         * @throws IllegalArgumentException unless D &ge; 1, N &ge; 2, s is finite and &gt; 0, and both norms are
         *                                  finite and &ge; 0
         */
        public Spec {
            Checks.atLeast("dimension D", d, 1);
            Checks.atLeast("number of samples N", n, 2);
            Checks.positive("feature scale s", featureScale);
            Checks.nonNegative("teacher norm |theta*|", teacherNorm);
            Checks.nonNegative("initial norm |theta_0|", initialNorm);
        }

        /** @return the problem this specification defines, generated from its seed */
        public LogisticRegression generate() {
            return new LogisticRegression(this);
        }
    }

    private final Spec spec;
    /** Features, row-major N×D: x_i is {@code x[i*D .. i*D + D)}. */
    private final double[] x;
    /** The same features feature-major D×N (for the vectorizable loops of {@link Evaluator#contract}). */
    private final double[] xt;
    private final double[] y;
    private final double[] theta0;
    private final double gradientBound;
    private final double lipschitz;

    private LogisticRegression(Spec spec) {
        this.spec = spec;
        int d = spec.d();
        int n = spec.n();
        UniformRandomProvider rng = Streams.create(Streams.derive(spec.seed(), "logistic-regression"));
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(rng);
        double[] teacher = direction(d, normal, spec.teacherNorm());
        this.theta0 = direction(d, normal, spec.initialNorm());
        this.x = new double[n * d];
        this.y = new double[n];
        double maxNorm2 = 0;
        for (int i = 0; i < n; i++) {
            double z = 0;
            double norm2 = 0;
            for (int k = 0; k < d; k++) {
                double v = spec.featureScale() * normal.sample();
                x[i * d + k] = v;
                z += v * teacher[k];
                norm2 += v * v;
            }
            y[i] = rng.nextDouble() < sigmoid(z) ? 1.0 : 0.0;
            maxNorm2 = Math.max(maxNorm2, norm2);
        }
        this.xt = new double[n * d];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                xt[k * n + i] = x[i * d + k];
            }
        }
        this.gradientBound = Math.sqrt(maxNorm2);
        this.lipschitz = maxNorm2 / 4;
    }

    private static double[] direction(int d, ContinuousSampler normal, double norm) {
        double[] v = new double[d];
        double s = 0;
        for (int k = 0; k < d; k++) {
            v[k] = normal.sample();
            s += v[k] * v[k];
        }
        double f = s > 0 ? norm / Math.sqrt(s) : 0;
        for (int k = 0; k < d; k++) {
            v[k] *= f;
        }
        return v;
    }

    /**
     * {@code σ(z) = 1/(1 + e^{-z})}, accurate for every finite z.
     *
     * @param z the argument
     * @return σ(z)
     */
    public static double sigmoid(double z) {
        return 1.0 / (1.0 + Math.exp(-z));
    }

    /**
     * {@code log(1 + e^z)} without overflow.
     *
     * @param z the argument
     * @return {@code log(1 + e^z)}
     */
    public static double softplus(double z) {
        return Math.max(z, 0) + Math.log1p(Math.exp(-Math.abs(z)));
    }

    /** @return the specification the problem was generated from */
    public Spec spec() {
        return spec;
    }

    @Override
    public String name() {
        return "logistic-regression";
    }

    @Override
    public int dimension() {
        return spec.d();
    }

    @Override
    public int samples() {
        return spec.n();
    }

    @Override
    public double[] initialPoint() {
        return theta0.clone();
    }

    @Override
    public double gradientBound() {
        return gradientBound;
    }

    @Override
    public double lipschitzBound() {
        return lipschitz;
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("problem", name());
        p.put("D", spec.d());
        p.put("N", spec.n());
        p.put("featureScale", spec.featureScale());
        p.put("teacherNorm", spec.teacherNorm());
        p.put("initialNorm", spec.initialNorm());
        p.put("dataSeed", spec.seed());
        p.put("M = max_i |x_i|", gradientBound);
        p.put("L = max_i |x_i|^2/4", lipschitz);
        return p;
    }

    @Override
    public Evaluator evaluator() {
        return new Eval();
    }

    private static double[] filled(int n, double v) {
        double[] a = new double[n];
        java.util.Arrays.fill(a, v);
        return a;
    }

    private final class Eval implements Evaluator {
        private final int d = spec.d();
        private final int n = spec.n();

        private final double[] z = new double[n];
        private final double[] ones = filled(n, 1.0 / n);

        /**
         * {@code out = Σ_i u_i (σ(x_i·θ) - y_i) x_i}, computed feature-major: {@code z = Xθ} by
         * axpy over features (vectorizable), the residuals, then D dot products with four
         * accumulators each.
         */
        @Override
        public void contract(double[] theta, double[] u, double[] out) {
            final int n = this.n;
            final double[] xt = LogisticRegression.this.xt;
            final double[] z = this.z;
            java.util.Arrays.fill(z, 0.0);
            for (int k = 0, col = 0; k < d; k++, col += n) {
                double t = theta[k];
                for (int i = 0; i < n; i++) {
                    z[i] += xt[col + i] * t;
                }
            }
            for (int i = 0; i < n; i++) {
                double ui = u[i];
                z[i] = ui == 0 ? 0.0 : (sigmoid(z[i]) - y[i]) * ui;
            }
            for (int k = 0, col = 0; k < d; k++, col += n) {
                double s0 = 0;
                double s1 = 0;
                double s2 = 0;
                double s3 = 0;
                int i = 0;
                for (; i + 3 < n; i += 4) {
                    s0 += xt[col + i] * z[i];
                    s1 += xt[col + i + 1] * z[i + 1];
                    s2 += xt[col + i + 2] * z[i + 2];
                    s3 += xt[col + i + 3] * z[i + 3];
                }
                for (; i < n; i++) {
                    s0 += xt[col + i] * z[i];
                }
                out[k] = (s0 + s1) + (s2 + s3);
            }
        }

        @Override
        public void gradient(double[] theta, double[] out) {
            contract(theta, ones, out);
        }

        @Override
        public double loss(double[] theta) {
            double s = 0;
            for (int i = 0, row = 0; i < n; i++, row += d) {
                double z = dot(row, theta);
                s += softplus(z) - y[i] * z;
            }
            return s / n;
        }

        @Override
        public void losses(double[] theta, double[] out) {
            for (int i = 0, row = 0; i < n; i++, row += d) {
                double z = dot(row, theta);
                out[i] = softplus(z) - y[i] * z;
            }
        }

        @Override
        public void gradientMatrix(double[] theta, DMatrixRMaj out) {
            out.reshape(d, n);
            for (int i = 0, row = 0; i < n; i++, row += d) {
                double r = sigmoid(dot(row, theta)) - y[i];
                for (int k = 0; k < d; k++) {
                    out.unsafe_set(k, i, r * x[row + k]);
                }
            }
        }

        /** Exact: {@code ∇²L v = (1/N) Σ_i σ'(x_i·θ) (x_i·v) x_i}. */
        @Override
        public void hessianVector(double[] theta, double[] v, double[] out) {
            java.util.Arrays.fill(out, 0, d, 0.0);
            for (int i = 0, row = 0; i < n; i++, row += d) {
                double s = sigmoid(dot(row, theta));
                double r = s * (1 - s) * dot(row, v) / n;
                for (int k = 0; k < d; k++) {
                    out[k] += r * x[row + k];
                }
            }
        }

        private double dot(int row, double[] v) {
            double z = 0;
            for (int k = 0; k < d; k++) {
                z += x[row + k] * v[k];
            }
            return z;
        }
    }
}
