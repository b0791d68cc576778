package org.msgdlab.deep.plan;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.BandClaim;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.study.SupportClaim;
import org.msgdlab.deep.study.SupportVerdicts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The committed studies written as plan files decide as the code written for them: the second study's plan file
 * gives its twelve committed verdicts to the digit (every number of every verdict's words, as verdicts.md holds
 * them), and the third study's plan file gives the same decisions as its code on synthetic values (its own runs are
 * not looked at before its first look).
 */
class PlanLookTest {

    /** The studies as committed, from the deep module's folder (where Maven runs its tests). */
    static final Path NOISE_CLASS = Path.of("results/noise-class-study");
    static final Path SUPPORT = Path.of("results/support-study");

    @Test
    void theSecondStudysPlanFileGivesItsTwelveCommittedVerdictsToTheDigit() throws Exception {
        assumeTrue(Files.isDirectory(NOISE_CLASS.resolve("authors-code")), "the committed study is not here");
        PlanFile plan = PlanFileReader.read(NOISE_CLASS.resolve("plan.json"));
        StudyPlan sp = plan.studyPlan(NOISE_CLASS, List.of());
        StudyRuns runs = StudyRuns.read(sp, plan.cap());
        List<Path> dirs = sp.methods().stream().flatMap(m -> java.util.stream.IntStream.range(0, plan.cap())
                .mapToObj(s -> sp.runDir(m, s))).toList();
        assertEquals(List.of(), PlanDigests.changedSince(plan, dirs), "runs before the plan file count by its amendment");
        PlanLook.Look look = PlanLook.look(plan, runs, PlanLook.seeds(plan, runs, false));
        assertEquals(60, look.seeds().counted().size(), look.seeds().notes().toString());
        Map<String, String> committed = new LinkedHashMap<>();
        for (String line : Files.readAllLines(NOISE_CLASS.resolve("authors-code/verdicts.md"))) {
            if (line.startsWith("* `deep.noise-class.")) {
                committed.put(line.substring(3, line.indexOf("`", 3)), line.substring(line.indexOf("`: ") + 3));
            }
        }
        assertEquals(12, committed.size(), "verdicts.md lists twelve claims");
        assertEquals(List.copyOf(committed.keySet()), look.results().stream().map(PlanLook.Result::id).toList(),
                "the same claims in the same order");
        for (PlanLook.Result r : look.results()) {
            assertEquals(committed.get(r.id()), r.reason(), r.id());
            assertTrue(r.reason().startsWith(r.verdict().name()), r.reason());
        }
    }

    @Test
    void theSecondStudysNumericBoundsAreTheOnesItsWordsState() throws Exception {
        assumeTrue(Files.isDirectory(NOISE_CLASS.resolve("authors-code")), "the committed study is not here");
        PlanFile plan = PlanFileReader.read(NOISE_CLASS.resolve("plan.json"));
        StudyRuns runs = StudyRuns.read(plan.studyPlan(NOISE_CLASS, List.of()), plan.cap());
        PlanLook.Look look = PlanLook.look(plan, runs, PlanLook.seeds(plan, runs, false));
        for (PlanLook.Result r : look.results()) {
            assertTrue(r.settled(), r.id() + ": decided at a look, or undecided at the cap of 60: " + r.reason());
            if (r.claim() instanceof PlannedClaim.Recovery) {
                // one piece each: "[0.59, 1.12]", the set the reason states
                assertEquals(String.format(Locale.ROOT, "[%.2f, %.2f]", r.lower(), r.upper()), r.bounds(), r.id());
                assertTrue(r.reason().contains("set " + r.bounds() + " at one-sided alpha"), r.reason());
            } else {
                assertEquals("-", r.bounds(), "an event rate's bound is in its reason only: " + r.id());
                assertEquals(0, r.lower());
                assertTrue(r.reason().contains(String.format(Locale.ROOT, "collapses) %.3f (margin 0.10)", r.upper())),
                        r.upper() + " in " + r.reason());
            }
        }
    }

