package org.msgdlab.core.stats;

import java.util.Locale;

/**
 * A pre-registered statement about the mean d of paired differences, decided with three outcomes
 * from one-sided Student-t bounds at level alpha (each error direction at most alpha):
 * <ul>
 *   <li>{@link Superiority} "d &gt; 0, by an amount worth detecting (delta)": SUPPORTED when the
 *       lower bound exceeds 0; CONTRADICTED when the upper bound is below delta (no gap of the
 *       smallest size worth detecting); UNRESOLVED otherwise. A wrong SUPPORTED needs d &le; 0, a
 *       wrong CONTRADICTED needs d &ge; delta: at most one of the two is possible, so the
 *       probability of a wrong verdict is at most alpha.</li>
 *   <li>{@link Equivalence} "|d| &lt; margin" (two one-sided tests): SUPPORTED when both bounds lie
 *       inside (-margin, margin); CONTRADICTED when the whole interval lies outside it (upper &lt;
 *       -margin or lower &gt; margin); UNRESOLVED otherwise. Again each wrong verdict needs the
 *       truth on the other side of the margin: at most alpha.</li>
 * </ul>
 * Power is the noncentral-t probability of the right verdict at the design alternatives, by the
 * normal approximation of Abramowitz and Stegun 26.7.10 (tested against simulation).
 * The implementations are immutable and thread-safe.
 */
public sealed interface PairedHypothesis permits PairedHypothesis.Superiority, PairedHypothesis.Equivalence {

    /** The three outcomes of a decision. */
    enum Outcome { SUPPORTED, CONTRADICTED, UNRESOLVED }

    /**
     * The decision on {@code d} with each one-sided bound at level {@code alpha}.
     *
     * @param d     the paired differences
     * @param alpha the level of each one-sided bound
     * @return SUPPORTED, CONTRADICTED or UNRESOLVED
     */
    Outcome decide(PairedDifferences d, double alpha);

    /**
     * Probability of SUPPORTED at the alternative where the statement is plainly true.
     *
     * @param sd    the standard deviation of one difference
     * @param n     the number of seeds
     * @param alpha the level of each one-sided bound
     * @return the power to support
     */
    double powerToSupport(double sd, int n, double alpha);

    /**
     * Probability of CONTRADICTED at the plausible wrong answer.
     *
     * @param sd    the standard deviation of one difference
     * @param n     the number of seeds
     * @param alpha the level of each one-sided bound
     * @return the power to contradict
     */
    double powerToContradict(double sd, int n, double alpha);

    /**
     * Probability that the rule decides at all (SUPPORTED or CONTRADICTED) when the true mean
     * difference is {@code d}: a projection for a claim left unresolved, "how many seeds would settle
     * it if the observed mean and spread were the truth". It is a lower bound: for superiority the
     * larger of the two verdicts' probabilities (they can occur together); for equivalence the
     * Bonferroni lower bound of support (both one-sided tests pass) plus the probability of
     * contradiction (the two exclude each other). Each probability is the noncentral-t tail of
     * {@link NoncentralT#tTail}.
     *
     * @param d     the true mean difference
     * @param sd    the standard deviation of one difference, &gt; 0
     * @param n     the number of seeds, &ge; 2
     * @param alpha the level of each one-sided bound
     * @return a lower bound of P(SUPPORTED or CONTRADICTED)
     * @throws IllegalArgumentException when {@code sd} is not finite and &gt; 0, {@code d} is not finite,
     *                                  {@code alpha} is not in (0, 0.5), or {@code n < 2}
     */
    double powerToDecide(double d, double sd, int n, double alpha);

