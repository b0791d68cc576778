package org.msgdlab.testkit;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;
import static org.msgdlab.testkit.NoiseAssertions.assertMean;

/**
 * The built-in noises pass their assertions at the defaults (falseAlarm 1e-7, 100,000 samples, the
 * default seed), and a passing assertion hands back its evidence.
 */
class CorrectNoisesPassTest {

    static final SamplingNoise WITHOUT = new SgdWithoutReplacement(1000, 50);
    static final ExchangeableCovariance WITH_FORMULA = new SgdWithReplacement(1000, 50).covariance();

    @Test
    void sgdWithoutReplacementHasTheCovarianceOfPropositionOneWithPowerAgainstTheWithReplacementOne() {
        Evidence e = assertCovariance(WITHOUT).matches(WITHOUT.covariance())
                .minPower(0.99, "with replacement, 1/(bn) (I - 11^T/n)", WITH_FORMULA).check();
        assertEquals(Verdict.PASS, e.verdict());
        assertEquals(NoiseAssertions.DEFAULT_SAMPLES, e.samples());
        assertEquals(NoiseAssertions.DEFAULT_FALSE_ALARM, e.falseAlarmProbability());
        assertTrue(e.power().get(0).power() >= 0.99, e.power().toString());
        assertEquals(4, e.statistics().size());
    }

    @Test
    void withoutMatchesTheReferenceIsTheNoisesOwnCovariance() {
        SamplingNoise with = new SgdWithReplacement(100, 10);
        Evidence own = assertCovariance(with).samples(20_000).seed(3).check();
        Evidence stated = assertCovariance(with).matches(with.covariance()).samples(20_000).seed(3).check();
        assertEquals(own.statistics(), stated.statistics());
        assertEquals(with.covariance().diagonal(), own.statistics().get(0).paperValue());
    }

    @Test
    void theSamplingVectorOfSgdHasMeanOneOverN() {
        Evidence e = assertMean(WITHOUT).minPower(0.99).check();
        assertEquals(Verdict.PASS, e.verdict());
        assertEquals(1.0 / 1000, e.statistics().get(0).paperValue());
        assertTrue(e.power().get(0).power() >= 0.99);
    }

    @Test
    void theSameSeedGivesTheSameNumbers() {
        CovarianceAssertion a = assertCovariance(new SgdWithReplacement(30, 4)).samples(5_000).seed(11);
        assertEquals(a.check().statistics(), a.check().statistics());
    }
}
