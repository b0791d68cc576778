package org.msgdlab.deep.study;

import org.msgdlab.deep.train.Method;
import org.msgdlab.core.stats.PairedHypothesis;

import java.util.ArrayList;
import java.util.List;

/**
 * One pre-registered accuracy claim of the Fashion-MNIST study: a statement about the paired
 * difference d = statistic(x) - statistic(y) of two methods (the statistic is
 * {@link WindowStatistic}), decided by a {@link PairedHypothesis} inside a {@link Family} whose
 * family-wise probability of a wrong verdict is {@link #FAMILY_ALPHA}.
 * <p>
 * Immutable and thread-safe.
 *
 * @param key        the claim id's tail, e.g. {@code msgd-fisher.generalizes-as-sgd}
 * @param paperRef   where the paper makes the statement
 * @param statement  the statement, in words
 * @param family     the family whose claims share the family-wise error (a figure of the paper, or
 *                   Figure 2's design on Fashion-MNIST)
 * @param x          the method whose statistic comes first (as the paper names it)
 * @param y          the method subtracted
 * @param hypothesis superiority (d &gt; 0, smallest effect delta) or equivalence (|d| &lt; margin)
 */
public record PairedClaim(String key, String paperRef, String statement, Family family, String x, String y,
                          PairedHypothesis hypothesis) {

    /** Family-wise probability of any wrong verdict among the claims of one {@link Family}. */
    public static final double FAMILY_ALPHA = 0.05;
    /**
     * The smallest difference of test accuracy worth detecting, and the equivalence margin: one
     * percentage point (deep/README.md gives the reasons).
     */
    public static final double EFFECT = 0.01;

    /**
     * The families of claims: two figures of the paper (Fashion-MNIST panels), and mini-batch MSGD
     * on Fashion-MNIST, which the paper does not show.
     */
    public enum Family {
        FIGURE_1A("Figure 1(a)", "Figure 1(a), Section 5"), FIGURE_3A("Figure 3(a)", "Figure 3(a), Appendix C"),
        /**
         * SGD-50, SGD-500 and [MSGD-Fisher]-500: the design of the paper's Figure 2 (mini-batch MSGD,
         * Algorithm 2, on small SVHN and CIFAR-10) carried over to Fashion-MNIST, where the paper shows no
         * mini-batch MSGD. Not a figure of the paper (its Figure 4 is CIFAR-10 on VGG-11).
         */
        FIGURE_2_DESIGN("Figure 2's design on Fashion-MNIST (not in the paper)",
                "Figure 2's design on Fashion-MNIST (not in the paper); Algorithm 2, Section 4.5");

        private final String label;
        private final String ref;

        Family(String label, String ref) {
            this.label = label;
            this.ref = ref;
        }

        /** @return the family's name in tables and figures, e.g. "Figure 1(a)" */
        public String label() {
            return label;
        }

        /** @return the family's place in the paper, or the design it extends */
        public String ref() {
            return ref;
        }
    }

    /** @return per-claim probability of a wrong verdict: the family's, Bonferroni over its claims of {@link #all()} */
    public double alpha() {
        return FAMILY_ALPHA / all().stream().filter(c -> c.family == family).count();
    }

    /** The key of the study's first question, "SGD-50 generalizes better than GD", which the report answers first. */
    public static final String SGD_ABOVE_GD = "sgd-50-above-gd";

    /** @return the claims of the study, fixed before any run (pre-registration) */
    public static List<PairedClaim> all() {
        PairedHypothesis above = new PairedHypothesis.Superiority(EFFECT);
        PairedHypothesis same = new PairedHypothesis.Equivalence(EFFECT);
        List<PairedClaim> c = new ArrayList<>();
        c.add(new PairedClaim(SGD_ABOVE_GD, Family.FIGURE_1A.ref(),
                "SGD-50 generalizes better than GD: its test accuracy is higher", Family.FIGURE_1A, "sgd-50", "gd", above));
        for (String m : List.of("msgd-fisher", "msgd-bernoulli", "msgd-[fisher-10]")) {
            c.addAll(noisy(m, Family.FIGURE_1A, above, same));
        }
        for (String m : List.of("msgd-cov", "msgd-[cov-10]")) {
            c.addAll(noisy(m, Family.FIGURE_3A, above, same));
        }
        c.add(new PairedClaim("sgd-50-above-sgd-500", Family.FIGURE_2_DESIGN.ref(),
                "large-batch SGD generalizes worse: SGD-50's test accuracy is higher than SGD-500's",
                Family.FIGURE_2_DESIGN, "sgd-50", "sgd-500", above));
        c.add(new PairedClaim("minibatch-msgd-fisher-500.generalizes-as-sgd", Family.FIGURE_2_DESIGN.ref(),
                "[MSGD-Fisher]-500 (Algorithm 2, compensatory Fisher noise) generalizes as SGD-50",
                Family.FIGURE_2_DESIGN, "[msgd-fisher]-500", "sgd-50", same));
        c.add(new PairedClaim("minibatch-msgd-fisher-500.above-sgd-500", Family.FIGURE_2_DESIGN.ref(),
                "[MSGD-Fisher]-500 generalizes better than SGD-500 with the same batch", Family.FIGURE_2_DESIGN,
                "[msgd-fisher]-500", "sgd-500", above));
        return c;
    }

    private static List<PairedClaim> noisy(String m, Family f, PairedHypothesis above, PairedHypothesis same) {
        String tail = StudyPlan.named(m).id();
        String name = Method.shortName(m);
        return List.of(
                new PairedClaim(tail + ".generalizes-as-sgd", f.ref(), name + " generalizes as SGD-50: test accuracies"
                        + " within the equivalence margin", f, m, "sgd-50", same),
                new PairedClaim(tail + ".above-gd", f.ref(), name + " generalizes better than GD: its test accuracy is"
                        + " higher", f, m, "gd", above));
    }

    /**
     * The full claim id under {@code protocol}.
     *
     * @param protocol the protocol's name
     * @return {@code deep.fashion-mnist.<protocol>.<key>}
     */
    public String id(String protocol) {
        return "deep.fashion-mnist." + protocol + "." + key;
    }
}