    /**
     * The smallest number of seeds (at most {@code max}) at which {@link #powerToDecide} reaches
     * {@code target}; {@code max + 1} when none does (for instance a true difference exactly on an
     * equivalence margin, which no number of seeds decides).
     *
     * @param d      the true mean difference
     * @param sd     the standard deviation of one difference, &gt; 0
     * @param target the probability of a decision wanted
     * @param alpha  the level of each one-sided bound
     * @param max    the most seeds considered (from 2)
     * @return the number of seeds, or {@code max + 1}
     * @throws IllegalArgumentException as {@link #powerToDecide}
     */
    default int seedsToDecide(double d, double sd, double target, double alpha, int max) {
        for (int n = 2; n <= max; n++) {
            if (powerToDecide(d, sd, n, alpha) >= target) {
                return n;
            }
        }
        return max + 1;
    }

    /** @return the plausible wrong answer the contradiction power refers to, in words */
    String wrongAnswer();

    /** @return the rule in words */
    String rule();

    /**
     * Why the rule gave {@code outcome} on the bounds {@code [lower, upper]}, in words and from the rule's own
     * fields (0, delta, the margin), so that an answer states the rule it applied: "the lower bound +0.41 is
     * above +0.00".
     *
     * @param outcome the rule's outcome on these bounds
     * @param lower   the lower bound
     * @param upper   the upper bound
     * @param number  how to write a number on the difference's scale, e.g. {@code x -> "+1.35 points"}
     * @return the comparison that decided, in words
     */
    String because(Outcome outcome, double lower, double upper, java.util.function.DoubleFunction<String> number);

    /**
     * The smaller of the two powers.
     *
     * @param sd    the standard deviation of one difference
     * @param n     the number of seeds
     * @param alpha the level of each one-sided bound
     * @return {@code min(powerToSupport, powerToContradict)}
     */
    default double power(double sd, int n, double alpha) {
        return Math.min(powerToSupport(sd, n, alpha), powerToContradict(sd, n, alpha));
    }

    /**
     * The smallest number of seeds (at most {@code max}) at which both powers reach {@code target}
     * for differences of standard deviation {@code sd}; {@code max + 1} when none does.
     *
     * @param sd     the standard deviation of one difference
     * @param target the power both must reach
     * @param alpha  the level of each one-sided bound
     * @param max    the most seeds considered (from 2)
     * @return the number of seeds, or {@code max + 1}
     * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5) and {@code max >= 2}
     */
    default int seedsFor(double sd, double target, double alpha, int max) {
        for (int n = 2; n <= max; n++) {
            if (power(sd, n, alpha) >= target) {
                return n;
            }
        }
        return max + 1;
    }

    /**
     * "d &gt; 0", contradicted by "d &lt; delta".
     *
     * @param delta the smallest gap worth detecting
     */
    record Superiority(double delta) implements PairedHypothesis {
        /**
         * Checks delta.
         *
         * @param delta the smallest gap worth detecting
         * @throws IllegalArgumentException unless {@code delta} is finite and &gt; 0
         */
        public Superiority {
            if (!(delta > 0) || Double.isInfinite(delta)) {
                throw new IllegalArgumentException("smallest effect worth detecting delta=" + delta + " must be finite and > 0");
            }
        }

        /**
         * SUPPORTED when the lower bound exceeds 0, else CONTRADICTED when the upper bound is below
         * delta, else UNRESOLVED.
         *
         * @param d     the paired differences
         * @param alpha the level of each one-sided bound
         * @return the outcome
         * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
         */
        @Override
        public Outcome decide(PairedDifferences d, double alpha) {
            if (d.lower(alpha) > 0) {
                return Outcome.SUPPORTED;
            }
            if (d.upper(alpha) < delta) {
                return Outcome.CONTRADICTED;
            }
            return Outcome.UNRESOLVED;
        }

