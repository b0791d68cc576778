package org.msgdlab.theory.noise;

/**
 * The sum-to-zero check of a centred noise V = sqrt(a) xi + gamma (1^T xi) 1 (target covariance
 * with eigenvalue 0 along 1), shared by the MSGD-Cov, Theorem 1 and Algorithm 2 tests.
 *
 * <p>Round-off bound: with S = fl(sum xi), the computed entries satisfy
 * |sum_i V_i| <= (n + 2) 2^-52 (sum_i |V_i| + sqrt(a) |S|) (error of S, of gamma, of each entry, and
 * of the final summation; derivation in the test report). |S| <= 10 sqrt(n) except with
 * probability below 2e-22 for Gaussian or Rademacher xi ({@link RoundOff#DRIVER_SUM_BOUND}); the
 * bound uses (n + 4) for the second-order terms.
 */
final class CenteredNoises {

    private CenteredNoises() {
    }

    static double sumBound(double[] v, int n, double identityCoefficient) {
        double abs = 0;
        for (int i = 0; i < n; i++) {
            abs += Math.abs(v[i]);
        }
        return (n + 4) * RoundOff.EPS * (abs + RoundOff.DRIVER_SUM_BOUND * Math.sqrt(n * identityCoefficient));
    }

    /** Draws {@code draws} vectors of {@code noise} and asserts that each sums to 0 to round-off. */
    static void assertSumsToZero(SamplingNoise noise, Setting s, int draws) {
        int n = noise.dimension();
        double a = noise.covariance().identityCoefficient();
        NoiseSampler sampler = noise.sampler(s.rng());
        double[] v = new double[n];
        for (int draw = 0; draw < draws; draw++) {
            sampler.sample(v);
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += v[i];
            }
            RoundOff.assertClose(0.0, sum, sumBound(v, n, a), noise.paperName() + ", draw " + draw + ": sum of V");
        }
    }
}
