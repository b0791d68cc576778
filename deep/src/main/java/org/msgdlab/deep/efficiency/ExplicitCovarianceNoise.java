package org.msgdlab.deep.efficiency;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ContinuousSampler;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_MT_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The "explicit" way of injecting Gaussian noise with the SGD covariance into gradient descent,
 * the baseline of the remark in Section 5.1: form the per-sample gradient matrix, factor the
 * covariance, and draw from it.
 *
 * <p>With the per-sample gradients {@code g_i = grad l_i(theta)} as the columns of
 * {@code G = [g_1 ... g_n]} (d x n) and their mean {@code gbar = G 1/n}, the covariance of SGD-b's
 * gradient noise (with replacement, Section 4.1) is
 * <pre>
 *   Sigma = (1/b) (1/n sum_i g_i g_i^T - gbar gbar^T) = Gc Gc^T,   Gc = G (I - 11^T/n) / sqrt(bn),
 * </pre>
 * of rank at most n - 1. The baseline is given its best form for d &gt;&gt; n: a thin SVD
 * {@code Gc = U S V^T} computed through the n x n Gram matrix, <b>not</b> by a d x d factorization:
 * <pre>
 *   K = Gc^T Gc = V S^2 V^T   (symmetric eigendecomposition, EJML),   U S = Gc V,
 * </pre>
 * keeping the eigenpairs with {@code s_j^2 > n * 2^-52 * s_max^2}, and the noise is
 * {@code xi = U S z} with {@code z ~ N(0, I_r)}, so {@code Cov[xi] = U S^2 U^T = Gc Gc^T = Sigma}.
 * The matrix products run on EJML's concurrent kernels ({@code CommonOps_MT_DDRM}).
 *
 * <p>Algorithm 1 obtains a noise of the same law without forming G: the gradient of
 * {@code L . V_G} with {@code V_G = (bn)^(-1/2)(I - 11^T/n) eps} (theory's
 * {@code CenteredExchangeableNoise.msgdCov}) is {@code G V_G = Gc eps}. The factorization here
 * is what a generic "Gaussian noise with covariance Sigma" injector needs; this class makes that
 * cost measurable. Instances are immutable after construction, so thread-safe; a {@link Sampler} is
 * not (it draws from its own random stream).
 */
public final class ExplicitCovarianceNoise {

    private final DMatrixRMaj us;   // d x r, U S
    private final int n;
    private final int b;

    private ExplicitCovarianceNoise(DMatrixRMaj us, int n, int b) {
        this.us = us;
        this.n = n;
        this.b = b;
    }

