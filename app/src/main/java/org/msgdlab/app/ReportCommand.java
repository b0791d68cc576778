package org.msgdlab.app;

import org.msgdlab.reports.Report;
import org.msgdlab.reports.summary.CsvSummary;
import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Series;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.io.MalformedFileException;
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
                "DIR may also name the results file itself. Exit 1: the results file is unreadable or malformed, a file of"
                        + " the report could not be written, or another msgd process writes DIR (one line naming the file,"
                        + " or the writer's PID); 2: there is no such file."})
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
            // a path that names no results file is bad usage; a file that is there but unreadable or malformed is exit 1
            throw new ParameterException(spec.commandLine(), file + ": no such file");
        }
        Results results;
        try {
            results = ResultsFile.read(file);
        } catch (IllegalArgumentException e) {
            // a results file that is missing, unreadable or malformed: a file that could not be read (exit 1)
            throw new IOException(MalformedFileException.oneLine(e.getMessage()), e);
        }
        String problem = incomplete(results);
        if (problem != null) {
            throw new MalformedFileException(file, "malformed results file: " + problem);
        }
        Report.Written written;
        // one writer per report folder: not while a verify (or another report) writes it
        try (org.msgdlab.core.io.FolderLock lock = org.msgdlab.core.io.FolderLock.acquire(outDir, "msgd report")) {
            written = Report.write(outDir, results);
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
        written.problems().forEach(p -> err.println("report: " + p));
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

    /**
     * What a parsed results file lacks that the report needs (the first such thing, naming where
     * it is), or null: every study needs an id and claims, every claim an id and a verdict, every
     * series its curves.
     */
    static String incomplete(Results results) {
        for (int s = 0; s < results.studies().size(); s++) {
            StudyResult study = results.studies().get(s);
            if (study == null) {
                return "studies[" + s + "] is null";
            }
            String where = "study " + (study.id() == null ? "#" + (s + 1) : "'" + study.id() + "'");
            if (study.id() == null || study.id().isBlank()) {
                return "studies[" + s + "] has no \"id\"";
            }
            if (study.claims() == null) {
                return where + " has no \"claims\"";
            }
            for (int c = 0; c < study.claims().size(); c++) {
                Evidence e = study.claims().get(c);
                if (e == null) {
                    return where + ", claims[" + c + "] is null";
                }
                if (e.claimId() == null || e.claimId().isBlank()) {
                    return where + ", claims[" + c + "] has no \"claimId\"";
                }
                if (e.verdict() == null) {
                    return "claim '" + e.claimId() + "' has no \"verdict\" (one of PASS, APPROXIMATE, FAIL, INCONCLUSIVE, ERROR, NOT_RUN)";
                }
                for (Series se : e.series()) {
                    if (se == null || se.curves() == null) {
                        return "claim '" + e.claimId() + "' has a series without \"curves\"";
                    }
                }
            }
        }
        return null;
    }
}
