package org.msgdlab.core.claims;

import org.msgdlab.core.stats.FalseAlarm;
import org.msgdlab.core.stats.MonteCarlo;
import org.msgdlab.core.stats.RunningMoments;
import org.msgdlab.core.stats.SampleExperiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A claim checked by Monte Carlo: k statistics, each estimated by the sample mean of i.i.d.
 * per-sample values, compared with the paper's value and with the exact value derived here, at a
 * tolerance {@code z' * SE + round-off} where z gives the claim a false-alarm probability of
 * {@link FalseAlarm#PER_CLAIM} (Bonferroni over the k statistics) and z' corrects it for the
 * estimator's skewness and kurtosis ({@link FalseAlarm#shapeCorrected}). The same estimates are
 * compared with a named wrong formula: whether they reject it, and with what probability (power).
 *
 * <p>A claim is declared through {@link #builder(ClaimRef)}. The accessors return the arrays and the
 * parameter map themselves ({@code paper} and {@code wrong} values are not even copied): they must
 * not be changed. A check only reads them and draws through experiments of its own, so the claim is
 * thread-safe while they are not changed and the experiment factory is thread-safe (chunks call it
 * concurrently).
 *
 * @param ref         the claim's id, paper reference and statement
 * @param parameters  the parameters of the object checked, by name (the evidence adds
 *                    {@code samples}, {@code alpha} and {@code z})
 * @param statistics  the k statistics: their names, the paper's values and the values derived here
 * @param wrong       the plausible wrong formula the check must reject, with its values
 * @param discrepancy what is known of the gap between the paper's and the derived formula
 * @param sampling    the sample counts of the two budgets and the round-off bound's inputs
 * @param experiment  creates the experiment of one chunk, bound to its generator
 */
public record MonteCarloClaim(
        ClaimRef ref,
        Map<String, Object> parameters,
        Statistics statistics,
        WrongFormula wrong,
        Discrepancy discrepancy,
        Sampling sampling,
        SampleExperiment.Factory experiment) implements ClaimWithRef {

    /**
     * The k statistics a claim estimates. The derived values within round-off (relative 1e-12) of
     * the paper's are replaced by the paper's ({@link MonteCarloClaim}'s constructor does it).
     *
     * @param names   the names of the k statistics
     * @param paper   the paper's formula, one value per statistic
     * @param derived the exact values derived here, one per statistic
     */
    public record Statistics(List<String> names, double[] paper, double[] derived) {
    }

    /**
     * A plausible wrong formula, named, and its values.
     *
     * @param name   the formula in words
     * @param values its values, one per statistic
     */
    public record WrongFormula(String name, double[] values) {
    }

    /**
     * How many samples each budget draws, and what the round-off bound needs.
     *
     * @param quick          samples at {@link Budget#QUICK}, at least 1000
     * @param full           samples at {@link Budget#FULL}, at least {@code quick}
     * @param roundOffScale  magnitude of the products accumulated per statistic, for the round-off bound
     * @param termsPerSample number of terms summed per sample, for the round-off bound
     */
    public record Sampling(long quick, long full, double roundOffScale, int termsPerSample) {
    }

    /**
     * Checks the sizes and the sample counts; copies the parameters and the names, and snaps the
     * derived values within round-off of the paper's to the paper's.
     *
     * @param ref         the claim's id, paper reference and statement
     * @param parameters  the parameters of the object checked, by name
     * @param statistics  the k statistics, the paper's and the derived values
     * @param wrong       the plausible wrong formula and its values
     * @param discrepancy what is known of the gap between the paper's and the derived formula
     * @param sampling    the sample counts and the round-off bound's inputs
     * @param experiment  creates the experiment of one chunk, bound to its generator
     * @throws IllegalArgumentException when an array of values is not as long as the statistics' names,
     *                                  or unless {@code 1000 <= quick <= full}
     */
    public MonteCarloClaim {
        String id = ref.id();
        int k = statistics.names().size();
        if (statistics.paper().length != k || statistics.derived().length != k || wrong.values().length != k) {
            throw new IllegalArgumentException("claim " + id + ": " + k + " statistics need " + k
                    + " paper, derived and wrong values");
        }
        parameters = new LinkedHashMap<>(parameters);
        statistics = new Statistics(List.copyOf(statistics.names()), statistics.paper(),
                snapToPaper(statistics.paper(), statistics.derived()));
        if (sampling.quick() < 1000 || sampling.full() < sampling.quick()) {
            throw new IllegalArgumentException("claim " + id + ": samples quick=" + sampling.quick() + ", full=" + sampling.full()
                    + " must satisfy 1000 <= quick <= full");
        }
    }

    /**
     * A builder of a claim: every part but the parameters and the discrepancy is required.
     *
     * @param ref the claim's id, paper reference and statement
     * @return an empty builder
     */
    public static MonteCarloClaimBuilder builder(ClaimRef ref) {
        return new MonteCarloClaimBuilder(ref);
    }

    /**
     * The derived values, with those within round-off of the paper's replaced by the paper's: the
     * same formula computed two ways (e.g. G Var G^T and (F - gg^T)/b) differs in the last bits,
     * which is no gap to resolve.
     */
    private static double[] snapToPaper(double[] paper, double[] derived) {
        double[] out = derived.clone();
        for (int j = 0; j < out.length; j++) {
            if (Math.abs(out[j] - paper[j]) <= 1e-12 * Math.max(Math.abs(out[j]), Math.abs(paper[j]))) {
                out[j] = paper[j];
            }
        }
        return out;
    }

    /**
     * The number of samples a budget draws.
     *
     * @param budget the budget
     * @return {@code sampling.quick()} at {@link Budget#QUICK}, else {@code sampling.full()}
     */
    public long samples(Budget budget) {
        return budget.pick(sampling.quick(), sampling.full());
    }

    /**
     * The check at the context's budget and seed, at the false-alarm probability
     * {@link FalseAlarm#PER_CLAIM}.
     *
     * @param context what the check may use; its budget and the stream of the claim's id are read
     * @return the evidence, with its verdict
     */
    @Override
    public Evidence check(CheckContext context) {
        return check(context, FalseAlarm.PER_CLAIM);
    }

    /**
     * The check at another false-alarm probability {@code alpha} (for calibration: at alpha = 0.05
     * a true claim must fail in about 5% of seeds).
     *
     * @param context what the check may use: its budget sets the number of samples, and the claim draws from
     *                the stream of its id, {@code context.seedFor(id)}
     * @param alpha   the claim's false-alarm probability, shared over its k statistics (Bonferroni)
     * @return the evidence, with its verdict, a power check against the wrong formula (and one
     *         against the paper's formula when it differs from the derived one) and a convergence series
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 1)
     */
    public Evidence check(CheckContext context, double alpha) {
        Budget budget = context.budget();
        long samples = samples(budget);
        List<String> statisticNames = statistics.names();
        double[] paperValues = statistics.paper();
        double[] derivedValues = statistics.derived();
        double[] wrongValues = wrong.values();
        String id = ref.id();
        int k = statisticNames.size();
        MonteCarlo.Result result = MonteCarlo.run(samples, context.seedFor(id), k, experiment);
        RunningMoments m = result.total();
        double z = FalseAlarm.z(alpha, k);
        double roundOff = FalseAlarm.roundOff(sampling.termsPerSample() + (double) samples, sampling.roundOffScale());
        List<StatisticCheck> stats = new ArrayList<>();
        double bestPower = -1;
        int bestIndex = 0;
        boolean wrongRejected = false;
        double resolution = -1;
        int resolutionIndex = 0;
        for (int j = 0; j < k; j++) {
            double se = m.standardError(j);
            double tol = FalseAlarm.shapeCorrected(z, m.skewnessOfMean(j), m.excessKurtosisOfMean(j)) * se + roundOff;
            StatisticCheck s = StatisticCheck.of(statisticNames.get(j), m.mean(j), se, paperValues[j], derivedValues[j], tol);
            stats.add(s);
            wrongRejected |= s.rejects(wrongValues[j]);
            double p = FalseAlarm.power(derivedValues[j], wrongValues[j], se, tol);
            if (p > bestPower) {
                bestPower = p;
                bestIndex = j;
            }
            if (paperValues[j] != derivedValues[j]) {
                double r = FalseAlarm.power(derivedValues[j], paperValues[j], se, tol);
                if (r > resolution) {
                    resolution = r;
                    resolutionIndex = j;
                }
            }
        }
        List<PowerCheck> power = new ArrayList<>();
        power.add(new PowerCheck(wrong.name(), statisticNames.get(bestIndex), wrongValues[bestIndex], wrongRejected, bestPower));
        if (resolution >= 0) {
            StatisticCheck r = stats.get(resolutionIndex);
            power.add(new PowerCheck("the paper's formula (power to resolve the exact gap from noise)",
                    r.name(), r.paperValue(), !stats.stream().allMatch(StatisticCheck::agreesWithPaper), resolution));
        }
        Map<String, Object> params = new LinkedHashMap<>(parameters);
        params.put("samples", samples);
        params.put("alpha", alpha);
        params.put("z", z);
        int head = headline(stats);
        List<Series> series = List.of(convergenceSeries(result, head, z, roundOff));
        return Decision.of(ref).parameters(params)
                .falseAlarmProbability(alpha).statistics(stats).power(power).discrepancy(discrepancy).samples(samples)
                .series(series).decide();
    }

    private static int headline(List<StatisticCheck> stats) {
        int best = 0;
        double worst = -1;
        for (int j = 0; j < stats.size(); j++) {
            StatisticCheck s = stats.get(j);
            double gap = Math.abs(s.estimate() - s.paperValue());
            double score = s.tolerance() > 0 ? gap / s.tolerance() : (gap > 0 ? Double.MAX_VALUE : 0);
            if (score > 1 && score > worst) {
                worst = score;
                best = j;
            }
        }
        return best;
    }

    /** Estimate of statistic j (with its tolerance band) against the number of samples used. */
    private Series convergenceSeries(MonteCarlo.Result result, int j, double z, double roundOff) {
        List<double[]> est = new ArrayList<>();
        int chunks = result.chunks().size();
        for (int c = 1; c <= chunks; c *= 2) {
            RunningMoments p = result.prefix(c);
            double tol = FalseAlarm.shapeCorrected(z, p.skewnessOfMean(j), p.excessKurtosisOfMean(j)) * p.standardError(j) + roundOff;
            est.add(new double[] {p.count(), p.mean(j), p.mean(j) - tol, p.mean(j) + tol});
        }
        if (Integer.bitCount(chunks) != 1) {
            RunningMoments p = result.total();
            double tol = FalseAlarm.shapeCorrected(z, p.skewnessOfMean(j), p.excessKurtosisOfMean(j)) * p.standardError(j) + roundOff;
            est.add(new double[] {p.count(), p.mean(j), p.mean(j) - tol, p.mean(j) + tol});
        }
        double[] paperValues = statistics.paper();
        double[] derivedValues = statistics.derived();
        double[] wrongValues = wrong.values();
        String statisticName = statistics.names().get(j);
        double x0 = est.get(0)[0];
        double x1 = est.get(est.size() - 1)[0];
        List<Series.Curve> curves = new ArrayList<>();
        curves.add(new Series.Curve("estimate ± tolerance", est));
        curves.add(new Series.Curve("paper", List.of(Series.point(x0, paperValues[j]), Series.point(x1, paperValues[j]))));
        if (derivedValues[j] != paperValues[j]) {
            curves.add(new Series.Curve("exact (derived)", List.of(Series.point(x0, derivedValues[j]), Series.point(x1, derivedValues[j]))));
        }
        curves.add(new Series.Curve("wrong: " + wrong.name(), List.of(Series.point(x0, wrongValues[j]), Series.point(x1, wrongValues[j]))));
        return new Series(ref.id() + ".convergence", statisticName + " vs Monte Carlo samples", "Monte Carlo samples",
                statisticName, true, false, curves);
    }
}