        /**
         * At d = delta: the lower bound must exceed 0.
         *
         * @param sd    the standard deviation of one difference
         * @param n     the number of seeds
         * @param alpha the level of each one-sided bound
         * @return {@code P(T' > t_{1-alpha, n-1})}, T' noncentral t with n - 1 degrees of freedom and
         *         noncentrality {@code delta sqrt(n) / sd}
         * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5), or {@code n < 2}
         */
        @Override
        public double powerToSupport(double sd, int n, double alpha) {
            return NoncentralT.tTail(PairedDifferences.tQuantile(alpha, n - 1), n - 1, delta * Math.sqrt(n) / sd);
        }

        /**
         * At d = 0: the upper bound must fall below delta; by symmetry the power to support.
         *
         * @param sd    the standard deviation of one difference
         * @param n     the number of seeds
         * @param alpha the level of each one-sided bound
         * @return {@link #powerToSupport}
         * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5), or {@code n < 2}
         */
        @Override
        public double powerToContradict(double sd, int n, double alpha) {
            return powerToSupport(sd, n, alpha);   // symmetric: d = 0 seen from the bound delta
        }

        /**
         * The larger of P(lower bound &gt; 0) and P(upper bound &lt; delta) at the true difference {@code d}.
         *
         * @param d     the true mean difference
         * @param sd    the standard deviation of one difference, &gt; 0
         * @param n     the number of seeds, &ge; 2
         * @param alpha the level of each one-sided bound
         * @return a lower bound of the probability of a decision
         * @throws IllegalArgumentException as {@link PairedHypothesis#powerToDecide}
         */
        @Override
        public double powerToDecide(double d, double sd, int n, double alpha) {
            double t = NoncentralT.checkedQuantile(d, sd, n, alpha);
            double root = Math.sqrt(n) / sd;
            return Math.max(NoncentralT.tTail(t, n - 1, d * root), NoncentralT.tTail(t, n - 1, (delta - d) * root));
        }

        /** @return no gap for the contradiction, a gap of delta for the support, in words */
        @Override
        public String wrongAnswer() {
            return "no gap (d = 0) for the contradiction, a gap of delta for the support";
        }

        /** @return the rule in words, with delta */
        @Override
        public String rule() {
            return String.format(Locale.ROOT, "SUPPORTED if lower bound > 0; CONTRADICTED if upper bound < delta = %.4g;"
                    + " UNRESOLVED otherwise", delta);
        }

        @Override
        public String because(Outcome outcome, double lower, double upper, java.util.function.DoubleFunction<String> number) {
            String effect = "the smallest effect worth detecting, " + number.apply(delta);
            return switch (outcome) {
                case SUPPORTED -> "the lower bound " + number.apply(lower) + " is above " + number.apply(0);
                case CONTRADICTED -> "the upper bound " + number.apply(upper) + " is below " + effect;
                case UNRESOLVED -> "the lower bound " + number.apply(lower) + " is not above " + number.apply(0)
                        + " and the upper bound " + number.apply(upper) + " is not below " + effect;
            };
        }
    }

    /**
     * "|d| &lt; margin" (two one-sided tests), contradicted by an interval outside (-margin, margin).
     *
     * @param margin the equivalence margin
     */
    record Equivalence(double margin) implements PairedHypothesis {
        /**
         * Checks the margin.
         *
         * @param margin the equivalence margin
         * @throws IllegalArgumentException unless {@code margin} is finite and &gt; 0
         */
        public Equivalence {
            if (!(margin > 0) || Double.isInfinite(margin)) {
                throw new IllegalArgumentException("equivalence margin=" + margin + " must be finite and > 0");
            }
        }

        /**
         * SUPPORTED when both bounds lie inside (-margin, margin), else CONTRADICTED when the interval
         * lies outside it, else UNRESOLVED.
         *
         * @param d     the paired differences
         * @param alpha the level of each one-sided bound
         * @return the outcome
         * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5)
         */
        @Override
        public Outcome decide(PairedDifferences d, double alpha) {
            double lo = d.lower(alpha);
            double hi = d.upper(alpha);
            if (lo > -margin && hi < margin) {
                return Outcome.SUPPORTED;
            }
            if (hi < -margin || lo > margin) {
                return Outcome.CONTRADICTED;
            }
            return Outcome.UNRESOLVED;
        }

