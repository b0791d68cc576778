package org.msgdlab.theory.claims;

import org.msgdlab.core.claims.MonteCarloClaim;
import org.msgdlab.core.claims.ExactClaim;
import org.ejml.data.DMatrixRMaj;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.SeededClaim;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.theory.gradient.GradientMatrices;
import org.msgdlab.theory.gradient.GradientNoise;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.FalseAlarm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Claims about the gradient noise G V: Eq. (sgd-cov) and the Fisher-versus-covariance argument of Section 4.2.
 * Stateless.
 */
public final class GradientNoiseClaims {

    /** The parameter that records the seed the gradient matrices were drawn from (the run's seed reaches it). */
    static final String FIXTURE = "gradient matrices drawn from seed (--seed and the claim id, SeededClaim.fixtureSeed)";

    private GradientNoiseClaims() {
    }

    /**
     * Eq. (sgd-cov) as algebra: {@code G Var[V'_sgd] G^T = (F - g g^T)/b} on random gradient
     * matrices, computed exactly (no sampling).
     *
     * @return the claim
     */
    public static Claim identityAlgebraic() {
        String id = "sgd-cov.identity.algebraic";
        return new ExactClaim(new ClaimRef(id, "Eq. (sgd-cov), Section 2",
                "C = grad L Var[V_sgd] grad L^T = (1/b)(F - g g^T), F = grad L grad L^T / n, g = grad L 1 / n"),
                context -> {
                    int[][] shapes = {{1, 2, 1}, {5, 40, 7}, {20, 1000, 50}, {50, 300, 300}};
                    List<StatisticCheck> stats = new ArrayList<>();
                    double worstWrong = Double.MAX_VALUE;
                    double worstTol = 0;
                    for (int[] s : shapes) {
                        int d = s[0];
                        int n = s[1];
                        int b = s[2];
                        DMatrixRMaj g = GradientMatrices.withAlignment(d, n, 0.5, context.stream(id + "/" + d + "x" + n));
                        DMatrixRMaj sandwich = GradientNoise.covariance(g, new SgdWithReplacement(n, b).covariance());
                        DMatrixRMaj fisher = GradientNoise.fisher(g);
                        double[] mean = GradientNoise.fullGradient(g);
                        DMatrixRMaj identity = GradientNoise.sgdCovarianceFromFisher(fisher, mean, b);
                        double scale = maxAbs(fisher) / b;
                        double gap = maxAbsDiff(sandwich, identity) / scale;
                        DMatrixRMaj wrong = fisher.copy();
                        org.ejml.dense.row.CommonOps_DDRM.scale(1.0 / b, wrong);
                        double wrongGap = maxAbsDiff(wrong, identity) / scale;
                        // Round-off, relative to max|F|/b: each entry of GG^T/n and of (G1)(G1)^T/n^2 sums n
                        // products bounded by max|F| (Cauchy-Schwarz), then the two are subtracted.
                        double tol = FalseAlarm.roundOff(4.0 * n, 2.0);
                        stats.add(StatisticCheck.of("max |G Var G^T - (F - gg^T)/b| / max|F/b|, d=" + d + ", n=" + n + ", b=" + b,
                                gap, 0, 0, 0, tol));
                        worstWrong = Math.min(worstWrong, wrongGap);
                        worstTol = Math.max(worstTol, tol);
                    }
                    Map<String, Object> params = new LinkedHashMap<>();
                    params.put("shapes (d, n, b)", "(1,2,1), (5,40,7), (20,1000,50), (50,300,300)");
                    params.put("alignment ||g||^2/tr F", 0.5);
                    return new ExactClaim.Computation(params, stats,
                            new PowerCheck("C = F/b (the Fisher in place of the covariance)", "smallest gap over the shapes",
                                    worstWrong, worstWrong > worstTol, worstWrong > worstTol ? 1.0 : 0.0),
                            Discrepancy.none());
                });
    }

    /**
     * Eq. (sgd-cov) by simulation: the covariance of {@code upsilon = G V_sgd} equals
     * {@code (F - g g^T)/b}; exact for the with-replacement noise (the paper's default), and off by
     * the factor (n-b)/(n-1) without replacement.
     *
     * @param withReplacement whether the SGD mini-batch is drawn with replacement
     * @param d               the number of parameters (rows of G)
     * @param n               the number of samples
     * @param b               the batch size
     * @param samples         the Monte Carlo draws at the two budgets
     * @return the claim
     * @throws IllegalArgumentException unless {@code d >= 1}, {@code n >= 2}, {@code b >= 1}
     *                                  ({@code b <= n} without replacement) and
     *                                  {@code 1000 <= quick <= full}
     */
    public static Claim covarianceBySimulation(boolean withReplacement, int d, int n, int b, NoiseClaims.Samples samples) {
        return SeededClaim.of(fixtureSeed -> covarianceBySimulation(withReplacement, d, n, b, samples, fixtureSeed));
    }

