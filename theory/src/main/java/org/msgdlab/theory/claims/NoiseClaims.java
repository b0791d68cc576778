package org.msgdlab.theory.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.MonteCarloClaim;
import org.msgdlab.core.claims.MonteCarloClaimBuilder;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FiniteDraws;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SamplingVector;

import org.apache.commons.rng.UniformRandomProvider;
import org.msgdlab.core.stats.SampleExperiment;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Builds the mean and covariance claims of a sampling noise. Stateless and thread-safe. */
public final class NoiseClaims {

    private NoiseClaims() {
    }

    /**
     * Monte Carlo sample counts of a claim at the two budgets. Immutable and thread-safe.
     *
     * @param quick the number of draws at the quick budget
     * @param full  the number of draws at the full budget
     */
    public record Samples(long quick, long full) {
    }

    /**
     * What a noise claim draws: the noise whose draws are checked, how many at each budget, and the
     * parameters for reports (the noise's name and formula are added). A mean claim and a covariance
     * claim of the same noise share one. Immutable while the parameters are not changed.
     *
     * @param noise      the noise whose draws are checked
     * @param samples    the Monte Carlo draws at the two budgets
     * @param parameters the claim's parameters for reports
     */
    public record Draws(SamplingNoise noise, Samples samples, Map<String, Object> parameters) {

        /** @return the parameters, then the noise's name and formula */
        Map<String, Object> reported() {
            Map<String, Object> params = new LinkedHashMap<>(parameters);
            params.put("noise", noise.paperName());
            params.put("formula", noise.formula());
            return params;
        }

        /** @return a builder of the claim {@code ref} with the parameters and the sample counts given */
        MonteCarloClaimBuilder claim(ClaimRef ref) {
            return MonteCarloClaim.builder(ref).parameters(reported()).samples(samples.quick(), samples.full());
        }
    }

    /**
     * A plausible wrong formula the check must reject: its words and its value.
     *
     * @param formula the formula in words
     * @param value   its value
     * @param <T>     the kind of value (a covariance, second moments)
     */
    public record Wrong<T>(String formula, T value) {
    }

    /**
     * The second moments of an exchangeable sampling vector W.
     *
     * @param second {@code E[w_i^2]}
     * @param cross  {@code E[w_i w_j]}, i != j
     */
    public record Moments(double second, double cross) {
    }

    /**
     * Claim: {@code Var[V]} equals the paper's exchangeable covariance. Estimated by the four
     * {@link ExchangeableStatistics} of V (mean 0 is checked by the companion mean claim).
     *
     * @param ref         the claim's id, paper reference and statement
     * @param draws       the noise (its declared covariance is the derived value), draws and parameters
     * @param paper       the paper's covariance
     * @param wrong       the wrong formula the check must reject, and its covariance
     * @param discrepancy what is known about the gap between the paper's and the derived covariance
     * @return the claim
     * @throws IllegalArgumentException if the noise declares no covariance, or unless
     *                                  {@code 1000 <= quick <= full}
     */
    public static MonteCarloClaim covariance(ClaimRef ref, Draws draws, ExchangeableCovariance paper,
                                             Wrong<ExchangeableCovariance> wrong, Discrepancy discrepancy) {
        SamplingNoise noise = draws.noise();
        int n = noise.dimension();
        ExchangeableCovariance derived = noise.declaredCovariance().resolve(n).orElseThrow(() -> new IllegalArgumentException(
                "claim " + ref.id() + ": " + noise.paperName() + " declares no covariance ("
                        + noise.declaredCovariance().describe() + "), so its covariance cannot be checked"));
        double scale = Math.abs(derived.diagonal()) + Math.abs(paper.diagonal()) + n * Math.abs(derived.offDiagonal());
        return draws.claim(ref)
                .statistics(Arrays.asList(prefixed("Var[V]: ")))
                .paper(ExchangeableStatistics.expected(paper.diagonal(), paper.offDiagonal()))
                .derived(ExchangeableStatistics.expected(derived.diagonal(), derived.offDiagonal()))
                .wrong(wrong.formula(), ExchangeableStatistics.expected(wrong.value().diagonal(), wrong.value().offDiagonal()))
                .discrepancy(discrepancy)
                .roundOff(scale, n)
                .experiment(exchangeableStatistics(noise, noise::sampler, "V"))
                .build();
    }

