package org.msgdlab.deep.plan;

import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.sweep.SweepPlugins;
import org.msgdlab.deep.sweep.TrainingSweep;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * A plan file's runs as a sweep ({@code msgd study run PLAN --as-sweep}), so that {@code msgd sweep run DIR --executor
 * slurm} trains them on a cluster: the sweep lives in the plan's folder, and a sweep run's folder
 * ({@code PROTOCOL/METHOD-ID/seed-S}, {@link TrainingSweep}) is the plan's run folder, with the settings the plan's
 * own runner gives it (fashion-mnist-small, the whole test set, one thread, checkpoints every 1,000 iterations).
 * Every run carries {@code blind=true}: its log and the sweep's status withhold its accuracies, as
 * {@code msgd study run} does. A plan's plug-ins travel as {@link SweepPlugins} settings, each jar with the digest
 * the plan fixed.
 * <p>
 * Stateless and thread-safe.
 */
public final class PlanSweep {

    private PlanSweep() {
    }

    /**
     * The sweep of paired seeds {@code 0..seeds-1} of a plan.
     *
     * @param plan      the plan
     * @param seeds     the paired seeds to plan, from 0
     * @param dataDir   the Fashion-MNIST directory the runs read (on the machines that train them)
     * @param callLimit the most one call into a plug-in may take
     * @return the sweep
     * @throws IllegalArgumentException when {@code seeds} is not positive
     */
    public static TrainingSweep of(PlanFile plan, int seeds, Path dataDir, Duration callLimit) {
        if (seeds < 1) {
            throw new IllegalArgumentException("seeds=" + seeds + " must be >= 1");
        }
        Map<String, String> shared = new LinkedHashMap<>();
        new SweepPlugins(plan.plugins().stream().map(j -> j.jar().toAbsolutePath().normalize()).toList(),
                plan.plugins().stream().map(PlanFile.PluginJar::sha256).toList(), callLimit).putInto(shared);
        shared.put("blind", "true");
        return new TrainingSweep(List.of(Preset.FASHION_MNIST_SMALL.id()), List.of(plan.protocol().name()), List.of(),
                plan.methods(), IntStream.range(0, seeds).boxed().toList(), plan.masterSeed(), plan.iterations(),
                plan.evalEvery(), 0, RunConfig.DEFAULT_CHECKPOINT_EVERY, org.msgdlab.deep.study.StudyPlan.THREADS.intra(),
                org.msgdlab.deep.study.StudyPlan.THREADS.inter(), dataDir, shared);
    }
}
