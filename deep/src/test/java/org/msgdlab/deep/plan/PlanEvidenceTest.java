package org.msgdlab.deep.plan;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.study.StudyRuns;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A look's claims as the report's evidence carry the look's own verdicts, reasons, estimates and bounds (nothing
 * recomputed), the plan's statement, and the lines each claim's rule compares with; a claim not looked at is NOT_RUN
 * evidence without an interval.
 */
class PlanEvidenceTest {

    @Test
    void theSecondStudysEvidenceIsItsLookWithTheRulesLines() throws Exception {
        assumeTrue(Files.isDirectory(PlanLookTest.NOISE_CLASS.resolve("authors-code")), "the committed study is not here");
        PlanFile plan = PlanFileReader.read(PlanLookTest.NOISE_CLASS.resolve("plan.json"));
        StudyRuns runs = StudyRuns.read(plan.studyPlan(PlanLookTest.NOISE_CLASS, List.of()), plan.cap());
        PlanLook.Look look = PlanLook.look(plan, runs, PlanLook.seeds(plan, runs, false));

        List<Evidence> ev = PlanEvidence.of(look);

        assertEquals(12, ev.size());
        for (int i = 0; i < ev.size(); i++) {
            PlanLook.Result r = look.results().get(i);
            Evidence e = ev.get(i);
            IntervalAnswer a = e.interval();
            assertEquals(r.id(), e.claimId());
            assertEquals(r.verdict(), e.verdict());
            assertEquals(r.reason(), e.verdictReason());
            assertEquals(Evidence.Kind.INTERVAL, e.kind());
            assertEquals(List.of(r.value(), r.lower(), r.upper(), (double) r.look()),
                    List.of(a.estimate(), a.lower(), a.upper(), (double) a.seeds()), r.id());
            assertEquals(PlanProse.statement(plan, r.claim()), e.statement());
            assertTrue(e.paperRef().startsWith("plan noise-class (plan.json, sha256 " + plan.sha256().substring(0, 12)), e.paperRef());
            assertEquals(60, e.parameters().get("paired seeds counted"));
            boolean recovery = r.claim() instanceof PlannedClaim.Recovery;
            assertEquals(recovery ? List.of(0.0, 1.0, 0.5, 1.5) : List.of(0.0, 0.1),
                    a.lines().stream().map(IntervalAnswer.Line::value).toList(), r.id());
            assertEquals(recovery ? 0.05 / 12 / 3 : 0.05 / 12, e.falseAlarmProbability(), 1e-15,
                    "per look for R (three looks), once for an event rate: " + r.id());
        }
        assertEquals("Yes (does MSGD-Fisher keep R, its share of SGD-50's advantage over GD, in [0.5, 1.5]?): R = 0.85, set"
                + " [0.59, 1.12] at the look of 40 paired seeds.", ev.get(0).interval().answer());
        assertEquals("Not decided (is MSGD-Bernoulli-20's run lost no more often than SGD-50's?): a share of 0.017 of the"
                + " paired seeds, upper bound 0.120 at the look of 60 paired seeds.", ev.get(5).interval().answer(),
                "undecided at the cap: settled, not \"yet\"");
    }

    @Test
    void aClaimNotLookedAtIsNotRunEvidenceWithoutAnInterval() throws Exception {
        PlanFile plan = PlanFileReader.read(PlanLookTest.NOISE_CLASS.resolve("plan.json"));
        PlanLook.Look look = PlanLook.look(plan, new StudyRuns(plan.studyPlan(PlanLookTest.NOISE_CLASS, List.of()), Map.of(),
                List.of()), new PlanLook.Seeds(List.of(), List.of()));

        for (Evidence e : PlanEvidence.of(look)) {
            assertEquals(Verdict.NOT_RUN, e.verdict());
            assertNull(e.interval(), e.claimId());
            assertTrue(e.verdictReason().startsWith("not decided yet: 0 of the first look's 20")
                    || e.verdictReason().startsWith("decided once, at 60 paired seeds; so far 0 of 60"), e.verdictReason());
        }
    }
}
