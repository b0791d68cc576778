package org.msgdlab.deep.cli;

import org.msgdlab.deep.train.Method;
import org.msgdlab.deep.train.Preset;
import org.msgdlab.deep.train.Protocol;
import org.msgdlab.deep.train.RunConfig;
import org.msgdlab.deep.train.Trainer;
import org.msgdlab.deep.bench.PytorchReference;
import org.msgdlab.deep.bench.RunCost;
import org.msgdlab.deep.bench.SideBySideBenchmark;
import org.msgdlab.deep.bench.StepBenchmark;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.core.bench.PeakFlops;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.theory.plugin.NoisePlugin;
import org.msgdlab.theory.plugin.NoisePlugins;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code msgd train}: runs one deep experiment, resumes one, or benchmarks the step; its options,
 * with their defaults, are picocli's ({@code msgd train --help}).
 * <pre>
 * msgd train --preset fashion-mnist-small --method msgd-fisher [--iterations N] ... --out DIR
 * msgd train --resume DIR [--iterations N]
 * msgd train --benchmark [--data DIR] [--threads INTRA[,INTER]] [--steps K] [--no-pytorch] [--side-by-side]
 * </pre>
 * Exit codes: 0 done, 1 error (message on stderr; also: another process writes the run directory), 2
 * usage, 3 stopped on a non-finite loss, 130 interrupted (Ctrl-C), 143 stopped by TERM; after both of the
 * last, one line on stdout says what was kept.
 */
@Command(name = "msgd train", sortOptions = false, usageHelpWidth = 110, abbreviateSynopsis = true,
        description = {"Runs one deep experiment (Algorithms 1 and 2 on TensorFlow Java), resumes one (--resume DIR),"
                + " or benchmarks the full-batch step against PyTorch (--benchmark).",
                "Writes DIR/metrics.csv, DIR/run.json, TensorBoard events under DIR/tensorboard and checkpoints under"
                        + " DIR/checkpoints; Ctrl-C saves the step reached and marks the run interrupted.", ""},
        footer = {"", "Presets: %s", "Methods: %s",
                "Exit codes: 0 done, 1 error (a file that cannot be read or written, or is malformed), 2 usage, 3 stopped"
                        + " on a non-finite loss, 130 interrupted (Ctrl-C), 143 stopped by TERM (kill, timeout); an interrupted"
                        + " or stopped run keeps its checkpoint and continues with --resume DIR."})
public final class TrainCli implements Callable<Integer> {

    public static final int OK = 0;
    public static final int ERROR = 1;
    public static final int USAGE = 2;
    public static final int NON_FINITE = 3;
    /**
     * Interrupted (Ctrl-C): the shell convention 128 + SIGINT. Stopped by TERM, the JVM exits with 143
     * (128 + SIGTERM), the signal's status, after the same line on stdout.
     */
    public static final int INTERRUPTED = 130;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
    boolean help;

    @Option(names = "--preset", paramLabel = "P", description = "The set-up of the paper's figure (list below). Required"
            + " to start a run.")
    String preset;

    @Option(names = "--method", paramLabel = "M", description = "The training method (syntax below). Required to start a run.")
    String method;

    @Option(names = "--out", paramLabel = "DIR", description = "The run directory, created if needed. Required to start a run.")
    String outDir;

    @Option(names = "--resume", paramLabel = "DIR", description = "Continue the run in DIR with the settings its run.json"
            + " records (only --iterations may change).")
    String resume;

    @Option(names = "--iterations", paramLabel = "N", description = "Iterations (default: the preset's, 10,000 for the"
            + " Fashion-MNIST presets); with --resume, the last iteration to reach: >= 1 and not below the run's checkpoint.")
    Integer iterations;

    @Option(names = "--eval-every", paramLabel = "K", defaultValue = "100", description = "Test evaluation every K"
            + " iterations (default: ${DEFAULT-VALUE}).")
    int evalEvery;

    @Option(names = "--eval-subset", paramLabel = "M", defaultValue = "0", description = "Evaluate on the first M test"
            + " images, 0 for all (default: ${DEFAULT-VALUE}).")
    int evalSubset;

