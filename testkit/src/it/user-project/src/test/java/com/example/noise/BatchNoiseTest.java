package com.example.noise;

import org.junit.jupiter.api.Test;
import org.msgdlab.theory.noise.ExchangeableCovariance;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;

/** The user's noises against Proposition 1. The second test fails: that is the point of it. */
class BatchNoiseTest {

    static final ExchangeableCovariance WITHOUT = new SgdWithoutReplacement(200, 20).covariance();
    static final ExchangeableCovariance WITH = new SgdWithReplacement(200, 20).covariance();

    @Test
    void partialShuffleHasTheWithoutReplacementCovariance() {
        assertCovariance(new PartialShuffleBatchNoise(200, 20))
                .matches(WITHOUT)
                .falseAlarm(1e-6)
                .minPower(0.99, "with replacement", WITH)
                .samples(50_000).seed(42)
                .check();
    }

    @Test
    void hastyBatchHasTheWithoutReplacementCovariance() {
        assertCovariance(new HastyBatchNoise(200, 20))
                .matches(WITHOUT)
                .falseAlarm(1e-6)
                .minPower(0.99, "with replacement", WITH)
                .samples(50_000).seed(42)
                .check();
    }
}