    /**
     * Factors the SGD-b covariance of the per-sample gradients given as the <em>rows</em> of
     * {@code gradientsByRow} (n x d: row i is {@code g_i^T}). The argument is not modified.
     *
     * @param gradientsByRow the n x d per-sample gradients, one per row
     * @param b              SGD batch size, {@code 1 <= b <= n}
     * @return the factored noise
     * @throws IllegalArgumentException when {@code n < 2}, {@code d < 1}, or {@code b} is outside [1, n]
     * @throws IllegalStateException    when the eigendecomposition of the Gram matrix fails
     */
    public static ExplicitCovarianceNoise factor(DMatrixRMaj gradientsByRow, int b) {
        int n = gradientsByRow.numRows;
        int d = gradientsByRow.numCols;
        if (n < 2) {
            throw new IllegalArgumentException("number of samples n=" + n + " must be >= 2");
        }
        if (d < 1) {
            throw new IllegalArgumentException("dimension d=" + d + " must be >= 1");
        }
        if (b < 1 || b > n) {
            throw new IllegalArgumentException("batch size b=" + b + " must be in [1, n=" + n + "]");
        }
        // H = Gc^T (n x d): rows centred over the samples and scaled by 1/sqrt(bn)
        DMatrixRMaj h = gradientsByRow.copy();
        double[] mean = new double[d];
        double[] a = h.data;
        for (int i = 0; i < n; i++) {
            int off = i * d;
            for (int j = 0; j < d; j++) {
                mean[j] += a[off + j];
            }
        }
        for (int j = 0; j < d; j++) {
            mean[j] /= n;
        }
        double scale = 1.0 / Math.sqrt((double) b * n);
        for (int i = 0; i < n; i++) {
            int off = i * d;
            for (int j = 0; j < d; j++) {
                a[off + j] = (a[off + j] - mean[j]) * scale;
            }
        }
        DMatrixRMaj gram = new DMatrixRMaj(n, n);
        CommonOps_MT_DDRM.multTransB(h, h, gram);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(gram)) {
            throw new IllegalStateException("eigendecomposition of the " + n + "x" + n + " Gram matrix failed");
        }
        double max = 0;
        for (int k = 0; k < n; k++) {
            max = Math.max(max, eig.getEigenvalue(k).getReal());
        }
        double cut = n * 0x1p-52 * max;
        int r = 0;
        for (int k = 0; k < n; k++) {
            if (eig.getEigenvalue(k).getReal() > cut) {
                r++;
            }
        }
        Integer[] order = new Integer[n];
        for (int k = 0; k < n; k++) {
            order[k] = k;
        }
        java.util.Arrays.sort(order, (x, y) -> Double.compare(eig.getEigenvalue(y).getReal(), eig.getEigenvalue(x).getReal()));
        DMatrixRMaj v = new DMatrixRMaj(n, Math.max(r, 1));
        for (int c = 0; c < r; c++) {
            DMatrixRMaj vk = eig.getEigenVector(order[c]);
            for (int i = 0; i < n; i++) {
                v.unsafe_set(i, c, vk.data[i]);
            }
        }
        DMatrixRMaj us = new DMatrixRMaj(d, v.numCols);
        if (r > 0) {
            CommonOps_MT_DDRM.multTransA(h, v, us);   // Gc V = U S
        }
        return new ExplicitCovarianceNoise(us, n, b);
    }

    /** @return the number of parameters d */
    public int dimension() {
        return us.numRows;
    }

    /** @return the numerical rank r of the covariance (at most n - 1) */
    public int rank() {
        return us.numCols;
    }

    /** @return the number of samples n */
    public int samples() {
        return n;
    }

    /** @return the SGD batch size b */
    public int batchSize() {
        return b;
    }

    /**
     * A sampler drawing {@code xi = U S z}, {@code z ~ N(0, I_r)}, into a d-vector; it throws
     * {@link IllegalArgumentException} when the vector's length is not d.
     *
     * @param rng the random stream (the sampler draws r normals per vector)
     * @return the sampler
     */
    public Sampler sampler(UniformRandomProvider rng) {
        ContinuousSampler normal = ZigguratSampler.NormalizedGaussian.of(rng);
        int d = us.numRows;
        int r = us.numCols;
        double[] z = new double[r];
        double[] f = us.data;
        return out -> {
            if (out.length != d) {
                throw new IllegalArgumentException("output length " + out.length + " must be d=" + d);
            }
            for (int k = 0; k < r; k++) {
                z[k] = normal.sample();
            }
            for (int i = 0; i < d; i++) {
                double s = 0;
                int off = i * r;
                for (int k = 0; k < r; k++) {
                    s += f[off + k] * z[k];
                }
                out[i] = s;
            }
        };
    }

    /**
     * The exact projected variance {@code u^T Sigma u = ||(U S)^T u||^2}.
     *
     * @param u the direction, length d
     * @return {@code u^T Sigma u}
     * @throws IllegalArgumentException when {@code u}'s length is not d
     */
    public double projectedVariance(double[] u) {
        int d = us.numRows;
        int r = us.numCols;
        if (u.length != d) {
            throw new IllegalArgumentException("projection length " + u.length + " must be d=" + d);
        }
        double[] t = new double[r];
        for (int i = 0; i < d; i++) {
            int off = i * r;
            for (int k = 0; k < r; k++) {
                t[k] += us.data[off + k] * u[i];
            }
        }
        double s = 0;
        for (double x : t) {
            s += x * x;
        }
        return s;
    }

    /**
     * The unit direction {@code u ∝ Sigma_k^+ g} within the span of the k leading singular
     * vectors ({@code Sigma_k = U_k S_k^2 U_k^T}): among those directions, the one maximizing
     * {@code (u^T g)^2 / (u^T Sigma u)}. With {@code g = gbar} it is where the Fisher
     * {@code F/b = Sigma + gbar gbar^T/b} and the SGD covariance differ most relative to the latter.
     *
     * @param g the vector, length d
     * @param k the number of leading singular directions, >= 1 (at most r are used)
     * @return the unit direction
     * @throws IllegalArgumentException when {@code g}'s length is not d, {@code k < 1}, or {@code g} has no
     *                                  component in the leading directions
     */
    public double[] whitenedDirection(double[] g, int k) {
        int d = us.numRows;
        int r = us.numCols;
        if (g.length != d) {
            throw new IllegalArgumentException("vector length " + g.length + " must be d=" + d);
        }
        if (k < 1) {
            throw new IllegalArgumentException("leading components k=" + k + " must be >= 1");
        }
        int kk = Math.min(k, r);
        double[] cg = new double[kk];
        double[] s2 = new double[kk];
        for (int i = 0; i < d; i++) {
            int off = i * r;
            for (int j = 0; j < kk; j++) {
                double c = us.data[off + j];
                cg[j] += c * g[i];
                s2[j] += c * c;
            }
        }
        double[] u = new double[d];
        for (int i = 0; i < d; i++) {
            int off = i * r;
            double s = 0;
            for (int j = 0; j < kk; j++) {
                if (s2[j] > 0) {
                    s += us.data[off + j] * cg[j] / (s2[j] * s2[j]);   // c_j (c_j^T g) / s_j^4
                }
            }
            u[i] = s;
        }
        double norm = 0;
        for (double x : u) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        if (!(norm > 0)) {
            throw new IllegalArgumentException("g has no component in the leading " + kk + " singular directions");
        }
        for (int i = 0; i < d; i++) {
            u[i] /= norm;
        }
        return u;
    }

    /**
     * The factorization-free explicit noise from the per-sample gradients (rows of
     * {@code gradientsByRow}, n x d): {@code out = Gc z = G (I - 11^T/n) z / sqrt(bn)}, which has
     * the same law as {@code U S z} (both are {@code N(0, Gc Gc^T)}). The noise needs no
     * factorization once G is at hand; {@code z} (length n) is overwritten with its centred copy.
     *
     * @param gradientsByRow the n x d per-sample gradients, one per row
     * @param b              SGD batch size
     * @param z              n standard normals; overwritten
     * @param out            receives the d-vector
     * @throws IllegalArgumentException when {@code z}'s length is not n or {@code out}'s is not d
     */
    public static void sampleFromGradients(DMatrixRMaj gradientsByRow, int b, double[] z, double[] out) {
        int n = gradientsByRow.numRows;
        int d = gradientsByRow.numCols;
        if (z.length != n || out.length != d) {
            throw new IllegalArgumentException("z length " + z.length + " must be n=" + n + " and out length "
                    + out.length + " must be d=" + d);
        }
        double mean = 0;
        for (double x : z) {
            mean += x;
        }
        mean /= n;
        double scale = 1.0 / Math.sqrt((double) b * n);
        for (int i = 0; i < n; i++) {
            z[i] = (z[i] - mean) * scale;
        }
        java.util.Arrays.fill(out, 0);
        double[] a = gradientsByRow.data;
        for (int i = 0; i < n; i++) {
            double zi = z[i];
            int off = i * d;
            for (int j = 0; j < d; j++) {
                out[j] += a[off + j] * zi;
            }
        }
    }

    /** Draws noise vectors into a caller's array. */
    @FunctionalInterface
    public interface Sampler {
        /**
         * Draws one noise vector.
         *
         * @param out receives the vector
         */
        void sample(double[] out);
    }
}
