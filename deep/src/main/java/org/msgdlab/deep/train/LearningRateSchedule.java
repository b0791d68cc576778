package org.msgdlab.deep.train;

import java.util.List;

/**
 * A step-decay learning rate: {@code eta_k = eta_0 * factor^(number of decay points <= k)}, where k
 * is the number of updates already done (Appendix C: "decayed by 0.1 at iteration 40,000 and
 * 60,000", so updates 40,001 onwards use eta_0 / 10). A function of k alone, so a resumed run
 * uses the rates of the uninterrupted one.
 *
 * @param initial  eta_0 > 0
 * @param factor   multiplier at each decay point, in (0, 1]
 * @param decayAt  strictly increasing positive iteration counts
 */
public record LearningRateSchedule(double initial, double factor, List<Integer> decayAt) {

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

    public static LearningRateSchedule constant(double eta) {
        return new LearningRateSchedule(eta, 1.0, List.of());
    }

    public static LearningRateSchedule stepDecay(double eta, double factor, List<Integer> decayAt) {
        return new LearningRateSchedule(eta, factor, decayAt);
    }

    /** The same decays from another initial rate (a {@code --lr} override). */
    public LearningRateSchedule withInitial(double eta) {
        return new LearningRateSchedule(eta, factor, decayAt);
    }

    /** The rate of update number {@code done + 1}, i.e. after {@code done} updates. */
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
