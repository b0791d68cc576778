package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.msgdlab.app.FakeModules.*;

/** {@code msgd report} and {@code msgd diff}: the report rendered from a results file, its folder, its figures. */
class ReportCommandTest {

    @Test
    void verifyRendersTheReport(@TempDir Path tmp) throws Exception {
        Run r = exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        assertTrue(r.out().contains("report:  " + tmp.resolve("index.html") + " (1 figures)"), r.out());
        String html = Files.readString(tmp.resolve("index.html"));
        assertTrue(html.contains("fake.a") && html.contains("fake.b"), html);
        assertTrue(Files.size(tmp.resolve("figures").resolve("fake.study.overview.png")) > 0);
        assertTrue(Files.readString(tmp.resolve("summary.csv")).startsWith("study,claim_id,"));
    }

    @Test
    void anInterruptedRunRendersWhatFinished(@TempDir Path tmp) throws Exception {
        Study study = new Study("fake.study", "A fake study", "Section 2",
                List.of(new FixedClaim("fake.a", Verdict.APPROXIMATE, null), new FixedClaim("fake.b", Verdict.PASS, null)));
        VerificationRun run = new VerificationRun(tmp, org.msgdlab.core.claims.Provenance.start(1, Budget.QUICK, "msgd verify"),
                List.of(study));
        run.start();
        run.record(0, 0, study.claims().get(0).check(Budget.QUICK, 1));
        Results partial = run.interrupt();
        StringWriter err = new StringWriter();
        assertTrue(VerifyCommand.render(tmp, partial, new PrintWriter(err, true)) != null, err.toString());
        assertEquals(null, run.interrupt(), "a second interrupt does nothing");
        String written = Files.readString(tmp.resolve(ResultsFile.NAME));
        assertFalse(run.record(0, 1, study.claims().get(1).check(Budget.QUICK, 1)),
                "a claim finishing after the interruption is not recorded (and the console says nothing more)");
        assertNull(run.finish(), "nor does the run finish over the interrupted files");
        assertEquals(written, Files.readString(tmp.resolve(ResultsFile.NAME)), "results.json stays as the interruption wrote it");

        String html = Files.readString(tmp.resolve("index.html"));
        assertTrue(html.contains("This run did not finish: 1 of 2 claims were not run"), html);
        assertTrue(html.contains("not run: the run was interrupted before this claim finished"), html);
        assertEquals(Verdict.NOT_RUN, ResultsFile.read(tmp.resolve(ResultsFile.NAME)).studies().get(0).claims().get(1).verdict());
    }

    @Test
    void reportReRendersFromTheResultsFileAlone(@TempDir Path tmp) throws Exception {
        exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        for (String f : List.of("index.html", "summary.md", "summary.csv")) {
            Files.delete(tmp.resolve(f));
        }
        Run r = exec(twoPassingClaims(), "report", tmp.toString());
        assertEquals(ExitCode.OK.code(), r.code(), r.err());
        assertTrue(r.err().startsWith("report: " + tmp.resolve("index.html")), r.err());
        // stdout: one line of counts, not the whole summary.md
        assertEquals("report: 2 claims: 2 PASS", r.out().strip());
        for (String f : List.of("index.html", "summary.md", "summary.csv")) {
            assertTrue(Files.size(tmp.resolve(f)) > 0, f);
        }
    }