    @Test
    void aRecoveryOrEventRateClaimBeforeAnySeedHasNoBoundsAndIsNotSettled() throws Exception {
        PlanFile plan = PlanFileReader.read(NOISE_CLASS.resolve("plan.json"));
        PlanLook.Look look = PlanLook.look(plan, new StudyRuns(plan.studyPlan(NOISE_CLASS, List.of()), Map.of(), List.of()),
                new PlanLook.Seeds(List.of(), List.of()));
        for (PlanLook.Result r : look.results()) {
            assertFalse(r.settled(), r.id());
            assertTrue(Double.isNaN(r.value()) && Double.isNaN(r.lower()) && Double.isNaN(r.upper()), r.toString());
        }
    }

    /** The seeds-needed search of the claims undecided at the cap, small: both sides here project alike or not. */
    static final org.msgdlab.core.stats.SeedsForDecision CHEAP_SEARCH = new org.msgdlab.core.stats.SeedsForDecision(0.8, 10, 200, 400);

    @Test
    void theThirdStudysPlanFileDecidesAsItsCodeOnSyntheticValues() throws Exception {
        PlanFile plan = PlanFileReader.read(SUPPORT.resolve("plan.json"));
        List<SupportClaim> code = SupportClaim.all();
        assertEquals(code.size(), plan.claims().size());
        assertEquals(StudyPlan.SUPPORT_METHODS, plan.methods());
        assertEquals(StudyPlan.SUPPORT_MASTER_SEED, plan.masterSeed());
        assertEquals(SupportClaim.SPENDING.toString(), plan.spending().toString());
        SplittableRandom rng = new SplittableRandom(44);
        for (int i = 0; i < code.size(); i++) {
            SupportClaim c = code.get(i);
            PlannedClaim.Difference d = (PlannedClaim.Difference) plan.claims().get(i);
            assertEquals(c.id(), plan.id(d));
            assertEquals(c.of(), d.of());
            assertEquals(c.against(), d.against());
            assertEquals(c.band(), d.band());
            for (int world = 0; world < 20; world++) {
                double shift = (world % 5 - 2) * 0.3;
                double[] values = new double[world < 10 ? 50 : 100];
                for (int s = 0; s < values.length; s++) {
                    values[s] = shift + 0.8 * rng.nextGaussian() + (rng.nextInt(30) == 0 ? -4 : 0);
                }
                SupportVerdicts.ClaimResult want = SupportVerdicts.claim(c, values, CHEAP_SEARCH);
                SupportVerdicts.Decided got = SupportVerdicts.decide(d.name(), d.band(), plan.rule(d), values, CHEAP_SEARCH);
                assertEquals(want.verdict(), got.verdict(), c.id());
                assertEquals(want.reason(), got.reason(), c.id());
            }
        }
    }

    @Test
    void aDifferenceClaimComputesNothingBeforeItsFirstLook() throws Exception {
        PlanFile plan = PlanFileReader.read(SUPPORT.resolve("plan.json"));
        PlanLook.Look look = PlanLook.look(plan, new StudyRuns(plan.studyPlan(SUPPORT, List.of()), Map.of(), List.of()),
                new PlanLook.Seeds(List.of(0, 1, 2), List.of()));
        for (PlanLook.Result r : look.results()) {
            assertEquals(Verdict.NOT_RUN, r.verdict());
            assertEquals("-", r.estimate());
            assertTrue(!r.settled() && Double.isNaN(r.value()) && Double.isNaN(r.lower()) && Double.isNaN(r.upper()), r.toString());
            assertTrue(r.reason().startsWith("not looked at yet: 3 of the first look's 50 paired seeds"), r.reason());
        }
        assertTrue(plan.claims().get(2) instanceof PlannedClaim.Difference d && d.band() instanceof BandClaim.Below);
    }
}
