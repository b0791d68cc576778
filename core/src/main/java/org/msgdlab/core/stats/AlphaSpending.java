package org.msgdlab.core.stats;

import java.util.Arrays;
import java.util.Locale;

/**
 * The looks of a sequential rule on paired seeds and the one-sided level each spends, from a family-wise
 * probability of a wrong verdict:
 * <pre>
 *   a claim's share = familyAlpha / claims                 (Bonferroni over the family's claims)
 *   the rule's alpha = share x reserve                     (the rest kept for the data's shape)
 *   alpha_j = share x reserve x spend_j   at looks_j seeds  (sum_j spend_j = 1)
 * </pre>
 * By the union bound over looks a claim's rule gives a wrong verdict with probability at most sum_j alpha_j =
 * share x reserve when each look's bounds hold their level, and at most the share while the bounds' real
 * levels exceed theirs by no more than the factor 1 / reserve. The support study's: 0.05 over 6 claims, reserve
 * 0.6, spent 0.2 / 0.8 at 50 and 100 paired seeds: one-sided 0.001 and 0.004. Immutable and thread-safe: the
 * arrays are copied in and out.
 *
 * @param familyAlpha the family-wise probability of any wrong verdict, in (0, 0.5)
 * @param claims      the claims sharing it, at least 1
 * @param reserve     the share of a claim's alpha the rule runs at, in (0, 1]
 * @param spend       the share of the rule's alpha spent at each look, each &gt; 0, summing to 1
 * @param looks       the paired seeds at each look, increasing, the first at least 3
 */
public record AlphaSpending(double familyAlpha, int claims, double reserve, double[] spend, int[] looks) {

    /**
     * Checks and copies the design.
     *
     * @throws IllegalArgumentException when a parameter breaks its rule, naming it, its value and the rule
     */
    public AlphaSpending {
        if (!(familyAlpha > 0 && familyAlpha < 0.5)) {
            throw new IllegalArgumentException("alpha spending: family alpha=" + familyAlpha + " must be in (0, 0.5)");
        }
        if (claims < 1) {
            throw new IllegalArgumentException("alpha spending: claims=" + claims + " must be >= 1");
        }
        if (!(reserve > 0 && reserve <= 1)) {
            throw new IllegalArgumentException("alpha spending: reserve=" + reserve + " must be in (0, 1]");
        }
        if (spend.length != looks.length || looks.length == 0) {
            throw new IllegalArgumentException("alpha spending: spend " + Arrays.toString(spend) + " and looks "
                    + Arrays.toString(looks) + " must have one entry per look (at least one)");
        }
        double total = 0;
        for (double s : spend) {
            if (!(s > 0)) {
                throw new IllegalArgumentException("alpha spending: spend " + Arrays.toString(spend) + " must be > 0 at every look");
            }
            total += s;
        }
        if (Math.abs(total - 1) > 1e-12) {
            throw new IllegalArgumentException("alpha spending: spend " + Arrays.toString(spend) + " must sum to 1 (sums to "
                    + total + ")");
        }
        for (int j = 0; j < looks.length; j++) {
            if (looks[j] < 3 || (j > 0 && looks[j] <= looks[j - 1])) {
                throw new IllegalArgumentException("alpha spending: looks " + Arrays.toString(looks)
                        + " must increase, the first at >= 3 seeds");
            }
        }
        spend = spend.clone();
        looks = looks.clone();
    }

    /** @return a copy of the shares spent at each look */
    @Override
    public double[] spend() {
        return spend.clone();
    }

    /** @return a copy of the seeds at each look */
    @Override
    public int[] looks() {
        return looks.clone();
    }

    /** @return a claim's share of the family's alpha, familyAlpha / claims */
    public double claimShare() {
        return familyAlpha / claims;
    }

    /**
     * The one-sided level of look {@code j}'s bounds.
     *
     * @param j the look's index, from 0
     * @return familyAlpha / claims x reserve x spend_j
     * @throws IllegalArgumentException when there is no look {@code j}
     */
    public double alpha(int j) {
        if (j < 0 || j >= looks.length) {
            throw new IllegalArgumentException("alpha spending: look j=" + j + " must be in [0, " + looks.length + ")");
        }
        return claimShare() * reserve * spend[j];
    }

    /**
     * The rule's whole one-sided level: the sum of its looks' levels, familyAlpha / claims x reserve (the support
     * study's 0.001 + 0.004 = 0.005), summed look by look.
     *
     * @return sum_j alpha_j
     */
    public double ruleAlpha() {
        double sum = 0;
        for (int j = 0; j < looks.length; j++) {
            sum += alpha(j);
        }
        return sum;
    }

    /** @return the seeds at the last look, the cap */
    public int cap() {
        return looks[looks.length - 1];
    }

    /** @return the design in words */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "family alpha %s over %d claims (%.5f each), the"
                + " rule at %s of it; one-sided alpha", familyAlpha, claims, claimShare(), reserve));
        for (int j = 0; j < looks.length; j++) {
            s.append(String.format(Locale.ROOT, "%s %.4g at %d seeds", j == 0 ? "" : ",", alpha(j), looks[j]));
        }
        return s.toString();
    }
}
