package org.msgdlab.core.stats;

import org.msgdlab.core.claims.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A sequential rule on paired per-seed values: at each look j of an {@link AlphaSpending}, the location's
 * one-sided bounds L and U at that look's alpha_j over the seeds 0..looks_j - 1 decide a {@link BandClaim}; the
 * first look that decides (PASS or FAIL) fixes the verdict; undecided at the last look, INCONCLUSIVE. A look is
 * made only once all its seeds are there, and a look after the deciding one is not made.
 * <p>
 * The critical values t_{1-alpha_j, df_j} are computed once, so that a simulation can apply the rule to many
 * studies. Immutable and thread-safe.
 */
public final class LookRule {

    private final AlphaSpending spending;
    private final Location location;
    private final int[] looks;
    private final double[] critical;

    /**
     * The rule.
     *
     * @param spending the looks and their levels
     * @param location what is estimated and bounded: the trimmed mean (Tukey-McLaughlin) or the mean (Student)
     * @throws NullPointerException when an argument is null
     */
    public LookRule(AlphaSpending spending, Location location) {
        this.spending = Objects.requireNonNull(spending, "spending");
        this.location = Objects.requireNonNull(location, "location");
        looks = spending.looks();
        critical = new double[looks.length];
        for (int j = 0; j < looks.length; j++) {
            critical[j] = PairedDifferences.tQuantile(spending.alpha(j), location.degreesOfFreedom(looks[j]));
        }
    }

    /**
     * A study decided at one look: its bounds at the one-sided level {@code alpha} over {@code seeds} paired seeds
     * (what {@link SeedsForDecision} simulates at each size it tries).
     *
     * @param alpha    the look's one-sided level, in (0, 0.5)
     * @param seeds    the look's paired seeds, at least 3
     * @param location the location estimated and bounded
     * @return the rule
     * @throws IllegalArgumentException when {@code alpha} or {@code seeds} breaks its rule
     */
    public static LookRule oneLook(double alpha, int seeds, Location location) {
        return new LookRule(new AlphaSpending(alpha, 1, 1, new double[]{1}, new int[]{seeds}), location);
    }

    /** @return the looks and their levels */
    public AlphaSpending spending() {
        return spending;
    }

    /** @return the location the rule bounds */
    public Location location() {
        return location;
    }

    /**
     * One look made.
     *
     * @param index    j, from 0
     * @param seeds    the paired seeds it used, 0..seeds-1
     * @param alpha    its one-sided level
     * @param estimate the location's estimate and standard error over those seeds
     * @param lower    L, the one-sided lower bound at {@code alpha}
     * @param upper    U, the one-sided upper bound at {@code alpha}
     * @param verdict  what these bounds decide: PASS, FAIL or INCONCLUSIVE (at this look)
     */
    public record Look(int index, int seeds, double alpha, TBounds estimate, double lower, double upper, Verdict verdict) {
    }

    /**
     * Where a claim stands.
     *
     * @param verdict    PASS or FAIL when a look decided; INCONCLUSIVE when the looks made decided nothing; NOT_RUN
     *                   before the first look
     * @param looks      the looks made, in order (the deciding one last)
     * @param capReached whether the last look was made
     */
    public record Decision(Verdict verdict, List<Look> looks, boolean capReached) {

        /** @return whether the verdict is final: decided at a look, or undecided at the cap */
        public boolean settled() {
            return verdict == Verdict.PASS || verdict == Verdict.FAIL || capReached;
        }

        /** @return the last look made, null before the first */
        public Look last() {
            return looks.isEmpty() ? null : looks.get(looks.size() - 1);
        }
    }

    /**
     * Applies the rule to the seeds seen so far.
     *
     * @param claim  the statement
     * @param values the per-seed values of paired seeds 0, 1, ... in order (as many as are complete)
     * @return the looks made and the verdict
     * @throws IllegalArgumentException when a value a look uses is not finite
     */
    public Decision decide(BandClaim claim, double[] values) {
        List<Look> made = new ArrayList<>();
        for (int j = 0; j < looks.length && looks[j] <= values.length; j++) {
            Look look = look(claim, values, j);
            made.add(look);
            if (look.verdict() != Verdict.INCONCLUSIVE) {
                return new Decision(look.verdict(), List.copyOf(made), j == looks.length - 1);
            }
        }
        boolean cap = values.length >= looks[looks.length - 1];
        return new Decision(made.isEmpty() ? Verdict.NOT_RUN : Verdict.INCONCLUSIVE, List.copyOf(made), cap);
    }

    /**
     * The verdict of a whole study (every look reached): {@link #decide}'s verdict, without its record.
     *
     * @param claim  the statement
     * @param values at least the cap's paired seeds' values
     * @return PASS, FAIL or INCONCLUSIVE
     * @throws IllegalArgumentException when fewer values than the cap, or a value is not finite
     */
    public Verdict verdict(BandClaim claim, double[] values) {
        if (values.length < spending.cap()) {
            throw new IllegalArgumentException("look rule: " + values.length + " values; a whole study needs the cap's "
                    + spending.cap());
        }
        for (int j = 0; j < looks.length; j++) {
            Verdict v = look(claim, values, j).verdict();
            if (v != Verdict.INCONCLUSIVE) {
                return v;
            }
        }
        return Verdict.INCONCLUSIVE;
    }

    private Look look(BandClaim claim, double[] values, int j) {
        int n = looks[j];
        TBounds b = location.of(values, n);
        double lower = b.estimate() - critical[j] * b.standardError();
        double upper = b.estimate() + critical[j] * b.standardError();
        return new Look(j, n, spending.alpha(j), b, lower, upper, claim.decide(lower, upper));
    }

    @Override
    public String toString() {
        return location + " rule: " + spending;
    }
}