    /** {@link #covarianceBySimulation(boolean, int, int, int, NoiseClaims.Samples)} with G drawn from {@code fixtureSeed}. */
    private static Claim covarianceBySimulation(boolean withReplacement, int d, int n, int b, NoiseClaims.Samples samples,
                                                long fixtureSeed) {
        String id = "sgd-cov." + (withReplacement ? "with" : "without") + "-replacement.simulated";
        SamplingNoise noise = withReplacement ? new SgdWithReplacement(n, b) : new SgdWithoutReplacement(n, b);
        DMatrixRMaj g = GradientMatrices.withAlignment(d, n, 0.5, Streams.create(fixtureSeed));
        DMatrixRMaj fisher = GradientNoise.fisher(g);
        double[] mean = GradientNoise.fullGradient(g);
        DMatrixRMaj paper = GradientNoise.sgdCovarianceFromFisher(fisher, mean, b);
        DMatrixRMaj derived = GradientNoise.covariance(g, noise.covariance());
        double[] u1 = unit(mean);
        double[] u2 = new double[d];
        for (int i = 0; i < d; i++) {
            u2[i] = (i % 2 == 0 ? 1 : -1);
        }
        u2 = unit(u2);
        final double[] dir1 = u1;
        final double[] dir2 = u2;
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("d", d);
        params.put("n", n);
        params.put("b", b);
        params.put("sampling", withReplacement ? "with replacement" : "without replacement");
        params.put("alignment ||g||^2/tr F", GradientMatrices.alignment(g));
        params.put(FIXTURE, fixtureSeed);
        Discrepancy discrepancy = withReplacement ? Discrepancy.none()
                : Discrepancy.vanishing("C = (n-b)/(n-1) (F - gg^T)/b without replacement; factor (n-b)/(n-1) = "
                + fmt((double) (n - b) / (n - 1)) + " -> 1 as n -> infinity with b fixed");
        double wrongScale = 1.0 / b;
        return MonteCarloClaim.builder(new ClaimRef(id, "Eq. (sgd-cov), Section 2",
                        "The SGD gradient noise grad L V_sgd has covariance C = (1/b)(F - g g^T)"
                                + (withReplacement ? "" : " (checked here for mini-batches drawn without replacement)")))
                .parameters(params)
                .statistics(List.of("tr Cov[upsilon]", "u^T Cov[upsilon] u along g", "u^T Cov[upsilon] u along an alternating direction"))
                .paper(trace(paper), GradientNoise.quadraticForm(paper, dir1), GradientNoise.quadraticForm(paper, dir2))
                .derived(trace(derived), GradientNoise.quadraticForm(derived, dir1), GradientNoise.quadraticForm(derived, dir2))
                .wrong("C = F/b (the Fisher in place of the covariance)",
                        trace(fisher) * wrongScale, GradientNoise.quadraticForm(fisher, dir1) * wrongScale,
                        GradientNoise.quadraticForm(fisher, dir2) * wrongScale)
                .discrepancy(discrepancy)
                .samples(samples.quick(), samples.full())
                .roundOff(trace(fisher) / b, n)
                .experiment(rng -> {
                    NoiseSampler s = noise.sampler(rng);
                    double[] v = new double[n];
                    double[] up = new double[d];
                    return out -> {
                        s.sample(v);
                        GradientNoise.apply(g, v, up);
                        double t = 0;
                        double p1 = 0;
                        double p2 = 0;
                        for (int i = 0; i < d; i++) {
                            t += up[i] * up[i];
                            p1 += dir1[i] * up[i];
                            p2 += dir2[i] * up[i];
                        }
                        out[0] = t;
                        out[1] = p1 * p1;
                        out[2] = p2 * p2;
                    };
                })
                .build();
    }

