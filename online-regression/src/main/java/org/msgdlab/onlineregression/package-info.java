/**
 * Theorem 1 of the paper (Section 3, proof in Appendix A.2): on online least squares, large-batch
 * MSGD with a sampling vector of covariance {@code (B-b)/(bB(B-1)) (I - 11^T/B)} generalizes as
 * small-batch SGD, with {@code E[f(bar theta_n)] - f(theta_*) <= C1/(n+1) + C2/(n+1)^2}.
 *
 * <ul>
 *   <li>{@code problem}: the problem family (Gaussian and bounded designs, power-law spectra,
 *       well-specified noise) and the constants R^2, sigma^2, lambda of (A1)-(A3) in force;</li>
 *   <li>{@code algorithm}: small-batch SGD, large-batch MSGD with three noise classes (from the
 *       theory module's {@code Theorem1SamplingVectors}), plain large-batch SGD, and the moments
 *       of their weight vectors;</li>
 *   <li>{@code sim}: the simulator (rank-B update by two matrix-vector products per step, averaged
 *       iterate, log-spaced checkpoints), the naive per-sample baseline, Monte Carlo experiments
 *       spread over the cores with reproducible per-chunk streams;</li>
 *   <li>{@code exact}: the exact expected risk of the averaged iterate by a second-moment
 *       recursion with cross-moment accumulators (O(d) per step in the eigenbasis, O(d^3) dense),
 *       and the proof's operators {@code T^{-1} I};</li>
 *   <li>{@code bound}: the bound as printed and as re-derived, and the proof's step-size conditions;</li>
 *   <li>{@code claims}: the checked claims; {@link org.msgdlab.onlineregression.RegressionStudy}
 *       assembles them into the study {@code regression.theorem1};</li>
 *   <li>{@code bench}: the speed benchmark of the simulator against the naive loop.</li>
 * </ul>
 */
package org.msgdlab.onlineregression;