    @Test
    void diffSaysWhetherTwoRunsGaveTheSameResultsClaimByClaim(@TempDir Path tmp) throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Path c = tmp.resolve("c");
        exec(twoPassingClaims(), "verify", "--out", a.toString());
        exec(twoPassingClaims(), "verify", "--out", b.toString());
        exec(modules(new FixedClaim("fake.a", Verdict.PASS, null), new FixedClaim("fake.b", Verdict.FAIL, null)),
                "verify", "--out", c.toString());
        Run same = exec(twoPassingClaims(), "diff", a.toString(), b.resolve(ResultsFile.NAME).toString());
        assertEquals(ExitCode.OK.code(), same.code(), same.out() + same.err());
        assertEquals("diff: 2 claims, 0 verdicts changed, 0 claims differ\ndiff: the same results", same.out().strip());
        Run differ = exec(twoPassingClaims(), "diff", a.toString(), c.toString());
        assertEquals(ExitCode.VERDICT_FAILED.code(), differ.code(), differ.out() + differ.err());
        // it leads with the verdicts that changed, one line each, then the counts
        List<String> lines = differ.out().lines().toList();
        assertTrue(lines.get(0).matches("verdict changed: .*/fake\\.b: PASS -> FAIL"), differ.out());
        assertTrue(lines.get(1).startsWith("diff: 2 claims, 1 verdicts changed, 1 claims differ"), differ.out());
        assertTrue(differ.out().contains("/fake.b: /verdict \"PASS\" -> \"FAIL\""), differ.out());
        Run details = exec(twoPassingClaims(), "diff", "--details", a.toString(), c.toString());
        assertTrue(details.out().lines().count() >= lines.size(), details.out());
        assertEquals(ExitCode.VERDICT_FAILED.code(), exec(twoPassingClaims(), "diff", "--only", "fake", a.toString(), c.toString()).code());
        Run elsewhere = exec(twoPassingClaims(), "diff", "--only", "theory,sde", a.toString(), c.toString());
        assertEquals(ExitCode.USAGE.code(), elsewhere.code(), "a study in neither file is refused, not 'the same': " + elsewhere.out());
        assertOneLine(elsewhere.err());
        assertTrue(elsewhere.err().startsWith("msgd diff: --only sde: study 'sde' is in neither file (there: "), elsewhere.err());
        Run bogus = exec(twoPassingClaims(), "diff", "--only", "bogus", a.toString(), c.toString());
        assertEquals(ExitCode.USAGE.code(), bogus.code(), bogus.out());
        assertEquals("", bogus.out(), "no verdict on the comparison");
        Run missing = exec(twoPassingClaims(), "diff", a.toString(), tmp.resolve("nowhere").toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), missing.code(), "a missing input, as a missing --data (issue 47)");
        assertEquals("msgd diff: " + tmp.resolve("nowhere") + ": no such file", missing.err().strip());
        Path truncated = Files.writeString(tmp.resolve("truncated.json"), Files.readString(a.resolve(ResultsFile.NAME))
                .substring(0, 40));
        Run malformed = exec(twoPassingClaims(), "diff", a.toString(), truncated.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), malformed.code(), malformed.err());
        assertOneLine(malformed.err());
        assertTrue(malformed.err().startsWith("msgd diff: " + truncated + ": malformed results file at line "), malformed.err());
        assertOneLine(missing.err());
        assertTrue(missing.err().contains("nowhere"), missing.err());
    }

    @Test
    void aReportFolderHasOneWriterVerifyAndReportRefuseASecondNamingItsPid(@TempDir Path tmp) throws Exception {
        exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        String before = Files.readString(tmp.resolve(ResultsFile.NAME));
        try (org.msgdlab.core.io.FolderLock first = org.msgdlab.core.io.FolderLock.acquire(tmp, "msgd verify")) {
            for (String[] args : List.of(new String[] {"verify", "--out", tmp.toString()}, new String[] {"report", tmp.toString()})) {
                Run r = exec(twoPassingClaims(), args);
                assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), args[0] + ": " + r.err());
                assertOneLine(r.err());
                assertTrue(r.err().startsWith("msgd " + args[0] + ": " + tmp + " is being written by another process (PID "
                        + ProcessHandle.current().pid()), r.err());
            }
        }
        assertEquals(before, Files.readString(tmp.resolve(ResultsFile.NAME)), "the refused writers changed nothing");
    }

    @Test
    void reportOnAClaimWithoutVerdictIsOneLineNamingFileAndClaim(@TempDir Path tmp) throws Exception {
        exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        Path file = tmp.resolve(ResultsFile.NAME);
        Files.writeString(file, Files.readString(file).replaceFirst("\"verdict\" : \"PASS\",", ""));
        Run r = exec(twoPassingClaims(), "report", tmp.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), "a malformed input file exits 1, as everywhere");
        assertOneLine(r.err());
        assertTrue(r.err().contains(file + ": malformed results file: claim 'fake.a' has no \"verdict\""), r.err());
    }

    @Test
    void reportOnAFileThatIsNotResultsIsOneLineNamingIt(@TempDir Path tmp) throws Exception {
        for (String content : List.of("[1, 2]", "{}", "{ \"provenance\": {}, \"studies\": [ { \"id\": \"s\", \"claims\": [ 7 ] } ] }")) {
            Files.writeString(tmp.resolve(ResultsFile.NAME), content);
            Run r = exec(twoPassingClaims(), "report", tmp.toString());
            assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), content);
            assertOneLine(r.err());
            assertTrue(r.err().contains(tmp.resolve(ResultsFile.NAME) + ": "), r.err());
            assertFalse(Files.exists(tmp.resolve("index.html")), content);
        }
    }

    @Test
    void reportOnAMissingFileIsOneLineNamingIt(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "report", tmp.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), "a missing input, as a missing --data (issue 47)");
        assertOneLine(r.err());
        assertEquals("msgd report: " + tmp.resolve(ResultsFile.NAME) + ": no such file", r.err().strip());
    }

    @Test
    void reportOnAMalformedFileIsOneLineNamingIt(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve(ResultsFile.NAME), "{ \"provenance\": ");
        Run r = exec(twoPassingClaims(), "report", tmp.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), "a file that could not be read");
        assertOneLine(r.err());
        assertTrue(r.err().contains(tmp.resolve(ResultsFile.NAME) + ": malformed results file"), r.err());
        assertFalse(Files.exists(tmp.resolve("summary.md")));
    }

    @Test
    void reportIntoAFolderWhereAFileCannotBeWrittenIsOneLineExitOneAndKeepsThePreviousReport(@TempDir Path tmp)
            throws Exception {
        exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        String page = Files.readString(tmp.resolve("index.html"));
        String csv = Files.readString(tmp.resolve("summary.csv"));
        // summary.md cannot be replaced (a non-empty folder stands there), as a full disk would refuse it
        Files.delete(tmp.resolve("summary.md"));
        Files.createDirectories(tmp.resolve("summary.md").resolve("x"));
        Run r = exec(twoPassingClaims(), "report", tmp.toString());
        // was: exit 2 (bad usage) with "DIR ...: not writable"; a file not written is exit 1 (issue 33, D9)
        assertEquals(ExitCode.CLAIM_ERROR.code(), r.code(), r.err());
        assertOneLine(r.err());
        assertTrue(r.err().startsWith("msgd report: could not write " + tmp.resolve("summary.md")), r.err());
        assertEquals(page, Files.readString(tmp.resolve("index.html")), "the previous page is kept");
        assertEquals(csv, Files.readString(tmp.resolve("summary.csv")), "and its tables");
        assertFalse(Files.exists(tmp.resolve(".msgd-report.tmp")), "no staging folder left");
    }

    @Test
    void aReportDeletesOnlyTheFiguresItDrewNeverTheUsersOwn(@TempDir Path tmp) throws Exception {
        Path figures = tmp.resolve("figures");
        Files.createDirectories(figures);
        Files.writeString(figures.resolve("my-own.png"), "mine");
        exec(twoPassingClaims(), "verify", "--out", tmp.toString());
        assertTrue(Files.exists(figures.resolve("fake.study.overview.png")));
        // a later report whose study is named differently: the old overview goes, the user's file stays
        Study renamed = new Study("other.study", "Another", "Section 2", List.of(new FixedClaim("fake.a", Verdict.PASS, null)));
        exec(new Modules(List.of(Modules.Module.of("theory", context -> renamed))), "verify", "--out", tmp.toString());
        assertTrue(Files.exists(figures.resolve("other.study.overview.png")));
        assertFalse(Files.exists(figures.resolve("fake.study.overview.png")), "a stale figure of ours is removed");
        assertEquals("mine", Files.readString(figures.resolve("my-own.png")), "the user's own figure is kept");
    }
}
