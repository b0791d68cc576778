package org.msgdlab.core.claims;

/**
 * Evidence that a check can fail: the same estimator at the same budget, compared with a named
 * plausible wrong formula. Immutable and thread-safe.
 *
 * @param wrongFormula  the wrong formula, named (e.g. "with-replacement variance 1/(bn)(I - 11^T/n)")
 * @param statistic     the statistic on which the wrong formula is most clearly rejected
 * @param wrongValue    the wrong formula's value for that statistic
 * @param rejected      whether this run's estimate rejected it
 * @param power         probability of rejecting it at this budget, under the normal approximation
 *                      with the derived value as the truth: P(|N(derived, SE^2) - wrong| > tolerance)
 */
public record PowerCheck(String wrongFormula, String statistic, double wrongValue, boolean rejected, double power) {

    /**
     * The power against one wrong formula on one statistic: whether {@code s} rejects
     * {@code wrongValue}, and {@code FalseAlarm.power(s.derivedValue(), wrongValue, s.standardError(),
     * s.tolerance())}. A wrong formula whose value is not finite (a diverging recursion) is rejected
     * with certainty.
     *
     * @param wrongFormula the wrong formula, named
     * @param s            the statistic compared with it
     * @param wrongValue   the wrong formula's value for {@code s}
     * @return the power check
     */
    public static PowerCheck of(String wrongFormula, StatisticCheck s, double wrongValue) {
        if (!Double.isFinite(wrongValue)) {
            return new PowerCheck(wrongFormula, s.name(), wrongValue, true, 1.0);
        }
        return new PowerCheck(wrongFormula, s.name(), wrongValue, s.rejects(wrongValue),
                org.msgdlab.core.stats.FalseAlarm.power(s.derivedValue(), wrongValue, s.standardError(), s.tolerance()));
    }

    /**
     * The bookkeeping of a claim that compares many statistics with one wrong formula: rejected when
     * any statistic rejects it, with the power and the wrong value of the statistic that rejects it
     * most surely. Not thread-safe.
     */
    public static final class Strongest {
        private final String wrongFormula;
        private boolean rejected;
        private PowerCheck best;

        /**
         * A bookkeeping with no statistic yet.
         *
         * @param wrongFormula the wrong formula, named
         */
        public Strongest(String wrongFormula) {
            this.wrongFormula = wrongFormula;
        }

        /**
         * Adds one statistic's chance to reject the wrong formula ({@link PowerCheck#of}).
         *
         * @param s          the statistic
         * @param wrongValue the wrong formula's value for it
         */
        public void add(StatisticCheck s, double wrongValue) {
            PowerCheck p = of(wrongFormula, s, wrongValue);
            rejected |= p.rejected();
            if (best == null || p.power() > best.power()) {
                best = p;
            }
        }

        /** @return whether any statistic was added */
        public boolean any() {
            return best != null;
        }

        /**
         * @return the power check: the strongest statistic's power and wrong value, rejected when any statistic rejected
         * @throws IllegalStateException when no statistic was added
         */
        public PowerCheck result() {
            if (best == null) {
                throw new IllegalStateException("no statistic compared with " + wrongFormula);
            }
            return new PowerCheck(wrongFormula, best.statistic(), best.wrongValue(), rejected, best.power());
        }
    }
}
