package org.msgdlab.app;

import org.msgdlab.deep.plan.PlanDigests;
import org.msgdlab.deep.plan.PlanFile;
import org.msgdlab.deep.plan.PlanSweep;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.sweeps.SweepDirectory;
import org.msgdlab.sweeps.SweepPlan;
import org.msgdlab.sweeps.SweepRun;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * {@code msgd study run PLAN --as-sweep}: writes (or extends) the sweep of a plan's runs in the plan's folder
 * ({@link PlanSweep}), records the plan's digest in the folder of every run not yet begun, and says how to train it.
 * Refuses, before writing anything, a sweep already there that plans one of the runs with other settings, or a run
 * folder holding a run with other settings.
 */
final class PlanSweeps {

    private PlanSweeps() {
    }

    /**
     * Writes the sweep of paired seeds {@code 0..seeds-1}.
     *
     * @param plan      the plan file
     * @param sp        its runs' plan (where they live, the dataset)
     * @param seeds     the paired seeds to plan
     * @param callLimit the most one call into a plug-in may take
     * @param planFile  the plan file as the user named it (for the next commands)
     * @param out       where the summary goes
     * @param err       where notes go
     * @return the exit code
     * @throws PlanFiles.Refused when the sweep or a run folder already there disagrees with the plan
     * @throws IOException       when the sweep cannot be read or written
     */
    static int write(PlanFile plan, StudyPlan sp, int seeds, Duration callLimit, Path planFile, PrintWriter out,
                     PrintStream err) throws IOException {
        Path dir = plan.dir();
        SweepPlan sweep = PlanSweep.of(plan, seeds, sp.dataDir(), callLimit).plan();
        int before = 0;
        if (SweepPlan.exists(dir)) {
            try {
                SweepPlan old = SweepPlan.read(dir);
                before = old.runs().size();
                sweep = old.extendedBy(sweep);
            } catch (IllegalArgumentException e) {
                throw new PlanFiles.Refused(dir.resolve(SweepPlan.FILE) + ": " + e.getMessage() + "; nothing planned");
            }
        }
        SweepDirectory sd = new SweepDirectory(dir, sweep, Training.readingKind());
        List<String> conflicts = sd.conflicts();
        if (!conflicts.isEmpty()) {
            throw new PlanFiles.Refused(conflicts.get(0) + (conflicts.size() > 1 ? " (and " + (conflicts.size() - 1)
                    + " more)" : "") + "; nothing planned");
        }
        if (!Files.isDirectory(sp.dataDir())) {
            err.println("study run: note: " + sp.dataDir() + " is not on this machine; the machines that train the sweep"
                    + " must have it (or plan again with --data DIR)");
        }
        int toTrain = 0;
        for (SweepRun r : sweep.runs()) {
            Path runDir = sd.runDir(r);
            if (!Files.exists(runDir.resolve("run.json"))) {
                toTrain++;
                if (!Files.exists(runDir.resolve(PlanDigests.RUN_FILE))) {
                    PlanDigests.record(plan, runDir);
                }
            }
        }
        sweep.write(dir);
        out.println(String.format(Locale.ROOT, "%s: %d runs planned (%s x %d methods)%s; %d not begun, each holding the"
                        + " plan's digest", dir.resolve(SweepPlan.FILE), sweep.runs().size(), seeds == 1 ? "paired seed 0"
                        : "paired seeds 0-" + (seeds - 1), plan.methods().size(), before == 0 ? ""
                        : ", " + (sweep.runs().size() - before) + " new", toTrain));
        out.println("next: msgd sweep run " + dir + " --executor slurm (a cluster; --sbatch=--constraint=TYPE keeps a"
                + " paired seed's runs on one machine type), or without --executor here; then msgd study look " + planFile);
        out.flush();
        return ExitCode.OK.code();
    }
}
