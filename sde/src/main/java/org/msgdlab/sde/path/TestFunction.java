package org.msgdlab.sde.path;

import org.msgdlab.sde.problem.Evaluator;

/**
 * A test function φ of the weak error {@code |E φ(θ_k) - E φ(Θ_{kη})|}, with its gradient.
 * Implementations should be stateless; the two constants are.
 */
public interface TestFunction {

    /** @return the function's name, for the evidence */
    String name();

    /**
     * φ(θ).
     *
     * @param ev    an evaluator of the problem (used by the caller's thread only)
     * @param theta the parameter θ
     * @return φ(θ)
     */
    double value(Evaluator ev, double[] theta);

    /**
     * {@code out = ∇φ(θ)}.
     *
     * @param ev    an evaluator of the problem
     * @param theta the parameter θ
     * @param out   the destination, length D
     */
    void gradient(Evaluator ev, double[] theta, double[] out);

    /** φ = L, the empirical loss. */
    TestFunction LOSS = new TestFunction() {
        @Override
        public String name() {
            return "loss L(theta)";
        }

        @Override
        public double value(Evaluator ev, double[] theta) {
            return ev.loss(theta);
        }

        @Override
        public void gradient(Evaluator ev, double[] theta, double[] out) {
            ev.gradient(theta, out);
        }
    };

    /** φ = |θ|². */
    TestFunction SQUARED_NORM = new TestFunction() {
        @Override
        public String name() {
            return "|theta|^2";
        }

        @Override
        public double value(Evaluator ev, double[] theta) {
            double s = 0;
            for (double v : theta) {
                s += v * v;
            }
            return s;
        }

        @Override
        public void gradient(Evaluator ev, double[] theta, double[] out) {
            for (int i = 0; i < theta.length; i++) {
                out[i] = 2 * theta[i];
            }
        }
    };
}
