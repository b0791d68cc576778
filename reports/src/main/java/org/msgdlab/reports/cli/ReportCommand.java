package org.msgdlab.reports.cli;

import org.msgdlab.reports.summary.MarkdownSummary;
import org.msgdlab.theory.claims.Results;
import org.msgdlab.theory.claims.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code msgd report DIR}: re-renders DIR/results.json as DIR/summary.md and prints it. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Reads DIR/results.json, writes DIR/summary.md (a Markdown table of the claims) and prints it.",
                "DIR may also name the results file itself."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the --out directory of a verify run")
    Path dir;

    @Override
    public Integer call() {
        Path file = Files.isRegularFile(dir) ? dir : dir.resolve(ResultsFile.NAME);
        Path outDir = file.toAbsolutePath().getParent();
        Results results;
        try {
            results = ResultsFile.read(file);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            MarkdownSummary.write(outDir, results);
        } catch (UncheckedIOException e) {
            throw new ParameterException(spec.commandLine(), "DIR " + dir + ": not writable (" + e.getMessage() + ")");
        }
        spec.commandLine().getOut().print(MarkdownSummary.render(results));
        spec.commandLine().getOut().flush();
        return Msgd.OK;
    }
}
