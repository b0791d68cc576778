package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.SupportStudyClaim;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The support study's six claims as {@code msgd verify} reports them, on generated run folders (never the study's own
 * runs): before the look at 50 paired seeds each is NOT_RUN with no statistic; at it each carries the verdict the
 * study's table gives (the same rule, {@code SupportVerdicts}), its trimmed mean and bounds in points and the margin.
 */
class SupportStudyClaimTest {

    @TempDir
    Path tmp;

    @Test
    void verifyReportsNothingBeforeTheLookAndTheStudysOwnVerdictsAtIt() throws Exception {
        Path dir = tmp.resolve("support");
        StudyPlan plan = StudyPlan.support(dir, tmp);
        GeneratedSupportRuns.write(plan, 49, 8);
        for (Claim c : SupportStudyClaim.all(dir, tmp)) {
            Evidence e = c.check(CheckContext.of(org.msgdlab.core.claims.Budget.QUICK, 1L));
            assertEquals(Verdict.NOT_RUN, e.verdict(), e.verdictReason());
            assertTrue(e.verdictReason().startsWith("49 complete paired seeds, before the look at 50"), e.verdictReason());
            assertNull(e.interval(), "no statistic before the first look");
        }

        GeneratedSupportRuns.write(plan, 50, 3);
        List<Claim> claims = SupportStudyClaim.all(dir, tmp);
        List<Evidence> evidence = claims.stream().map(c -> c.check(CheckContext.of(org.msgdlab.core.claims.Budget.QUICK, 1L))).toList();
        assertEquals(List.of("deep.support.class.bernoulli-50-vs-cov", "deep.support.class.fisher-vs-cov",
                        "deep.support.support.cov-exact-10-below-cov", "deep.support.support.fisher-10-below-fisher",
                        "deep.support.as-sgd.dense-vs-sgd-50", "deep.support.as-sgd.sparse-below-sgd-50"),
                evidence.stream().map(Evidence::claimId).toList());
        // the generated runs put Fisher a point above Cov: outside the +-0.42 band (StudyCommandTest's table says FAIL too)
        assertEquals(List.of(Verdict.PASS, Verdict.FAIL, Verdict.PASS, Verdict.PASS, Verdict.PASS, Verdict.PASS),
                evidence.stream().map(Evidence::verdict).toList());
        Evidence fisher = evidence.get(1);
        assertNotNull(fisher.interval());
        assertEquals(1.0, fisher.interval().estimate(), 0.02, "points");
        assertTrue(fisher.interval().lower() > 0.42, "a FAIL of an equivalence claim: the interval wholly outside the band");
        assertEquals(0.001, fisher.falseAlarmProbability(), 1e-12, "the look's one-sided alpha");
        assertEquals(50L, fisher.samples());
        assertTrue(fisher.interval().answer().startsWith("No (is acc(MSGD-Fisher) - acc(MSGD-Cov) within +-0.42 points?):"
                + " 10%-trimmed mean +"), fisher.interval().answer());
        assertTrue(fisher.interval().answer().endsWith("the interval lies wholly outside +-0.42."), fisher.interval().answer());
        assertTrue(evidence.get(2).interval().answer().endsWith("the upper bound is below 0."), evidence.get(2).interval().answer());
        assertEquals(List.of(0.0, -0.42, 0.42), fisher.interval().lines().stream().map(l -> l.value()).toList());
        // the plan's power, from its sizing: a FAIL did not reject the margin, a PASS rejected "no loss"
        assertEquals(List.of(0.9816, 0.9571), fisher.power().stream().map(p -> p.power()).toList());
        assertTrue(fisher.power().stream().noneMatch(p -> p.rejected()), fisher.power().toString());
        assertTrue(evidence.get(3).power().stream().allMatch(p -> p.rejected() && p.wrongFormula().startsWith("no loss")),
                evidence.get(3).power().toString());
        assertEquals(0.85, evidence.get(3).power().get(0).power(), 0, "[Fisher-10] below Fisher: 0.85 plain, PLAN.md");
    }
}
