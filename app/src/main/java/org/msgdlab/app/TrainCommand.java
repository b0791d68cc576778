package org.msgdlab.app;

import org.msgdlab.core.io.FolderLock;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.graph.PixelScale;
import org.msgdlab.deep.train.Algorithm2Method;
import org.msgdlab.deep.train.Cancellation;
import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.MsgdBernoulliMethod;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.RunSettings;
import org.msgdlab.deep.train.ShutdownCancellation;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;
import org.msgdlab.theory.plugin.PluginGuard;
import org.msgdlab.core.claims.CheckFailure;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code msgd train}: runs one deep experiment, resumes one, or benchmarks the step; its options,
 * with their defaults, are picocli's ({@code msgd train --help}), typed: the protocol and its differences
 * are parsed once, here, by their own types, and the run's settings resolved once by {@link RunConfig#builder}.
 * <pre>
 * msgd train --preset fashion-mnist-small --method msgd-fisher [--iterations N] ... --out DIR
 * msgd train --resume DIR [--iterations N]
 * msgd train --benchmark [--data DIR] [--threads INTRA[,INTER]] [--steps K] [--isa CAP[,CAP...]] [--no-pytorch] [--side-by-side]
 * msgd train --benchmark --roofline [--data DIR] [--threads INTRA[,INTER]] [--steps K]
 * </pre>
 * Exit codes ({@link Msgd}'s): 0 done, 1 error (message on stderr; also: another process writes the run directory, or a
 * call into a plug-in threw, returned null or passed --plugin-timeout, its run then marked failed),
 * 2 usage, 3 stopped on a non-finite loss, 130 interrupted (Ctrl-C), 143 stopped by TERM; after both of the
 * last, one line on stdout says what was kept. A value refused by its type is one line, {@code msgd train: }
 * and the rule ({@link Msgd}'s usage handler).
 */
@Command(name = "train", sortOptions = false, usageHelpWidth = 110, abbreviateSynopsis = true,
        description = {"Runs, resumes or benchmarks one deep experiment on TensorFlow Java.",
                "Runs one deep experiment (Algorithms 1 and 2 on TensorFlow Java), resumes one (--resume DIR),"
                        + " or benchmarks the full-batch step against PyTorch (--benchmark).",
                "Writes DIR/metrics.csv, DIR/run.json, TensorBoard events under DIR/tensorboard and checkpoints under"
                        + " DIR/checkpoints; Ctrl-C saves the step reached and marks the run interrupted.", ""},
        footer = {"", "Presets: %s", "Methods: %s",
                "Exit codes: 0 done, 1 error (a file that cannot be read or written, or is malformed; a plug-in's call that"
                        + " failed or passed --plugin-timeout, the run then marked failed), 2 usage, 3 stopped"
                        + " on a non-finite loss, 130 interrupted (Ctrl-C), 143 stopped by TERM (kill, timeout); an interrupted"
                        + " or stopped run keeps its checkpoint and continues with --resume DIR."})
final class TrainCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--preset", paramLabel = "P", converter = PresetConverter.class, description = "The set-up of the"
            + " paper's figure (list below). Required to start a run.")
    Preset preset;

    @Option(names = "--method", paramLabel = "M", description = "The training method (syntax below). Required to start a run.")
    String method;

    @Option(names = "--out", paramLabel = "DIR", description = "The run directory, created if needed. Required to start a run.")
    Path outDir;

    @Option(names = "--resume", paramLabel = "DIR", description = "Continue the run in DIR with the settings its run.json"
            + " records (only --iterations may change).")
    Path resume;

    @Option(names = "--iterations", paramLabel = "N", description = "Iterations (default: the preset's, 10,000 for the"
            + " Fashion-MNIST presets); with --resume, the last iteration to reach: >= 1 and not below the run's checkpoint.")
    Integer iterations;

    @Option(names = "--eval-every", paramLabel = "K", defaultValue = "" + RunConfig.DEFAULT_EVAL_EVERY,
            description = "Test evaluation every K iterations (default: ${DEFAULT-VALUE}).")
    int evalEvery;

    @Option(names = "--eval-subset", paramLabel = "M", defaultValue = "" + RunConfig.DEFAULT_EVAL_SUBSET,
            description = "Evaluate on the first M test images, 0 for all (default: ${DEFAULT-VALUE}).")
    int evalSubset;

    @Option(names = "--checkpoint-every", paramLabel = "C", defaultValue = "" + RunConfig.DEFAULT_CHECKPOINT_EVERY,
            description = "Checkpoint every C iterations (default: ${DEFAULT-VALUE}).")
    int checkpointEvery;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "" + RunConfig.DEFAULT_SEED, description = "Seed of the"
            + " initialization, the noise and the mini-batches (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--data-seed", paramLabel = "D", defaultValue = "" + RunConfig.DEFAULT_DATA_SEED,
            description = "Seed of the training-set draw (default: ${DEFAULT-VALUE}).")
    long dataSeed;

    @Option(names = "--data", paramLabel = "DIR", description = "Dataset directory (default: the preset's; Fashion-MNIST: "
            + "/usr/share/datasets/fashion-mnist, Debian's dataset-fashion-mnist).")
    Path data;

    @Option(names = "--lr", paramLabel = "ETA", description = "Initial learning rate (default: the preset's; its decays"
            + " still apply, CIFAR: times 0.1 at 40,000 and 60,000).")
    Double lr;

    @Option(names = "--plugin", paramLabel = "JAR", description = "A jar of plug-in noises (repeatable), for --method"
            + " plugin:NAME: Algorithm 1 with that noise (README, Plug-in noises).")
    List<Path> pluginJars;

    @Option(names = PluginTimeoutConverter.OPTION, paramLabel = "SECONDS", converter = PluginTimeoutConverter.class,
            defaultValue = "" + PluginGuard.DEFAULT_LIMIT_SECONDS, description = PluginTimeoutConverter.HELP)
    Duration pluginTimeout;

    @Option(names = "--magnitude", paramLabel = "S", description = "Compensatory magnitude of [MSGD-Fisher]-B and"
            + " [MSGD-Cov]-B, a finite number >= 0 (default: the one matching SGD's noise); refused with other methods.")
    Double magnitude;

    @Option(names = "--threads", paramLabel = "INTRA[,INTER]", defaultValue = RunConfig.DEFAULT_INTRA_THREADS + ","
            + RunConfig.DEFAULT_INTER_THREADS, description = "TensorFlow intra- and inter-op threads, each in [0, 4 x cores],"
            + " 0 for TensorFlow's default (default: ${DEFAULT-VALUE}).")
    String threads;

    @Option(names = "--no-progress", description = "No progress bar on stderr.")
    boolean noProgress;

    @Option(names = "--protocol", paramLabel = Protocol.PAPER_TEXT_NAME + "|" + Protocol.AUTHORS_CODE_NAME,
            defaultValue = Protocol.DEFAULT_NAME, converter = ProtocolConverter.class,
            description = "Appendix C as printed, or the released code (raw 0-255 pixels, flat N(0, 0.02^2) init, the"
                    + " first n images, SGD without replacement, Bernoulli batch 20; deep/README.md)"
                    + " (default: ${DEFAULT-VALUE}). The five options after it change one difference each.")
    Protocol protocol;

    @Option(names = "--pixels", paramLabel = "unit|raw", converter = PixelsConverter.class,
            description = "Pixel scale (default: the protocol's).")
    PixelScale pixels;

    @Option(names = "--init", paramLabel = "framework|normal:STD", converter = InitConverter.class,
            description = "Initialization (default: the protocol's).")
    Protocol.Init init;

    @Option(names = "--split", paramLabel = "drawn|first", converter = SplitConverter.class,
            description = "Training set (default: the protocol's).")
    Protocol.TrainingSplit split;

    @Option(names = "--sgd-sampling", paramLabel = "with|without", converter = SamplingConverter.class,
            description = "SGD mini-batches with or without replacement (default: the protocol's).")
    Protocol.SgdSampling sgdSampling;

    @Option(names = "--bernoulli-batch", paramLabel = "K", converter = BernoulliBatchConverter.class,
            description = "Expected batch of MSGD-Bernoulli (default: the protocol's); refused with other methods.")
    Integer bernoulliBatch;

    @CommandLine.Mixin
    StepBenchmarkOptions bench = new StepBenchmarkOptions();

    private final PrintStream out;
    private final PrintStream err;

    /**
     * The command, writing results to {@code out} and messages and progress to {@code err}.
     *
     * @param out where results go
     * @param err where messages and the progress line go
     */
    TrainCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Fills the footer's lists (presets, method syntax) into {@code train}'s help.
     *
     * @param train the command line of this command
     */
    static void listPresetsAndMethods(CommandLine train) {
        CommandSpec s = train.getCommandSpec();
        s.usageMessage().footer(String.format(String.join("%n", s.usageMessage().footer()),
                Preset.all().stream().map(Preset::id).toList(), Method.syntax()));
    }

    @Override
    public Integer call() {
        try {
            return execute();
        } catch (FolderLock.FolderBusyException e) {
            // another process trains or resumes this run folder: one writer per folder
            err.println("msgd train: " + e.getMessage());
            return ExitCode.CLAIM_ERROR.code();
        } catch (IllegalArgumentException e) {
            err.println("msgd train: " + e.getMessage());
            return ExitCode.USAGE.code();
        } catch (IOException | CheckFailure e) {
            // CheckFailure: a plug-in's call failed (PluginFailure), its run marked failed: the line says so
            err.println("msgd train: " + e.getMessage());
            return ExitCode.CLAIM_ERROR.code();
        }
    }

    private int execute() throws IOException {
        int maxThreads = 4 * Runtime.getRuntime().availableProcessors();
        RunSettings.Threads t;
        try {
            t = RunSettings.Threads.parse(threads);
        } catch (IllegalArgumentException e) {
            t = null;
        }
        if (t == null || t.intra() > maxThreads || t.inter() > maxThreads) {
            throw new IllegalArgumentException("--threads=" + threads + " must be INTRA or INTRA,INTER, each count in [0, "
                    + maxThreads + "] (0: TensorFlow's default; at most 4 per available core)");
        }
        int intra = t.intra();
        int inter = t.inter();
        if (resume != null) {
            List<String> given = spec.commandLine().getParseResult().matchedOptions().stream().map(OptionSpec::longestName)
                    .filter(n -> !List.of("--resume", "--iterations", "--no-progress", PluginTimeoutConverter.OPTION).contains(n)).toList();
            if (!given.isEmpty()) {
                throw new IllegalArgumentException("--resume continues a run with the settings in its run.json; "
                        + String.join(", ", given) + " cannot be changed there (only --iterations can, and --no-progress,"
                        + " which changes no bit)");
            }
            // a run folder that is not there is a missing input (exit 1), as a missing --data is
            if (!java.nio.file.Files.isDirectory(resume)) {
                throw new java.nio.file.NoSuchFileException("--resume=" + resume + ": no such directory (a run folder that"
                        + " holds run.json)");
            }
            if (!java.nio.file.Files.isRegularFile(resume.resolve("run.json"))) {
                throw new java.nio.file.NoSuchFileException("--resume=" + resume + ": no run.json there (not a run folder)");
            }
            if (iterations != null && iterations < 1) {
                throw new IllegalArgumentException("--iterations " + iterations + " must be >= 1 (the last iteration to"
                        + " reach; leave it out to continue to the run's own)");
            }
            if (spec.commandLine().getParseResult().hasMatchedOption(PluginTimeoutConverter.OPTION) && !callsPlugin(resume)) {
                throw new IllegalArgumentException(PluginTimeoutConverter.OPTION + " applies to a plug-in run (--method"
                        + " plugin:NAME) only; the run in " + resume + " calls no plug-in");
            }
        }
        bench.check(spec.commandLine().getParseResult());
        if (bench.benchmark) {
            bench.run(data == null ? FashionMnist.DEFAULT_DIR : data, intra, inter, out);
            return ExitCode.OK.code();
        }
        if (resume != null) {
            // Ctrl-C or TERM: the run stops after its step and saves; the JVM's shutdown waits until the outcome is printed
            try (ShutdownCancellation stop = ShutdownCancellation.install(); Cancellation.Hold held = stop.hold()) {
                Trainer.Outcome o = Trainer.resume(resume, iterations == null ? 0 : iterations, !noProgress, err,
                        Training.context(stop).withPluginCallLimit(pluginTimeout));
                return TrainOutcomeLine.print(o, resume, out);
            }
        }
        if (preset == null || method == null || outDir == null) {
            throw new IllegalArgumentException("--preset, --method and --out are required (or --resume DIR, or"
                    + " --benchmark; see 'msgd train --help')");
        }
        RunConfig c = config(intra, inter);
        err.println("msgd train: " + preset.id() + ", " + c.method().paperName() + ", " + c.iterations() + " iterations, eta="
                + c.learningRate() + ", seed " + c.seed() + " -> " + c.out());
        try (ShutdownCancellation stop = ShutdownCancellation.install(); Cancellation.Hold held = stop.hold()) {
            return TrainOutcomeLine.print(Trainer.run(c, null, err, Training.context(stop).withPluginCallLimit(pluginTimeout)),
                    c.out(), out);
        }
    }

    /**
     * The run the options describe: the command-line rules checked here (which options go with which method), the
     * settings then turned into the run by the one reader, {@link RunSettings#config}.
     */
    private RunConfig config(int intra, int inter) {
        List<NoisePlugin> plugins = pluginJars == null ? List.of() : NoisePlugins.load(pluginJars, PluginGuard.Limits.of(pluginTimeout));
        if (magnitude != null && !(Double.isFinite(magnitude) && magnitude >= 0)) {
            throw new IllegalArgumentException("--magnitude=" + magnitude + " must be a finite number >= 0 (leave it out"
                    + " for the magnitude matching SGD's noise)");
        }
        RunSettings settings = new RunSettings(preset, method, magnitude, protocol, pixels, init, split, sgdSampling,
                bernoulliBatch, iterations, lr, evalEvery, evalSubset, checkpointEvery, seed, dataSeed,
                new RunSettings.Threads(intra, inter), data);
        RunConfig c = settings.config(outDir, plugins, !noProgress);
        if (!plugins.isEmpty() && !(c.method() instanceof org.msgdlab.deep.train.PluginMethod)) {
            throw new IllegalArgumentException("--plugin applies to --method plugin:NAME only, not to --method " + method);
        }
        if (plugins.isEmpty() && spec.commandLine().getParseResult().hasMatchedOption(PluginTimeoutConverter.OPTION)) {
            throw new IllegalArgumentException(PluginTimeoutConverter.OPTION + " applies to --method plugin:NAME only");
        }
        if (magnitude != null && !(c.method() instanceof Algorithm2Method)) {
            throw new IllegalArgumentException("--magnitude applies to [msgd-fisher]-B and [msgd-cov]-B (Algorithm 2)"
                    + " only, not to --method " + method);
        }
        if (bernoulliBatch != null && !(c.method() instanceof MsgdBernoulliMethod)) {
            throw new IllegalArgumentException("--bernoulli-batch applies to msgd-bernoulli only, not to --method " + method);
        }
        return c;
    }

    /** {@link Preset#parse}. */
    static final class PresetConverter implements CommandLine.ITypeConverter<Preset> {
        @Override
        public Preset convert(String s) {
            return Preset.parse(s);
        }
    }

    /** {@link PixelScale#parse}. */
    static final class PixelsConverter implements CommandLine.ITypeConverter<PixelScale> {
        @Override
        public PixelScale convert(String s) {
            return PixelScale.parse(s);
        }
    }

    /** {@link Protocol.Init#parse}. */
    static final class InitConverter implements CommandLine.ITypeConverter<Protocol.Init> {
        @Override
        public Protocol.Init convert(String s) {
            return Protocol.Init.parse(s);
        }
    }

    /** {@link Protocol.TrainingSplit#parse}. */
    static final class SplitConverter implements CommandLine.ITypeConverter<Protocol.TrainingSplit> {
        @Override
        public Protocol.TrainingSplit convert(String s) {
            return Protocol.TrainingSplit.parse(s);
        }
    }

    /** {@link Protocol.SgdSampling#parse}. */
    static final class SamplingConverter implements CommandLine.ITypeConverter<Protocol.SgdSampling> {
        @Override
        public Protocol.SgdSampling convert(String s) {
            return Protocol.SgdSampling.parse(s);
        }
    }

    /** {@link Protocol#parseBernoulliBatch}. */
    static final class BernoulliBatchConverter implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String s) {
            return Protocol.parseBernoulliBatch(s);
        }
    }

    /**
     * Whether the run in {@code dir} calls a plug-in: its run.json's configuration names a plug-in jar. A run.json that
     * cannot be read counts as one (the resume itself then names its defect).
     */
    private static boolean callsPlugin(Path dir) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("run.json").toFile())
                    .path("config").has("pluginJar");
        } catch (java.io.IOException e) {
            return true;
        }
    }
}
