package org.msgdlab.app;

import org.msgdlab.deep.report.NoiseClassReport;
import org.msgdlab.reports.Report;
import org.msgdlab.reports.figures.Figures;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.reports.summary.ResultTable;
import org.msgdlab.theory.TheoryStudy;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;
import org.msgdlab.theory.plugin.PluginStudy;
import org.msgdlab.deep.DeepStudy;
import org.msgdlab.deep.study.StudyClaim;
import org.msgdlab.deep.train.Cancellation;
import org.msgdlab.deep.train.ShutdownCancellation;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code msgd verify}: checks the selected claims one at a time, rewriting DIR/results.partial.json
 * after every claim, prints a table of the evidence, and writes DIR/results.json, the tables and the
 * report (DIR/index.html and DIR/figures/) at the end, or after Ctrl-C with what finished.
 * {@link ClaimSelection} decides which claims run and {@link ClaimRunner} runs them.
 */
@Command(name = "verify", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
                "Checks the paper's claims and writes their results, tables and report.",
                "The claims are checked one at a time; DIR/results.partial.json holds the results so far (rewritten"
                        + " after every claim). When the run ends, DIR/results.json, the tables (summary.md, summary.csv,"
                        + " statistics.csv, lists.csv, series/) and the report DIR/index.html with its figures in"
                        + " DIR/figures/ are written from it.",
                "On Ctrl-C the claims not finished are recorded as NOT_RUN and the report shows what finished."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
                "0:every claim ran (whatever the verdicts)",
                "1:a claim errored, a file could not be read or written (the previous report is then kept whole),"
                        + " or another msgd process writes DIR",
                "2:bad usage",
                "3:a verdict at or beyond --fail-on occurred",
                "130:stopped by Ctrl-C (the finished claims are kept and reported)",
                "143:stopped by TERM, e.g. kill or timeout (as Ctrl-C)"})
final class VerifyCommand implements Callable<Integer> {

    private final Modules modules;

    @Spec
    CommandSpec spec;

    @Option(names = "--only", split = ",", paramLabel = "MODULE",
            description = "Modules to verify, comma-separated: theory, online-regression, sde, deep, and plugins with --plugin"
                    + " (default: all; regression, online-regression's short id, is read as its name).")
    List<String> only;