    /**
     * Claim: the second moments of the sampling vector W itself, {@code E[w_i^2]} and
     * {@code E[w_i w_j]} (the form of Theorem 1's proof).
     *
     * @param ref     the claim's id, paper reference and statement
     * @param draws   the noise V of the sampling vector {@code W = 1/n + V}, draws and parameters
     * @param paper   the paper's {@code E[w_i^2]} and {@code E[w_i w_j]}, i != j
     * @param wrong   the wrong formula the check must reject, and its moments
     * @return the claim
     * @throws UnsupportedOperationException if the noise has no covariance
     * @throws IllegalArgumentException      unless {@code 1000 <= quick <= full}
     */
    public static MonteCarloClaim secondMoments(ClaimRef ref, Draws draws, Moments paper, Wrong<Moments> wrong) {
        SamplingNoise noise = draws.noise();
        int n = noise.dimension();
        ExchangeableCovariance var = noise.covariance();
        double mean2 = 1.0 / ((double) n * n);
        double derivedSecond = var.diagonal() + mean2;
        double derivedCross = var.offDiagonal() + mean2;
        SamplingVector w = new SamplingVector(noise);
        return draws.claim(ref)
                .statistics(Arrays.asList(prefixed("E[W W^T]: ")))
                .paper(ExchangeableStatistics.expected(paper.second(), paper.cross()))
                .derived(ExchangeableStatistics.expected(derivedSecond, derivedCross))
                .wrong(wrong.formula(), ExchangeableStatistics.expected(wrong.value().second(), wrong.value().cross()))
                .roundOff(Math.abs(derivedSecond) + n * Math.abs(derivedCross), n)
                .experiment(exchangeableStatistics(noise, w::sampler, "W"))
                .build();
    }

    /** Draws of {@code sampler} reduced to their {@link ExchangeableStatistics}; a non-finite one is refused naming {@code noise}. */
    private static SampleExperiment.Factory exchangeableStatistics(SamplingNoise noise,
                                                                   Function<UniformRandomProvider, NoiseSampler> sampler, String what) {
        int n = noise.dimension();
        return rng -> {
            NoiseSampler s = sampler.apply(rng);
            double[] v = new double[n];
            return out -> {
                s.sample(v);
                ExchangeableStatistics.compute(v, n, out);
                requireFinite(noise, what, v, n, out);
            };
        };
    }

    /**
     * Claim: {@code E[W] = 1/n}, i.e. {@code E[V] = 0} and the stochastic gradient is unbiased.
     * Statistics: the mean weight over all samples, over the first tenth and over the first half
     * of the samples (pooled, so that the events behind them happen about b/10 times per draw). Wrong formula: the sampling noise used as the sampling
     * vector (1/n never added), E[W] = 0.
     *
     * @param ref   the claim's id, paper reference and statement
     * @param draws the noise V of the sampling vector {@code W = 1/n + V}, draws and parameters
     * @return the claim
     * @throws IllegalArgumentException unless {@code 1000 <= quick <= full}
     */
    public static MonteCarloClaim mean(ClaimRef ref, Draws draws) {
        SamplingNoise noise = draws.noise();
        int n = noise.dimension();
        double m = 1.0 / n;
        SamplingVector w = new SamplingVector(noise);
        int half = (n + 1) / 2;
        int tenth = (n + 9) / 10;
        return draws.claim(ref)
                .statistics(List.of("E[W]: mean weight over all samples", "E[W]: mean weight over the first tenth",
                        "E[W]: mean weight over the first half"))
                .paper(m, m, m)
                .derived(m, m, m)
                .wrong("E[W] = 0 (the noise V used as the sampling vector: 1/n never added)", 0, 0, 0)
                .roundOff(1.0, n)
                .experiment(rng -> {
                    NoiseSampler s = w.sampler(rng);
                    double[] v = new double[n];
                    return out -> {
                        s.sample(v);
                        double all = 0;
                        double first = 0;
                        double firstTenth = 0;
                        for (int i = 0; i < n; i++) {
                            all += v[i];
                            if (i < half) {
                                first += v[i];
                            }
                            if (i < tenth) {
                                firstTenth += v[i];
                            }
                        }
                        out[0] = all / n;
                        out[1] = firstTenth / tenth;
                        out[2] = first / half;
                        requireFinite(noise, "W", v, n, out);
                    };
                })
                .build();
    }

    /**
     * A draw whose statistics are not all finite is refused, naming the noise's first non-finite entry
     * ({@link FiniteDraws}); the entries are scanned only then, so finite draws cost one test per statistic.
     */
    private static void requireFinite(SamplingNoise noise, String what, double[] v, int n, double[] out) {
        for (double x : out) {
            if (!Double.isFinite(x)) {
                FiniteDraws.require(noise, what, v, n);
                throw new org.msgdlab.core.claims.CheckFailure(noise.paperName() + " (n=" + n + ") drew values whose statistics"
                        + " overflow (" + x + "): a sampling noise's draws must have finite squares and sums");
            }
        }
    }

    private static String[] prefixed(String prefix) {
        String[] names = new String[ExchangeableStatistics.COUNT];
        for (int i = 0; i < names.length; i++) {
            names[i] = prefix + ExchangeableStatistics.NAMES[i];
        }
        return names;
    }
}
