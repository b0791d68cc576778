package org.msgdlab.app;

import org.msgdlab.deep.plan.PlanFile;
import org.msgdlab.deep.plan.PlanSizing;
import org.msgdlab.deep.plan.SizingWorlds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code msgd study size PLAN}: before the first run, each claim's rule on simulated studies (the plan's stated normal
 * worlds, or worlds resampled from an earlier study's runs): the probability of a wrong verdict at its boundary truths
 * and the power at its alternative, per look, and the cap at which the power reaches 0.8.
 */
@Command(name = "size", mixinStandardHelpOptions = true,
        description = {"Sizes a plan file's claims before its first run: each claim's own rule on simulated studies, its"
                + " probability of a wrong verdict (alpha) at the boundary truths and its power at the alternative, per look,"
                + " and the cap that reaches power 0.8.",
                "Worlds: the plan's \"sizing\" object (normal worlds; docs/study-plan.md), or --from an earlier plan whose"
                        + " runs exist (its paired seeds resampled)."})
final class StudySizeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN", description = "the plan file (docs/study-plan.md)")
    Path planFile;

    @Option(names = "--from", paramLabel = "EARLIER_PLAN", description = "resample the paired seeds of this earlier study's"
            + " plan file (its runs in its folder, past its first look), e.g. deep/results/noise-class-study/plan.json")
    Path from;

    @Option(names = "--stand-in", paramLabel = "METHOD=EARLIER", split = ",", description = "with --from: the earlier"
            + " study's method that stands for a method of PLAN it did not run (e.g. msgd-[cov-exact-10]=msgd-[cov-10])")
    Map<String, String> standIns = new LinkedHashMap<>();

    @Option(names = "--studies", paramLabel = "N", defaultValue = "" + PlanSizing.STUDIES, description = "simulated studies"
            + " per truth (default: ${DEFAULT-VALUE}; the Monte Carlo sd of a rate p is sqrt(p(1-p)/N))")
    int studies;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "" + org.msgdlab.core.claims.CheckContext.DEFAULT_SEED, description = "the simulation's seed (default:"
            + " ${DEFAULT-VALUE}); the same seed gives the same table")
    long seed;

    @Override
    public Integer call() throws Exception {
        if (studies < 100 || studies > 1_000_000) {
            throw new ParameterException(spec.commandLine(), "--studies=" + studies + " must be in [100, 1000000]");
        }
        if (from == null && !standIns.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--stand-in applies only with --from EARLIER_PLAN");
        }
        PlanFile plan = PlanFiles.read(planFile);
        SizingWorlds worlds;
        if (from != null) {
            PlanFile earlier = PlanFiles.read(from);
            try {
                worlds = SizingWorlds.Resampled.of(earlier, standIns);
            } catch (IllegalArgumentException e) {
                throw new PlanFiles.Refused(e.getMessage());
            }
        } else if (plan.sizing() == null) {
            throw new PlanFiles.Refused("plan " + planFile + ": /sizing = (missing): state the normal worlds to size on"
                    + " (docs/study-plan.md, \"sizing\"), or give --from EARLIER_PLAN to resample an earlier study");
        } else {
            worlds = new SizingWorlds.Normal(plan.sizing());
        }
        spec.commandLine().getErr().println("study size: " + plan.claims().size() + " claims, " + studies
                + " simulated studies per truth on " + worlds.describe() + "; the cap search takes longest");
        spec.commandLine().getErr().flush();
        long t0 = System.nanoTime();
        PlanSizing.Sizing sizing;
        try {
            sizing = PlanSizing.size(plan, worlds, PlanSizing.Settings.of(studies, seed));
        } catch (IllegalArgumentException e) {
            throw new PlanFiles.Refused("plan " + planFile + ": sizing: " + e.getMessage());
        }
        spec.commandLine().getOut().print(sizing.render());
        spec.commandLine().getOut().flush();
        spec.commandLine().getErr().printf(java.util.Locale.ROOT, "study size: %.0f s%n", (System.nanoTime() - t0) / 1e9);
        return ExitCode.OK.code();
    }
}
