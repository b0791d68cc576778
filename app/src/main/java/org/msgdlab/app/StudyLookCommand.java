package org.msgdlab.app;

import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.plan.PlanFile;
import org.msgdlab.deep.plan.PlanLook;
import org.msgdlab.deep.plan.PlanVerdictTable;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.report.PlanLookReport;
import org.msgdlab.reports.figures.Figures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * {@code msgd study look PLAN}: the verdicts of a plan file's study from its completed runs, nothing trained; refuses a
 * plan changed after its first run (exit 1, one line) unless the change is a recorded amendment. Writes the verdicts
 * ({@code plan-look.md}, {@code .csv}), the claims' cards ({@code plan-look.html}) and the look's forest plot, one
 * figure per unit ({@code figures/plan-forest-<kind>.png}, {@code .svg}), into the study's protocol folder.
 */
@Command(name = "look", mixinStandardHelpOptions = true,
        description = {"Decides a plan file's claims from its completed runs (nothing is trained): the seeds that count,"
                + " each claim at the looks they reach, written to PLAN's folder as PROTOCOL/plan-look.md and .csv, and"
                + " PROTOCOL/plan-look.html (the claims' cards) with its forest plot, PROTOCOL/figures/plan-forest-KIND.png"
                + " and .svg (one per kind of claim: each has its unit).",
                "Refuses a plan changed after its first run started (exit 1) unless the change is recorded in its"
                        + " \"amendments\" (docs/study-plan.md)."})
final class StudyLookCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN", description = "the plan file (docs/study-plan.md)")
    Path planFile;

    @Option(names = "--allow-mixed", description = "use a paired seed whose runs were computed differently (another"
            + " build, CPU, instruction set, environment or JVM), marked as such; left out by default")
    boolean allowMixed;

    @Option(names = PluginTimeoutConverter.OPTION, paramLabel = "SECONDS", converter = PluginTimeoutConverter.class,
            defaultValue = "" + org.msgdlab.theory.plugin.PluginGuard.DEFAULT_LIMIT_SECONDS, description = PluginTimeoutConverter.HELP)
    Duration pluginTimeout;

    @Override
    public Integer call() throws Exception {
        PrintStream err = WriterStream.onto(spec.commandLine().getErr());
        PlanFile plan = PlanFiles.read(planFile);
        StudyPlan sp = plan.studyPlan(FashionMnist.DEFAULT_DIR, PlanFiles.plugins(plan, pluginTimeout));
        PlanFiles.requireUnchanged(plan, sp, PlanFiles.seedsToRead(plan));
        StudyRuns runs = PlanFiles.runs(plan, sp);
        PlanLook.Look look = PlanLook.look(plan, runs, PlanLook.seeds(plan, runs, allowMixed));
        Path out = PlanVerdictTable.write(look);
        PlanLookReport.Written page = PlanLookReport.write(look, out);
        spec.commandLine().getOut().print(PlanVerdictTable.text(look));
        spec.commandLine().getOut().flush();
        for (String m : runs.mismatches()) {
            err.println("study look: not used, other settings: " + m);
        }
        err.println("study look: wrote " + out.resolve(PlanVerdictTable.MARKDOWN) + " and " + PlanVerdictTable.CSV);
        err.println("study look: wrote " + page.page() + " (the claims' cards and the forest plot)");
        for (Path png : page.pngs()) {
            err.println("study look: wrote " + png + " and its .svg");
        }
        for (Figures.Figure f : page.figures()) {
            if (!f.rendered()) {
                err.println("study look: figure " + f.id() + " not drawn: " + f.problem());
            }
        }
        return ExitCode.OK.code();
    }
}
