package org.msgdlab.deep.train;

import java.nio.file.Path;

/**
 * Everything that defines a training run. Two runs with equal configs (output directory aside)
 * compute the same metrics. Immutable and thread-safe; the {@code with...} methods return copies.
 *
 * @param preset           the paper set-up
 * @param method           the training method, as parsed by {@link Method#parse}
 * @param iterations       number of updates
 * @param evalEvery        evaluate (and write a metrics row) every this many iterations
 * @param evalSubset       test images evaluated (a seeded subset); 0 for the whole test set
 * @param checkpointEvery  checkpoint every this many iterations (rounded up to an evaluation)
 * @param seed             seed of the initialization and the noises
 * @param dataSeed         seed of the training-set draw (fixed across methods so they see the same data)
 * @param dataDir          where the data files are
 * @param out              the run directory
 * @param learningRate     eta (the initial rate: the preset's decays apply, {@link #schedule()})
 * @param intraThreads     TensorFlow intra-op threads (0: default)
 * @param interThreads     TensorFlow inter-op threads (0: default)
 * @param progress         show a progress line on stderr
 * @param protocol         paper-text or authors-code (or a mix): pixels, initialization, split, sampling,
 *                         and the preset-level settings of {@link Protocol#apply}
 */
public record RunConfig(Preset preset, Method method, int iterations, int evalEvery, int evalSubset,
                        int checkpointEvery, long seed, long dataSeed, Path dataDir, Path out, double learningRate,
                        int intraThreads, int interThreads, boolean progress, Protocol protocol) {

    /**
     * Validates the config; a null {@code protocol} becomes {@link Protocol#PAPER_TEXT}.
     *
     * @throws IllegalArgumentException when {@code iterations}, {@code evalEvery} or {@code checkpointEvery} is
     *                                  below 1, {@code evalSubset} or a thread count is negative,
     *                                  {@code learningRate} is not finite and > 0, or {@code out} is null
     */
    public RunConfig {
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations=" + iterations + " must be >= 1");
        }
        if (evalEvery < 1) {
            throw new IllegalArgumentException("eval-every=" + evalEvery + " must be >= 1");
        }
        if (evalSubset < 0) {
            throw new IllegalArgumentException("eval-subset=" + evalSubset + " must be >= 0 (0: the whole test set)");
        }
        if (checkpointEvery < 1) {
            throw new IllegalArgumentException("checkpoint-every=" + checkpointEvery + " must be >= 1");
        }
        if (!(learningRate > 0) || Double.isInfinite(learningRate)) {
            throw new IllegalArgumentException("learning rate=" + learningRate + " must be finite and > 0");
        }
        if (intraThreads < 0 || interThreads < 0) {
            throw new IllegalArgumentException("threads intra=" + intraThreads + ", inter=" + interThreads + " must be >= 0");
        }
        if (protocol == null) {
            protocol = Protocol.PAPER_TEXT;
        }
        if (out == null) {
            throw new IllegalArgumentException("an output directory (--out DIR) is required");
        }
    }

    /** @return the learning rates: the preset's decays (under this protocol) from this run's initial rate */
    public LearningRateSchedule schedule() {
        return effectivePreset().schedule().withInitial(learningRate);
    }

    /** @return the preset as the protocol runs it ({@link Protocol#apply}) */
    public Preset effectivePreset() {
        return protocol.apply(preset);
    }

    /**
     * This run under another protocol {@code p} ({@code protocol} as it applies to the preset,
     * {@link Protocol#effectiveFor}): iterations and learning rate follow the protocol's preset when they
     * were the old protocol's defaults (explicit values stay); the method is resolved by {@link Protocol#resolve}.
     *
     * @param protocol the protocol
     * @return the config
     */
    public RunConfig withProtocol(Protocol protocol) {
        Protocol p = protocol.effectiveFor(preset);
        Preset before = effectivePreset();
        Preset after = p.apply(preset);
        int k = iterations == before.iterations() ? after.iterations() : iterations;
        double lr = learningRate == before.learningRate() ? after.learningRate() : learningRate;
        return new RunConfig(preset, p.resolve(method), k, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dataDir,
                out, lr, intraThreads, interThreads, progress, p);
    }

    /**
     * Defaults of {@code preset} for {@code method}: the paper's iterations, evaluation every 100, full test set,
     * a checkpoint every 1000, seed 1, data seed 0, the preset's data directory and learning rate, 2 intra-op
     * and 1 inter-op threads, progress shown, {@link Protocol#PAPER_TEXT}.
     *
     * @param preset the set-up
     * @param method the method
     * @param out    the run directory
     * @return the config
     * @throws IllegalArgumentException when {@code out} is null
     */
    public static RunConfig defaults(Preset preset, Method method, Path out) {
        return new RunConfig(preset, method, preset.iterations(), 100, 0, 1000, 1L, 0L, preset.defaultDataDir(), out,
                preset.learningRate(), 2, 1, true, Protocol.PAPER_TEXT);
    }

    /**
     * A copy with another number of iterations.
     *
     * @param k the number of updates, >= 1
     * @return the config
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public RunConfig withIterations(int k) {
        return new RunConfig(preset, method, k, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dataDir, out,
                learningRate, intraThreads, interThreads, progress, protocol);
    }

    /**
     * A copy with another evaluation interval and test subset.
     *
     * @param every  evaluate every this many iterations, >= 1
     * @param subset test images evaluated, >= 0 (0: the whole test set)
     * @return the config
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public RunConfig withEval(int every, int subset) {
        return new RunConfig(preset, method, iterations, every, subset, checkpointEvery, seed, dataSeed, dataDir, out,
                learningRate, intraThreads, interThreads, progress, protocol);
    }

    /**
     * A copy with another checkpoint interval.
     *
     * @param k checkpoint every this many iterations, >= 1
     * @return the config
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public RunConfig withCheckpointEvery(int k) {
        return new RunConfig(preset, method, iterations, evalEvery, evalSubset, k, seed, dataSeed, dataDir, out,
                learningRate, intraThreads, interThreads, progress, protocol);
    }

    /**
     * A copy with other seeds.
     *
     * @param s    seed of the initialization and the noises
     * @param data seed of the training-set draw
     * @return the config
     */
    public RunConfig withSeeds(long s, long data) {
        return new RunConfig(preset, method, iterations, evalEvery, evalSubset, checkpointEvery, s, data, dataDir, out,
                learningRate, intraThreads, interThreads, progress, protocol);
    }

    /**
     * A copy with another data directory.
     *
     * @param dir where the data files are
     * @return the config
     */
    public RunConfig withData(Path dir) {
        return new RunConfig(preset, method, iterations, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dir, out,
                learningRate, intraThreads, interThreads, progress, protocol);
    }

    /**
     * A copy with another run directory.
     *
     * @param dir the run directory, not null
     * @return the config
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public RunConfig withOut(Path dir) {
        return new RunConfig(preset, method, iterations, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dataDir,
                dir, learningRate, intraThreads, interThreads, progress, protocol);
    }

    /**
     * A copy with another initial learning rate.
     *
     * @param lr eta, finite and > 0
     * @return the config
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public RunConfig withLearningRate(double lr) {
        return new RunConfig(preset, method, iterations, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dataDir,
                out, lr, intraThreads, interThreads, progress, protocol);
    }

    /**
     * A copy with other TensorFlow thread counts.
     *
     * @param intra intra-op threads, >= 0 (0: default)
     * @param inter inter-op threads, >= 0 (0: default)
     * @return the config
     * @throws IllegalArgumentException when a rule of the canonical constructor is broken
     */
    public RunConfig withThreads(int intra, int inter) {
        return new RunConfig(preset, method, iterations, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dataDir,
                out, learningRate, intra, inter, progress, protocol);
    }

    /**
     * A copy that shows a progress line or not.
     *
     * @param show whether to show a progress line on stderr
     * @return the config
     */
    public RunConfig withProgress(boolean show) {
        return new RunConfig(preset, method, iterations, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dataDir,
                out, learningRate, intraThreads, interThreads, show, protocol);
    }
}
