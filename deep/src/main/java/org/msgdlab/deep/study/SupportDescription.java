package org.msgdlab.deep.study;

import org.msgdlab.core.stats.ClopperPearson;
import org.msgdlab.core.stats.Location;
import org.msgdlab.core.stats.TBounds;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What the support study describes without a verdict (deep/results/support-study/PLAN.md, "Described, not claimed"
 * and "Losses and dips"), over the seeds of the last look reached: SGD-50's advantage over GD (the margins' unit,
 * re-estimated), each dense noise against SGD-50 alone (the plan names MSGD-Cov and MSGD-Fisher; MSGD-Bernoulli-50,
 * the third of the dense claim's mean, is described alike), the dose (the loss of MSGD-[Fisher-B] against MSGD-Fisher at B = 10, 50, 250 and the per-seed
 * least-squares slope of acc on log10 B over B = 10, 50, 250, 1,000, the dense MSGD-Fisher being B = n = 1,000),
 * and each method's losses and dips with exact 95% intervals. Every interval here is two-sided 95%: Tukey-McLaughlin's (the plan's "Yuen") for a
 * trimmed mean, Student's for a mean, Clopper-Pearson's for a count. Immutable and thread-safe.
 *
 * @param seeds        the paired seeds described, in seed order (the last look's)
 * @param sgdOverGd    acc(SGD-50) - acc(GD): trimmed mean and mean, points
 * @param denseVsSgd   per dense noise (MSGD-Cov, MSGD-Fisher, MSGD-Bernoulli-50): acc(noise) - acc(SGD-50), points
 * @param dose         per support B = 10, 50, 250: acc(MSGD-[Fisher-B]) - acc(MSGD-Fisher), points
 * @param slope        the per-seed slope of acc on log10 B, points per decade
 * @param outcomes     per method, in the plan's order: its losses and dips
 */
public record SupportDescription(List<Integer> seeds, Estimate sgdOverGd, List<Single> denseVsSgd, List<Dose> dose,
                                 Estimate slope, List<Outcomes> outcomes) {

    /** The dense noises described one by one against SGD-50. */
    public static final List<String> DENSE = List.of(SupportClaim.COV, SupportClaim.FISHER, SupportClaim.BERNOULLI);

    /** The two-sided level of every interval here: 95%. */
    public static final double LEVEL = 0.05;
    /** The supports of the dose, the dense MSGD-Fisher last (B = n = 1,000). */
    public static final int[] SUPPORTS = {10, 50, 250, 1000};
    /** The dose's methods, in the order of {@link #SUPPORTS}. */
    public static final List<String> DOSE_METHODS = List.of("msgd-[fisher-10]", "msgd-[fisher-50]", "msgd-[fisher-250]",
            SupportClaim.FISHER);

    /**
     * A described quantity: its 10%-trimmed mean with its 95% (Tukey-McLaughlin) interval and its mean with Student's.
     *
     * @param trimmed the trimmed mean and its standard error (Tukey-McLaughlin)
     * @param mean    the mean and its standard error
     */
    public record Estimate(TBounds trimmed, TBounds mean) {

        /**
         * The description of per-seed values.
         *
         * @param values one per paired seed
         * @return their trimmed mean and mean
         */
        public static Estimate of(double[] values) {
            return new Estimate(Location.TRIMMED_MEAN.of(values, values.length), Location.MEAN.of(values, values.length));
        }

        /** @return the lower end of the trimmed mean's 95% interval */
        public double trimmedLower() {
            return trimmed.lower(LEVEL / 2);
        }

        /** @return the upper end of the trimmed mean's 95% interval */
        public double trimmedUpper() {
            return trimmed.upper(LEVEL / 2);
        }

        /** @return the lower end of the mean's 95% interval */
        public double meanLower() {
            return mean.lower(LEVEL / 2);
        }

        /** @return the upper end of the mean's 95% interval */
        public double meanUpper() {
            return mean.upper(LEVEL / 2);
        }
    }

    /**
     * One noise against SGD-50.
     *
     * @param method     the noise's plan name
     * @param difference acc(noise) - acc(SGD-50), points
     */
    public record Single(String method, Estimate difference) {
    }

    /**
     * The loss at one support.
     *
     * @param support B
     * @param method  MSGD-[Fisher-B]'s plan name
     * @param loss    acc(MSGD-[Fisher-B]) - acc(MSGD-Fisher), points
     */
    public record Dose(int support, String method, Estimate loss) {
    }

    /**
     * One method's losses and dips.
     *
     * @param method the plan's method name
     * @param runs   its runs described (one per paired seed)
     * @param lost   the paired seeds whose run lost its training
     * @param dips   the dipped runs, each "seed s: dipped to ... at iteration ..., window ..."
     */
    public record Outcomes(String method, int runs, List<Integer> lost, List<String> dips) {

        /** @return the exact 95% interval of the loss rate */
        public ClopperPearson losses() {
            return new ClopperPearson(lost.size(), runs);
        }

        /** @return the exact 95% interval of the dip rate */
        public ClopperPearson dipped() {
            return new ClopperPearson(dips.size(), runs);
        }
    }

    /**
     * The weights of the per-seed least-squares slope on log10 B: c_B / sum c^2, c_B = log10 B - mean(log10 B).
     *
     * @return one weight per support of {@link #SUPPORTS}; slope_s = sum_B w_B acc_s(B)
     */
    public static double[] slopeWeights() {
        double[] c = new double[SUPPORTS.length];
        double mean = 0;
        for (int i = 0; i < c.length; i++) {
            c[i] = Math.log10(SUPPORTS[i]);
            mean += c[i] / c.length;
        }
        double ss = 0;
        for (int i = 0; i < c.length; i++) {
            c[i] -= mean;
            ss += c[i] * c[i];
        }
        for (int i = 0; i < c.length; i++) {
            c[i] /= ss;
        }
        return c;
    }

    /**
     * The descriptions over the seeds the accuracies cover.
     *
     * @param runs   the completed runs (for the losses and dips)
     * @param points each method's accuracy in points at the paired seeds {@code seeds}, in their order
     * @param seeds  the paired seeds described
     * @return the descriptions over those seeds
     */
    static SupportDescription of(StudyRuns runs, Map<String, double[]> points, List<Integer> seeds) {
        int k = seeds.size();
        double[] adv = difference(points.get(SupportClaim.SGD), points.get(SupportClaim.GD));
        List<Single> dense = new ArrayList<>();
        for (String m : DENSE) {
            dense.add(new Single(m, Estimate.of(difference(points.get(m), points.get(SupportClaim.SGD)))));
        }
        List<Dose> dose = new ArrayList<>();
        double[] fisher = points.get(SupportClaim.FISHER);
        for (int i = 0; i < SUPPORTS.length - 1; i++) {
            dose.add(new Dose(SUPPORTS[i], DOSE_METHODS.get(i), Estimate.of(difference(points.get(DOSE_METHODS.get(i)), fisher))));
        }
        double[] w = slopeWeights();
        double[] slope = new double[k];
        for (int s = 0; s < k; s++) {
            for (int i = 0; i < SUPPORTS.length; i++) {
                slope[s] += w[i] * points.get(DOSE_METHODS.get(i))[s];
            }
        }
        List<Outcomes> outcomes = new ArrayList<>();
        for (String m : runs.plan().methods()) {
            List<Integer> lost = new ArrayList<>();
            List<String> dips = new ArrayList<>();
            for (int s : seeds) {
                LossOrDip o = LossOrDip.of(runs.byMethod().get(m).get(s).rows(), runs.plan().iterations());
                if (o.lost()) {
                    lost.add(s);
                } else if (o.dipped()) {
                    dips.add("seed " + s + ": " + o.describe());
                }
            }
            outcomes.add(new Outcomes(m, k, List.copyOf(lost), List.copyOf(dips)));
        }
        return new SupportDescription(List.copyOf(seeds), Estimate.of(adv), List.copyOf(dense), List.copyOf(dose),
                Estimate.of(slope), List.copyOf(outcomes));
    }

    /** x_s - y_s, seed by seed. */
    private static double[] difference(double[] x, double[] y) {
        double[] d = new double[x.length];
        for (int s = 0; s < d.length; s++) {
            d[s] = x[s] - y[s];
        }
        return d;
    }
}
