package org.msgdlab.theory.claims;

import org.msgdlab.core.claims.MonteCarloClaim;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.FiniteDraws;
import org.msgdlab.theory.noise.NoiseSampler;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SamplingVector;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
     * Claim: {@code Var[V]} equals the paper's exchangeable covariance. Estimated by the four
     * {@link ExchangeableStatistics} of V (mean 0 is checked by the companion mean claim).
     *
     * @param id           the claim's id
     * @param paperRef     where the paper states it
     * @param statement    the claim in words
     * @param noise        the noise whose draws are checked; its declared covariance is the derived value
     * @param paper        the paper's covariance
     * @param wrongFormula the wrong formula the check must reject, in words
     * @param wrong        the wrong formula's covariance
     * @param discrepancy  what is known about the gap between the paper's and the derived covariance
     * @param samples      the Monte Carlo draws at the two budgets
     * @param parameters   the claim's parameters for reports (the noise's name and formula are added)
     * @return the claim
     * @throws IllegalArgumentException if the noise declares no covariance, or unless
     *                                  {@code 1000 <= quick <= full}
     */
    public static MonteCarloClaim covariance(String id, String paperRef, String statement, SamplingNoise noise,
                                             ExchangeableCovariance paper, String wrongFormula,
                                             ExchangeableCovariance wrong, Discrepancy discrepancy, Samples samples,
                                             Map<String, Object> parameters) {
        int n = noise.dimension();
        ExchangeableCovariance derived = noise.declaredCovariance().resolve(n).orElseThrow(() -> new IllegalArgumentException(
                "claim " + id + ": " + noise.paperName() + " declares no covariance (" + noise.declaredCovariance().describe()
                        + "), so its covariance cannot be checked"));
        double scale = Math.abs(derived.diagonal()) + Math.abs(paper.diagonal()) + n * Math.abs(derived.offDiagonal());
        Map<String, Object> params = new LinkedHashMap<>(parameters);
        params.put("noise", noise.paperName());
        params.put("formula", noise.formula());
        return new MonteCarloClaim(id, paperRef, statement, params, Arrays.asList(prefixed("Var[V]: ")),
                ExchangeableStatistics.expected(paper.diagonal(), paper.offDiagonal()),
                ExchangeableStatistics.expected(derived.diagonal(), derived.offDiagonal()),
                wrongFormula, ExchangeableStatistics.expected(wrong.diagonal(), wrong.offDiagonal()),
                discrepancy, samples.quick(), samples.full(), scale, n,
                rng -> {
                    NoiseSampler s = noise.sampler(rng);
                    double[] v = new double[n];
                    return out -> {
                        s.sample(v);
                        ExchangeableStatistics.compute(v, n, out);
                        requireFinite(noise, "V", v, n, out);
                    };
                });
    }

    /**
     * Claim: the second moments of the sampling vector W itself, {@code E[w_i^2]} and
     * {@code E[w_i w_j]} (the form of Theorem 1's proof).
     *
     * @param id           the claim's id
     * @param paperRef     where the paper states it
     * @param statement    the claim in words
     * @param noise        the noise V of the sampling vector {@code W = 1/n + V}
     * @param paperSecond  the paper's {@code E[w_i^2]}
     * @param paperCross   the paper's {@code E[w_i w_j]}, i != j
     * @param wrongFormula the wrong formula the check must reject, in words
     * @param wrongSecond  the wrong formula's {@code E[w_i^2]}
     * @param wrongCross   the wrong formula's {@code E[w_i w_j]}
     * @param samples      the Monte Carlo draws at the two budgets
     * @param parameters   the claim's parameters for reports (the noise's name and formula are added)
     * @return the claim
     * @throws UnsupportedOperationException if the noise has no covariance
     * @throws IllegalArgumentException      unless {@code 1000 <= quick <= full}
     */
    public static MonteCarloClaim secondMoments(String id, String paperRef, String statement, SamplingNoise noise,
                                                double paperSecond, double paperCross, String wrongFormula,
                                                double wrongSecond, double wrongCross, Samples samples,
                                                Map<String, Object> parameters) {
        int n = noise.dimension();
        ExchangeableCovariance var = noise.covariance();
        double mean2 = 1.0 / ((double) n * n);
        double derivedSecond = var.diagonal() + mean2;
        double derivedCross = var.offDiagonal() + mean2;
        SamplingVector w = new SamplingVector(noise);
        Map<String, Object> params = new LinkedHashMap<>(parameters);
        params.put("noise", noise.paperName());
        params.put("formula", noise.formula());
        return new MonteCarloClaim(id, paperRef, statement, params, Arrays.asList(prefixed("E[W W^T]: ")),
                ExchangeableStatistics.expected(paperSecond, paperCross),
                ExchangeableStatistics.expected(derivedSecond, derivedCross),
                wrongFormula, ExchangeableStatistics.expected(wrongSecond, wrongCross),
                Discrepancy.none(), samples.quick(), samples.full(), Math.abs(derivedSecond) + n * Math.abs(derivedCross), n,
                rng -> {
                    NoiseSampler s = w.sampler(rng);
                    double[] v = new double[n];
                    return out -> {
                        s.sample(v);
                        ExchangeableStatistics.compute(v, n, out);
                        requireFinite(noise, "W", v, n, out);
                    };
                });
    }

    /**
     * Claim: {@code E[W] = 1/n}, i.e. {@code E[V] = 0} and the stochastic gradient is unbiased.
     * Statistics: the mean weight over all samples, over the first tenth and over the first half
     * of the samples (pooled, so that the events behind them happen about b/10 times per draw). Wrong formula: the sampling noise used as the sampling
     * vector (1/n never added), E[W] = 0.
     *
     * @param id         the claim's id
     * @param paperRef   where the paper states it
     * @param statement  the claim in words
     * @param noise      the noise V of the sampling vector {@code W = 1/n + V}
     * @param samples    the Monte Carlo draws at the two budgets
     * @param parameters the claim's parameters for reports (the noise's name and formula are added)
     * @return the claim
     * @throws IllegalArgumentException unless {@code 1000 <= quick <= full}
     */
    public static MonteCarloClaim mean(String id, String paperRef, String statement, SamplingNoise noise,
                                       Samples samples, Map<String, Object> parameters) {
        int n = noise.dimension();
        double m = 1.0 / n;
        SamplingVector w = new SamplingVector(noise);
        Map<String, Object> params = new LinkedHashMap<>(parameters);
        params.put("noise", noise.paperName());
        params.put("formula", noise.formula());
        int half = (n + 1) / 2;
        int tenth = (n + 9) / 10;
        return new MonteCarloClaim(id, paperRef, statement, params,
                List.of("E[W]: mean weight over all samples", "E[W]: mean weight over the first tenth", "E[W]: mean weight over the first half"),
                new double[] {m, m, m}, new double[] {m, m, m},
                "E[W] = 0 (the noise V used as the sampling vector: 1/n never added)", new double[] {0, 0, 0},
                Discrepancy.none(), samples.quick(), samples.full(), 1.0, n,
                rng -> {
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
                });
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
