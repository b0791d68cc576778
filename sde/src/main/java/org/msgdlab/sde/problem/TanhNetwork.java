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
 * A two-layer tanh network for binary classification on generated data:
 * <pre>
 *   f(x; θ) = w_2·tanh(W_1 x + b_1) + b_2,   θ = (W_1 ∈ R^{H×d}, b_1 ∈ R^H, w_2 ∈ R^H, b_2),  D = Hd + 2H + 1,
 *   ℓ_i(θ) = log(1 + exp(-y_i f(x_i; θ))),   y_i ∈ {-1, +1},
 *   ∇ℓ_i = -y_i σ(-y_i f_i) ∇f_i,  with  ∂f/∂W_1[j,k] = w_2[j](1 - a_j^2) x_k,  ∂f/∂b_1[j] = w_2[j](1 - a_j^2),
 *                                        ∂f/∂w_2[j] = a_j = tanh(h_j),         ∂f/∂b_2 = 1.
 * </pre>
 * Features are {@code N(0, s^2 I_d)}; labels are drawn with {@code P(y = 1) = σ(f(x; θ*))} for a
 * random teacher network θ*. The per-sample gradients are bounded and Lipschitz on every bounded
 * set of θ (|∇ℓ_i| grows with |w_2|), which is what the theorem of Appendix B needs on the region a
 * finite-horizon path visits; there are no global constants, so {@link #gradientBound()} and
 * {@link #lipschitzBound()} are NaN.
 *
 * <p>Immutable and thread-safe; its evaluators are not.
 */
public final class TanhNetwork implements Problem {

    /**
     * What defines the problem. Immutable and thread-safe.
     *
     * @param inputs       input dimension d &ge; 1
     * @param hidden       hidden units H &ge; 1
     * @param n            training samples N &ge; 2
     * @param featureScale s &gt; 0
     * @param teacherScale standard deviation of the teacher's weights, &ge; 0
     * @param initialScale standard deviation of the entries of θ_0, &ge; 0
     * @param seed         seed of the data, the teacher and θ_0
     */
    public record Spec(int inputs, int hidden, int n, double featureScale, double teacherScale, double initialScale,
                       long seed) {
        /**
         * Validates the specification.
         *
         * @param inputs       input dimension d
         * @param hidden       hidden units H
         * @param n            training samples N
         * @param featureScale s
         * @param teacherScale standard deviation of the teacher's weights
         * @param initialScale standard deviation of the entries of θ_0
         * @param seed         seed of the data, the teacher and θ_0
         * @throws IllegalArgumentException unless d &ge; 1, H &ge; 1, N &ge; 2, s is finite and &gt; 0, and both
         *                                  scales are finite and &ge; 0
         */
        public Spec {
            Checks.atLeast("input dimension d", inputs, 1);
            Checks.atLeast("hidden units H", hidden, 1);
            Checks.atLeast("number of samples N", n, 2);
            Checks.positive("feature scale s", featureScale);
            Checks.nonNegative("teacher scale", teacherScale);
            Checks.nonNegative("initial scale", initialScale);
        }

        /** @return the parameter dimension D = H d + 2H + 1 */
        public int dimension() {
            return hidden * inputs + 2 * hidden + 1;
        }

        /** @return the problem this specification defines, generated from its seed */
        public TanhNetwork generate() {
            return new TanhNetwork(this);
        }
    }

    private final Spec spec;
    private final double[] x;
    /** Features feature-major d×N, for the vectorizable loops of {@link Evaluator#contract}. */
    private final double[] xt;
    private final double[] y;
    private final double[] theta0;

    private TanhNetwork(Spec spec) {
        this.spec = spec;
        int d = spec.inputs();
        int n = spec.n();
        UniformRandomProvider rng = Streams.create(Streams.derive(spec.seed(), "tanh-network"));
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(rng);
        int dim = spec.dimension();
        double[] teacher = new double[dim];
        for (int k = 0; k < dim; k++) {
            teacher[k] = spec.teacherScale() * normal.sample();
        }
        this.theta0 = new double[dim];
        for (int k = 0; k < dim; k++) {
            theta0[k] = spec.initialScale() * normal.sample();
        }
        this.x = new double[n * d];
        this.y = new double[n];
        double[] a = new double[spec.hidden()];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                x[i * d + k] = spec.featureScale() * normal.sample();
            }
            double f = forward(spec, teacher, x, i * d, a);
            y[i] = rng.nextDouble() < LogisticRegression.sigmoid(f) ? 1.0 : -1.0;
        }
        this.xt = new double[n * d];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                xt[k * n + i] = x[i * d + k];
            }
        }
    }

    /**
     * {@code tanh(h) = 1 - 2/(e^{2h} + 1)}: one exp, absolute error below 2^-52.
     *
     * @param h the argument
     * @return tanh(h)
     */
    public static double tanh(double h) {
        return 1.0 - 2.0 / (Math.exp(2 * h) + 1.0);
    }

    /** f(x_i; θ), with the hidden activations written to {@code a}. */
    private static double forward(Spec spec, double[] theta, double[] x, int row, double[] a) {
        int d = spec.inputs();
        int h = spec.hidden();
        int b1 = h * d;
        int w2 = b1 + h;
        double f = theta[w2 + h];
        for (int j = 0; j < h; j++) {
            double s = theta[b1 + j];
            int wr = j * d;
            for (int k = 0; k < d; k++) {
                s += theta[wr + k] * x[row + k];
            }
            a[j] = tanh(s);
            f += theta[w2 + j] * a[j];
        }
        return f;
    }

    /** @return the specification the problem was generated from */
    public Spec spec() {
        return spec;
    }

    @Override
    public String name() {
        return "tanh-network";
    }

    @Override
    public int dimension() {
        return spec.dimension();
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
        return Double.NaN;
    }

    @Override
    public double lipschitzBound() {
        return Double.NaN;
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("problem", name());
        p.put("inputs d", spec.inputs());
        p.put("hidden H", spec.hidden());
        p.put("D", spec.dimension());
        p.put("N", spec.n());
        p.put("featureScale", spec.featureScale());
        p.put("teacherScale", spec.teacherScale());
        p.put("initialScale", spec.initialScale());
        p.put("dataSeed", spec.seed());
        return p;
    }

    @Override
    public Evaluator evaluator() {
        return new Eval();
    }

    private final class Eval implements Evaluator {
        private final int d = spec.inputs();
        private final int h = spec.hidden();
        private final int n = spec.n();
        private final int b1 = h * d;
        private final int w2 = b1 + h;
        private final int b2 = w2 + h;
        private final double[] a = new double[h];
        private final double[] scratch;

        Eval() {
            this.scratch = new double[spec.dimension()];
            this.ones = new double[n];
            java.util.Arrays.fill(ones, 1.0 / n);
        }

        private final double[] act = new double[h * n];
        private final double[] back = new double[h * n];
        private final double[] r = new double[n];
        private final double[] ones;

        /**
         * {@code out = Σ_i u_i ∇ℓ_i(θ)}, computed for all samples at once, feature-major: hidden
         * pre-activations by axpy over samples, then the output residuals
         * {@code r_i = -y_i σ(-y_i f_i) u_i}, then the D sums over samples of the chain-rule terms.
         */
        @Override
        public void contract(double[] theta, double[] u, double[] out) {
            final int n = this.n;
            final double[] xt = TanhNetwork.this.xt;
            for (int j = 0; j < h; j++) {
                int aj = j * n;
                double bias = theta[b1 + j];
                java.util.Arrays.fill(act, aj, aj + n, bias);
                for (int k = 0; k < d; k++) {
                    double w = theta[j * d + k];
                    int col = k * n;
                    for (int i = 0; i < n; i++) {
                        act[aj + i] += w * xt[col + i];
                    }
                }
                for (int i = 0; i < n; i++) {
                    act[aj + i] = tanh(act[aj + i]);
                }
            }
            java.util.Arrays.fill(r, theta[b2]);
            for (int j = 0; j < h; j++) {
                double w = theta[w2 + j];
                int aj = j * n;
                for (int i = 0; i < n; i++) {
                    r[i] += w * act[aj + i];
                }
            }
            for (int i = 0; i < n; i++) {
                double ui = u[i];
                r[i] = ui == 0 ? 0.0 : -y[i] * LogisticRegression.sigmoid(-y[i] * r[i]) * ui;
            }
            out[b2] = sum(r, 0, r, -1, n);
            for (int j = 0; j < h; j++) {
                int aj = j * n;
                double w = theta[w2 + j];
                out[w2 + j] = sum(r, 0, act, aj, n);
                for (int i = 0; i < n; i++) {
                    double a = act[aj + i];
                    back[aj + i] = w * r[i] * (1 - a * a);
                }
                out[b1 + j] = sum(back, aj, back, -1, n);
                for (int k = 0; k < d; k++) {
                    out[j * d + k] = sum(back, aj, xt, k * n, n);
                }
            }
        }

        /** {@code Σ_i a[ao+i] b[bo+i]} (or {@code Σ_i a[ao+i]} when bo &lt; 0), four accumulators. */
        private static double sum(double[] a, int ao, double[] b, int bo, int n) {
            double s0 = 0;
            double s1 = 0;
            double s2 = 0;
            double s3 = 0;
            int i = 0;
            if (bo < 0) {
                for (; i + 3 < n; i += 4) {
                    s0 += a[ao + i];
                    s1 += a[ao + i + 1];
                    s2 += a[ao + i + 2];
                    s3 += a[ao + i + 3];
                }
                for (; i < n; i++) {
                    s0 += a[ao + i];
                }
            } else {
                for (; i + 3 < n; i += 4) {
                    s0 += a[ao + i] * b[bo + i];
                    s1 += a[ao + i + 1] * b[bo + i + 1];
                    s2 += a[ao + i + 2] * b[bo + i + 2];
                    s3 += a[ao + i + 3] * b[bo + i + 3];
                }
                for (; i < n; i++) {
                    s0 += a[ao + i] * b[bo + i];
                }
            }
            return (s0 + s1) + (s2 + s3);
        }

        private void accumulate(double[] theta, int row, double r, double[] out) {
            for (int j = 0; j < h; j++) {
                double aj = a[j];
                double back = r * theta[w2 + j] * (1 - aj * aj);
                int wr = j * d;
                for (int k = 0; k < d; k++) {
                    out[wr + k] += back * x[row + k];
                }
                out[b1 + j] += back;
                out[w2 + j] += r * aj;
            }
            out[b2] += r;
        }

        @Override
        public void gradient(double[] theta, double[] out) {
            contract(theta, ones, out);
        }

        @Override
        public double loss(double[] theta) {
            double s = 0;
            for (int i = 0, row = 0; i < n; i++, row += d) {
                s += LogisticRegression.softplus(-y[i] * forward(spec, theta, x, row, a));
            }
            return s / n;
        }

        @Override
        public void losses(double[] theta, double[] out) {
            for (int i = 0, row = 0; i < n; i++, row += d) {
                out[i] = LogisticRegression.softplus(-y[i] * forward(spec, theta, x, row, a));
            }
        }

        @Override
        public void gradientMatrix(double[] theta, DMatrixRMaj out) {
            int dim = b2 + 1;
            out.reshape(dim, n);
            for (int i = 0, row = 0; i < n; i++, row += d) {
                double f = forward(spec, theta, x, row, a);
                java.util.Arrays.fill(scratch, 0.0);
                accumulate(theta, row, -y[i] * LogisticRegression.sigmoid(-y[i] * f), scratch);
                for (int k = 0; k < dim; k++) {
                    out.unsafe_set(k, i, scratch[k]);
                }
            }
        }
    }
}
