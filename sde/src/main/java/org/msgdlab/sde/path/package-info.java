/**
 * Simulation: nested Brownian paths ({@link org.msgdlab.sde.path.BrownianBlock}), Euler–Maruyama
 * for {@code dΘ = -∇L dt + σ ∇ℒ S dW} ({@link org.msgdlab.sde.path.EulerMaruyama}; at step η it is
 * Gaussian MSGD), the strong- and weak-error experiments, control variates and the gradient flow.
 */
package org.msgdlab.sde.path;