    /**
     * Section 4.2: {@code V_C = V_F - (bn)^(-1/2) (1^T eps / n) 1 ~ V_F} since 1^T eps / n ~ 0. With
     * V_C and V_F driven by the same white noise, the relative mean-square gap
     * {@code E||V_C - V_F||^2 / E||V_F||^2} is exactly 1/n.
     *
     * @param n       the number of samples
     * @param b       the batch size
     * @param samples the Monte Carlo draws at the two budgets
     * @return the claim
     * @throws IllegalArgumentException unless {@code n >= 2}, {@code 1 <= b <= n} and
     *                                  {@code 1000 <= quick <= full}
     */
    public static Claim fisherVersusCovSamplingNoise(int n, int b, NoiseClaims.Samples samples) {
        String id = "fisher-vs-cov.sampling-noise";
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("n", n);
        params.put("b", b);
        params.put("coupling", "V_C and V_F driven by the same eps");
        SamplingNoise cov = CenteredExchangeableNoise.msgdCov(n, b);
        SamplingNoise fisher = new FisherNoise(n, b);
        return MonteCarloClaim.builder(new ClaimRef(id, "Section 4.2",
                        "V_C = (bn)^(-1/2)(I - 11^T/n) eps = V_F - (bn)^(-1/2)(1^T eps/n) 1 ~ V_F, because 1^T eps / n ~ 0 "
                                + "by the law of large numbers"))
                .parameters(params)
                .statistics(List.of("E||V_C - V_F||^2 / E||V_F||^2 (= b ||V_C - V_F||^2)"))
                .paper(0)
                .derived(1.0 / n)
                .wrong("relative gap 1/sqrt(n) (the size of 1^T eps / n, taken for the mean-square gap)", 1.0 / Math.sqrt(n))
                .discrepancy(Discrepancy.vanishing("E||V_C - V_F||^2 / E||V_F||^2 = 1/n = " + fmt(1.0 / n) + " -> 0 as n -> infinity"))
                .samples(samples.quick(), samples.full())
                .roundOff(1.0, n)
                .experiment(rng -> coupledGap(cov, fisher, rng.nextLong(), n, b, null))
                .build();
    }

    /**
     * Section 4.2: "the equivalence holds no matter where the parameter theta is". The gradient
     * noises satisfy {@code upsilon_C - upsilon_F = -sqrt(n/b) (1^T eps/n) g}, so
     * {@code E||upsilon_C - upsilon_F||^2 / E||upsilon_F||^2 = ||g||^2 / tr F}: the alignment of
     * the per-sample gradients at theta, which does not shrink with n.
     *
     * @param d          the number of parameters (rows of G)
     * @param n          the number of samples
     * @param b          the batch size
     * @param alignments the target alignments {@code ||g||^2 / tr F} of the states, each in [0, 1)
     * @param samples    the Monte Carlo draws at the two budgets
     * @return the claim, one statistic per state
     * @throws IllegalArgumentException unless {@code d >= 1}, {@code n >= 2}, {@code 1 <= b <= n},
     *                                  every alignment is in [0, 1) and {@code 1000 <= quick <= full}
     */
    public static Claim fisherVersusCovGradientNoise(int d, int n, int b, double[] alignments, NoiseClaims.Samples samples) {
        double[] states = alignments.clone();
        return SeededClaim.of(fixtureSeed -> fisherVersusCovGradientNoise(d, n, b, states, samples, fixtureSeed));
    }

    /** {@link #fisherVersusCovGradientNoise(int, int, int, double[], NoiseClaims.Samples)} with the states' G from {@code fixtureSeed}. */
    private static Claim fisherVersusCovGradientNoise(int d, int n, int b, double[] alignments, NoiseClaims.Samples samples,
                                                      long fixtureSeed) {
        String id = "fisher-vs-cov.gradient-noise";
        List<DMatrixRMaj> gs = new ArrayList<>();
        List<String> names = new ArrayList<>();
        double[] derived = new double[alignments.length];
        double[] trF = new double[alignments.length];
        for (int k = 0; k < alignments.length; k++) {
            DMatrixRMaj g = GradientMatrices.withAlignment(d, n, alignments[k], Streams.create(Streams.derive(fixtureSeed, k)));
            gs.add(g);
            derived[k] = GradientMatrices.alignment(g);
            trF[k] = trace(GradientNoise.fisher(g));
            names.add("E||u_C - u_F||^2 / E||u_F||^2 at ||g||^2/tr F = " + fmt(derived[k]));
        }
        double[] wrong = new double[alignments.length];
        java.util.Arrays.fill(wrong, 1.0 / n);
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("d", d);
        params.put("n", n);
        params.put("b", b);
        params.put("states (alignment ||g||^2/tr F)", java.util.Arrays.toString(derived));
        params.put(FIXTURE, fixtureSeed);
        SamplingNoise cov = CenteredExchangeableNoise.msgdCov(n, b);
        SamplingNoise fisher = new FisherNoise(n, b);
        return MonteCarloClaim.builder(new ClaimRef(id, "Section 4.2",
                        "upsilon_C ~ upsilon_F, and the equivalence holds no matter where the parameter theta is"))
                .parameters(params)
                .statistics(names)
                .paper(new double[alignments.length])
                .derived(derived)
                .wrong("relative gap 1/n, as for the sampling noises", wrong)
                .discrepancy(Discrepancy.persistent("E||u_C - u_F||^2 / E||u_F||^2 = ||g||^2 / tr F, the alignment of the per-sample "
                        + "gradients at theta: independent of n, near 1 when the per-sample gradients agree (early "
                        + "training), near 0 only when they cancel"))
                .samples(samples.quick(), samples.full())
                .roundOff(1.0, n * d)
                .experiment(rng -> coupledGap(cov, fisher, rng.nextLong(), n, b, new Object[] {gs, trF}))
                .build();
    }

