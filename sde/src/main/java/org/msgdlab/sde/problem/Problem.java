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

    /** Short name, e.g. {@code logistic-regression}. */
    String name();

    /** The parameter dimension D. */
    int dimension();

    /** The number of training samples N. */
    int samples();

    /** A fresh copy of the initial point θ_0. */
    double[] initialPoint();

    /** A new evaluator (scratch space for one thread). */
    Evaluator evaluator();

    /** A global bound M on {@code max_i |∇ℓ_i(θ)|}, or NaN when the problem has none. */
    double gradientBound();

    /** A global Lipschitz constant L of every {@code ∇ℓ_i}, or NaN when the problem has none. */
    double lipschitzBound();

    /** The parameters that define the problem, for the evidence. */
    Map<String, Object> parameters();
}