        /**
         * At d = 0: both one-sided tests must reject; P &ge; 1 - 2 P(one fails).
         *
         * @param sd    the standard deviation of one difference
         * @param n     the number of seeds
         * @param alpha the level of each one-sided bound
         * @return {@code max(0, 2 P(T' > t_{1-alpha, n-1}) - 1)}, noncentrality {@code margin sqrt(n) / sd}
         * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5), or {@code n < 2}
         */
        @Override
        public double powerToSupport(double sd, int n, double alpha) {
            double one = NoncentralT.tTail(PairedDifferences.tQuantile(alpha, n - 1), n - 1, margin * Math.sqrt(n) / sd);
            return Math.max(0, 2 * one - 1);
        }

        /**
         * At d = -2 margin (or +2 margin): the interval must clear the margin on that side.
         *
         * @param sd    the standard deviation of one difference
         * @param n     the number of seeds
         * @param alpha the level of each one-sided bound
         * @return {@code P(T' > t_{1-alpha, n-1})}, noncentrality {@code margin sqrt(n) / sd}
         * @throws IllegalArgumentException when {@code alpha} is not in (0, 0.5), or {@code n < 2}
         */
        @Override
        public double powerToContradict(double sd, int n, double alpha) {
            return NoncentralT.tTail(PairedDifferences.tQuantile(alpha, n - 1), n - 1, margin * Math.sqrt(n) / sd);
        }

        /**
         * P(both bounds inside the margin) &ge; P(lower &gt; -margin) + P(upper &lt; margin) - 1, plus
         * P(upper &lt; -margin) + P(lower &gt; margin), at the true difference {@code d}.
         *
         * @param d     the true mean difference
         * @param sd    the standard deviation of one difference, &gt; 0
         * @param n     the number of seeds, &ge; 2
         * @param alpha the level of each one-sided bound
         * @return a lower bound of the probability of a decision
         * @throws IllegalArgumentException as {@link PairedHypothesis#powerToDecide}
         */
        @Override
        public double powerToDecide(double d, double sd, int n, double alpha) {
            double t = NoncentralT.checkedQuantile(d, sd, n, alpha);
            double root = Math.sqrt(n) / sd;
            double support = Math.max(0, NoncentralT.tTail(t, n - 1, (d + margin) * root)
                    + NoncentralT.tTail(t, n - 1, (margin - d) * root) - 1);
            double contradict = NoncentralT.tTail(t, n - 1, (-margin - d) * root) + NoncentralT.tTail(t, n - 1, (d - margin) * root);
            return Math.min(1, support + contradict);
        }

        /** @return a difference of twice the margin for the contradiction, none for the support, in words */
        @Override
        public String wrongAnswer() {
            return "a difference of twice the margin (2 margin) for the contradiction, none for the support";
        }

        /** @return the rule in words, with the margin */
        @Override
        public String rule() {
            return String.format(Locale.ROOT, "SUPPORTED if both bounds lie in (-%.4g, %.4g); CONTRADICTED if the"
                    + " interval lies outside it; UNRESOLVED otherwise", margin, margin);
        }

        @Override
        public String because(Outcome outcome, double lower, double upper, java.util.function.DoubleFunction<String> number) {
            String band = "(" + number.apply(-margin) + ", " + number.apply(margin) + ")";
            String interval = "[" + number.apply(lower) + ", " + number.apply(upper) + "]";
            return switch (outcome) {
                case SUPPORTED -> "both bounds " + interval + " lie inside the margins " + band;
                case CONTRADICTED -> "the interval " + interval + " lies outside the margins " + band;
                case UNRESOLVED -> "the interval " + interval + " is neither inside nor outside the margins " + band;
            };
        }
    }
}
