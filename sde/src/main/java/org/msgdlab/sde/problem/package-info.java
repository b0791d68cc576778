/**
 * Finite training sets with per-sample losses ℓ_i and their analytic gradient matrices
 * {@code ∇ℒ(θ) = (∇ℓ_1, ..., ∇ℓ_N) ∈ R^{D×N}} (Section 2), tested against finite differences.
 */
package org.msgdlab.sde.problem;
