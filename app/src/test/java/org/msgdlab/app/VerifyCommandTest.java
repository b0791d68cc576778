package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.app.FakeModules.*;

/** {@code msgd verify}: its options, the claims it runs, the results file it writes and keeps. */
class VerifyCommandTest {

    @Test
    void unknownOnlyModuleIsBadUsageNamingValueAndAllowedValues(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--only", "theory,foo", "--out", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertOneLine(r.err());
        assertTrue(r.err().contains("--only foo: unknown module (allowed: theory, sde, plugins (with --plugin JAR))"), r.err());
        assertFalse(Files.exists(tmp.resolve(ResultsFile.NAME)));
    }

    @Test
    void theOnlineRegressionModuleIsSelectedByItsNameAndByItsShortId(@TempDir Path tmp) throws Exception {
        Study study = new Study("regression.fake", "Theorem 1", "Section 3", List.of(new FixedClaim("regression.a", Verdict.PASS, null)));
        Modules modules = new Modules(List.of(Modules.Module.of("theory", context -> { throw new AssertionError("not selected"); }),
                Modules.Module.of("online-regression", context -> study)));
        for (String typed : List.of("online-regression", "regression")) {
            Path out = tmp.resolve(typed);
            Run r = exec(modules, "verify", "--only", typed, "--out", out.toString());
            assertEquals(ExitCode.OK.code(), r.code(), r.err());
            assertEquals(List.of("regression.a"), ResultsFile.read(out.resolve(ResultsFile.NAME)).studies().get(0).claims().stream()
                    .map(Evidence::claimId).toList(), typed);
        }
        Run r = exec(modules, "verify", "--only", "regression", "--n", "100", "--out", tmp.resolve("n").toString());
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertTrue(r.err().contains("which --only online-regression leaves out"), "messages say the one name: " + r.err());
    }