    /**
     * One draw of the coupled gap: MSGD-Cov's and MSGD-Fisher's noises from one seed (a coupling: the gap's mean does
     * not depend on it, its variance is smaller). Without gradient matrices, {@code b ||v_C - v_F||^2}; with them,
     * for each state k its own coupled pair (seeded from {@code seed} and k, so that the states' estimates are
     * independent: with one pair for all, v_C - v_F lies along the all-ones vector and every state's estimate is
     * one draw rescaled by its alignment) and {@code b ||G_k (v_C - v_F)||^2 / tr F_k}.
     */
    @SuppressWarnings("unchecked")
    private static org.msgdlab.core.stats.SampleExperiment coupledGap(SamplingNoise cov, SamplingNoise fisher, long seed,
                                                                        int n, int b, Object[] gradient) {
        List<DMatrixRMaj> gs = gradient == null ? List.of() : (List<DMatrixRMaj>) gradient[0];
        double[] trF = gradient == null ? null : (double[]) gradient[1];
        int states = Math.max(1, gs.size());
        NoiseSampler[] c = new NoiseSampler[states];
        NoiseSampler[] f = new NoiseSampler[states];
        for (int k = 0; k < states; k++) {
            long stateSeed = gs.isEmpty() ? seed : Streams.derive(seed, "state-" + k);
            c[k] = cov.sampler(Streams.create(stateSeed));
            f[k] = fisher.sampler(Streams.create(stateSeed));
        }
        double[] vc = new double[n];
        double[] vf = new double[n];
        double[] diff = new double[n];
        double[] up = new double[gs.isEmpty() ? 1 : gs.get(0).numRows];
        return out -> {
            for (int k = 0; k < states; k++) {
                c[k].sample(vc);
                f[k].sample(vf);
                for (int i = 0; i < n; i++) {
                    diff[i] = vc[i] - vf[i];
                }
                if (gs.isEmpty()) {
                    double s = 0;
                    for (int i = 0; i < n; i++) {
                        s += diff[i] * diff[i];
                    }
                    out[0] = b * s;
                    return;
                }
                GradientNoise.apply(gs.get(k), diff, up);
                double s = 0;
                for (double x : up) {
                    s += x * x;
                }
                out[k] = b * s / trF[k];
            }
        };
    }

    static double trace(DMatrixRMaj m) {
        double t = 0;
        for (int i = 0; i < m.numRows; i++) {
            t += m.get(i, i);
        }
        return t;
    }

    private static double[] unit(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v * v;
        }
        double[] u = new double[x.length];
        for (int i = 0; i < x.length; i++) {
            u[i] = x[i] / Math.sqrt(s);
        }
        return u;
    }

    private static double maxAbs(DMatrixRMaj m) {
        double s = 0;
        for (double v : m.data) {
            s = Math.max(s, Math.abs(v));
        }
        return s;
    }

    private static double maxAbsDiff(DMatrixRMaj a, DMatrixRMaj b) {
        double s = 0;
        for (int i = 0; i < a.data.length; i++) {
            s = Math.max(s, Math.abs(a.data[i] - b.data[i]));
        }
        return s;
    }

    static String fmt(double x) {
        return String.format(java.util.Locale.ROOT, "%.4g", x);
    }
}
