package org.msgdlab.app;

import org.msgdlab.deep.report.NoiseClassReport;
import org.msgdlab.reports.Report;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code msgd report DIR}: re-renders DIR/results.json alone into DIR/index.html (with
 * DIR/figures/), DIR/summary.md and DIR/summary.csv, and prints the verdict counts.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Renders the report and tables again from a results file.",
                "Reads DIR/results.json and writes DIR/index.html (the report, figures in DIR/figures/),"
                        + " DIR/summary.md and DIR/summary.csv (tables of the claims); prints one line of verdict counts.",
                "The report is written whole or not at all: a file that cannot be written (a full disk) leaves the previous"
                        + " report as it was.",
                "DIR may also name the results file itself. It is read as diff reads it, and refused when larger than "
                        + ResultsFile.MAX_BYTES / 1_000_000 + " MB or with more than " + ResultsFile.MAX_STUDIES + " studies, "
                        + ResultsFile.MAX_CLAIMS + " claims, " + ResultsFile.MAX_SERIES + " series, " + ResultsFile.MAX_POINTS
                        + " points or " + ResultsFile.MAX_VALUES + " values (app/README.md, Limits). Exit 1: the results file is unreadable, malformed or"
                        + " over a limit, a file of the report could not be written, or another msgd process writes DIR (one"
                        + " line naming the file, or the writer's PID), or there is no such file."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the --out directory of a verify run")
    Path dir;

    @Override
    public Integer call() throws IOException {
        Path file = Files.isRegularFile(dir) ? dir : dir.resolve(ResultsFile.NAME);
        Path outDir = file.toAbsolutePath().getParent();
        if (!Files.exists(file)) {
            // a missing input is a file that could not be read, as a missing --data or --resume (exit 1, issue 47)
            throw new java.nio.file.NoSuchFileException(file.toString(), null, "no such file");
        }
        // the one strict reader, as diff's: a file over a limit, malformed or incomplete is one line naming it (exit 1)
        Results results = ResultsFile.load(file).results();
        Report.Written written;
        // one writer per report folder: not while a verify (or another report) writes it
        try (org.msgdlab.core.io.FolderLock lock = org.msgdlab.core.io.FolderLock.acquire(outDir, "msgd report")) {
            written = Report.write(outDir, results, NoiseClassReport.design());
        } catch (org.msgdlab.core.io.FolderLock.FolderBusyException busy) {
            spec.commandLine().getErr().println("msgd report: " + busy.getMessage());
            spec.commandLine().getErr().flush();
            return ExitCode.CLAIM_ERROR.code();
        } catch (UncheckedIOException e) {
            // a file not written (a full disk): one line naming it; the previous report is kept whole (exit 1)
            spec.commandLine().getErr().println("msgd report: " + e.getMessage());
            spec.commandLine().getErr().flush();
            return ExitCode.CLAIM_ERROR.code();
        }
        PrintWriter err = spec.commandLine().getErr();
        written.problems().forEach(p -> err.println("report: " + org.msgdlab.core.io.MalformedFileException.oneLine(p)));
        err.println("report: " + written.index() + " (" + written.figures() + " figures), "
                + outDir.resolve(MarkdownSummary.NAME) + ", " + outDir.resolve(CsvSummary.NAME));
        err.flush();
        // one line, not the whole summary.md (it is in the file, 110 lines of it)
        java.util.List<String> counts = new java.util.ArrayList<>();
        int total = 0;
        for (var c : org.msgdlab.reports.summary.Verdicts.counts(results).entrySet()) {
            if (c.getValue() > 0) {
                counts.add(c.getValue() + " " + c.getKey());
                total += c.getValue();
            }
        }
        spec.commandLine().getOut().println("report: " + total + " claims: " + String.join(", ", counts));
        spec.commandLine().getOut().flush();
        return ExitCode.OK.code();
    }
}
