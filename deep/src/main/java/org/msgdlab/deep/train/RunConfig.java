package org.msgdlab.deep.train;

import java.nio.file.Path;

/**
 * Everything that defines a training run. Two runs with equal configs (output directory aside)
 * compute the same metrics. Immutable and thread-safe; built by {@link #builder} (settings resolved once:
 * what is not set is the protocol's or the builder's default, never inferred from a value), the
 * {@code with...} methods return copies with one explicit value changed.
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
     * Validates the config.
     *
     * @throws IllegalArgumentException when {@code iterations}, {@code evalEvery} or {@code checkpointEvery} is
     *                                  below 1, {@code evalSubset} or a thread count is negative,
     *                                  {@code learningRate} is not finite and > 0, or {@code protocol} or {@code out}
     *                                  is null
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
            throw new IllegalArgumentException("a protocol must be given (" + Protocol.DEFAULT_NAME + " by default)");
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

    /** Evaluation interval of a run that sets none: {@value}. */
    public static final int DEFAULT_EVAL_EVERY = 100;
    /** Test images evaluated by a run that sets none (0: all): {@value}. */
    public static final int DEFAULT_EVAL_SUBSET = 0;
    /** Checkpoint interval of a run that sets none: {@value}. */
    public static final int DEFAULT_CHECKPOINT_EVERY = 1000;
    /** Seed of the initialization and the noises of a run that sets none: {@value}. */
    public static final long DEFAULT_SEED = 1;
    /** Seed of the training-set draw of a run that sets none: {@value}. */
    public static final long DEFAULT_DATA_SEED = 0;
    /** TensorFlow intra-op threads of a run that sets none: {@value}. */
    public static final int DEFAULT_INTRA_THREADS = 2;
    /** TensorFlow inter-op threads of a run that sets none: {@value}. */
    public static final int DEFAULT_INTER_THREADS = 1;

    /**
     * A builder of the run of {@code method} on {@code preset} writing to {@code out}. Unless set: {@link Protocol#DEFAULT};
     * the iterations and learning rate of the preset as the protocol runs it ({@link Protocol#apply}, to
     * the preset {@link Protocol#effectiveFor}); the method as the protocol runs it ({@link Protocol#resolve}); the
     * {@code DEFAULT_...} constants above; the preset's data directory; progress shown.
     *
     * @param preset the set-up
     * @param method the method, as named (the protocol resolves it)
     * @param out    the run directory
     * @return the builder
     */
    public static Builder builder(Preset preset, Method method, Path out) {
        return new Builder(preset, method, out);
    }

    /**
     * Collects a run's settings; {@link #build} resolves what was not set, once. Not thread-safe; each
     * setter returns this builder.
     */
    public static final class Builder {
        private final Preset preset;
        private final Method method;
        private final Path out;
        private Protocol protocol = Protocol.DEFAULT;
        private Integer iterations;
        private Double learningRate;
        private int evalEvery = DEFAULT_EVAL_EVERY;
        private int evalSubset = DEFAULT_EVAL_SUBSET;
        private int checkpointEvery = DEFAULT_CHECKPOINT_EVERY;
        private long seed = DEFAULT_SEED;
        private long dataSeed = DEFAULT_DATA_SEED;
        private Path dataDir;
        private int intraThreads = DEFAULT_INTRA_THREADS;
        private int interThreads = DEFAULT_INTER_THREADS;
        private boolean progress = true;

        private Builder(Preset preset, Method method, Path out) {
            this.preset = preset;
            this.method = method;
            this.out = out;
        }

        /** @param p the protocol, not null @return this builder */
        public Builder protocol(Protocol p) {
            this.protocol = java.util.Objects.requireNonNull(p, "protocol");
            return this;
        }

        /** @param k the number of updates (default: the protocol's preset's) @return this builder */
        public Builder iterations(int k) {
            this.iterations = k;
            return this;
        }

        /** @param lr the initial learning rate (default: the protocol's preset's) @return this builder */
        public Builder learningRate(double lr) {
            this.learningRate = lr;
            return this;
        }

        /** @param every evaluate every this many iterations @param subset test images evaluated (0: all) @return this builder */
        public Builder eval(int every, int subset) {
            this.evalEvery = every;
            this.evalSubset = subset;
            return this;
        }

        /** @param every evaluate every this many iterations @return this builder */
        public Builder evalEvery(int every) {
            this.evalEvery = every;
            return this;
        }

        /** @param subset test images evaluated (0: all) @return this builder */
        public Builder evalSubset(int subset) {
            this.evalSubset = subset;
            return this;
        }

        /** @param s seed of the initialization and the noises @return this builder */
        public Builder seed(long s) {
            this.seed = s;
            return this;
        }

        /** @param data seed of the training-set draw @return this builder */
        public Builder dataSeed(long data) {
            this.dataSeed = data;
            return this;
        }

        /** @param k checkpoint every this many iterations @return this builder */
        public Builder checkpointEvery(int k) {
            this.checkpointEvery = k;
            return this;
        }

        /** @param s seed of the initialization and the noises @param data seed of the training-set draw @return this builder */
        public Builder seeds(long s, long data) {
            this.seed = s;
            this.dataSeed = data;
            return this;
        }

        /** @param dir where the data files are (default: the preset's) @return this builder */
        public Builder data(Path dir) {
            this.dataDir = dir;
            return this;
        }

        /** @param intra intra-op threads (0: TensorFlow's default) @param inter inter-op threads @return this builder */
        public Builder threads(int intra, int inter) {
            this.intraThreads = intra;
            this.interThreads = inter;
            return this;
        }

        /** @param show whether to show a progress line on stderr @return this builder */
        public Builder progress(boolean show) {
            this.progress = show;
            return this;
        }

        /**
         * The config, with what was not set resolved (see {@link RunConfig#builder}).
         *
         * @return the config
         * @throws IllegalArgumentException when a rule of the canonical constructor is broken
         */
        public RunConfig build() {
            Protocol p = protocol.effectiveFor(preset);
            Preset run = p.apply(preset);
            return new RunConfig(preset, p.resolve(method), iterations != null ? iterations : run.iterations(), evalEvery,
                    evalSubset, checkpointEvery, seed, dataSeed, dataDir != null ? dataDir : preset.defaultDataDir(), out,
                    learningRate != null ? learningRate : run.learningRate(), intraThreads, interThreads, progress, p);
        }
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

    /**
     * A copy with another method (the same method bound to a run's plug-in limits, {@link Method#withPluginLimits}).
     *
     * @param m the method
     * @return the config
     */
    public RunConfig withMethod(Method m) {
        return new RunConfig(preset, m, iterations, evalEvery, evalSubset, checkpointEvery, seed, dataSeed, dataDir,
                out, learningRate, intraThreads, interThreads, progress, protocol);
    }
}
