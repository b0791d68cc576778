package org.msgdlab.deep.claims;

import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.bench.MachineLoad;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.TimingAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.FalseAlarm;
import org.msgdlab.deep.efficiency.NoiseInjection;
import org.msgdlab.deep.efficiency.NoiseInjectionTimer;
import org.msgdlab.deep.efficiency.NoiseInjectionTiming;
import org.msgdlab.deep.graph.GraphOptions;
import org.msgdlab.deep.graph.TrainingGraph;
import org.msgdlab.deep.model.ConvSmall;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The efficiency remark of Section 5.1: Gaussian noise with the SGD covariance injected by
 * Algorithm 1 ({@link NoiseInjection}) against the explicit way.
 *
 * <p>Both noises must agree with each other and with the exact {@code u^T Sigma u = ||Gc^T u||^2}
 * on every projection u within {@code z * SE} (two-sided false-alarm probability
 * {@value #ALPHA_COVARIANCE}, Bonferroni over the statistics, Cornish-Fisher corrected for the
 * chi-square(1) shape of a squared projection), must reject the Fisher {@code F/b} on the whitened
 * direction (power check), and the explicit step, in each of its forms, must take longer than
 * Algorithm 1's at every d.
 */
public final class NoiseInjectionEfficiencyClaim implements Claim {

    /** The claim's id. */
    public static final String ID = "deep.efficiency.gaussian-noise-injection";

    /** False-alarm probability of the covariance comparison (Bonferroni over its statistics). */
    public static final double ALPHA_COVARIANCE = 1e-3;

    private final Path dataDir;

    /** @param dataDir the Fashion-MNIST folder (generated images when it is absent) */
    public NoiseInjectionEfficiencyClaim(Path dataDir) {
        this.dataDir = dataDir;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String paperRef() {
        return "Section 5.1 (remark on efficiency), Algorithm 1";
    }

    @Override
    public String statement() {
        return "injecting Gaussian noise with the SGD covariance into GD on ConvSmall through Algorithm 1 (W = 1/n + V_G)"
                + " gives the same noise covariance as the explicit way (per-sample gradient matrix, factored"
                + " covariance) and costs less time per step";
    }

    /** Budget of the efficiency claim: noise draws of each way, random projections, timing repetitions. */
    record EfficiencyPlan(int n, int b, int draws, int randomProjections, int reps) {
        static EfficiencyPlan of(Budget budget) {
            return budget.pick(new EfficiencyPlan(1000, 50, 150, 3, 1), new EfficiencyPlan(1000, 50, 600, 5, 3));
        }
    }

    @Override
    public Evidence check(CheckContext context) {
        long t0 = System.nanoTime();
        EfficiencyPlan plan = EfficiencyPlan.of(context.budget());
        ClaimImages data = ClaimImages.of(dataDir, plan.n(), "the paper's Fashion-MNIST training split (" + plan.n() + " images)");
        // the master seed as is (see CheckContext): this check was seeded with it before streams were named
        long seed = context.seed();
        try (TrainingGraph g = TrainingGraph.build(ConvSmall.paper(), data.images(), null,
                GraphOptions.defaults(seed).withThreads(2, 1))) {
            return evidence(id(), paperRef(), statement(), g, plan, seed, data.source(), t0);
        }
    }

    /** The efficiency claim's evidence on a built graph (also used by the unit test on a tiny model). */
    static Evidence evidence(String id, String ref, String st, TrainingGraph g, EfficiencyPlan plan, long seed,
                                       String source, long t0) {
        int n = plan.n();
        int[] idx = new int[n];
        Arrays.setAll(idx, i -> i);
        NoiseInjection.CovarianceComparison cmp = NoiseInjection.compareCovariance(g, idx, plan.b(),
                plan.randomProjections(), plan.draws(), seed);
        List<NoiseInjection.ParameterSubset> subsets = subsets(g.model());
        MachineLoad.Meter meter = MachineLoad.Meter.start();
        List<NoiseInjectionTiming> timings = NoiseInjectionTimer.time(g, idx, plan.b(), subsets, plan.reps(), seed);
        MachineLoad load = meter.stop();

        int m = cmp.projections().size();
        int k = 3 * m;
        double skew = Math.sqrt(8.0 / plan.draws());     // mean of K squared Gaussians: chi-square(1) shape / sqrt(K)
        double kurt = 12.0 / plan.draws();
        double z = FalseAlarm.shapeCorrected(FalseAlarm.z(ALPHA_COVARIANCE, k), skew, kurt);
        List<StatisticCheck> stats = new ArrayList<>();
        List<PowerCheck> power = new ArrayList<>();
        for (NoiseInjection.Projection p : cmp.projections()) {
            double seD = Math.hypot(p.algorithm1Se(), p.explicitSe());
            stats.add(StatisticCheck.of("u^T Cov u, Algorithm 1 minus explicit, u = " + p.name(),
                    p.algorithm1() - p.explicit(), seD, 0, 0, z * seD));
            StatisticCheck a = StatisticCheck.of("u^T Cov u of Algorithm 1's noise G V_G, u = " + p.name(),
                    p.algorithm1(), p.algorithm1Se(), p.exact(), p.exact(), z * p.algorithm1Se());
            StatisticCheck e = StatisticCheck.of("u^T Cov u of the explicit noise U S z, u = " + p.name(),
                    p.explicit(), p.explicitSe(), p.exact(), p.exact(), z * p.explicitSe());
            stats.add(a);
            stats.add(e);
            if (!p.name().startsWith("random")) {
                for (StatisticCheck s : List.of(a, e)) {
                    power.add(PowerCheck.of("Fisher F/b = G G^T/(bn) (uncentred) instead of the SGD covariance", s, p.fisher()));
                }
            }
        }
        double minRatio = timings.stream().mapToDouble(t -> Math.min(t.ratio(), t.ratioFactorFree())).min()
                .orElse(Double.NaN);
        NoiseInjectionTiming full = timings.get(timings.size() - 1);
        // the timing half of the claim, a bound (slower than Algorithm 1), listed with the statistics;
        // the verdict reads the covariance comparisons and the smallest time ratio
        StatisticCheck timing = StatisticCheck.above("time per step, explicit noise injection / Algorithm 1, d = " + full.d(),
                full.ratio(), 0, 1.0, 0);
        List<StatisticCheck> covariances = List.copyOf(stats);
        Decision decision = decide(covariances, timing, minRatio, load, String.format(java.util.Locale.ROOT,
                "covariances agree on %d projections (%d draws each way);"
                        + " time per step explicit (SVD via Gram)/Algorithm 1 = %.1f at d = %d (%.1f with per-sample"
                        + " gradients free; %.1f factorization-free, noise Gc z from G); smallest over d and baselines %.1f",
                m, plan.draws(), full.ratio(), full.d(), full.ratioGivenPerSampleGradients(), full.ratioFactorFree(),
                minRatio) + "; " + load.describe() + " during the timing");
        Verdict v = decision.verdict();
        String reason = decision.reason();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("model", g.model().toString());
        params.put("data", source);
        params.put("precision", g.options().precision().toString());
        params.put("n", n);
        params.put("b", plan.b());
        params.put("parameters", "the seeded initialization (no training steps)");
        params.put("algorithm1", "W = 1/n + V_G, V_G = (bn)^(-1/2)(I - 11^T/n) eps (theory CenteredExchangeableNoise.msgdCov);"
                + " noise = grad(L.W) - grad(L.1/n) = G V_G");
        params.put("explicit", "per-sample gradients G (" + full.perSampleMethod() + "), Gc = G(I - 11^T/n)/sqrt(bn),"
                + " thin SVD through the n x n Gram matrix: Gc^T Gc = V S^2 V^T (EJML symmetric eig), U S = Gc V;"
                + " noise = U S z, z ~ N(0, I_r)");
        params.put("explicitFactorFree", "per-sample gradients G, then noise Gc z, z ~ N(0, I_n) (same law, no factorization)");
        params.put("perSampleGradients", full.perSampleMethod());
        params.put("rank", cmp.rank());
        params.put("draws", plan.draws());
        params.put("projections", m);
        params.put("zQuantile", z);
        params.put("falseAlarmProbability", ALPHA_COVARIANCE + " (Bonferroni over " + k + " statistics, Cornish-Fisher"
                + " corrected for chi-square(1) squares)");
        params.put("covarianceSeconds", cmp.seconds());
        params.put("threads", "TensorFlow intra-op " + g.options().intraThreads() + ", inter-op "
                + g.options().interThreads() + "; EJML concurrent kernels on " + Runtime.getRuntime().availableProcessors()
                + " processors");
        params.put("timingRepetitions", plan.reps() + " (median, after one warm-up)");
        params.put("load.othersShare", load.othersShare());
        params.put("load.stealShare", load.stealShare());
        params.put("load.loadAverage", load.loadAverage());
        params.put(MachineLoad.RULE_PARAMETER, "the timing half is INCONCLUSIVE when the machine was " + MachineLoad.rule()
                + ", during the timing");
        for (NoiseInjectionTiming t : timings) {
            String key = "timing." + t.subset() + ".";
            params.put(key + "d", t.d());
            params.put(key + "algorithm1Seconds", t.algorithm1());
            params.put(key + "explicitSeconds", t.explicit());
            params.put(key + "explicit.gdStepSeconds", t.gdStep());
            params.put(key + "explicit.perSampleGradientSeconds", t.perSample());
            params.put(key + "explicit.factorSeconds", t.factor());
            params.put(key + "explicit.sampleSeconds", t.sample());
            params.put(key + "explicit.applySeconds", t.apply());
            params.put(key + "ratio", t.ratio());
            params.put(key + "ratioGivenPerSampleGradients", t.ratioGivenPerSampleGradients());
            params.put(key + "explicitFactorFree.directNoiseSeconds", t.direct());
            params.put(key + "ratioFactorFree", t.ratioFactorFree());
        }
        List<double[]> ratioPts = new ArrayList<>();
        List<double[]> freePts = new ArrayList<>();
        List<double[]> directPts = new ArrayList<>();
        for (NoiseInjectionTiming t : timings) {
            directPts.add(new double[] {t.d(), t.ratioFactorFree(), t.ratioFactorFree(), t.ratioFactorFree()});
            ratioPts.add(new double[] {t.d(), t.ratio(), t.ratio(), t.ratio()});
            freePts.add(new double[] {t.d(), t.ratioGivenPerSampleGradients(), t.ratioGivenPerSampleGradients(), t.ratioGivenPerSampleGradients()});
        }
        Series series = new Series(id + ".time-ratio", "Time per step, explicit noise injection / Algorithm 1 (n = " + n + ")",
                "d (noisy parameters)", "time ratio", true, true,
                List.of(new Series.Curve("per-sample gradients + factorization", ratioPts),
                        new Series.Curve("factorization only (per-sample gradients free)", freePts),
                        new Series.Curve("per-sample gradients + Gc z (no factorization)", directPts)));
        // a timing claim whose statement also compares covariances: the estimate is the ratio the rule compares
        // with its bound (the smallest over d and explicit forms), the covariances its statistics (issue 46)
        TimingAnswer measured = new TimingAnswer("smallest time ratio per step, explicit noise injection / Algorithm 1,"
                + " over d and the explicit forms (medians of the repetitions)", minRatio, 1.0, plan.reps(), new double[0],
                load.othersShare(), load.stealShare(), load.loadAverage(), load.busy(),
                String.valueOf(params.get(MachineLoad.RULE_PARAMETER)));
        return Evidence.builder(id, ref, st).verdict(v, reason).parameters(params).timing(measured)
                .falseAlarmProbability(ALPHA_COVARIANCE).statistics(stats).power(power)
                .samples(2L * plan.draws()).seconds((System.nanoTime() - t0) / 1e9).series(List.of(series)).build();
    }

    /** A verdict with its reason. */
    record Decision(Verdict verdict, String reason) {
    }

    /**
     * The claim's verdict: FAIL when a covariance comparison disagrees (naming every statistic that
     * does); INCONCLUSIVE when the machine was busy during the timing (a time ratio of a shared machine
     * is not evidence); FAIL when the explicit way is not slower at some d ({@code minRatio <= 1}, or no
     * timing); else PASS with {@code passReason}.
     *
     * @param covariances the covariance comparisons
     * @param timing      the headline time ratio (listed among the disagreeing statistics when it disagrees)
     * @param minRatio    the smallest time ratio explicit / Algorithm 1 over every d and explicit form
     * @param load        what other processes took of the machine during the timing
     * @param passReason  the reason of a PASS
     * @return the verdict and its reason
     */
    static Decision decide(List<StatisticCheck> covariances, StatisticCheck timing, double minRatio, MachineLoad load,
                           String passReason) {
        if (!covariances.stream().allMatch(StatisticCheck::agreesWithPaper)) {
            List<StatisticCheck> all = new ArrayList<>(covariances);
            all.add(timing);
            List<String> bad = all.stream().filter(s -> !s.agreesWithPaper()).map(StatisticCheck::name).toList();
            return new Decision(Verdict.FAIL, "the two noises' covariances disagree on " + bad);
        }
        if (load.busy()) {
            return new Decision(Verdict.INCONCLUSIVE, String.format(java.util.Locale.ROOT, "covariances agree, but the"
                    + " machine was busy during the timing (%s; %s): the time ratios of a shared machine (smallest measured"
                    + " %.3g) are not evidence; run again on a quiet machine", load.describe(), load.busyBecause(), minRatio));
        }
        if (!(minRatio > 1)) {
            return new Decision(Verdict.FAIL, String.format(java.util.Locale.ROOT, "covariances agree, but the explicit way"
                    + " is not slower: smallest time ratio explicit/Algorithm 1 = %.3g", minRatio));
        }
        return new Decision(Verdict.PASS, passReason);
    }

    /** Parameter subsets of increasing size d; the last is the whole network. */
    static List<NoiseInjection.ParameterSubset> subsets(org.msgdlab.deep.model.Model model) {
        if (model.parameters().size() == 8) {   // ConvSmall
            return List.of(new NoiseInjection.ParameterSubset("fc2", new int[] {6, 7}),
                    new NoiseInjection.ParameterSubset("conv1+conv2", new int[] {0, 1, 2, 3}),
                    new NoiseInjection.ParameterSubset("fc1+fc2", new int[] {4, 5, 6, 7}),
                    NoiseInjection.ParameterSubset.all(model.parameters()));
        }
        return List.of(NoiseInjection.ParameterSubset.all(model.parameters()));
    }
}
