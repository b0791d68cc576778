package org.msgdlab.deep.train;

import java.util.List;

/**
 * A step-decay learning rate: {@code eta_k = eta_0 * factor^(number of decay points <= k)}, where k
 * is the number of updates already done (Appendix C: "decayed by 0.1 at iteration 40,000 and
 * 60,000", so updates 40,001 onwards use eta_0 / 10). A function of k alone, so a resumed run
 * uses the rates of the uninterrupted one. Immutable and thread-safe.
 *
 * @param initial  eta_0 > 0
 * @param factor   multiplier at each decay point, in (0, 1]
 * @param decayAt  strictly increasing positive iteration counts
 */
public record LearningRateSchedule(double initial, double factor, List<Integer> decayAt) {

    /**
     * Validates the schedule and copies {@code decayAt}.
     *
     * @throws IllegalArgumentException when {@code initial} is not finite and > 0, {@code factor} is not in
     *                                  (0, 1], or {@code decayAt} is not positive and strictly increasing
     */
    public LearningRateSchedule {
        if (!(initial > 0) || Double.isInfinite(initial)) {
            throw new IllegalArgumentException("learning rate=" + initial + " must be finite and > 0");
        }
        if (!(factor > 0 && factor <= 1)) {
            throw new IllegalArgumentException("learning-rate decay factor=" + factor + " must be in (0, 1]");
        }
        decayAt = List.copyOf(decayAt);
        int prev = 0;
        for (int k : decayAt) {
            if (k <= prev) {
                throw new IllegalArgumentException("learning-rate decay points " + decayAt
                        + " must be positive and strictly increasing");
            }
            prev = k;
        }
    }

    /**
     * A constant rate.
     *
     * @param eta the rate, finite and > 0
     * @return the schedule without decay points
     * @throws IllegalArgumentException when {@code eta} is not finite and > 0
     */
    public static LearningRateSchedule constant(double eta) {
        return new LearningRateSchedule(eta, 1.0, List.of());
    }

    /**
     * A step decay.
     *
     * @param eta     eta_0, finite and > 0
     * @param factor  multiplier at each decay point, in (0, 1]
     * @param decayAt strictly increasing positive iteration counts
     * @return the schedule
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public static LearningRateSchedule stepDecay(double eta, double factor, List<Integer> decayAt) {
        return new LearningRateSchedule(eta, factor, decayAt);
    }

    /**
     * The same decays from another initial rate (a {@code --lr} override).
     *
     * @param eta the new eta_0, finite and > 0
     * @return the schedule
     * @throws IllegalArgumentException when {@code eta} is not finite and > 0
     */
    public LearningRateSchedule withInitial(double eta) {
        return new LearningRateSchedule(eta, factor, decayAt);
    }

    /**
     * The rate of update number {@code done + 1}, i.e. after {@code done} updates.
     *
     * @param done updates already done
     * @return eta_0 times {@code factor} once per decay point {@code <= done}
     */
    public double at(long done) {
        double eta = initial;
        for (int k : decayAt) {
            if (done >= k) {
                eta *= factor;
            }
        }
        return eta;
    }

    @Override
    public String toString() {
        return decayAt.isEmpty() ? String.valueOf(initial)
                : initial + ", x" + factor + " at iterations " + decayAt;
    }
}