    /** The quick budget reads the paired study and trains none: a --study-dir that does not exist is refused, not NOT_RUN. */
    @Test
    void aQuickStudyDirThatDoesNotExistIsOneLineExitOne(@TempDir Path tmp) {
        Path none = tmp.resolve("no-study");
        CommandRun r = CommandRun.msgd("verify", "--only", "deep", "--study-dir", none.toString(), "--out", tmp.resolve("r").toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertEquals("msgd verify: --study-dir=" + none + ": no such directory (the quick budget reads the paired study's runs"
                + " and trains none; --budget full trains a study there)", r.err().strip());
        assertFalse(Files.exists(tmp.resolve("r/results.json")), "nothing ran");
    }

    /** The default study folders are the checkout's, whatever the working directory (the tests run in app/). */
    @Test
    void theDefaultStudyFolderIsTheCheckoutsNotTheWorkingDirectorys() {
        assertEquals(LauncherIT.repositoryRoot(), Repository.root());
        assertTrue(Files.isRegularFile(Repository.folder(org.msgdlab.deep.DeepStudy.STUDY_DIR).resolve("README.md")),
                "the committed paired study");
    }

    @Test
    void unknownBudgetIsBadUsageNamingTheRule(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--budget", "huge", "--out", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertOneLine(r.err());
        assertTrue(r.err().contains("--budget"), r.err());
        assertTrue(r.err().contains("budget 'huge' must be one of quick, full"), r.err());
    }

    @Test
    void unknownClaimIsBadUsageNamingIt(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--claim", "fake.a,fake.nope", "--out", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertOneLine(r.err());
        assertTrue(r.err().contains("--claim fake.nope: no such claim in the selected modules (known: fake.a, fake.b)"), r.err());
    }

    @Test
    void outThatIsAFileIsNotWritable(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        for (Path out : List.of(file, file.resolve("sub"))) {
            Run r = exec(twoPassingClaims(), "verify", "--out", out.toString());
            assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), "a folder not writable is a file not written, as for report: "
                    + r.err());
            assertOneLine(r.err());
            assertTrue(r.err().contains("--out " + out + ": not writable ("), r.err());
        }
    }

    @Test
    void anEmptyOutIsRefusedRatherThanWritingIntoTheCurrentDirectory() {
        Run r = exec(twoPassingClaims(), "verify", "--out", "");
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertOneLine(r.err());
        assertTrue(r.err().contains("--out '': must name a directory"), r.err());
    }

    @Test
    void anNWhoseClaimsCannotFitInTheHeapIsRefusedBeforeAnyAllocation(@TempDir Path tmp) {
        for (String n : List.of("2000000000", "100000000")) {
            Run r = exec(twoPassingClaims(), "verify", "--n", n, "--b", "1", "--out", tmp.toString());
            assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
            assertOneLine(r.err());
            assertTrue(r.err().contains("--n " + n + ": the theory claims need about"), r.err());
            assertTrue(r.err().contains("GiB of heap"), r.err());
        }
        assertNull(VerifyCommand.heapProblem(1000, new org.msgdlab.theory.TheoryStudy.Setup(1000, 50, 10, 200)
                .heapBytes(), 256L << 20), "the paper's n = 1000 fits in 256 MiB");
    }

    @Test
    void unknownFailOnIsBadUsage(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--fail-on", "PASS", "--out", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertOneLine(r.err());
        assertTrue(r.err().contains("'PASS' must be one of APPROXIMATE, FAIL"), r.err());
    }

    @Test
    void verifyRunsEveryClaimAndWritesResultsAndSummary(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--out", tmp.toString(), "--seed", "7");
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        assertTrue(r.err().contains("module 'sde' has no claims yet (its issue has not landed)"), r.err());
        assertTrue(r.err().contains("[1/2] fake.a ... PASS ("), r.err());
        assertTrue(r.err().contains("[2/2] fake.b ... PASS ("), r.err());
        assertTrue(r.out().contains("verdicts: PASS 2, APPROXIMATE 0, FAIL 0, INCONCLUSIVE 0, ERROR 0, NOT_RUN 0"), r.out());
        assertTrue(r.out().contains("results: " + tmp.resolve(ResultsFile.NAME)), r.out());
        Results results = ResultsFile.read(tmp.resolve(ResultsFile.NAME));
        assertEquals(7, results.provenance().seed());
        assertEquals("quick", results.provenance().budget());
        assertEquals(2, results.studies().get(0).claims().size());
        assertTrue(Files.exists(tmp.resolve("summary.md")));
    }

    @Test
    void claimFilterRunsOnlyTheNamedClaims(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--out", tmp.toString(), "--claim", "fake.b", "--only", "theory");
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        assertFalse(r.err().contains("module 'sde'"), r.err());
        Results results = ResultsFile.read(tmp.resolve(ResultsFile.NAME));
        assertEquals(List.of("fake.b"), results.studies().get(0).claims().stream().map(Evidence::claimId).toList());
    }

    @Test
    void aThrowingClaimBecomesErrorEvidenceAndTheRunGoesOn(@TempDir Path tmp) {
        Modules m = modules(new FixedClaim("fake.boom", null, new IllegalStateException("boom")),
                new FixedClaim("fake.ok", Verdict.PASS, null));
        Run r = exec(m, "verify", "--out", tmp.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code());
        List<Evidence> claims = ResultsFile.read(tmp.resolve(ResultsFile.NAME)).studies().get(0).claims();
        assertEquals(Verdict.ERROR, claims.get(0).verdict());
        assertTrue(claims.get(0).verdictReason().startsWith("java.lang.IllegalStateException: boom"), claims.get(0).verdictReason());
        assertEquals(Verdict.PASS, claims.get(1).verdict());
    }

    @Test
    void failOnTurnsSuchVerdictsIntoExitThree(@TempDir Path tmp) {
        Modules m = modules(new FixedClaim("fake.approx", Verdict.APPROXIMATE, null));
        assertEquals(ExitCode.OK.code(), exec(m, "verify", "--out", tmp.toString()).code());
        assertEquals(ExitCode.OK.code(), exec(m, "verify", "--out", tmp.toString(), "--fail-on", "FAIL").code());
        assertEquals(ExitCode.VERDICT_FAILED.code(), exec(m, "verify", "--out", tmp.toString(), "--fail-on", "approximate").code());
        Modules f = modules(new FixedClaim("fake.fail", Verdict.FAIL, null));
        assertEquals(ExitCode.VERDICT_FAILED.code(), exec(f, "verify", "--out", tmp.toString(), "--fail-on", "APPROXIMATE").code());
    }

    @Test
    void aNewRunReplacesThePreviousResultsOnlyWhenItEnds(@TempDir Path tmp) throws Exception {
        exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        String previous = Files.readString(tmp.resolve(ResultsFile.NAME));
        Study study = new Study("fake.study", "A fake study", "Section 2",
                List.of(new FixedClaim("fake.a", Verdict.FAIL, null), new FixedClaim("fake.b", Verdict.PASS, null)));
        VerificationRun run = new VerificationRun(tmp, org.msgdlab.core.claims.Provenance.start(1, Budget.QUICK, "msgd verify"),
                List.of(study));
        run.start();
        run.record(0, 0, study.claims().get(0).check(Budget.QUICK, 1));
        // in progress (or died, say on a full disk): the previous results are intact, the new ones are beside them
        assertEquals(previous, Files.readString(tmp.resolve(ResultsFile.NAME)));
        Results partial = ResultsFile.read(tmp.resolve(VerificationRun.PARTIAL));
        assertEquals(Verdict.FAIL, partial.studies().get(0).claims().get(0).verdict());
        assertEquals(Verdict.NOT_RUN, partial.studies().get(0).claims().get(1).verdict());

        run.record(0, 1, study.claims().get(1).check(Budget.QUICK, 1));
        run.finish();
        assertEquals(Verdict.FAIL, ResultsFile.read(tmp.resolve(ResultsFile.NAME)).studies().get(0).claims().get(0).verdict());
        assertFalse(Files.exists(tmp.resolve(VerificationRun.PARTIAL)), "the partial file is removed at the end");
        assertEquals(List.of(), temporaries(tmp), "no temporary left behind");
    }

    @Test
    void aResultsFileThatCannotBeWrittenIsOneLineExitOneAndKeepsThePreviousOne(@TempDir Path tmp) throws Exception {
        exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        String previous = Files.readString(tmp.resolve(ResultsFile.NAME));
        // summary.md cannot be replaced (a non-empty folder stands there), as a full disk would refuse it
        Files.delete(tmp.resolve("summary.md"));
        Files.createDirectories(tmp.resolve("summary.md").resolve("x"));
        Run r = exec(modules(new FixedClaim("fake.a", Verdict.FAIL, null)), "verify", "--out", tmp.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        String last = r.err().lines().reduce((a, b) -> b).orElse("");
        // the report is written whole or not at all: the previous one is kept, and the message says so (issue 33, D8)
        assertTrue(last.startsWith("msgd verify: could not write " + tmp.resolve("summary.md") + ": a folder stands there;"
                + " the previous report in " + tmp + " is kept as it was"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertEquals(List.of(), temporaries(tmp), "no temporary left behind");
    }

    @Test
    void anOptionOfAModuleLeftOutByOnlyIsRefusedNotIgnored(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--only", "sde", "--n", "5000", "--out", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertOneLine(r.err());
        assertTrue(r.err().contains("--n applies to the theory and plugins modules, which --only sde leaves out"), r.err());
    }
}