    @Option(names = "--checkpoint-every", paramLabel = "C", defaultValue = "1000", description = "Checkpoint every C"
            + " iterations (default: ${DEFAULT-VALUE}).")
    int checkpointEvery;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the initialization, the noise"
            + " and the mini-batches (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--data-seed", paramLabel = "D", defaultValue = "0", description = "Seed of the training-set draw"
            + " (default: ${DEFAULT-VALUE}).")
    long dataSeed;

    @Option(names = "--data", paramLabel = "DIR", description = "Dataset directory (default: the preset's; Fashion-MNIST: "
            + "/usr/share/datasets/fashion-mnist, Debian's dataset-fashion-mnist).")
    String data;

    @Option(names = "--lr", paramLabel = "ETA", description = "Initial learning rate (default: the preset's; its decays"
            + " still apply, CIFAR: times 0.1 at 40,000 and 60,000).")
    Double lr;

    @Option(names = "--plugin", paramLabel = "JAR", description = "A jar of plug-in noises (repeatable), for --method"
            + " plugin:NAME: Algorithm 1 with that noise (README, Plug-in noises).")
    List<String> pluginJars;

    @Option(names = "--magnitude", paramLabel = "S", description = "Compensatory magnitude of [MSGD-Fisher]-B and"
            + " [MSGD-Cov]-B, a finite number >= 0 (default: the one matching SGD's noise); refused with other methods.")
    Double magnitude;

    @Option(names = "--threads", paramLabel = "INTRA[,INTER]", defaultValue = "2,1", description = "TensorFlow intra- and"
            + " inter-op threads, each in [0, 4 x cores], 0 for TensorFlow's default (default: ${DEFAULT-VALUE}).")
    String threads;

    @Option(names = "--no-progress", description = "No progress bar on stderr.")
    boolean noProgress;

    @Option(names = "--protocol", paramLabel = "paper-text|authors-code", defaultValue = "paper-text",
            description = "Appendix C as printed, or the released code (raw 0-255 pixels, flat N(0, 0.02^2) init, the"
                    + " first n images, SGD without replacement, Bernoulli batch 20; deep/README.md)"
                    + " (default: ${DEFAULT-VALUE}). The five options after it change one difference each.")
    String protocol;

    @Option(names = "--pixels", paramLabel = "unit|raw", description = "Pixel scale (default: the protocol's).")
    String pixels;

    @Option(names = "--init", paramLabel = "framework|normal:STD", description = "Initialization (default: the protocol's).")
    String init;

    @Option(names = "--split", paramLabel = "drawn|first", description = "Training set (default: the protocol's).")
    String split;

    @Option(names = "--sgd-sampling", paramLabel = "with|without", description = "SGD mini-batches with or without"
            + " replacement (default: the protocol's).")
    String sgdSampling;

    @Option(names = "--bernoulli-batch", paramLabel = "K", description = "Expected batch of MSGD-Bernoulli (default: the"
            + " protocol's); refused with other methods.")
    String bernoulliBatch;

    @Option(names = "--benchmark", description = "Benchmark the full-batch step against PyTorch instead of training.")
    boolean benchmark;

    @Option(names = "--steps", paramLabel = "K", defaultValue = "30", description = "Benchmark steps per round"
            + " (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--no-pytorch", description = "Benchmark TensorFlow Java only.")
    boolean noPytorch;

    @Option(names = "--side-by-side", description = "Benchmark S = 1, 2, 4, 8 full-batch runs side by side in one graph"
            + " against S separate graphs (one intra-op thread each, one Java thread per core) instead.")
    boolean sideBySide;

    private PrintStream out;
    private PrintStream err;

    private TrainCli() {
    }

    /**
     * Runs the command and exits the JVM with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err));
    }

    /**
     * Runs the command; returns the exit code. Usage errors are one line on {@code err}.
     *
     * @param args the command line
     * @param out  where results go
     * @param err  where errors go
     * @return the exit code ({@link #USAGE} for a usage error or an {@link IllegalArgumentException})
     */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        TrainCli cli = new TrainCli();
        cli.out = out;
        cli.err = err;
        CommandLine cl = new CommandLine(cli);
        cl.getCommandSpec().usageMessage().footer(String.format(String.join("%n", cl.getCommandSpec().usageMessage().footer()),
                Preset.all().stream().map(Preset::id).toList(), Method.SYNTAX));
        cl.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        cl.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        cl.setParameterExceptionHandler((e, a) -> {
            err.println("msgd train: " + e.getMessage() + " (see 'msgd train --help')");
            return USAGE;
        });
        cl.setExecutionExceptionHandler((e, c, parsed) -> {
            if (e instanceof org.msgdlab.core.io.FolderLock.FolderBusyException) {
                // another process trains or resumes this run folder: one writer per folder
                err.println("msgd train: " + e.getMessage());
                return ERROR;
            }
            if (e instanceof IllegalArgumentException) {
                err.println("msgd train: " + e.getMessage());
                return USAGE;
            }
            throw e;
        });
        return cl.execute(args.toArray(String[]::new));
    }

    @Override
    public Integer call() {
        String[] t = threads.split(",", -1);
        int intra = parseInt("--threads", t[0]);
        int inter = t.length > 1 ? parseInt("--threads", t[1]) : 1;
        int maxThreads = 4 * Runtime.getRuntime().availableProcessors();
        if (t.length > 2 || intra < 0 || intra > maxThreads || inter < 0 || inter > maxThreads) {
            throw new IllegalArgumentException("--threads " + threads.replaceAll(",.*", "") + "," + inter + ": each count must"
                    + " be in [0, " + maxThreads + "] (0: TensorFlow's default; at most 4 per available core)");
        }
        if (resume != null) {
            List<String> given = spec.commandLine().getParseResult().matchedOptions().stream().map(OptionSpec::longestName)
                    .filter(n -> !n.equals("--resume") && !n.equals("--iterations")).toList();
            if (!given.isEmpty()) {
                throw new IllegalArgumentException("--resume continues a run with the settings in its run.json; "
                        + String.join(", ", given) + " cannot be changed there (only --iterations can)");
            }
            if (iterations != null && iterations < 1) {
                throw new IllegalArgumentException("--iterations " + iterations + " must be >= 1 (the last iteration to"
                        + " reach; leave it out to continue to the run's own)");
            }
        }
        try {
            if (benchmark) {
                Path dir = data == null ? FashionMnist.DEFAULT_DIR : Path.of(data);
                return sideBySide ? sideBySide(dir, steps, out) : benchmark(dir, intra, inter, steps, !noPytorch, out);
            }
            if (resume != null) {
                // Ctrl-C or TERM: the JVM's shutdown waits until the outcome is printed
                try (Trainer.ShutdownHold hold = Trainer.holdShutdown()) {
                    Trainer.Outcome o = Trainer.resume(Path.of(resume), iterations == null ? 0 : iterations, err);
                    return report(o, Path.of(resume), out);
                }
            }
            if (preset == null || method == null || outDir == null) {
                throw new IllegalArgumentException("--preset, --method and --out are required (or --resume DIR, or"
                        + " --benchmark; see 'msgd train --help')");
            }
            Preset p = Preset.parse(preset);
            List<NoisePlugin> plugins = pluginJars == null ? List.of() : NoisePlugins.load(pluginJars.stream().map(Path::of).toList());
            if (magnitude != null && !(Double.isFinite(magnitude) && magnitude >= 0)) {
                throw new IllegalArgumentException("--magnitude=" + magnitude + " must be a finite number >= 0 (leave it out"
                        + " for the magnitude matching SGD's noise)");
            }
            Method m = Method.parse(method, p.sgdBatch(), magnitude == null ? Double.NaN : magnitude, plugins);
            if (magnitude != null && m.kind() != Method.Kind.MINIBATCH_FISHER && m.kind() != Method.Kind.MINIBATCH_COV) {
                throw new IllegalArgumentException("--magnitude applies to [msgd-fisher]-B and [msgd-cov]-B (Algorithm 2)"
                        + " only, not to --method " + method);
            }
            if (bernoulliBatch != null && m.kind() != Method.Kind.MSGD_BERNOULLI) {
                throw new IllegalArgumentException("--bernoulli-batch applies to msgd-bernoulli only, not to --method "
                        + method);
            }
            Protocol pr = Protocol.parse(protocol);
            String[][] settings = {{"pixels", pixels}, {"init", init}, {"split", split}, {"sgd-sampling", sgdSampling},
                    {"bernoulli-batch", bernoulliBatch}};
            for (String[] kv : settings) {
                if (kv[1] != null) {
                    pr = pr.withSetting(kv[0], kv[1]);
                }
            }
            RunConfig c = RunConfig.defaults(p, m, Path.of(outDir)).withProtocol(pr).withThreads(intra, inter)
                    .withProgress(!noProgress);
            m = c.method();
            if (iterations != null) {
                c = c.withIterations(iterations);
            }
            c = c.withEval(evalEvery, evalSubset).withCheckpointEvery(checkpointEvery).withSeeds(seed, dataSeed);
            if (data != null) {
                c = c.withData(Path.of(data));
            }
            if (lr != null) {
                c = c.withLearningRate(lr);
            }
            err.println("msgd train: " + p.id() + ", " + m.paperName() + ", " + c.iterations() + " iterations, eta="
                    + c.learningRate() + ", seed " + c.seed() + " -> " + c.out());
            try (Trainer.ShutdownHold hold = Trainer.holdShutdown()) {
                return report(Trainer.run(c, null, err), c.out(), out);
            }
        } catch (IOException e) {
            err.println("msgd train: " + e.getMessage());
            return ERROR;
        }
    }

    /** The outcome in one line on {@code out}; returns the exit code. */
    private static int report(Trainer.Outcome o, Path dir, PrintStream out) {
        Trainer.Row r = o.last();
        // stopped by Ctrl-C or TERM (issue 33: TERM printed nothing on stdout): what was kept, and how to go on
        String kept = o.status() != Trainer.Status.INTERRUPTED ? "" : String.format(Locale.ROOT, " (stopped by Ctrl-C or"
                + " TERM; kept in %s: the checkpoint of iteration %d and the metrics up to iteration %d; continue with:"
                + " msgd train --resume %s)", dir, o.iterationsDone(), r.iteration(), dir);
        out.println(String.format(Locale.ROOT,
                "%s after %d iterations%s: train loss %.4f, train accuracy %.4f, test loss %.4f, test accuracy %.4f;"
                        + " %s; metrics in %s", switch (o.status()) {
                    case COMPLETED -> "completed";
                    case INTERRUPTED -> "INTERRUPTED";
                    case STOPPED_NON_FINITE -> "STOPPED";
                },
                o.iterationsDone(), kept, r.trainLoss(), r.trainAccuracy(), r.testLoss(), r.testAccuracy(),
                // a completed run resumed again reports its recorded time per step; a run stopped before its first
                // step has none to show (it printed "NaN s/step")
                Double.isFinite(o.secondsPerStep()) ? String.format(Locale.ROOT, "%.3f s/step", o.secondsPerStep())
                        : "no step timed",
                dir.resolve("metrics.csv")));
        return switch (o.status()) {
            case COMPLETED -> OK;
            case INTERRUPTED -> INTERRUPTED;
            case STOPPED_NON_FINITE -> NON_FINITE;
        };
    }

    private static int benchmark(Path dataDir, int intra, int inter, int steps, boolean pytorch, PrintStream out)
            throws IOException {
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0).train();
        int rounds = 5;
        out.println("full-batch step of ConvSmall on n=1000 Fashion-MNIST images (Algorithm 1, MSGD-Fisher weights), "
                + rounds + " alternating rounds of " + steps + " steps");
        out.println("device: " + Trainer.device(intra, inter));
        if (pytorch && !PytorchReference.available()) {
            out.println("pytorch: not measured (no python3 importing torch, or deep/bench/convsmall_step.py not found;"
                    + " Debian: apt-get install python3-torch)");
        }
        StepBenchmark.Comparison c = StepBenchmark.compare(train, dataDir, intra, inter, 5, steps, rounds, true);
        for (int r = 0; r < c.tensorflow().size(); r++) {
            out.println("round " + (r + 1) + ": " + c.tensorflow().get(r));
            out.println("round " + (r + 1) + ": " + c.otherKernels().get(r));
            if (pytorch && r < c.pytorch().size()) {
                out.println("round " + (r + 1) + ": " + c.pytorch().get(r));
            }
            out.println("round " + (r + 1) + ": " + c.loads().get(r).describe());
        }
        if (c.load().busy()) {
            out.println("warning: the machine was busy (" + c.load().describe() + ", medians over the rounds): these are"
                    + " the speeds of a shared machine, not evidence of the kernels' speed");
        }
        double flops = ConvSmall.paper().trainingFlopsPerImage();
        double peak = (intra == 0 ? Runtime.getRuntime().availableProcessors() : intra) * PeakFlops.perCoreGflopsFloat32();
        out.println(String.format(Locale.ROOT, "medians: %s %.0f images/s (%.1f GFLOP/s, %.0f%% of FP32 peak);"
                        + " %s %.0f images/s (%.1f GFLOP/s)%s", c.tensorflow().get(0).framework(), c.tensorflowImagesPerSecond(),
                c.tensorflowImagesPerSecond() * flops / 1e9, 100 * c.tensorflowImagesPerSecond() * flops / 1e9 / peak,
                c.otherKernels().get(0).framework(), c.otherKernelsImagesPerSecond(), c.otherKernelsImagesPerSecond() * flops / 1e9,
                !pytorch || c.pytorch().isEmpty() ? "" : String.format(Locale.ROOT, "; pytorch %.0f images/s (%.1f GFLOP/s)",
                        c.pytorchImagesPerSecond(), c.pytorchImagesPerSecond() * flops / 1e9)));
        out.println(String.format(Locale.ROOT, "FLOPs per image %.0f (2 per multiply-add: forward, weight and input gradients);"
                + " FP32 peak %.0f GFLOP/s (%s, x2 for float32, %s cores)", flops, peak, PeakFlops.assumption(),
                intra == 0 ? "all" : Integer.toString(intra)));
        out.println(String.format(Locale.ROOT, "kernels %s / %s, medians: %.2f", c.tensorflow().get(0).framework(),
                c.otherKernels().get(0).framework(), c.kernelRatio()));
        if (pytorch && !c.pytorch().isEmpty()) {
            out.println(String.format(Locale.ROOT, "ratio TensorFlow Java / PyTorch images per second, medians of the rounds:"
                    + " %.2f (target >= %.1f; per round %s)", c.ratio(), StepBenchmark.SPEED_TARGET, Arrays.toString(
                    Arrays.stream(c.roundRatios()).map(x -> Math.round(x * 100) / 100.0).toArray())));
        }
        RunCost here = RunCost.measure(dataDir, intra, inter, steps, 3);
        RunCost other = RunCost.otherKernels(dataDir, intra, inter, steps, 3);
        for (RunCost rc : List.of(here, other)) {
            StringBuilder chunks = new StringBuilder();
            for (int i = 0; i < RunCost.CHUNKS.length; i++) {
                chunks.append(i == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%d: %.2f s", RunCost.CHUNKS[i],
                        rc.chunkSeconds()[i]));
            }
            out.println(String.format(Locale.ROOT, "%s kernels: evaluation of the 60,000 test images by chunk (%s; best %d,"
                    + " training uses %d); one evaluation with the 1,000 training images %.2f s", rc.kernels().id(), chunks,
                    rc.bestChunk(), RunCost.TRAINING_LOOP_CHUNK, rc.evaluation()));
            for (String method : List.of("gd", "sgd-50")) {
                double step = method.equals("gd") ? rc.gdStep() : rc.sgd50Step();
                double train1 = 10_000 * step;
                out.println(String.format(Locale.ROOT, "%s kernels: one 10,000-iteration %s run, evaluated every 100"
                                + " iterations (msgd train's default under both protocols): %.1f min (train %.1f, evaluate %.1f;"
                                + " %.4f s per step)", rc.kernels().id(), method.toUpperCase(Locale.ROOT),
                        rc.runSeconds(step, 10_000, 100) / 60, train1 / 60, (rc.runSeconds(step, 10_000, 100) - train1) / 60, step));
            }
        }
        out.println(String.format(Locale.ROOT, "a 10,000-iteration GD run with %s kernels costs %.2f of one with %s kernels",
                here.kernels().id(), here.runSeconds(here.gdStep(), 10_000, 100) / other.runSeconds(other.gdStep(), 10_000, 100),
                other.kernels().id()));
        return OK;
    }

    private static int sideBySide(Path dataDir, int steps, PrintStream out) throws IOException {
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0).train();
        int workers = Runtime.getRuntime().availableProcessors();
        out.println("S full-batch MSGD-Fisher runs (n=1000, ConvSmall): side by side in one graph (1 intra-op thread,"
                + " " + workers + " inter-op) vs S separate graphs (1 intra-op thread each) stepped by " + workers
                + " Java threads; " + steps + " steps per round, median of 3 rounds");
        out.println("device: " + Trainer.device(1, workers));
        try {
            for (SideBySideBenchmark.Row r : SideBySideBenchmark.measure(train, new int[] {1, 2, 4, 8}, workers, steps, 3)) {
                out.println(r);
            }
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("side-by-side benchmark interrupted", e);
        }
        return OK;
    }

    private static int parseInt(String key, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + key + "=" + v + " must be an integer");
        }
    }
}
