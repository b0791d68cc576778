package org.msgdlab.app;

import org.msgdlab.core.claims.CheckContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MsgdTest {

    /** A claim with a fixed verdict, or one that throws {@code failure}. */
    record FixedClaim(String id, Verdict verdict, RuntimeException failure) implements Claim {
        @Override
        public String paperRef() {
            return "Proposition 1";
        }

        @Override
        public String statement() {
            return "E[V] = 0";
        }

        @Override
        public Evidence check(CheckContext context) {
        long seed = context.seed();
            if (failure != null) {
                throw failure;
            }
            return new Evidence(id, paperRef(), statement(), verdict, "fixed", Map.of("seed", seed),
                    1.0, 1.0, 0.1, 0.3, 0.0, 1e-7, List.of(), List.of(), "none", 1000, 0.0, List.of());
        }
    }

    record Run(int code, String out, String err) {
    }

    private static Modules modules(Claim... claims) {
        Study study = new Study("fake.study", "A fake study", "Section 2", List.of(claims));
        return new Modules(List.of(Modules.Module.of("theory", context -> study), Modules.Module.pending("sde")));
    }

    private static Modules twoPassingClaims() {
        return modules(new FixedClaim("fake.a", Verdict.PASS, null), new FixedClaim("fake.b", Verdict.PASS, null));
    }

    private static Run exec(Modules modules, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = Msgd.commandLine(modules);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static void assertOneLine(String text) {
        assertEquals(1, text.lines().count(), () -> "expected one line, got:\n" + text);
    }

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
            assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
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
    void aBenchmarksBadArgumentsAreBadUsageInOneLine() {
        Map<List<String>, String> cases = Map.of(
                List.of("bench", "theory", "extra"), "msgd bench theory: unknown benchmark option 'extra'",
                List.of("bench", "theory", "--n"), "msgd bench theory: benchmark option --n needs a value",
                List.of("bench", "theory", "--n", "lots"), "msgd bench theory: a number was expected",
                List.of("bench", "sde", "0"), "msgd bench sde: SECONDS=0 per measurement must be in (0, 600]");
        cases.forEach((args, message) -> {
            Run r = exec(twoPassingClaims(), args.toArray(String[]::new));
            assertEquals(ExitCode.USAGE.code(), r.code(), args + ": " + r.err());
            assertOneLine(r.err());
            assertTrue(r.err().startsWith(message), args + ": " + r.err());
        });
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
        assertEquals(ExitCode.USAGE.code(), missing.code(), "a path that names no file is bad usage");
        Path truncated = Files.writeString(tmp.resolve("truncated.json"), Files.readString(a.resolve(ResultsFile.NAME))
                .substring(0, 40));
        Run malformed = exec(twoPassingClaims(), "diff", a.toString(), truncated.toString());
        assertEquals(ExitCode.CLAIM_ERROR.code(), malformed.code(), malformed.err());
        assertOneLine(malformed.err());
        assertTrue(malformed.err().startsWith("msgd diff: " + truncated + ": not readable as a results file ("), malformed.err());
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
    void versionAndHelp() {
        Run v = exec(twoPassingClaims(), "--version");
        assertEquals(ExitCode.OK.code(), v.code());
        assertEquals("msgd " + Msgd.FALLBACK_VERSION, v.out().strip());
        for (String command : List.of("verify", "report", "bench", "train")) {
            Run h = exec(twoPassingClaims(), command, "--help");
            assertEquals(ExitCode.OK.code(), h.code(), command);
            assertTrue(h.out().startsWith("Usage: msgd " + command), h.out());
        }
        String train = exec(twoPassingClaims(), "train", "--help").out();
        for (String shown : List.of("--eval-every=K", "(default: 100)", "--seed=S", "(default: 1)", "(default: 2,1)",
                "(default: paper-text)", "Presets: [", "Methods: gd, sgd")) {
            assertTrue(train.contains(shown), "train --help shows " + shown + ":\n" + train);
        }
    }

    /**
     * Help says what the commands do (issue 32): verify rewrites results.partial.json after every claim and writes
     * results.json at the end; every command's own exit-code list (written as text, which an annotation cannot take
     * from the enum) names only codes of {@link ExitCode}, each with the enum's meaning for it.
     */
    @Test
    void helpTellsWhatVerifyRewritesAndEveryCommandsExitCodesAreTheEnums() {
        String verify = exec(twoPassingClaims(), "verify", "--help").out().replaceAll("\\s+", " ");
        assertTrue(verify.contains("DIR/results.partial.json holds the results so far (rewritten after every claim)"), verify);
        assertTrue(verify.contains("When the run ends, DIR/results."), verify);
        List<CommandLine> all = new java.util.ArrayList<>(List.of(Msgd.commandLine(twoPassingClaims())));
        for (int i = 0; i < all.size(); i++) {
            all.addAll(all.get(i).getSubcommands().values());
        }
        int listed = 0;
        for (CommandLine c : all) {
            for (Map.Entry<String, String> e : c.getCommandSpec().usageMessage().exitCodeList().entrySet()) {
                int code = Integer.parseInt(e.getKey().strip());
                ExitCode known = assertDoesNotThrow(() -> ExitCode.of(code), c.getCommandName() + " lists exit " + code);
                assertTrue(!e.getValue().isBlank(), c.getCommandName() + ": exit " + known + " has a meaning");
                listed++;
            }
        }
        assertTrue(listed > 10, "the commands list their exit codes: " + listed);
    }

    /**
     * {@code msgd --help} lists every command with the first line of its description: one whole
     * sentence, on one line (a description whose first line was half a sentence showed it cut off).
     */
    @Test
    void helpListsEveryCommandWithAWholeOneLineSentence() {
        CommandLine cl = Msgd.commandLine(twoPassingClaims());
        String usage = exec(twoPassingClaims(), "--help").out();
        List<String> lines = usage.lines().toList();
        int from = lines.indexOf("Commands:");
        assertTrue(from >= 0, usage);
        List<String> listed = lines.subList(from + 1, lines.size()).stream().takeWhile(l -> !l.isBlank()).toList();
        assertEquals(cl.getSubcommands().size(), listed.size(), "one line per command, none wrapped:\n" + usage);
        for (Map.Entry<String, CommandLine> c : cl.getSubcommands().entrySet()) {
            String[] description = c.getValue().getCommandSpec().usageMessage().description();
            assertTrue(description.length > 0, c.getKey() + " has a description");
            String summary = description[0];
            assertTrue(summary.matches("[A-Z][^\\n]*[^.]\\.") && summary.length() <= 70,
                    c.getKey() + ": the summary is one sentence of at most 70 characters ending in a full stop: " + summary);
            assertTrue(listed.stream().anyMatch(l -> l.matches("  " + c.getKey() + " +" + java.util.regex.Pattern.quote(summary))),
                    c.getKey() + " is listed with its whole summary, '" + summary + "':\n" + usage);
        }
    }

    @Test
    void noCommandIsBadUsageNamingEveryCommand() {
        Run r = exec(twoPassingClaims());
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertTrue(r.err().contains("missing COMMAND: one of verify, report, diff, bench, train, study"), r.err());
    }

    @Test
    void trainWithAnUnknownOptionIsBadUsage() {
        Run r = exec(twoPassingClaims(), "train", "--model", "vgg11");
        assertEquals(ExitCode.USAGE.code(), r.code());
        assertTrue(r.err().startsWith("msgd train: Unknown option") && r.err().contains("'--model'"), r.err());
        assertOneLine(r.err());
    }

    @Test
    void reportOnAMissingFileIsOneLineNamingIt(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "report", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code(), "a path that names no file is bad usage");
        assertOneLine(r.err());
        assertTrue(r.err().contains(tmp.resolve(ResultsFile.NAME) + ": no such file"), r.err());
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

    @Test
    void anOptionOfAModuleLeftOutByOnlyIsRefusedNotIgnored(@TempDir Path tmp) {
        Run r = exec(twoPassingClaims(), "verify", "--only", "sde", "--n", "5000", "--out", tmp.toString());
        assertEquals(ExitCode.USAGE.code(), r.code(), r.err());
        assertOneLine(r.err());
        assertTrue(r.err().contains("--n applies to the theory and plugins modules, which --only sde leaves out"), r.err());
    }

    private static List<String> temporaries(Path dir) throws java.io.IOException {
        try (var files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp")).toList();
        }
    }
}
