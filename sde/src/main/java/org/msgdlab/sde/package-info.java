/**
 * Appendix B of "On the Noisy Gradient Descent that Generalizes as SGD" (Wu et al., ICML 2020):
 * the strong convergence of Gaussian MSGD to its SDE, checked by simulation.
 *
 * <p>The theorem: for per-sample gradients bounded by M and L-Lipschitz, the Gaussian MSGD
 * iteration (Eq. (M-SGD-gaussian))
 * <pre>
 *   θ_{k+1} = θ_k - η ∇L(θ_k) + η C(θ_k) W_{k+1},   C = ∇ℒ/√(bN),   W_k ~ N(0, I_N) i.i.d.,
 * </pre>
 * and the SDE (Eq. (sde)) {@code dΘ = -∇L(Θ) dt + √η C(Θ) dW} — whose diffusion depends on η —
 * satisfy {@code E|Θ_{kη} - θ_k|^2 <= C η^2} for {@code k <= T/η}, with C growing in T like a
 * Gronwall factor.
 *
 * <p>Packages:
 * <ul>
 *   <li>{@link org.msgdlab.sde.problem}: the training sets (logistic regression, a two-layer tanh
 *       network) with analytic per-sample gradient matrices ∇ℒ(θ) ∈ R^{D×N};</li>
 *   <li>{@link org.msgdlab.sde.path}: nested Brownian paths, Euler–Maruyama schemes, the
 *       strong- and weak-error runs (parallel, reproducible whatever the thread count), control
 *       variates, the gradient flow (Hipparchus Dormand–Prince 8(5,3));</li>
 *   <li>{@link org.msgdlab.sde.fit}: fitted convergence orders with Monte Carlo confidence
 *       intervals (Hipparchus regression, delta method over correlated step sizes);</li>
 *   <li>{@link org.msgdlab.sde.claims}: the claims, as {@code theory} {@code Claim}s, gathered by
 *       {@link org.msgdlab.sde.SdeStudy#create()};</li>
 *   <li>{@link org.msgdlab.sde.bench}: {@code SdeBenchmark}, path-steps per second against a naive
 *       implementation.</li>
 * </ul>
 */
package org.msgdlab.sde;
