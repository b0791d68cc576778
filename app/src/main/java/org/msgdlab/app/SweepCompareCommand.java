package org.msgdlab.app;

import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.core.stats.PairedDifferences;
import org.msgdlab.deep.sweep.SweepComparison;
import org.msgdlab.deep.report.SweepComparisonFigure;
import org.msgdlab.reports.figures.Charts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * {@code msgd sweep compare}: a method against a baseline in each group (protocol, variation) of a
 * sweep's finished runs, paired by seed ({@link SweepComparison}), as a Markdown table; a
 * description with unadjusted 95% intervals, not a verdict.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compares a method with a baseline in every group (protocol, variation) of a sweep's finished runs,"
                + " paired by seed: the gap in mean test accuracy over each run's last 20%% of iterations, and its change"
                + " from the reference group. Trains nothing.",
                "Intervals are two-sided Student-t 95%%, one per row, not adjusted for the number of rows: a description,"
                        + " not a verdict."})
final class SweepCompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the sweep directory")
    Path dir;

    @Option(names = "--baseline", paramLabel = "METHOD", required = true, description = "the baseline method, as the plan names it (e.g. gd)")
    String baseline;

    @Option(names = "--method", paramLabel = "METHOD", required = true, description = "the method compared with it (e.g. sgd-50)")
    String method;

    @Option(names = "--reference", paramLabel = "GROUP", description = "the group the gaps are compared with, e.g."
            + " authors-code (default: the first group without a variation)")
    String reference;

    @Option(names = "--out", paramLabel = "FILE", description = "also write the table to this file")
    Path outFile;

    @Option(names = "--figure", paramLabel = "FILE.png", description = "also draw the gaps per group, seed by seed, to this"
            + " PNG (and an SVG beside it)")
    Path figure;

    @Override
    public Integer call() throws Exception {
        if (figure != null && !figure.getFileName().toString().endsWith(".png")) {
            throw new ParameterException(spec.commandLine(), "--figure " + figure + ": the file name must end in .png");
        }
        SweepComparison c;
        try {
            c = SweepComparison.read(SweepCommand.open(spec, dir), baseline, method, reference);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        String table = markdown(c);
        PrintWriter out = spec.commandLine().getOut();
        out.print(table);
        out.flush();
        if (outFile != null) {
            AtomicFiles.writeString(outFile, table);
        }
        if (figure != null) {
            String name = figure.getFileName().toString();
            Path dir = figure.toAbsolutePath().getParent();
            java.nio.file.Files.createDirectories(dir);
            SweepComparisonFigure.write(c, dir, name.substring(0, name.length() - ".png".length()));
        }
        return ExitCode.OK.code();
    }

    /** The comparison as a Markdown table, accuracies and gaps in points (percent). */
    static String markdown(SweepComparison c) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "%s − %s, paired by seed: mean test accuracy over each run's last 20%% of"
                + " iterations, in points. Intervals: two-sided %.0f%% Student-t, unadjusted (a description, not a"
                + " verdict).%n%n", c.method(), c.baseline(), 100 * SweepComparison.LEVEL));
        Optional<SweepComparison.Group> ref = c.referenceGroup();
        b.append("| group | paired seeds | ").append(c.baseline()).append(" | ").append(c.method())
                .append(" | gap [95%] | sd | gap per seed | change from ").append(ref.isPresent() ? c.reference() : "(none)")
                .append(" [95%] | training accuracy at the end |\n");
        b.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
        List<String> notes = new ArrayList<>();
        for (SweepComparison.Group g : c.groups()) {
            List<SweepComparison.Pair> p = g.pairs();
            String seeds = p.size() + (p.size() < g.planned() ? " of " + g.planned() : "");
            String base = p.isEmpty() ? "" : pct(p.stream().mapToDouble(SweepComparison.Pair::baseline).average().orElseThrow());
            String meth = p.isEmpty() ? "" : pct(p.stream().mapToDouble(SweepComparison.Pair::method).average().orElseThrow());
            Optional<PairedDifferences> gaps = g.gaps();
            String gap = gaps.map(SweepCompareCommand::interval)
                    .orElse(p.size() == 1 ? signed(100 * p.get(0).gap()) : "");
            String sd = gaps.map(d -> String.format(Locale.ROOT, "%.2f", 100 * d.sd())).orElse("");
            String perSeed = p.stream().map(x -> x.seed() + ": " + signed(100 * x.gap())).collect(Collectors.joining(", "));
            String change = ref.isEmpty() || g.name().equals(c.reference()) ? ""
                    : g.changeFrom(ref.get()).map(SweepCompareCommand::interval).orElse("");
            String train = p.isEmpty() ? "" : String.format(Locale.ROOT, "%.3f–%.3f",
                    p.stream().mapToDouble(x -> Math.min(x.baselineTrainAccuracy(), x.methodTrainAccuracy())).min().orElseThrow(),
                    p.stream().mapToDouble(x -> Math.max(x.baselineTrainAccuracy(), x.methodTrainAccuracy())).max().orElseThrow());
            b.append("| ").append(g.name()).append(" | ").append(seeds).append(" | ").append(base).append(" | ").append(meth)
                    .append(" | ").append(gap).append(" | ").append(sd).append(" | ").append(perSeed).append(" | ")
                    .append(change).append(" | ").append(train).append(" |\n");
            if (!g.notFinished().isEmpty()) {
                notes.add(g.name() + ": not finished: " + String.join(", ", g.notFinished()));
            }
        }
        if (!notes.isEmpty()) {
            b.append('\n');
            notes.forEach(n -> b.append("* ").append(n).append('\n'));
        }
        return b.toString();
    }

    private static String interval(PairedDifferences d) {
        double a = (1 - SweepComparison.LEVEL) / 2;
        return String.format(Locale.ROOT, "%s [%s, %s]", signed(100 * d.mean()), signed(100 * d.lower(a)),
                signed(100 * d.upper(a)));
    }

    private static String pct(double accuracy) {
        return String.format(Locale.ROOT, "%.2f", 100 * accuracy);
    }

    private static String signed(double points) {
        return Charts.signed(points, 2);
    }
}
