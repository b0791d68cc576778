package org.msgdlab.deep.study;

import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.BandClaim;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A support claim's power as the plan sized it before the first run (PLAN.md's table, {@code sizing/resampled.txt}'s
 * "observed" worlds: 40,000 simulated studies on seeds resampled from the second study, centred at its value): the
 * probability that the rule, with both looks, answers PASS when the truth is the second study's trimmed mean, on
 * plain worlds and on worlds with 4% of seeds dipped by 3 to 7 points. {@code SupportCalibrationTest} checks that
 * these are the sizing file's numbers and that this project's simulation of the rule agrees with them.
 *
 * @param secondStudy the second study's 10%-trimmed mean of the claim's difference, points (the world's centre)
 * @param plain       P(PASS) on the resampled worlds
 * @param dips        P(PASS) on the resampled worlds with dips
 */
public record SupportPower(double secondStudy, double plain, double dips) {

    /** sizing/resampled.txt, the "observed" and "observed, dips" rows of each claim. */
    static final Map<String, SupportPower> PLANNED = Map.of(
            "class.bernoulli-50-vs-cov", new SupportPower(0.000, 0.9990, 0.9933),
            "class.fisher-vs-cov", new SupportPower(0.058, 0.9816, 0.9571),
            "support.cov-exact-10-below-cov", new SupportPower(-0.367, 0.9611, 0.9240),
            "support.fisher-10-below-fisher", new SupportPower(-0.328, 0.8500, 0.7461),
            "as-sgd.dense-vs-sgd-50", new SupportPower(-0.164, 0.8419, 0.7683),
            "as-sgd.sparse-below-sgd-50", new SupportPower(-0.500, 1.0000, 0.9993));

    /**
     * The plan's power of a claim.
     *
     * @param c a claim of {@link SupportClaim#all()}
     * @return its power
     * @throws IllegalArgumentException for a claim the plan did not size
     */
    public static SupportPower of(SupportClaim c) {
        SupportPower p = PLANNED.get(c.name());
        if (p == null) {
            throw new IllegalArgumentException("support claim " + c.name() + " has no planned power; the plan sized " + PLANNED.keySet());
        }
        return p;
    }

    /**
     * The two power checks of a claim for its evidence: the wrong answer its PASS rejects (a difference at the margin
     * for an equivalence claim, no loss for a "below 0" claim) and the planned probability of rejecting it when the
     * truth is the second study's value, on plain worlds and with dips.
     *
     * @param c       the claim
     * @param verdict its verdict (a PASS rejected the wrong answer)
     * @return the checks
     */
    public static List<PowerCheck> checks(SupportClaim c, Verdict verdict) {
        SupportPower p = of(c);
        boolean equivalence = c.band() instanceof BandClaim.Equivalence;
        String wrong = equivalence
                ? String.format(Locale.ROOT, "a difference of %.2f points or more either way (the margin)", SupportClaim.DELTA)
                : "no loss (a difference of 0 or above)";
        String statistic = "10%-trimmed mean of " + c.difference() + String.format(Locale.ROOT,
                ", planned at the second study's %+.2f points", p.secondStudy());
        double wrongValue = equivalence ? SupportClaim.DELTA : 0;
        boolean rejected = verdict == Verdict.PASS;
        return List.of(new PowerCheck(wrong + "; resampled worlds", statistic, wrongValue, rejected, p.plain()),
                new PowerCheck(wrong + "; resampled worlds, 4% of seeds dipped 3-7 points", statistic, wrongValue, rejected, p.dips()));
    }
}
