package org.msgdlab.theory.gradient;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;

/**
 * Random gradient matrices for checking gradient-noise statements: {@code G = m 1^T + Z} with Z
 * i.i.d. N(0, 1) and a common direction m whose size sets how aligned the per-sample gradients
 * are. The alignment {@code rho = ||g||^2 / tr F} (g = G1/n, F = GG^T/n) is near 0 late in
 * training (gradients cancel) and near 1 early (they agree). Stateless; thread-safe as long as
 * each thread uses its own random stream.
 */
public final class GradientMatrices {

    private GradientMatrices() {
    }

    /**
     * A d x n matrix whose alignment is close to {@code rho} (exact value: {@link #alignment}).
     *
     * @param d   the number of parameters (rows)
     * @param n   the number of samples (columns)
     * @param rho the target alignment
     * @param rng the random stream of m and Z
     * @return the new matrix G
     * @throws IllegalArgumentException unless {@code d >= 1}, {@code n >= 2} and {@code 0 <= rho < 1}
     */
    public static DMatrixRMaj withAlignment(int d, int n, double rho, UniformRandomProvider rng) {
        if (d < 1 || n < 2) {
            throw new IllegalArgumentException("gradient matrix needs d >= 1 and n >= 2, got d=" + d + ", n=" + n);
        }
        if (!(rho >= 0 && rho < 1)) {
            throw new IllegalArgumentException("alignment rho=" + rho + " must be in [0, 1)");
        }
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(rng);
        double[] m = new double[d];
        double norm2 = 0;
        for (int i = 0; i < d; i++) {
            m[i] = normal.sample();
            norm2 += m[i] * m[i];
        }
        // E||Z 1/n||^2 is negligible; tr F ~ ||m||^2 + d, so ||m||^2 = d rho / (1 - rho).
        double scale = Math.sqrt(d * rho / (1 - rho) / norm2);
        DMatrixRMaj g = new DMatrixRMaj(d, n);
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < n; j++) {
                g.unsafe_set(i, j, scale * m[i] + normal.sample());
            }
        }
        return g;
    }

    /**
     * {@code ||g||^2 / tr F} of G.
     *
     * @param g the d x n gradient matrix G
     * @return the alignment rho
     */
    public static double alignment(DMatrixRMaj g) {
        double[] mean = GradientNoise.fullGradient(g);
        double gg = 0;
        for (double x : mean) {
            gg += x * x;
        }
        double trF = 0;
        for (double x : g.data) {
            trF += x * x;
        }
        trF /= g.numCols;
        return gg / trF;
    }
}
