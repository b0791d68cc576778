package org.msgdlab.deep.sweep;

import org.msgdlab.deep.study.StudyPlan;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.RunSettings;
import org.msgdlab.sweeps.SweepPlan;
import org.msgdlab.sweeps.SweepRun;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A sweep of training runs: presets x protocols x variations x methods x paired seeds, expanded to
 * a {@link SweepPlan} of {@link TrainingRunKind} runs. Paired seed s gives every run the run seed
 * {@code Streams.derive(masterSeed, s)} (initial weights, noise streams, a drawn training set), as
 * the paired study does ({@link StudyPlan}), so a sweep over the study's methods with the study's
 * settings trains exactly the study's runs, in the study's layout: a run's id, and its directory
 * under the sweep's, is {@code [PRESET/]PROTOCOL[+KEY=VALUE...]/METHOD-ID/seed-S}, the preset
 * omitted for fashion-mnist-small, the variation keys only when varied.
 *
 * @param presets          preset ids
 * @param protocols        paper-text and/or authors-code
 * @param variations       protocol settings or learning rates to vary, each a map key -> value
 *                         (keys: {@link #VARIED}); one empty map for none
 * @param methods          method names, as {@code msgd train --method} takes them
 * @param seeds            paired seeds, each >= 0
 * @param masterSeed       the seed paired seeds derive from (the study's 20200712 by default)
 * @param iterations       iterations per run; null: the study's for fashion-mnist-small (5,000 under
 *                         authors-code, 10,000 under paper-text), the preset's otherwise
 * @param evalEvery        test evaluation every this many iterations
 * @param evalSubset       test images evaluated, 0 for all
 * @param checkpointEvery  checkpoint every this many iterations
 * @param intraThreads     TensorFlow intra-op threads of every run (part of the plan: a run's last
 *                         bits may depend on how its reductions are split)
 * @param interThreads     TensorFlow inter-op threads of every run
 * @param dataDir          the dataset directory, null for the preset's
 * @param shared           settings every run carries unchanged ({@link #SHARED}): the plug-ins a {@code plugin:NAME}
 *                         method calls ({@link SweepPlugins}) and {@code blind}; empty for none
 */
public record TrainingSweep(List<String> presets, List<String> protocols, List<Map<String, String>> variations,
                            List<String> methods, List<Integer> seeds, long masterSeed, Integer iterations, int evalEvery,
                            int evalSubset, int checkpointEvery, int intraThreads, int interThreads, Path dataDir,
                            Map<String, String> shared) {

    /** The setting that names a run's paired seed: the runs of one paired seed share their initial weights and data. */
    public static final String PAIRED_SEED = "paired-seed";
    /** The setting that names the master seed each paired seed's run seed derives from ({@link StudyPlan#runSeed(long, int)}). */
    public static final String MASTER_SEED = "master-seed";

    /**
     * @param run a run of a training sweep
     * @return its paired seed
     */
    public static int pairedSeed(SweepRun run) {
        return Integer.parseInt(run.setting(PAIRED_SEED));
    }

    /**
     * @param run a run of a training sweep
     * @return the master seed its run seed derives from
     */
    public static long masterSeed(SweepRun run) {
        return Long.parseLong(run.setting(MASTER_SEED));
    }

    /** The settings {@link #shared} may hold. */
    public static final List<String> SHARED = List.of(SweepPlugins.JARS, SweepPlugins.DIGESTS, SweepPlugins.TIMEOUT, "blind");

    /** A sweep whose runs share no setting beyond the swept ones: built-in methods, accuracies in the log. */
    public TrainingSweep(List<String> presets, List<String> protocols, List<Map<String, String>> variations,
                         List<String> methods, List<Integer> seeds, long masterSeed, Integer iterations, int evalEvery,
                         int evalSubset, int checkpointEvery, int intraThreads, int interThreads, Path dataDir) {
        this(presets, protocols, variations, methods, seeds, masterSeed, iterations, evalEvery, evalSubset, checkpointEvery,
                intraThreads, interThreads, dataDir, Map.of());
    }

    /** The settings a variation may set: the protocol differences, the learning rate and the compensatory magnitude. */
    public static final List<String> VARIED = List.of("pixels", "init", "split", "sgd-sampling", "bernoulli-batch", "lr",
            "magnitude");

    /**
     * Validates the sweep and copies the lists; no variation means one empty variation.
     *
     * @throws IllegalArgumentException when {@code presets}, {@code protocols}, {@code methods} or {@code seeds} is
     *                                  null or empty, a seed is negative, a variation sets a key outside
     *                                  {@link #VARIED}, a shared setting is not one of {@link #SHARED}, or the plan would hold more than {@link SweepPlan#MAX_RUNS} runs
     */
    public TrainingSweep {
        presets = nonEmpty("--presets", presets);
        protocols = nonEmpty("--protocols", protocols);
        methods = nonEmpty("--methods", methods);
        seeds = nonEmpty("--seeds", seeds);
        variations = variations.isEmpty() ? List.of(Map.of()) : List.copyOf(variations);
        shared = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(shared));
        for (String k : shared.keySet()) {
            if (!SHARED.contains(k)) {
                throw new IllegalArgumentException("shared setting '" + k + "' must be one of " + SHARED);
            }
        }
        for (int s : seeds) {
            if (s < 0) {
                throw new IllegalArgumentException("--seeds " + s + ": a paired seed must be >= 0");
            }
        }
        long runs = (long) presets.size() * protocols.size() * variations.size() * methods.size() * seeds.size();
        if (runs > SweepPlan.MAX_RUNS) {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "%d presets x %d protocols x %d"
                    + " variations x %d methods x %d seeds = %d runs: a plan holds at most %d", presets.size(),
                    protocols.size(), variations.size(), methods.size(), seeds.size(), runs, SweepPlan.MAX_RUNS));
        }
        for (Map<String, String> v : variations) {
            for (String k : v.keySet()) {
                if (!VARIED.contains(k)) {
                    throw new IllegalArgumentException("--vary " + k + ": the setting must be one of " + VARIED);
                }
            }
        }
    }

    private static <T> List<T> nonEmpty(String option, List<T> values) {
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException(option + " is empty: a sweep needs at least one value");
        }
        return List.copyOf(values);
    }

    /**
     * The plan: every combination, paired seeds outermost so that a block of paired seeds completes together.
     *
     * @return the runs, by seed, then preset, protocol, variation and method
     */
    public SweepPlan plan() {
        List<SweepRun> runs = new ArrayList<>();
        for (int s : seeds) {
            for (String preset : presets) {
                for (String protocol : protocols) {
                    for (Map<String, String> variation : variations) {
                        for (String method : methods) {
                            runs.add(run(preset, protocol, variation, method, s));
                        }
                    }
                }
            }
        }
        return new SweepPlan(TrainingRunKind.NAME, runs);
    }

    private SweepRun run(String presetId, String protocolName, Map<String, String> variation, String methodName, int s) {
        Preset preset = Preset.parse(presetId);
        Protocol base = Protocol.parse(protocolName);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("preset", preset.id());
        settings.put("protocol", base.name());
        for (String k : List.of("pixels", "init", "split", "sgd-sampling", "bernoulli-batch")) {
            if (variation.containsKey(k)) {
                settings.put(k, variation.get(k));
            }
        }
        settings.put("method", methodName);
        if (variation.containsKey("magnitude")) {
            settings.put("magnitude", variation.get("magnitude"));
        }
        long runSeed = StudyPlan.runSeed(masterSeed, s);
        settings.put(PAIRED_SEED, Integer.toString(s));
        settings.put(MASTER_SEED, Long.toString(masterSeed));
        settings.put("seed", Long.toString(runSeed));
        settings.put("data-seed", Long.toString(runSeed));
        settings.put("eval-every", Integer.toString(evalEvery));
        settings.put("eval-subset", Integer.toString(evalSubset));
        settings.put("checkpoint-every", Integer.toString(checkpointEvery));
        settings.put("threads", new RunSettings.Threads(intraThreads, interThreads).toString());
        settings.putAll(shared);
        // what the defaults give, so that the plan records the numbers each run uses
        RunConfig resolved = TrainingRunKind.config(settings, Path.of("."));
        int k = iterations != null ? iterations
                : preset == Preset.FASHION_MNIST_SMALL ? StudyPlan.iterations(base) : resolved.iterations();
        settings.put("iterations", Integer.toString(k));
        settings.put("lr", variation.getOrDefault("lr", Double.toString(resolved.learningRate())));
        settings.put("data", (dataDir != null ? dataDir : resolved.dataDir()).toString());
        Method m = resolved.method();
        StringBuilder id = new StringBuilder();
        if (preset != Preset.FASHION_MNIST_SMALL) {
            id.append(preset.id()).append('/');
        }
        id.append(base.name());
        variation.forEach((key, value) -> id.append('+').append(key).append('=').append(value.toLowerCase(Locale.ROOT)));
        id.append('/').append(m.id()).append("/seed-").append(s);
        SweepRun run = new SweepRun(id.toString(), settings);
        TrainingRunKind.config(run.settings(), Path.of("."));   // every setting valid, or one clear line now
        return run;
    }
}
