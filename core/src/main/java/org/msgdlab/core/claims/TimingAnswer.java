package org.msgdlab.core.claims;

import java.util.Locale;

/**
 * The answer of a claim decided by a measured time ratio (a speed or efficiency claim), in the form a
 * report shows it: the ratio, the bound it must exceed, the rounds it is the median of, and the machine's
 * load while it was measured. Such a claim has no paper formula, tolerance or exact gap: its evidence's
 * {@code estimate} is {@link #ratio}, and a report shows this instead of a statistics table.
 *
 * @param quantity    what is measured, e.g. "images per second, TensorFlow Java / PyTorch (medians over the rounds)"
 * @param ratio       the measured ratio (NaN when it could not be measured)
 * @param bound       the value the ratio must exceed for the statement to hold
 * @param rounds      the rounds (or repetitions) the ratio is the median of
 * @param roundRatios each round's ratio, when the rounds have one each (may be empty)
 * @param othersShare the share of the machine's CPU time other processes used (NaN: not measured)
 * @param stealShare  the share the hypervisor stole (NaN: not measured)
 * @param loadAverage the one-minute load average (NaN: not measured)
 * @param busy        whether the load made the measurement no evidence (the claim's verdict is then INCONCLUSIVE)
 * @param loadRule    when the load makes a measurement no evidence, in words
 */
public record TimingAnswer(String quantity, double ratio, double bound, int rounds, double[] roundRatios,
                           double othersShare, double stealShare, double loadAverage, boolean busy, String loadRule) {

    /**
     * Checks the bound and rounds; copies the array (null reads as empty).
     *
     * @throws IllegalArgumentException when {@code bound} is not finite or {@code rounds} is negative
     */
    public TimingAnswer {
        if (!Double.isFinite(bound)) {
            throw new IllegalArgumentException("timing bound=" + bound + " must be finite");
        }
        if (rounds < 0) {
            throw new IllegalArgumentException("timing rounds=" + rounds + " must be >= 0");
        }
        roundRatios = roundRatios == null ? new double[0] : roundRatios.clone();
    }

    @Override
    public double[] roundRatios() {
        return roundRatios.clone();
    }

    /** @return whether the measured ratio exceeds the bound (false when it was not measured) */
    public boolean met() {
        return ratio > bound;
    }

    /** @return the rule in words, from the bound: "the median ratio must exceed 2" */
    public String rule() {
        return String.format(Locale.ROOT, "PASS when the median ratio over the rounds exceeds %s, FAIL when it does not;"
                + " INCONCLUSIVE when the machine was busy", Evidence.shortNumber(bound));
    }

    /** @return the answer in one sentence, stating the rule it applied: "ratio 14.99 > 2 over 5 rounds" */
    public String answer() {
        if (Double.isNaN(ratio)) {
            return "Not measured: no ratio over " + rounds + " rounds.";
        }
        String cmp = String.format(Locale.ROOT, "the median ratio %s over %d rounds is %s the bound %s", Evidence.shortNumber(ratio),
                rounds, met() ? "above" : "not above", Evidence.shortNumber(bound));
        if (busy) {
            return "Not decided: the machine was busy, so " + cmp + " is no evidence either way.";
        }
        return (met() ? "Yes: " : "No: ") + cmp + ".";
    }
}
