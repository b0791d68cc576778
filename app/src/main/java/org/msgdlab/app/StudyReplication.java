package org.msgdlab.app;

import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.io.AtomicFiles;
import org.msgdlab.deep.study.Replication;
import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.study.StudyRunner;
import org.msgdlab.deep.study.StudyRuns;
import org.msgdlab.deep.train.BitProvenance;
import org.msgdlab.deep.train.ShutdownCancellation;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code msgd study --replicate K}: re-trains drawn runs of a study on this machine into
 * {@code DIR/PROTOCOL/replications/<day>-draw-<D>/} and writes the comparison ({@link Replication}): for each run
 * whether it is bit-identical, a defect (same recorded bits, other numbers) or computed elsewhere.
 */
final class StudyReplication {

    private StudyReplication() {
    }

    /**
     * Re-trains {@code tasks} and writes {@code replication.md}.
     *
     * @param plan  the study's plan
     * @param runs  its completed runs
     * @param tasks the drawn runs ({@link Replication#draw})
     * @param k     the number asked for (for the file's title)
     * @param draw  the draw (for the folder's name and the title)
     * @param out   where the table goes
     * @param err   where progress goes
     * @return {@link ExitCode#VERDICT_FAILED} when a run gave other numbers with the same recorded bits, else {@link ExitCode#OK}
     * @throws Exception when a run cannot be trained or a file written
     */
    static int run(StudyPlan plan, StudyRuns runs, List<StudyRunner.Task> tasks, int k, long draw, PrintWriter out,
                   PrintStream err) throws Exception {
        BitProvenance here = BitProvenance.current(StudyPlan.THREADS.intra(), StudyPlan.THREADS.inter(), Training.environment());
        String stamp = java.time.LocalDate.now(java.time.ZoneOffset.UTC) + "-draw-" + draw;
        Path dir = plan.dir().resolve(plan.protocol().name()).resolve("replications").resolve(stamp);
        err.println("study: replicating " + tasks.size() + " runs into " + dir + ": " + tasks);
        List<Replication.Result> results;
        try (ShutdownCancellation stop = ShutdownCancellation.install()) {
            results = Replication.replicate(runs, tasks, dir, err, Training.context(stop));
        }
        String table = Replication.table(results, here.cpu() + ", " + here.isa() + " kernels (" + here.kernels()
                + "), msgd-lab " + Provenance.shortCommit(here.commit()));
        AtomicFiles.writeString(dir.resolve("replication.md"), "# Replication of " + tasks.size()
                + " runs (msgd study --replicate " + k + " --replicate-draw " + draw + ")\n\n" + table);
        out.print(table);
        out.flush();
        return results.stream().anyMatch(r -> r.kind() == Replication.Kind.SAME_BITS_OTHER_NUMBERS)
                ? ExitCode.VERDICT_FAILED.code() : ExitCode.OK.code();
    }
}
