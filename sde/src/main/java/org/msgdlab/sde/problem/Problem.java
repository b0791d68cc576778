package org.msgdlab.sde.problem;

import java.util.Map;

/**
 * A finite training set with per-sample losses {@code ℓ_i(θ)}, i = 1..N, θ ∈ R^D (Section 2), on
 * which MSGD, SGD and the SDE of Appendix B run. Implementations are immutable; evaluation goes
 * through an {@link Evaluator}, one per thread.
 *
 * <p>The strong-convergence theorem (Appendix B) assumes {@code max_i |∇ℓ_i(θ)| <= M} and
 * {@code ∇ℓ_i} L-Lipschitz uniformly in i. {@link #gradientBound()} and {@link #lipschitzBound()}
 * return such constants when the problem has them globally (NaN otherwise).
 */
public interface Problem {

    /** @return short name, e.g. {@code logistic-regression} */
    String name();

    /** @return the parameter dimension D */
    int dimension();

    /** @return the number of training samples N */
    int samples();

    /** @return a fresh copy of the initial point θ_0 */
    double[] initialPoint();

    /** @return a new evaluator (scratch space for one thread) */
    Evaluator evaluator();

    /** @return a global bound M on {@code max_i |∇ℓ_i(θ)|}, or NaN when the problem has none */
    double gradientBound();

    /** @return a global Lipschitz constant L of every {@code ∇ℓ_i}, or NaN when the problem has none */
    double lipschitzBound();

    /** @return the parameters that define the problem, for the evidence */
    Map<String, Object> parameters();
}
