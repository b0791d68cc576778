package org.msgdlab.deep.report;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.study.NoiseClassClaim;
import org.msgdlab.reports.NoiseClassFixture;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a report is told of the noise-class study is the study's: its twelve claims in the plan's order with their
 * noises' names, families and labels, and its band; and the copy reports' tests use ({@link NoiseClassFixture}) is it.
 */
class NoiseClassReportTest {

    @Test
    void aNoisesFamilyComesFromItsMethod() {
        assertEquals("Bernoulli", NoiseClassReport.family("msgd-bernoulli-20"));
        assertEquals("Gaussian", NoiseClassReport.family("msgd-cov"));
        assertEquals("sparse", NoiseClassReport.family("msgd-[fisher-10]"));
        assertEquals("other", NoiseClassReport.family("sgd-50"));
    }

    @Test
    void theReportsTestsAreToldOfTheStudyAsDeepTellsIt() {
        assertEquals(NoiseClassReport.design(), NoiseClassFixture.DESIGN);
        for (NoiseClassClaim c : NoiseClassClaim.all()) {
            Evidence e = c.kind() == NoiseClassClaim.Kind.RECOVERY
                    ? NoiseClassFixture.recovery(c.noise(), Verdict.PASS, 0.9, 0.6, 1.2, 40, 40)
                    : NoiseClassFixture.collapse(c.noise(), Verdict.PASS, 0);
            assertEquals(c.id(), e.claimId());
            assertEquals(c.paperRef(), e.paperRef());
            assertEquals(c.noise(), NoiseClassFixture.noiseOf(c.id()));
        }
    }
}
