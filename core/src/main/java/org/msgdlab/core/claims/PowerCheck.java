package org.msgdlab.core.claims;

/**
 * Evidence that a check can fail: the same estimator at the same budget, compared with a named
 * plausible wrong formula.
 *
 * @param wrongFormula  the wrong formula, named (e.g. "with-replacement variance 1/(bn)(I - 11^T/n)")
 * @param statistic     the statistic on which the wrong formula is most clearly rejected
 * @param wrongValue    the wrong formula's value for that statistic
 * @param rejected      whether this run's estimate rejected it
 * @param power         probability of rejecting it at this budget, under the normal approximation
 *                      with the derived value as the truth: P(|N(derived, SE^2) - wrong| > tolerance)
 */
public record PowerCheck(String wrongFormula, String statistic, double wrongValue, boolean rejected, double power) {
}
