package org.msgdlab.deep.train;

import org.msgdlab.deep.graph.PixelScale;
import org.msgdlab.theory.plugin.NoisePlugin;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A run's settings as someone gave them, each value parsed by its own type and {@code null} where not given: the one
 * reader that turns settings into a {@link RunConfig}. {@code msgd train} fills it from its typed options (picocli calls
 * the same {@code parse} methods); a sweep run's settings ({@code sweep.json}, {@link #read}) use the command line's
 * option names without the dashes. {@link #config} applies the protocol's differences and, through
 * {@link RunConfig#builder}, every default, once. (run.json stores a resolved {@link RunConfig}, not settings: it is
 * read back by that record's own deserializer, {@code RunJson.configFrom}, beside the serializer that wrote it.)
 *
 * @param preset          the paper set-up (required)
 * @param method          the method as named, {@link Method#syntax()} (required)
 * @param magnitude       Algorithm 2's compensatory magnitude, finite and >= 0 (null: the one matching SGD's noise)
 * @param protocol        the named protocol (null: {@link Protocol#DEFAULT})
 * @param pixels          the protocol's pixel scale changed (null: the protocol's)
 * @param init            the protocol's initialization changed (null: the protocol's)
 * @param split           the protocol's training split changed (null: the protocol's)
 * @param sgdSampling     the protocol's SGD sampling changed (null: the protocol's)
 * @param bernoulliBatch  the protocol's Bernoulli batch changed (null: the protocol's)
 * @param iterations      updates (null: the preset's under the protocol)
 * @param learningRate    initial eta (null: the preset's under the protocol)
 * @param evalEvery       evaluation interval (null: {@link RunConfig#DEFAULT_EVAL_EVERY})
 * @param evalSubset      test images evaluated (null: {@link RunConfig#DEFAULT_EVAL_SUBSET})
 * @param checkpointEvery checkpoint interval (null: {@link RunConfig#DEFAULT_CHECKPOINT_EVERY})
 * @param seed            seed of the initialization and the noises (null: {@link RunConfig#DEFAULT_SEED})
 * @param dataSeed        seed of the training-set draw (null: {@link RunConfig#DEFAULT_DATA_SEED})
 * @param threads         TensorFlow's thread counts (null: RunConfig's defaults)
 * @param data            the data directory (null: the preset's)
 */
public record RunSettings(Preset preset, String method, Double magnitude, Protocol protocol, PixelScale pixels,
                          Protocol.Init init, Protocol.TrainingSplit split, Protocol.SgdSampling sgdSampling,
                          Integer bernoulliBatch, Integer iterations, Double learningRate, Integer evalEvery,
                          Integer evalSubset, Integer checkpointEvery, Long seed, Long dataSeed, Threads threads, Path data) {

    /** The names of the settings {@link #read} reads: {@code msgd train}'s options without their dashes. */
    public static final List<String> KEYS = List.of("preset", "protocol", "pixels", "init", "split", "sgd-sampling",
            "bernoulli-batch", "method", "magnitude", "seed", "data-seed", "eval-every", "eval-subset", "checkpoint-every",
            "threads", "iterations", "lr", "data");

    /**
     * TensorFlow's intra- and inter-op thread counts, each >= 0 (0: TensorFlow's default).
     *
     * @param intra intra-op threads
     * @param inter inter-op threads
     */
    public record Threads(int intra, int inter) {

        /** @throws IllegalArgumentException when a count is negative */
        public Threads {
            if (intra < 0 || inter < 0) {
                throw new IllegalArgumentException("threads=" + intra + "," + inter + " must be counts >= 0 (0: TensorFlow's"
                        + " default)");
            }
        }

        /**
         * {@code INTRA} or {@code INTRA,INTER} (inter then {@link RunConfig#DEFAULT_INTER_THREADS}).
         *
         * @param s the text
         * @return the counts
         * @throws IllegalArgumentException naming the text and the rule
         */
        public static Threads parse(String s) {
            String[] t = s.split(",", -1);
            if (t.length > 2) {
                throw new IllegalArgumentException("threads=" + s + " must be INTRA or INTRA,INTER");
            }
            try {
                return new Threads(Integer.parseInt(t[0].trim()),
                        t.length > 1 ? Integer.parseInt(t[1].trim()) : RunConfig.DEFAULT_INTER_THREADS);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("threads=" + s + " must be INTRA or INTRA,INTER, each an integer");
            }
        }

        /**
         * {@code INTRA,INTER}, both counts written out, as a sweep plan's and a study's runs give them.
         *
         * @param s the text
         * @return the counts
         * @throws IllegalArgumentException naming the text and the rule, for one count alone too
         */
        public static Threads parseBoth(String s) {
            Threads t;
            try {
                t = parse(s);
            } catch (IllegalArgumentException e) {
                t = null;
            }
            if (t == null || s.split(",", -1).length != 2) {
                throw new IllegalArgumentException("threads=" + s + " must be two integers INTRA,INTER, each >= 0");
            }
            return t;
        }

        /** @return {@code INTRA,INTER}, as {@link #parse} reads it */
        @Override
        public String toString() {
            return intra + "," + inter;
        }
    }

    /**
     * The settings a map of named values gives (a sweep run's), each parsed by its own type's {@code parse}; a key
     * outside {@link #KEYS} is not read here (a sweep's bookkeeping, such as {@code paired-seed}).
     *
     * @param s the named values
     * @return the settings
     * @throws IllegalArgumentException naming the setting, its value and the rule it breaks
     */
    public static RunSettings read(Map<String, String> s) {
        return new RunSettings(
                s.containsKey("preset") ? Preset.parse(s.get("preset")) : null,
                s.get("method"),
                s.containsKey("magnitude") ? number(s, "magnitude") : null,
                s.containsKey("protocol") ? Protocol.parse(s.get("protocol")) : null,
                s.containsKey("pixels") ? PixelScale.parse(s.get("pixels")) : null,
                s.containsKey("init") ? Protocol.Init.parse(s.get("init")) : null,
                s.containsKey("split") ? Protocol.TrainingSplit.parse(s.get("split")) : null,
                s.containsKey("sgd-sampling") ? Protocol.SgdSampling.parse(s.get("sgd-sampling")) : null,
                s.containsKey("bernoulli-batch") ? Protocol.parseBernoulliBatch(s.get("bernoulli-batch")) : null,
                s.containsKey("iterations") ? (Integer) integer(s, "iterations") : null,
                s.containsKey("lr") ? number(s, "lr") : null,
                s.containsKey("eval-every") ? (Integer) integer(s, "eval-every") : null,
                s.containsKey("eval-subset") ? (Integer) integer(s, "eval-subset") : null,
                s.containsKey("checkpoint-every") ? (Integer) integer(s, "checkpoint-every") : null,
                s.containsKey("seed") ? (Long) longInteger(s, "seed") : null,
                s.containsKey("data-seed") ? (Long) longInteger(s, "data-seed") : null,
                s.containsKey("threads") ? Threads.parse(s.get("threads")) : null,
                s.containsKey("data") ? Path.of(s.get("data")) : null);
    }

    /** @return the named protocol with the differences these settings change */
    public Protocol effectiveProtocol() {
        Protocol p = protocol == null ? Protocol.DEFAULT : protocol;
        if (pixels != null) {
            p = p.withPixels(pixels);
        }
        if (init != null) {
            p = p.withInitialization(init);
        }
        if (split != null) {
            p = p.withSplit(split);
        }
        if (sgdSampling != null) {
            p = p.withSgdSampling(sgdSampling);
        }
        if (bernoulliBatch != null) {
            p = p.withBernoulliBatch(bernoulliBatch);
        }
        return p;
    }

    /**
     * The run these settings describe, writing to {@code out}: the method parsed against the preset's SGD batch and the
     * loaded plug-ins, the protocol's differences applied, and what is not set resolved by {@link RunConfig#builder}.
     *
     * @param out      the run directory
     * @param plugins  the plug-ins a {@code plugin:NAME} method may call (empty: none)
     * @param progress whether the run shows a progress line
     * @return the configuration
     * @throws IllegalArgumentException when the preset or the method is missing, the magnitude is not finite and >= 0,
     *                                  or {@link Method#parse} or {@link RunConfig} refuses a value
     */
    public RunConfig config(Path out, List<NoisePlugin> plugins, boolean progress) {
        if (preset == null || method == null) {
            throw new IllegalArgumentException("a run needs a preset and a method (" + (preset == null ? "preset" : "method")
                    + " missing)");
        }
        if (magnitude != null && !(Double.isFinite(magnitude) && magnitude >= 0)) {
            throw new IllegalArgumentException("magnitude=" + magnitude + " must be a finite number >= 0 (leave it out for"
                    + " the magnitude matching SGD's noise)");
        }
        Method m = Method.parse(method, preset.sgdBatch(), magnitude == null ? Double.NaN : magnitude, plugins);
        // what is not given is left to the builder, the one place that holds the defaults
        RunConfig.Builder b = RunConfig.builder(preset, m, out).progress(progress);
        if (protocol != null || pixels != null || init != null || split != null || sgdSampling != null
                || bernoulliBatch != null) {
            b.protocol(effectiveProtocol());
        }
        if (threads != null) {
            b.threads(threads.intra(), threads.inter());
        }
        if (evalEvery != null) {
            b.evalEvery(evalEvery);
        }
        if (evalSubset != null) {
            b.evalSubset(evalSubset);
        }
        if (checkpointEvery != null) {
            b.checkpointEvery(checkpointEvery);
        }
        if (seed != null) {
            b.seed(seed);
        }
        if (dataSeed != null) {
            b.dataSeed(dataSeed);
        }
        if (iterations != null) {
            b.iterations(iterations);
        }
        if (data != null) {
            b.data(data);
        }
        if (learningRate != null) {
            b.learningRate(learningRate);
        }
        return b.build();
    }

    private static int integer(Map<String, String> s, String key) {
        try {
            return Integer.parseInt(s.get(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + s.get(key) + " must be an integer");
        }
    }

    private static long longInteger(Map<String, String> s, String key) {
        try {
            return Long.parseLong(s.get(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + s.get(key) + " must be an integer");
        }
    }

    private static double number(Map<String, String> s, String key) {
        try {
            return Double.parseDouble(s.get(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + s.get(key) + " must be a number");
        }
    }
}
