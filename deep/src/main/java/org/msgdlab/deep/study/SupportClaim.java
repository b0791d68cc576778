package org.msgdlab.deep.study;

import org.msgdlab.core.stats.AlphaSpending;
import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.core.stats.LookRule;
import org.msgdlab.core.stats.Location;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Preset;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One of the six pre-registered claims of the support study (deep issue 42; deep/results/support-study/PLAN.md,
 * "Claims (6), one family"): a claim's per-seed value is a paired difference of window accuracies in points,
 * <pre>
 *   d_s = mean over m in {@code of} of acc(m, s) - acc({@code against}, s),
 * </pre>
 * acc = 100 x the {@link WindowStatistic} (iterations 4,000 to 5,000); its estimand the 10%-trimmed mean of d,
 * decided by {@link #RULE}: the one-sided trimmed-mean bounds (Tukey-McLaughlin, the plan's "Yuen's" read by
 * its amendment 2) at the looks of 50 and 100 complete paired seeds, one-sided
 * alpha 0.001 and 0.004 ({@link #SPENDING}), the first look that decides fixing the verdict.
 * <p>
 * Immutable and thread-safe.
 *
 * @param name    the id's part after {@code deep.support.}, e.g. {@code class.fisher-vs-cov}
 * @param band    equivalence within +-{@link #DELTA}, or below 0
 * @param of      the methods whose accuracies are averaged (plan names, {@link StudyPlan#SUPPORT_METHODS})
 * @param against the method subtracted
 */
public record SupportClaim(String name, BandClaim band, List<String> of, String against) {

    /** SGD-50's advantage over GD in the second study, points (mean 1.406, 10%-trimmed mean 1.405): the margin's unit. */
    public static final double ADVANTAGE = 1.41;
    /** The margin's share of that advantage. */
    public static final double MARGIN_SHARE = 0.3;
    /** The equivalence margin Delta in points: 0.3 x 1.41 = 0.423, fixed at 0.42 (PLAN.md; size.py rounds it alike). */
    public static final double DELTA = 0.42;
    /** The family-wise probability of any wrong verdict of the study. */
    public static final double FAMILY_ALPHA = 0.05;
    /** The share of a claim's alpha the rule runs at; the rest is kept for the data's shape. */
    public static final double RESERVE = 0.6;
    /** The looks, the alpha each spends, over the six claims: one-sided 0.001 at 50 and 0.004 at 100. */
    public static final AlphaSpending SPENDING = new AlphaSpending(FAMILY_ALPHA, 6, RESERVE, new double[]{0.2, 0.8},
            new int[]{StudyPlan.SUPPORT_LOOK_EVERY, StudyPlan.SUPPORT_CAP});
    /** The plan's rule: the 10%-trimmed mean, Tukey-McLaughlin bounds, at {@link #SPENDING}'s looks. */
    public static final LookRule RULE = new LookRule(SPENDING, Location.TRIMMED_MEAN);
    /**
     * The study's one statement of its error control, repeated with every verdict table (PLAN.md, "Error control").
     */
    public static final String ALPHA_LINE = "One family-wise probability of a wrong verdict for the whole study: 0.05,"
            + " Bonferroni over its 6 claims (0.05/6 = 0.00833 each); each rule runs at 0.6 of its share, spent 0.2 / 0.8 at"
            + " the looks of 50 and 100 paired seeds (one-sided 0.001 and 0.004). By the union bound over claims and looks,"
            + " the probability of any wrong verdict in the study is at most 6 x 0.0082 < 0.05, on worlds shaped like the"
            + " second study's data (sizing/resampled.txt).";

    static final String GD = "gd";
    static final String SGD = "sgd-50";
    static final String COV = "msgd-cov";
    static final String FISHER = "msgd-fisher";
    static final String BERNOULLI = "msgd-bernoulli-50";
    static final String COV_EXACT_10 = "msgd-[cov-exact-10]";
    static final String FISHER_10 = "msgd-[fisher-10]";

    /**
     * Checks the claim.
     *
     * @throws IllegalArgumentException when {@code of} is empty or a method is not one of the support plan's
     */
    public SupportClaim {
        of = List.copyOf(of);
        if (of.isEmpty()) {
            throw new IllegalArgumentException("support claim " + name + ": 'of' must name at least one method");
        }
        for (String m : of) {
            requireMethod(name, m);
        }
        requireMethod(name, against);
    }

    private static void requireMethod(String claim, String m) {
        if (!StudyPlan.SUPPORT_METHODS.contains(m)) {
            throw new IllegalArgumentException("support claim " + claim + ": method '" + m + "' must be one of "
                    + StudyPlan.SUPPORT_METHODS);
        }
    }

    /** @return the six claims, in the plan's table order */
    public static List<SupportClaim> all() {
        BandClaim eq = new BandClaim.Equivalence(DELTA);
        BandClaim below = new BandClaim.Below();
        return List.of(
                new SupportClaim("class.bernoulli-50-vs-cov", eq, List.of(BERNOULLI), COV),
                new SupportClaim("class.fisher-vs-cov", eq, List.of(FISHER), COV),
                new SupportClaim("support.cov-exact-10-below-cov", below, List.of(COV_EXACT_10), COV),
                new SupportClaim("support.fisher-10-below-fisher", below, List.of(FISHER_10), FISHER),
                new SupportClaim("as-sgd.dense-vs-sgd-50", eq, List.of(FISHER, COV, BERNOULLI), SGD),
                new SupportClaim("as-sgd.sparse-below-sgd-50", below, List.of(COV_EXACT_10, FISHER_10), SGD));
    }

    /** @return the claim id, {@code deep.support.<name>} */
    public String id() {
        return "deep.support." + name;
    }

    /** @return d_s in words, e.g. "acc(MSGD-Fisher) - acc(MSGD-Cov)" or "mean of acc(A, B) - acc(SGD-50)" */
    public String difference() {
        String left = of.stream().map(SupportClaim::paperName).collect(Collectors.joining(", "));
        return (of.size() > 1 ? "mean of " : "") + "acc(" + left + ") - acc(" + paperName(against) + ")";
    }

    /**
     * The claim's per-seed values.
     *
     * @param points each method's accuracy in points at paired seeds 0..k-1 (at least the claim's methods, equally long)
     * @return d_s for s = 0..k-1
     * @throws IllegalArgumentException when a method of the claim is missing or the arrays' lengths differ
     */
    public double[] perSeed(Map<String, double[]> points) {
        return perSeed(name, of, against, points);
    }

    /**
     * The per-seed values of a difference claim, d_s = mean over {@code of} of acc(m, s) - acc({@code against}, s)
     * (this study's claims and a plan file's difference claims).
     *
     * @param name    the claim's name, for the errors
     * @param of      the methods averaged
     * @param against the method subtracted
     * @param points  each method's accuracy in points at paired seeds 0..k-1 (at least these methods, equally long)
     * @return d_s for s = 0..k-1
     * @throws IllegalArgumentException when a method is missing or the arrays' lengths differ
     */
    public static double[] perSeed(String name, List<String> of, String against, Map<String, double[]> points) {
        double[] minus = points.get(against);
        if (minus == null) {
            throw new IllegalArgumentException("claim " + name + ": no accuracies of " + against);
        }
        double[] d = new double[minus.length];
        for (String m : of) {
            double[] x = points.get(m);
            if (x == null || x.length != minus.length) {
                throw new IllegalArgumentException("claim " + name + ": accuracies of " + m + " must cover the "
                        + minus.length + " seeds of " + against + " (" + (x == null ? "none" : x.length) + ")");
            }
            for (int s = 0; s < d.length; s++) {
                d[s] += x[s];
            }
        }
        for (int s = 0; s < d.length; s++) {
            d[s] = d[s] / of.size() - minus[s];
        }
        return d;
    }

    /**
     * A support method's paper name.
     *
     * @param method a method name of the support plan
     * @return e.g. MSGD-[Cov-exact-10]
     */
    public static String paperName(String method) {
        return method(method).paperName();
    }

    /**
     * A support method's id on disk.
     *
     * @param method a method name of the support plan
     * @return e.g. msgd-sparse-cov-exact-10
     */
    public static String methodId(String method) {
        return method(method).id();
    }

    private static Method method(String name) {
        return StudyPlan.PROTOCOL.method(name, Preset.FASHION_MNIST_SMALL.sgdBatch());
    }
}