    @Option(names = "--budget", paramLabel = "quick|full", defaultValue = "quick", converter = BudgetConverter.class,
            description = "Computation per claim: quick (seconds to a minute each; verify prints the expected time of the chosen"
                    + " claims when it starts, from their measured costs) or full (minutes to hours each). Default:"
                    + " ${DEFAULT-VALUE}.")
    Budget budget;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "" + CheckContext.DEFAULT_SEED,
            description = "Master seed; the same seed and budget give the same numbers (the deep study's claims read"
                    + " committed runs trained from their own seed, which their evidence names). Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "msgd-report",
            description = "Directory for results.json, the summaries and the report, created if needed. Default: ${DEFAULT-VALUE}.")
    Path out;

    @Option(names = "--claim", split = ",", paramLabel = "ID",
            description = "Run only these claim ids (repeatable or comma-separated), e.g. prop1.without-replacement.covariance.")
    List<String> claimIds;

    @Option(names = "--fail-on", paramLabel = "APPROXIMATE|FAIL", converter = FailOnConverter.class,
            description = "Exit 3 when a verdict is this or worse (FAIL is worse than APPROXIMATE).")
    Verdict failOn;

    @Option(names = "--n", paramLabel = "N", description = "theory: training samples n (default: the paper's 1000).")
    Integer n;

    @Option(names = "--b", paramLabel = "B", description = "theory: SGD batch size b, 1 <= b <= n (default: 50).")
    Integer b;

    @Option(names = "--fisher-batch", paramLabel = "B",
            description = "theory: B of MSGD-[Fisher-B] and MSGD-[Cov-B], 1 <= B <= n (default: 10).")
    Integer fisherBatch;

    @Option(names = "--large-batch", paramLabel = "B",
            description = "theory: B of Algorithm 2 and Theorem 1, b <= B <= n (default: 200).")
    Integer largeBatch;

    @Option(names = "--plugin", paramLabel = "JAR",
            description = "A jar of your own sampling noises (implementations of org.msgdlab.theory.plugin.NoisePlugin listed"
                    + " for ServiceLoader; repeatable): adds the module '" + Modules.PLUGINS + "': each noise's mean and"
                    + " covariance claims at --n and --b, Theorem 1's exact risk and the SDE weak order at those modules'"
                    + " own set-ups (README, Plug-in noises).")
    List<Path> pluginJars;

    @Option(names = PluginTimeoutConverter.OPTION, paramLabel = "SECONDS", converter = PluginTimeoutConverter.class,
            defaultValue = "" + org.msgdlab.theory.plugin.PluginGuard.DEFAULT_LIMIT_SECONDS, description = PluginTimeoutConverter.HELP)
    java.time.Duration pluginTimeout;

    @Option(names = "--study-dir", paramLabel = "DIR",
            description = "deep: the paired Fashion-MNIST study's runs; quick reads them (the folder must exist), full also"
                    + " trains the runs the claims' next looks want (default: deep/results/fashion-mnist-study in the checkout"
                    + " msgd runs from, from any working directory).")
    Path studyDir;

    @Option(names = "--from", paramLabel = "DIR",
            description = "deep: the paired study's claims from the finished runs of a sweep directory (msgd sweep), at any"
                    + " budget without training; names the planned runs not finished. Implies --only deep unless --only"
                    + " is given.")
    Path from;

    VerifyCommand(Modules modules) {
        this.modules = modules;
    }

    @Override
    public Integer call() throws java.io.IOException {
        PrintWriter err = spec.commandLine().getErr();
        List<String> pending = new ArrayList<>();
        ClaimSelection selection = new ClaimSelection(spec.commandLine());
        if (only != null) {
            only = only.stream().map(Modules::name).toList();
        }
        selection.refuseOptionsThatDoNotApply(only, pluginJars);
        CheckContext context = context();
        if (from != null && only == null) {
            only = List.of("deep");
        }
        List<Study> studies;
        try {
            studies = selection.selectClaims(selection.selectStudies(modules, context, only, pending), claimIds);
        } catch (IllegalArgumentException e) {
            if (from == null) {
                throw e;
            }
            // the deep study of --from: a directory that is no sweep of the paired study is a usage error naming it
            throw new ParameterException(spec.commandLine(), "--from " + from + ": " + e.getMessage());
        }
        if (out.toString().isBlank()) {
            throw new ParameterException(spec.commandLine(), "--out '" + out + "': must name a directory (the empty path"
                    + " would write into the current one)");
        }
        Path dir = out.toAbsolutePath().normalize();
        String problem = notWritable(dir);
        if (problem != null) {
            // a folder that cannot be written is a file not written, exit 1, as for msgd report (issue 47)
            throw new java.nio.file.AccessDeniedException("--out " + out + ": not writable (" + problem + ")");
        }
        // one writer per report folder: a second verify (or report) into it is refused, naming the first's PID
        org.msgdlab.core.io.FolderLock folderLock;
        try {
            folderLock = org.msgdlab.core.io.FolderLock.acquire(dir, "msgd verify");
        } catch (org.msgdlab.core.io.FolderLock.FolderBusyException busy) {
            err.println("msgd verify: " + busy.getMessage());
            err.flush();
            return ExitCode.CLAIM_ERROR.code();
        }
        // Ctrl-C or TERM: the runs verify --budget full trains stop after their step and save (the JVM's shutdown
        // waits for them), and the claims' cancellation test says so; verify's own hook writes what was finished
        try (folderLock; ShutdownCancellation stop = ShutdownCancellation.install()) {
            return verify(dir, withTraining(context, stop), studies, pending, err);
        }
    }

    private int verify(Path dir, CheckContext context, List<Study> studies, List<String> pending, PrintWriter err) {
        pending.forEach(name -> err.println("module '" + name + "' has no claims yet (its issue has not landed)"));
        String command = "msgd " + String.join(" ", spec.root().commandLine().getParseResult().originalArgs());
        VerificationRun run = new VerificationRun(dir, Provenance.start(seed, budget, command), studies);
        // Load fonts and image writers while the claims run, so that rendering after Ctrl-C (in the
        // shutdown hook) registers no new JVM services.
        Thread warmUp = new Thread(Figures::warmUp, "msgd-figures-warm-up");
        warmUp.setDaemon(true);
        warmUp.start();
        CountDownLatch rendered = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            Results partial = run.interrupt();
            if (partial != null) {
                err.println();
                err.println("interrupted: finished claims kept in " + run.resultsFile() + ", the others marked NOT_RUN");
                err.flush();
                render(run.out(), partial, err);
            } else {
                try {
                    // the run had finished: let the report being written complete
                    rendered.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, "msgd-verify-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        Results results;
        Report.Written report;
        try {
            run.start();
            new ClaimRunner(context).runClaims(run, err);
            results = run.finish();
            if (results == null) {
                // interrupted: the shutdown hook wrote the results and the report and said so
                return ExitCode.INTERRUPTED.code();
            }
            report = render(dir, results, err);
        } finally {
            rendered.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running or has run: it owns the files now
            }
        }
        PrintWriter o = spec.commandLine().getOut();
        o.print(ResultTable.provenance(results));
        o.print(ResultTable.render(results));
        o.println();
        o.println("verdicts: " + MarkdownSummary.counts(results));
        o.println("results: " + run.resultsFile());
        o.println("summary: " + run.summaryFile() + ", " + dir.resolve(CsvSummary.NAME));
        if (report != null) {
            o.println("report:  " + report.index() + " (" + report.figures() + " figures)");
        }
        o.flush();
        // a report that could not be written (a full disk; the previous one is kept whole) is a file not written: exit 1
        return report == null ? ExitCode.CLAIM_ERROR.code() : exitCode(results);
    }

    /**
     * Renders the report (the summaries, the HTML page and its figures), whole or not at all; a failure is
     * one line on {@code err} naming the file and the cause (the previous report is then kept as it was, the
     * new results in results.json). Returns null on failure, which the caller turns into exit 1.
     */
    static Report.Written render(Path dir, Results results, PrintWriter err) {
        try {
            Report.Written w = Report.write(dir, results, NoiseClassReport.design());
            w.problems().forEach(p -> err.println("report: " + p));
            err.flush();
            return w;
        } catch (java.io.UncheckedIOException e) {
            err.println("msgd verify: " + e.getMessage() + "; the new results are in "
                    + dir.resolve(org.msgdlab.core.claims.ResultsFile.NAME) + " (once there is space: msgd report " + dir + ")");
            err.flush();
            return null;
        } catch (RuntimeException | Error e) {
            err.println("report: could not write " + dir.resolve(Report.INDEX) + ": " + e.getMessage());
            err.flush();
            return null;
        }
    }

    /**
     * The one context of this run, from which every module builds its study and every claim reads: the budget and
     * seed, Fashion-MNIST's folder ({@code MSGD_FASHION_MNIST}, read here, at the command line; unset: the deep
     * module's default), the theory set-up, the plug-ins, and the deep study's runs (--study-dir, or --from's sweep).
     * The cancellation and the deep study's training context join it for the time the claims run ({@link #withTraining}).
     */
    private CheckContext context() throws java.nio.file.NoSuchFileException {
        if (studyDir == null) {
            studyDir = Repository.folder(DeepStudy.STUDY_DIR);
        } else if (budget == Budget.QUICK) {
            Repository.requireExistingFolder("--study-dir", studyDir, "the quick budget reads the paired study's runs and"
                    + " trains none; --budget full trains a study there");
        }
        PrintWriter log = spec.commandLine().getErr();
        CheckContext c = CheckContext.of(budget, seed).withDataDir(fashionMnistDir(System.getenv("MSGD_FASHION_MNIST")))
                .withLog(line -> {
                    log.println(line);
                    log.flush();
                })
                .with(TheoryStudy.SETUP, theorySetup()).with(PluginStudy.PLUGINS, plugins()).with(DeepStudy.RUNS, studyDir);
        if (from == null) {
            return c;
        }
        if (spec.commandLine().getParseResult().hasMatchedOption("--study-dir")) {
            throw new ParameterException(spec.commandLine(), "--from and --study-dir both name the deep study's runs: give one");
        }
        return c.with(DeepStudy.FROM_SWEEP, from);
    }

    /**
     * {@code context} cancelled by {@code stop}, with the deep study's training context ({@link StudyClaim#TRAINING}):
     * the same cancellation, so that a Ctrl-C stops training at its next step, and this process's environment.
     */
    static CheckContext withTraining(CheckContext context, Cancellation stop) {
        return context.withCancellation(stop::requested).with(StudyClaim.TRAINING, Training.context(stop));
    }

    /** Fashion-MNIST's folder from the value of {@code MSGD_FASHION_MNIST}: null (the deep module's default) when unset or blank. */
    static Path fashionMnistDir(String variable) {
        return variable == null || variable.isBlank() ? null : Path.of(variable);
    }

    /**
     * The plug-ins of the --plugin jars (none without the option), their calls limited by --plugin-timeout (refused
     * without --plugin); a bad jar is a usage error naming it.
     */
    private List<NoisePlugin> plugins() {
        if (pluginJars == null && spec.commandLine().getParseResult().hasMatchedOption(PluginTimeoutConverter.OPTION)) {
            throw new ParameterException(spec.commandLine(), PluginTimeoutConverter.OPTION + " applies only with --plugin JAR");
        }
        try {
            return pluginJars == null ? List.of() : NoisePlugins.load(pluginJars,
                    org.msgdlab.theory.plugin.PluginGuard.Limits.of(pluginTimeout));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The theory set-up from --n, --b, --fisher-batch, --large-batch (the paper's where not given). */
    private TheoryStudy.Setup theorySetup() {
        TheoryStudy.Setup paper = TheoryStudy.Setup.paper();
        TheoryStudy.Setup setup;
        try {
            setup = new TheoryStudy.Setup(n == null ? paper.n() : n, b == null ? paper.b() : b,
                    fisherBatch == null ? Math.min(paper.fisherBatch(), n == null ? paper.n() : n) : fisherBatch,
                    largeBatch == null ? Math.min(paper.largeBatch(), n == null ? paper.n() : n) : largeBatch);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        String tooLarge = heapProblem(setup.n(), setup.heapBytes(), Runtime.getRuntime().maxMemory());
        if (tooLarge != null) {
            throw new ParameterException(spec.commandLine(), tooLarge);
        }
        return setup;
    }

    /** Null when the theory claims' estimated heap fits in this JVM's, else the one-line refusal. */
    static String heapProblem(int n, long needBytes, long maxHeapBytes) {
        if (needBytes <= maxHeapBytes) {
            return null;
        }
        return String.format(Locale.ROOT, "--n %d: the theory claims need about %.1f GiB of heap at this n, more than"
                + " this JVM's %.1f GiB (rule: 8 bytes x n x (2 x %d gradient rows + %d vectors) <= the maximum heap;"
                + " raise it with JAVA_TOOL_OPTIONS=-Xmx...)",
                n, needBytes / 1073741824.0, maxHeapBytes / 1073741824.0, TheoryStudy.Setup.GRADIENT_ROWS,
                TheoryStudy.Setup.HEAP_VECTORS);
    }

    private int exitCode(Results results) {
        boolean error = false;
        boolean verdictFailed = false;
        for (StudyResult s : results.studies()) {
            for (Evidence e : s.claims()) {
                error |= e.verdict() == Verdict.ERROR;
                verdictFailed |= failOn != null && atOrBeyond(e.verdict(), failOn);
            }
        }
        return error ? ExitCode.CLAIM_ERROR.code() : verdictFailed ? ExitCode.VERDICT_FAILED.code() : ExitCode.OK.code();
    }

    /** FAIL is beyond APPROXIMATE; PASS, INCONCLUSIVE, ERROR and NOT_RUN are never at or beyond either. */
    static boolean atOrBeyond(Verdict v, Verdict threshold) {
        return v == Verdict.FAIL || (v == Verdict.APPROXIMATE && threshold == Verdict.APPROXIMATE);
    }

    /** Why {@code dir} cannot hold the results (created if missing), or null when it can. */
    static String notWritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".msgd-probe", ".tmp");
            Files.delete(probe);
            return null;
        } catch (FileAlreadyExistsException e) {
            return e.getFile() + " exists and is not a directory";
        } catch (AccessDeniedException e) {
            return "permission denied: " + e.getFile();
        } catch (NoSuchFileException e) {
            return "no such file or directory: " + e.getFile();
        } catch (FileSystemException e) {
            return (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason()) + ": " + e.getFile();
        } catch (IOException | UncheckedIOException | SecurityException e) {
            return e.toString();
        }
    }

    /** Parses --budget with {@link Budget#parse}, keeping its message (which names the rule). */
    static final class BudgetConverter implements ITypeConverter<Budget> {
        @Override
        public Budget convert(String value) {
            try {
                return Budget.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** Parses --fail-on: APPROXIMATE or FAIL, any case. */
    static final class FailOnConverter implements ITypeConverter<Verdict> {
        @Override
        public Verdict convert(String value) {
            for (Verdict v : List.of(Verdict.APPROXIMATE, Verdict.FAIL)) {
                if (v.name().equalsIgnoreCase(value.trim())) {
                    return v;
                }
            }
            throw new TypeConversionException("'" + value + "' must be one of APPROXIMATE, FAIL");
        }
    }
}
