package org.msgdlab.deep.study;

import org.msgdlab.deep.train.TrainingContext;
import org.msgdlab.deep.train.BitProvenance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.core.claims.Verdict;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The study machinery end to end on generated Fashion-MNIST-format files and 10-iteration runs:
 * the paired design, the runs the sequential rule wants, reuse of completed runs, and verdicts.
 */
class StudyRunnerTest {

    /** Training that is never cancelled and records no environment. */
    private static final TrainingContext UNCANCELLED = TrainingContext.uncancelled(Map.of());

    @TempDir
    Path tmp;

    private StudyPlan plan(Path data, Protocol p) {
        return new StudyPlan(p, List.of("gd", "sgd-50"), StudyPlan.MASTER_SEED, 10, 2, tmp.resolve("study"), data);
    }

    @Test
    void pairedSeedsShareInitialWeightsAndDataAcrossMethodsAndDifferBetweenSeeds() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan p = plan(data, Protocol.PAPER_TEXT);
        assertEquals(p.config("gd", 3).seed(), p.config("sgd-50", 3).seed());
        assertEquals(p.config("gd", 3).dataSeed(), p.config("sgd-50", 3).dataSeed());
        assertNotEquals(p.config("gd", 3).seed(), p.config("gd", 4).seed());
        assertEquals(tmp.resolve("study/paper-text/sgd-50/seed-3"), p.config("sgd-50", 3).out());
        assertEquals(tmp.resolve("study/authors-code/sgd-50-wor/seed-3"), plan(data, Protocol.AUTHORS_CODE).config("sgd-50", 3).out(),
                "the protocol resolves the method: SGD without replacement");
        // the initial test accuracy (iteration 0, before any update) is the same for every method of a seed
        StudyRunner r = new StudyRunner(p, 2, null, quiet(), UNCANCELLED);
        r.runAll(List.of(new StudyRunner.Task("gd", 0), new StudyRunner.Task("sgd-50", 0)));
        StudyRuns runs = StudyRuns.read(p, 1);
        assertEquals(runs.byMethod().get("gd").get(0).rows().get(0), runs.byMethod().get("sgd-50").get(0).rows().get(0),
                "iteration 0: same weights, same data");
    }

    /** A method the user names in any spelling {@code --method} reads is found under the plan's own name. */
    @Test
    void aMethodIsFoundByWhatItIsNotHowItIsSpelled() {
        StudyPlan p = new StudyPlan(Protocol.AUTHORS_CODE, StudyPlan.METHODS, StudyPlan.MASTER_SEED, 10, 2, tmp.resolve("study"),
                tmp.resolve("fm"));
        assertEquals("sgd-50", p.planName("SGD-50"));
        assertEquals("msgd-[fisher-10]", p.planName("msgd-sparse-fisher-10"));
        assertEquals("[msgd-fisher]-500", p.planName("minibatch-msgd-fisher-500"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p.planName("msgd-[fisher-20]"));
        assertEquals("'msgd-[fisher-20]' must be one of " + p.methods(), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> p.planName("nonsense"));
    }

    @Test
    void theRunnerTrainsWhatTheFirstLookWantsThenReusesItAndTheClaimsGetVerdicts() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan p = plan(data, Protocol.AUTHORS_CODE);
        StudyRuns empty = StudyRuns.read(p, StudyVerdicts.CAP);
        List<StudyRunner.Task> want = StudyRunner.wanted(empty, List.of());
        // the one claim between gd and sgd-50: its first look needs 5 paired seeds of each
        assertEquals(10, want.size(), want.toString());
        assertEquals(new StudyRunner.Task("gd", 0), want.get(0), "seed by seed, in the plan's method order");
        assertEquals(new StudyRunner.Task("sgd-50", 0), want.get(1));
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        StudyRunner r = new StudyRunner(p, 2, null, new PrintStream(log, true, StandardCharsets.UTF_8), UNCANCELLED);
        assertEquals(10, r.runAll(want));
        StudyRuns done = StudyRuns.read(p, StudyVerdicts.CAP);
        assertEquals(5, done.pairedPrefix("sgd-50", "gd"));
        List<StudyVerdicts.ClaimResult> results = StudyVerdicts.evaluate(done);
        StudyVerdicts.ClaimResult sgd = results.stream().filter(c -> c.claim().key().equals("sgd-50-above-gd")).findFirst()
                .orElseThrow();
        assertNotEquals(Verdict.NOT_RUN, sgd.evidence().verdict(), sgd.evidence().verdictReason());
        // one estimate (issue 46): the mean paired difference, strictly inside its interval, not a bound, no paper value
        var answer = sgd.evidence().interval();
        assertEquals(answer.estimate(), sgd.evidence().estimate());
        assertTrue(answer.lower() < answer.estimate() && answer.estimate() < answer.upper(), answer.toString());
        assertTrue(Double.isNaN(sgd.evidence().reference()) && sgd.evidence().discrepancyLimit() == null);
        assertEquals(5, sgd.paired());
        assertTrue(sgd.evidence().parameters().containsKey("differences"));
        // the runs were trained from the plan's seed, not msgd verify's --seed: the evidence says so
        assertEquals(p.masterSeed() + " (the plan's: its runs were trained from it; msgd verify --seed does not apply)",
                sgd.evidence().parameters().get("masterSeed"));
        StudyVerdicts.ClaimResult cov = results.stream().filter(c -> c.claim().key().equals("msgd-cov.above-gd")).findFirst()
                .orElseThrow();
        assertEquals(Verdict.NOT_RUN, cov.evidence().verdict(), "MSGD-Cov is not in this plan");
        // asking for the same seeds again trains nothing: every completed run is found and reused
        long before = Files.getLastModifiedTime(p.config("gd", 0).out().resolve("metrics.csv")).toMillis();
        assertTrue(StudyRunner.fixed(done, 5, List.of()).isEmpty());
        assertEquals(0, new StudyRunner(p, 2, null, quiet(), UNCANCELLED).runAll(StudyRunner.fixed(done, 5, List.of())));
        assertEquals(before, Files.getLastModifiedTime(p.config("gd", 0).out().resolve("metrics.csv")).toMillis());
        // unresolved at the first look, the sequential rule wants the next block of five
        if (sgd.wantSeeds() > 0) {
            assertEquals(10, sgd.wantSeeds());
            assertEquals(10, StudyRunner.wanted(done, List.of()).size());
        }
        assertFalse(log.toString(StandardCharsets.UTF_8).contains("failed"), log.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRunWithOtherSettingsInTheDirectoryIsReportedNotUsed() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan p = plan(data, Protocol.PAPER_TEXT);
        new StudyRunner(p, 1, null, quiet(), UNCANCELLED).runAll(List.of(new StudyRunner.Task("gd", 0)));
        StudyPlan longer = new StudyPlan(p.protocol(), p.methods(), p.masterSeed(), 12, 2, p.dir(), data);
        StudyRuns r = StudyRuns.read(longer, 1);
        assertEquals(0, r.completed("gd"));
        assertEquals(1, r.mismatches().size());
        assertTrue(r.mismatches().get(0).contains("iterations 10 there, 12 asked"), r.mismatches().get(0));
        assertNull(StudyVerdicts.evaluate(r).get(0).status(), "below the first look");
    }

    @Test
    void aLongerRunOfTheSameSettingsCountsByItsFirstIterationsWhichEqualAShorterRunBitForBit() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan base = plan(data, Protocol.AUTHORS_CODE);
        StudyPlan longer = new StudyPlan(base.protocol(), base.methods(), base.masterSeed(), 16, 2, base.dir(), data);
        new StudyRunner(longer, 1, null, quiet(), UNCANCELLED).runAll(List.of(new StudyRunner.Task("gd", 0)));
        StudyPlan shorter = new StudyPlan(longer.protocol(), longer.methods(), longer.masterSeed(), 10, 2, longer.dir(), data);
        StudyPlan separate = new StudyPlan(longer.protocol(), longer.methods(), longer.masterSeed(), 10, 2,
                tmp.resolve("separate"), data);
        new StudyRunner(separate, 1, null, quiet(), UNCANCELLED).runAll(List.of(new StudyRunner.Task("gd", 0)));

        StudyRuns prefix = StudyRuns.read(shorter, 1);
        assertEquals(1, prefix.completed("gd"), prefix.mismatches().toString());
        List<org.msgdlab.deep.train.Trainer.Row> own = StudyRuns.read(separate, 1).byMethod().get("gd").get(0).rows();
        List<org.msgdlab.deep.train.Trainer.Row> first = prefix.byMethod().get("gd").get(0).rows();
        assertEquals(own.size(), first.size());
        for (int i = 0; i < own.size(); i++) {
            assertTrue(own.get(i).sameMetrics(first.get(i)), "row " + i + ": " + own.get(i) + " vs " + first.get(i));
        }
        assertEquals(own.get(own.size() - 1).testAccuracy(), prefix.byMethod().get("gd").get(0).finalAccuracy(),
                "the final iterate of the shorter study is the longer run's at its iteration 10");
        assertTrue(StudyRunner.fixed(prefix, 1, List.of("gd")).isEmpty(), "nothing to train");
        // a plan asking more than the run has is still a mismatch, not a prefix
        StudyPlan more = new StudyPlan(longer.protocol(), longer.methods(), longer.masterSeed(), 20, 2, longer.dir(), data);
        assertEquals(0, StudyRuns.read(more, 1).completed("gd"));
    }

    /**
     * A finished longer run whose metrics.csv was emptied, cut or removed is refused naming the file (issue 47: it was
     * read as a run "not there yet", its claims fell to NOT_RUN and {@code msgd study} exited 0).
     */
    @Test
    void aFinishedLongerRunWhoseMetricsWereEmptiedCutOrRemovedIsRefusedNamingTheFile() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan longer = new StudyPlan(Protocol.AUTHORS_CODE, List.of("gd", "sgd-50"), StudyPlan.MASTER_SEED, 16, 2,
                tmp.resolve("study"), data);
        new StudyRunner(longer, 1, null, quiet(), UNCANCELLED).runAll(List.of(new StudyRunner.Task("gd", 0)));
        StudyPlan shorter = new StudyPlan(longer.protocol(), longer.methods(), longer.masterSeed(), 10, 2, longer.dir(), data);
        Path metrics = longer.config("gd", 0).out().resolve("metrics.csv");
        List<String> whole = Files.readAllLines(metrics);
        assertEquals(1, StudyRuns.read(shorter, 1).completed("gd"), "intact, it counts by its first 10 iterations");

        Files.writeString(metrics, "");
        var emptied = org.junit.jupiter.api.Assertions.assertThrows(org.msgdlab.deep.train.RunFileException.class,
                () -> StudyRuns.read(shorter, 1));
        assertTrue(emptied.getMessage().startsWith(metrics + ": run.json says \"completed\" but the rows stop at no iteration"),
                emptied.getMessage());

        Files.write(metrics, whole.subList(0, whole.size() / 2));
        var cut = org.junit.jupiter.api.Assertions.assertThrows(org.msgdlab.deep.train.RunFileException.class,
                () -> StudyRuns.read(shorter, 1));
        assertTrue(cut.getMessage().contains("not at the run's last iteration 16"), cut.getMessage());

        Files.delete(metrics);
        var missing = org.junit.jupiter.api.Assertions.assertThrows(org.msgdlab.deep.train.RunFileException.class,
                () -> StudyRuns.read(shorter, 1));
        assertTrue(missing.getMessage().startsWith(metrics + ": run.json says \"completed\" but the file is missing"),
                missing.getMessage());
        var missingSameLength = org.junit.jupiter.api.Assertions.assertThrows(org.msgdlab.deep.train.RunFileException.class,
                () -> StudyRuns.read(longer, 1));
        assertTrue(missingSameLength.getMessage().contains("but the file is missing"), missingSameLength.getMessage());
    }

    /** A run that fails (here: its data folder is gone) is counted, so that the command can exit 1 naming it. */
    @Test
    void aFailedRunIsCountedNotOnlyLogged() throws Exception {
        StudyPlan p = plan(tmp.resolve("no-such-data"), Protocol.AUTHORS_CODE);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        StudyRunner r = new StudyRunner(p, 1, null, new PrintStream(log, true, StandardCharsets.UTF_8), UNCANCELLED);
        assertEquals(0, r.runAll(List.of(new StudyRunner.Task("gd", 0))));
        assertEquals(List.of("gd/0"), r.failedRuns(), log.toString(StandardCharsets.UTF_8));
    }

    /** The support study computes nothing between its looks: a blind runner's log names each run, never its accuracy. */
    @Test
    void aBlindRunnerLogsThatARunCompletedButNoneOfItsAccuracies() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan p = plan(data, Protocol.PAPER_TEXT);
        ByteArrayOutputStream blind = new ByteArrayOutputStream();
        new StudyRunner(p, 1, null, new PrintStream(blind, true, StandardCharsets.UTF_8), UNCANCELLED).blind()
                .runAll(List.of(new StudyRunner.Task("gd", 0)));
        String log = blind.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("seed 0: COMPLETED, statistics withheld (the plan's looks read them)"), log);
        assertFalse(log.contains("accuracy"), log);
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        new StudyRunner(p, 1, null, new PrintStream(seen, true, StandardCharsets.UTF_8), UNCANCELLED)
                .runAll(List.of(new StudyRunner.Task("sgd-50", 0)));
        assertTrue(seen.toString(StandardCharsets.UTF_8).contains("COMPLETED, window accuracy "), "the others still log it");
        assertTrue(log.contains("1 runs to train, 1 at a time: [gd/0]"), log);
    }

    /**
     * Each paired seed computed alike (the support study's rule): on another machine a complete seed is neither
     * trained nor named, an unfinished seed of the first machine is left whole and named, and a seed nobody began
     * is trained there.
     */
    @Test
    void anotherMachineLeavesAnUnfinishedSeedNamesOnlyItAndTrainsTheNextOne() throws Exception {
        Path data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
        StudyPlan p = plan(data, Protocol.AUTHORS_CODE);
        new StudyRunner(p, 1, null, quiet(), UNCANCELLED).runAll(List.of(
                new StudyRunner.Task("gd", 0), new StudyRunner.Task("sgd-50", 0), new StudyRunner.Task("gd", 1)));
        BitProvenance first = BitProvenance.recordedIn(p.runDir("gd", 0)).orElseThrow();
        BitProvenance elsewhere = new BitProvenance(first.commit(), first.diffHash(), first.tensorflow(), first.kernels(),
                "Another CPU (family 0, model 0)", first.cpuIsa(), first.isa(), first.intraThreads(), first.interThreads(),
                first.environment(), first.jvm());
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        List<StudyRunner.Task> tasks = StudyRunner.wholeSeedsComputedAlike(StudyRuns.read(p, 3), 3, elsewhere,
                new PrintStream(log, true, StandardCharsets.UTF_8));
        assertEquals(List.of(new StudyRunner.Task("gd", 2), new StudyRunner.Task("sgd-50", 2)), tasks);
        String said = log.toString(StandardCharsets.UTF_8);
        assertTrue(said.contains("paired seed 1 left for a process that computes as its runs did: [gd (cpu: "), said);
        assertFalse(said.contains("paired seed 0"), "a complete seed needs nothing: " + said);
        assertEquals(List.of(new StudyRunner.Task("sgd-50", 1), new StudyRunner.Task("gd", 2), new StudyRunner.Task("sgd-50", 2)),
                StudyRunner.wholeSeedsComputedAlike(StudyRuns.read(p, 3), 3, first, quiet()),
                "the first machine finishes its own seed");
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
