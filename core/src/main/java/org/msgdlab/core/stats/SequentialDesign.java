package org.msgdlab.core.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Seeds added in blocks until a paired statement resolves or a cap is reached, with a stated
 * overall false-alarm probability. Looks happen at n = first, first + block, ..., cap seeds; each
 * look decides at level {@code alpha / J} (J looks, Bonferroni over looks), and the first look
 * that resolves fixes the verdict. By the union bound the probability that any look gives a wrong
 * verdict is at most {@code alpha}, whatever the dependence between looks (the simulation test
 * measures how far below it the real rate sits). Immutable and thread-safe.
 *
 * @param first  seeds at the first look (at least 3)
 * @param block  seeds added between looks
 * @param cap    seeds at the last look
 * @param alpha  overall probability of a wrong verdict of one statement
 */
public record SequentialDesign(int first, int block, int cap, double alpha) {

    /**
     * Checks the design.
     *
     * @param first  seeds at the first look
     * @param block  seeds added between looks
     * @param cap    seeds at the last look
     * @param alpha  overall probability of a wrong verdict of one statement
     * @throws IllegalArgumentException when {@code first < 3}, {@code block < 1}, {@code cap < first},
     *                                  or {@code alpha} is not in (0, 0.5)
     */
    public SequentialDesign {
        if (first < 3) {
            throw new IllegalArgumentException("first look at n=" + first + " seeds must be >= 3");
        }
        if (block < 1) {
            throw new IllegalArgumentException("seed block=" + block + " must be >= 1");
        }
        if (cap < first) {
            throw new IllegalArgumentException("seed cap=" + cap + " must be >= the first look " + first);
        }
        if (!(alpha > 0 && alpha < 0.5)) {
            throw new IllegalArgumentException("false-alarm probability alpha=" + alpha + " must be in (0, 0.5)");
        }
    }

    /** @return the seed counts at which the statement is looked at: first, first + block, ... below cap, then cap */
    public int[] looks() {
        List<Integer> l = new ArrayList<>();
        for (int n = first; n < cap; n += block) {
            l.add(n);
        }
        l.add(cap);
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /** @return the level of each look's one-sided bounds: alpha / J, J the number of looks */
    public double alphaPerLook() {
        return alpha / looks().length;
    }

    /**
     * Where a statement stands after the seeds seen so far.
     *
     * @param outcome        the first look's resolved outcome, else UNRESOLVED
     * @param seedsUsed      the seeds at that look, else at the last look made
     * @param atCap          resolved: whether that look is the cap; unresolved: whether the seeds seen reach it
     * @param needsMoreSeeds whether the statement is unresolved below the cap
     * @param atDecision     the differences at that look
     */
    public record Status(PairedHypothesis.Outcome outcome, int seedsUsed, boolean atCap, boolean needsMoreSeeds,
                         PairedDifferences atDecision) {
        /** @return whether it resolved (SUPPORTED or CONTRADICTED) at some look */
        public boolean resolved() {
            return outcome != PairedHypothesis.Outcome.UNRESOLVED;
        }
    }

    /**
     * Applies the rule to the per-seed differences in seed order: the first look (at most
     * {@code d.length} seeds) that resolves gives the outcome; otherwise UNRESOLVED, with
     * {@code needsMoreSeeds} unless the cap was reached. Null when fewer than {@code first} seeds.
     *
     * @param h the statement
     * @param d the per-seed differences, in seed order
     * @return where the statement stands, or null before {@code first} seeds
     */
    public Status status(PairedHypothesis h, double[] d) {
        if (d.length < first) {
            return null;
        }
        double a = alphaPerLook();
        PairedDifferences last = null;
        for (int n : looks()) {
            if (n > d.length) {
                break;
            }
            last = new PairedDifferences(Arrays.copyOf(d, n));
            PairedHypothesis.Outcome o = h.decide(last, a);
            if (o != PairedHypothesis.Outcome.UNRESOLVED) {
                return new Status(o, n, n == cap, false, last);
            }
        }
        boolean atCap = d.length >= cap;
        return new Status(PairedHypothesis.Outcome.UNRESOLVED, last.n(), atCap, !atCap, last);
    }

    /**
     * The next look's seed count after {@code seen} seeds (the cap at most).
     *
     * @param seen the seeds seen so far
     * @return the first look above {@code seen}, else the cap
     */
    public int nextLook(int seen) {
        for (int n : looks()) {
            if (n > seen) {
                return n;
            }
        }
        return cap;
    }

    /** @return the design in words: the looks, the level of each, the overall alpha */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "looks at %s seeds, each at alpha/%d = %.3g (overall alpha %.3g, Bonferroni over looks)",
                Arrays.toString(looks()), looks().length, alphaPerLook(), alpha);
    }
}
