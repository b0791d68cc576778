package org.msgdlab.deep.plan;

import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.ZigguratSampler;
import org.msgdlab.core.random.Streams;
import org.msgdlab.core.stats.ResampledSeedsCalibration;
import org.msgdlab.core.stats.ResampledWorld;
import org.msgdlab.deep.study.Collapse;
import org.msgdlab.deep.study.StudyRuns;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where the worlds a plan is sized on come from ({@link PlanSizing}): a stated normal model ({@link Normal}), or the
 * paired seeds of an earlier study's completed runs ({@link Resampled}), each world moved so that its truth is the one
 * asked for. A world gives, per claim kind, one simulated study's values:
 * <ul>
 *   <li>a difference claim's d_s at truth theta, in the rule's own sense of location;</li>
 *   <li>a recovery claim's (a_s, b_s, lost_s) at ratio rho (a = noise - from, b = to - from, in points);</li>
 *   <li>an event-rate claim's lone-event rate under equal rates (the rule reads only the counts of seeds where only
 *       one of the two runs was lost, so a world of paired seeds drawn with replacement is that trinomial).</li>
 * </ul>
 * The implementations are immutable and thread-safe (the resampled worlds' centres are computed once, on demand).
 */
public sealed interface SizingWorlds permits SizingWorlds.Normal, SizingWorlds.Resampled {

    /** @return the worlds in words, for the table's head */
    String describe();

    /**
     * A difference claim's world at truth {@code theta}.
     *
     * @param plan  the plan sized
     * @param c     the claim
     * @param theta the world's location, in points
     * @param seed  the seed of anything the world computes once (a resampled world's centre)
     * @return the world
     */
    ValuesWorld difference(PlanFile plan, PlannedClaim.Difference c, double theta, long seed);

    /**
     * A recovery claim's world at ratio {@code rho}.
     *
     * @param plan the plan sized
     * @param c    the claim
     * @param rho  the world's R
     * @return the world
     */
    PairsWorld recovery(PlanFile plan, PlannedClaim.Recovery c, double rho);

    /**
     * An event-rate claim's lone-event rate under equal rates.
     *
     * @param c the claim
     * @return q, the share of paired seeds where only one given run is lost, in [0, 1)
     */
    double loneRate(PlannedClaim.EventRate c);

    /**
     * Where a claim's power is computed, and why there.
     *
     * @param plan the plan sized
     * @param c    a difference or recovery claim
     * @return the truth and its words
     */
    Alternative alternative(PlanFile plan, PlannedClaim c);

    /**
     * A truth at which power is computed.
     *
     * @param truth the truth (theta in points, or R)
     * @param words why there, e.g. "theta = 0" or "R = 1"
     */
    record Alternative(double truth, String words) {
    }

    /** A world bound to a generator. */
    @FunctionalInterface
    interface ValuesWorld {
        /**
         * @param rng the generator of one chunk of studies
         * @return a drawer of studies: fills d with one study's per-seed values
         */
        java.util.function.Consumer<double[]> bind(UniformRandomProvider rng);
    }

    /** One study of a recovery world: fills a, b and lost (arrays of the study's length). */
    @FunctionalInterface
    interface Pairs {
        /**
         * @param a    noise - from, per seed
         * @param b    to - from, per seed
         * @param lost whether the seed is left out of R's statistic
         */
        void draw(double[] a, double[] b, boolean[] lost);
    }

    /** A recovery world bound to a generator. */
    @FunctionalInterface
    interface PairsWorld {
        /**
         * @param rng the generator of one chunk of studies
         * @return a drawer of studies
         */
        Pairs bind(UniformRandomProvider rng);
    }

    /**
     * The stated normal model ({@link SizingModel}).
     *
     * @param model a model for every claim of the plan sized
     */
    record Normal(SizingModel model) implements SizingWorlds {

        @Override
        public String describe() {
            return "normal worlds stated in the plan's sizing (" + model.source() + ")";
        }

        @Override
        public ValuesWorld difference(PlanFile plan, PlannedClaim.Difference c, double theta, long seed) {
            double sd = ((SizingModel.DifferenceModel) model.of(c)).sd();
            return rng -> {
                ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(rng);
                return d -> {
                    for (int s = 0; s < d.length; s++) {
                        d[s] = theta + sd * z.sample();
                    }
                };
            };
        }

        @Override
        public PairsWorld recovery(PlanFile plan, PlannedClaim.Recovery c, double rho) {
            SizingModel.RecoveryModel m = (SizingModel.RecoveryModel) model.of(c);
            return rng -> {
                ZigguratSampler.NormalizedGaussian z = ZigguratSampler.NormalizedGaussian.of(rng);
                return (a, b, lost) -> {
                    for (int s = 0; s < a.length; s++) {
                        b[s] = m.advantage() + m.sdAdvantage() * z.sample();
                        a[s] = rho * b[s] + m.sdResidual() * z.sample();
                        lost[s] = false;
                    }
                };
            };
        }

        @Override
        public double loneRate(PlannedClaim.EventRate c) {
            return ((SizingModel.EventRateModel) model.of(c)).loneRate();
        }

        @Override
        public Alternative alternative(PlanFile plan, PlannedClaim c) {
            SizingModel.ClaimModel m = model.of(c);
            if (m instanceof SizingModel.RecoveryModel r) {
                return new Alternative(r.ratio(), "R = " + fmt(r.ratio()));
            }
            double effect = ((SizingModel.DifferenceModel) m).effect();
            return new Alternative(effect, "theta = " + fmt(effect));
        }
    }

    /**
     * Worlds made of an earlier study's paired seeds (its counted seeds, {@link PlanLook#seeds}): each claim's per-seed
     * values computed from that study's runs of the claim's methods (a method of the plan sized may stand for another
     * of the earlier study: {@code stands}), drawn with replacement and moved to the truth as the committed
     * calibrations move them ({@link ResampledWorld#at} for a difference, {@link ResampledSeedsCalibration#shift} for
     * a ratio). A study is resampled only once its own first look is reached: its plan computes no statistic before.
     */
    final class Resampled implements SizingWorlds {

        private final PlanFile source;
        private final int seeds;
        private final Map<String, String> stands;
        private final Map<String, double[]> points;
        private final Map<String, boolean[]> lost;
        private final Map<String, Double> centres = new ConcurrentHashMap<>();

        private Resampled(PlanFile source, int seeds, Map<String, String> stands, Map<String, double[]> points,
                          Map<String, boolean[]> lost) {
            this.source = source;
            this.seeds = seeds;
            this.stands = Map.copyOf(stands);
            this.points = points;
            this.lost = lost;
        }

        /**
         * Worlds made of {@code source}'s completed runs, read from its folder (a plan without plug-in methods).
         *
         * @param source the earlier study's plan
         * @param stands method of the plan sized -&gt; method of {@code source} that stands for it (the rest: itself)
         * @return the worlds
         * @throws IOException              when a run cannot be read
         * @throws IllegalArgumentException when the source has not reached its first look
         */
        public static Resampled of(PlanFile source, Map<String, String> stands) throws IOException {
            return of(source, StudyRuns.read(source.studyPlan(source.dir(), List.of()), source.cap()), stands);
        }

        /**
         * Worlds made of {@code source}'s runs already read.
         *
         * @param source the earlier study's plan
         * @param runs   its completed runs
         * @param stands method of the plan sized -&gt; method of {@code source} that stands for it
         * @return the worlds
         * @throws IOException              when a run.json cannot be read
         * @throws IllegalArgumentException when the source has not reached its first look
         */
        public static Resampled of(PlanFile source, StudyRuns runs, Map<String, String> stands) throws IOException {
            List<Integer> used = PlanLook.seeds(source, runs, false).counted();
            if (used.size() < source.looks().get(0)) {
                throw new IllegalArgumentException("sizing: the source study " + source.name() + " has " + used.size()
                        + " counted paired seeds, fewer than its first look's " + source.looks().get(0) + ": its plan computes"
                        + " no statistic before it, so no world is made of its runs");
            }
            Map<String, double[]> points = new LinkedHashMap<>();
            Map<String, boolean[]> lost = new LinkedHashMap<>();
            for (String m : source.methods()) {
                double[] p = new double[used.size()];
                boolean[] l = new boolean[used.size()];
                for (int i = 0; i < p.length; i++) {
                    StudyRuns.Run r = runs.byMethod().get(m).get(used.get(i));
                    p[i] = 100 * r.statistic();
                    l[i] = Collapse.of(r.rows(), source.iterations()).collapsed();
                }
                points.put(m, p);
                lost.put(m, l);
            }
            return new Resampled(source, used.size(), stands, points, lost);
        }

        /** @return the paired seeds the worlds are made of */
        public int seeds() {
            return seeds;
        }

        @Override
        public String describe() {
            return "worlds resampled from " + seeds + " paired seeds of the study " + source.name() + " ("
                    + source.dir().getFileName() + ")" + (stands.isEmpty() ? "" : ", standing in: " + new java.util.TreeMap<>(stands));
        }

        /** The per-seed values of the source's method standing for the sized plan's {@code method}, in points. */
        private double[] points(PlannedClaim c, String method) {
            String m = stands.getOrDefault(method, method);
            double[] p = points.get(m);
            if (p == null) {
                throw new IllegalArgumentException("sizing: claim " + c.name() + " reads " + method + (m.equals(method) ? ""
                        : " (as " + m + ")") + ", which the source study " + source.name() + " did not train (its methods: "
                        + source.methods() + "); name a method that stands for it");
            }
            return p;
        }

        private boolean lost(PlannedClaim c, String method, int s) {
            points(c, method);
            return lost.get(stands.getOrDefault(method, method))[s];
        }

        /** A difference claim's observed per-seed values. */
        double[] perSeed(PlannedClaim.Difference c) {
            Map<String, double[]> p = new LinkedHashMap<>();
            for (String m : c.methods()) {
                p.put(m, points(c, m));
            }
            return c.perSeed(p);
        }

        @Override
        public ValuesWorld difference(PlanFile plan, PlannedClaim.Difference c, double theta, long seed) {
            ResampledWorld observed = ResampledWorld.of(perSeed(c), ResampledWorld.Dips.NONE);
            double centre = centres.computeIfAbsent(c.name() + "/" + c.location(),
                    k -> observed.centre(c.location(), Streams.derive(seed, "centre/" + k)));
            ResampledWorld world = observed.centredAt(theta, centre);
            return rng -> d -> {
                for (int s = 0; s < d.length; s++) {
                    d[s] = world.draw(rng);
                }
            };
        }

        @Override
        public PairsWorld recovery(PlanFile plan, PlannedClaim.Recovery c, double rho) {
            double[] x = points(c, c.noise());
            double[] from = points(c, c.from());
            double[] to = points(c, c.to());
            double[] a = new double[seeds];
            double[] b = new double[seeds];
            boolean[] out = new boolean[seeds];
            for (int s = 0; s < seeds; s++) {
                a[s] = x[s] - from[s];
                b[s] = to[s] - from[s];
                out[s] = plan.lostRun().collapse() && (lost(c, c.noise(), s) || lost(c, c.from(), s) || lost(c, c.to(), s));
            }
            double shift = new ResampledSeedsCalibration(a, b, out, plan.recoveryDesign(), c.lower(), c.upper()).shift(rho);
            return rng -> (sa, sb, sl) -> {
                for (int s = 0; s < sa.length; s++) {
                    int i = rng.nextInt(seeds);
                    sa[s] = a[i] + shift;
                    sb[s] = b[i];
                    sl[s] = out[i];
                }
            };
        }

        /** The pooled share of seeds where only one of the two runs was lost: (n10 + n01) / (2n). */
        @Override
        public double loneRate(PlannedClaim.EventRate c) {
            int lone = 0;
            for (int s = 0; s < seeds; s++) {
                lone += lost(c, c.noise(), s) != lost(c, c.against(), s) ? 1 : 0;
            }
            return lone / (2.0 * seeds);
        }

        /**
         * Equivalence at theta = 0, "below" at the source's own location of d (which must be below 0), recovery at
         * R = 1.
         */
        @Override
        public Alternative alternative(PlanFile plan, PlannedClaim c) {
            if (c instanceof PlannedClaim.Recovery) {
                return new Alternative(1, "R = 1");
            }
            PlannedClaim.Difference d = (PlannedClaim.Difference) c;
            if (d.band() instanceof org.msgdlab.core.stats.BandClaim.Equivalence) {
                return new Alternative(0, "theta = 0");
            }
            double[] v = perSeed(d);
            double observed = d.location().of(v, v.length).estimate();
            if (!(observed < 0)) {
                throw new IllegalArgumentException("sizing: claim " + c.name() + " is \"below 0\" and its location in the source"
                        + " study " + source.name() + " is " + fmt(observed) + " >= 0: no alternative to compute its power at");
            }
            return new Alternative(observed, "theta = " + fmt(observed) + " (the source's)");
        }
    }

    /** A number as the table writes it. */
    static String fmt(double x) {
        return String.format(Locale.ROOT, "%.3g", x);
    }
}
