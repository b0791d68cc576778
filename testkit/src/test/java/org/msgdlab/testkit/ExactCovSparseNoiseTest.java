package org.msgdlab.testkit;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.ExactCovSparseNoise;
import org.msgdlab.theory.noise.SparseCovNoise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.testkit.NoiseAssertions.assertCovariance;

/**
 * MSGD-[Cov-exact-B], the sparse twin of MSGD-Cov in the support study: its draws have exactly MSGD-Cov's covariance
 * (SGD-b's, with replacement), at the study's n = 1000, b = 50, B = 10, and the check would tell it from the
 * uncompensated MSGD-[Cov-10], whose covariance is n(B-1)/((n-1)B) = 0.9009 of it.
 */
class ExactCovSparseNoiseTest {

    @Test
    void theSupportStudysSparseCovNoiseHasExactlyMsgdCovsCovarianceAndTheCheckRejectsTheUncompensatedOne() {
        ExactCovSparseNoise noise = new ExactCovSparseNoise(1000, 50, 10);
        var msgdCov = CenteredExchangeableNoise.msgdCov(1000, 50).covariance();
        assertEquals(msgdCov, noise.covariance(), "declared covariance");
        Evidence e = assertCovariance(noise).matches(msgdCov)
                .minPower(0.99, "MSGD-[Cov-10] uncompensated: n(B-1)/((n-1)B) Var[V'_sgd(b)]",
                        new SparseCovNoise(1000, 50, 10).covariance())
                .check();
        assertEquals(Verdict.PASS, e.verdict(), e.toString());
        assertTrue(e.power().get(0).power() >= 0.99, e.power().toString());
    }
}
