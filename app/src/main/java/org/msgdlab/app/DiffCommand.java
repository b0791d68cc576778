package org.msgdlab.app;

import org.msgdlab.core.claims.ResultsComparison;
import org.msgdlab.core.claims.ResultsFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code msgd diff BEFORE AFTER}: whether two verify runs give the same results, claim by claim
 * ({@link ResultsComparison}): exit 0 when they do, 3 with one line per difference when not.
 */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compares two results files claim by claim.",
                "The same claims with the same verdicts and numbers are the same results. Timing claims (a speed"
                        + " measured on this machine now: deep.speed.*, deep.efficiency.*) are left out unless --timing.",
                "Prints the verdicts that changed (one line each), then counts, then one line per claim that differs"
                        + " (--details: every differing field, claim, JSON path, before -> after). Exit 0: the same;"
                        + " 3: different; 1: a file is missing, unreadable, not a results file, malformed or over a limit (read as"
                        + " report reads it: one line naming the file and what is wrong); 2: bad usage (an --only name in neither"
                        + " file).",
                "BEFORE and AFTER are --out directories of verify runs or results files."})
final class DiffCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BEFORE", description = "the earlier run's directory or results file")
    Path before;

    @Parameters(index = "1", paramLabel = "AFTER", description = "the later run's directory or results file")
    Path after;

    @Option(names = "--relative-tolerance", paramLabel = "R", defaultValue = "0",
            description = "relative difference allowed in a number (default: 0, equal to the bit)")
    double tolerance;

    @Option(names = "--only", paramLabel = "STUDY", split = ",",
            description = "compare only these studies: a study id (sde.appendix-b) or its first part (theory,"
                    + " regression, sde, deep, plugins; online-regression is read as regression, its short id);"
                    + " a name in neither file is refused; default: every study")
    List<String> only = List.of();

    @Option(names = "--timing", description = "compare the timing claims too (they differ between any two runs)")
    boolean timing;

    @Option(names = "--details", description = "print every differing field (claim, JSON path, before -> after)")
    boolean details;

    @Override
    public Integer call() throws IOException {
        for (Path p : List.of(file(before), file(after))) {
            if (!Files.exists(p)) {
                // a missing input is a file that could not be read, as a missing --data or --resume (exit 1, issue 47)
                throw new java.nio.file.NoSuchFileException(p.toString(), null, "no such file");
            }
        }
        ResultsComparison c;
        List<String> only = this.only.stream().map(Modules::studyIdPrefix).toList();
        try {
            c = ResultsComparison.of(file(before), file(after), tolerance, Set.copyOf(only), timing);
        } catch (IllegalArgumentException e) {
            String m = e.getMessage();
            String bad = only.stream().filter(n -> m.startsWith("study '" + n + "'")).findFirst().orElse(null);
            throw new ParameterException(spec.commandLine(), bad == null ? m : "--only " + bad + ": " + m);
        }
        PrintWriter out = spec.commandLine().getOut();
        // first what a reader came for: did a verdict change?
        c.verdictChanges().forEach(v -> out.println("verdict changed: " + v));
        List<String> differ = c.claimsThatDiffer();
        String timed = c.timingLeftOut().isEmpty() ? "" : "; " + c.timingLeftOut().size() + " timing claims left out"
                + " (--timing to compare them)";
        out.println("diff: " + c.claimsCompared() + " claims, " + c.verdictChanges().size() + " verdicts changed, "
                + differ.size() + " claims differ" + timed);
        if (details) {
            c.differences().forEach(out::println);
        } else {
            for (String claim : differ) {
                List<String> lines = c.differences().stream().filter(d -> d.startsWith(claim + ":")).toList();
                out.println(lines.size() == 1 ? lines.get(0) : lines.get(0) + " (and " + (lines.size() - 1)
                        + " more fields; --details lists them)");
            }
        }
        out.println(c.same() ? "diff: the same results" + (c.timingLeftOut().isEmpty() ? "" : " (timing claims aside)")
                : "diff: different results");
        out.flush();
        return c.same() ? ExitCode.OK.code() : ExitCode.VERDICT_FAILED.code();
    }

    private static Path file(Path p) {
        return Files.isDirectory(p) ? p.resolve(ResultsFile.NAME) : p;
    }
}
