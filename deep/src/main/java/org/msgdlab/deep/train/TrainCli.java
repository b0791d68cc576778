package org.msgdlab.deep.train;

import org.msgdlab.deep.bench.StepBenchmark;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code msgd train}: runs one deep experiment, resumes one, or benchmarks the step.
 * <pre>
 * msgd train --preset fashion-mnist-small --method msgd-fisher [--iterations N] [--eval-every K]
 *            [--eval-subset M] [--checkpoint-every C] [--seed S] [--data-seed D] [--data DIR]
 *            [--lr ETA] [--magnitude S] [--threads INTRA[,INTER]] [--no-progress] --out DIR
 * msgd train --resume DIR [--iterations N]
 * msgd train --benchmark [--data DIR] [--threads INTRA[,INTER]] [--steps K] [--no-pytorch]
 * </pre>
 * Exit codes: 0 done, 1 error (message on stderr), 2 usage, 3 stopped on a non-finite loss.
 */
public final class TrainCli {

    public static final int OK = 0;
    public static final int ERROR = 1;
    public static final int USAGE = 2;
    public static final int NON_FINITE = 3;
    /** Interrupted (Ctrl-C): the shell convention 128 + SIGINT. */
    public static final int INTERRUPTED = 130;

    public static final String USAGE_TEXT = String.join("\n",
            "Usage: msgd train --preset P --method M [--iterations N] [--eval-every K] [--eval-subset M]",
            "                  [--checkpoint-every C] [--seed S] [--data-seed D] [--data DIR] [--lr ETA]",
            "                  [--magnitude S] [--threads INTRA[,INTER]] [--no-progress]",
            "                  [--protocol paper-text|authors-code] [--pixels unit|raw] [--init framework|normal:STD]",
            "                  [--split drawn|first] [--sgd-sampling with|without] [--bernoulli-batch K] --out DIR",
            "       msgd train --resume DIR [--iterations N]",
            "       msgd train --benchmark [--data DIR] [--threads INTRA[,INTER]] [--steps K] [--no-pytorch]",
            "Presets: " + Preset.all().stream().map(Preset::id).toList(),
            "Methods: " + Method.SYNTAX,
            "Writes DIR/metrics.csv, DIR/run.json, TensorBoard events under DIR/tensorboard and checkpoints under DIR/checkpoints.",
            "--lr sets the initial rate; the preset's decays (CIFAR: x0.1 at 40,000 and 60,000) still apply.",
            "--protocol: paper-text (Appendix C as printed; default) or authors-code (the released code: raw 0-255 pixels,",
            "  flat N(0, 0.02^2) init, the first n images, SGD without replacement, Bernoulli batch 20; deep/README.md);",
            "  the settings after it change one difference each.",
            "Exit codes: 0 done, 1 error, 2 usage, 3 stopped on a non-finite loss.");

    private TrainCli() {
    }

    public static void main(String[] args) {
        System.exit(run(List.of(args), System.out, System.err));
    }

    /** The options that take a value. */
    private static final java.util.Set<String> VALUE_OPTIONS = java.util.Set.of("--preset", "--method", "--resume", "--out",
            "--data", "--iterations", "--eval-every", "--eval-subset", "--checkpoint-every", "--seed", "--data-seed", "--lr",
            "--magnitude", "--steps", "--protocol", "--pixels", "--init", "--split", "--sgd-sampling", "--bernoulli-batch",
            "--threads");

    /** Runs the command; returns the exit code. */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        String preset = null;
        String method = null;
        String resume = null;
        String outDir = null;
        String data = null;
        Integer iterations = null;
        Integer evalEvery = null;
        Integer evalSubset = null;
        Integer checkpointEvery = null;
        Long seed = null;
        Long dataSeed = null;
        Double lr = null;
        double magnitude = Double.NaN;
        int intra = 2;
        int inter = 1;
        boolean progress = true;
        boolean benchmark = false;
        boolean pytorch = true;
        int steps = 30;
        Protocol protocol = Protocol.PAPER_TEXT;
        List<String[]> settings = new java.util.ArrayList<>();
        java.util.Set<String> given = new java.util.LinkedHashSet<>();
        try {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                String key = a;
                String inline = null;
                int eq = a.indexOf('=');
                if (a.startsWith("--") && eq > 0) {
                    key = a.substring(0, eq);
                    inline = a.substring(eq + 1);
                }
                switch (key) {
                    case "-h", "--help" -> {
                        out.println(USAGE_TEXT);
                        return OK;
                    }
                    case "--no-progress" -> progress = false;
                    case "--benchmark" -> benchmark = true;
                    case "--no-pytorch" -> pytorch = false;
                    default -> {
                        if (!VALUE_OPTIONS.contains(key)) {
                            throw new IllegalArgumentException("unknown option '" + a + "'");
                        }
                        given.add(key);
                        String v = inline;
                        if (v == null) {
                            if (i + 1 >= args.size()) {
                                throw new IllegalArgumentException("option " + key + " needs a value");
                            }
                            v = args.get(++i);
                        }
                        switch (key) {
                            case "--preset" -> preset = v;
                            case "--method" -> method = v;
                            case "--resume" -> resume = v;
                            case "--out" -> outDir = v;
                            case "--data" -> data = v;
                            case "--iterations" -> iterations = parseInt(key, v);
                            case "--eval-every" -> evalEvery = parseInt(key, v);
                            case "--eval-subset" -> evalSubset = parseInt(key, v);
                            case "--checkpoint-every" -> checkpointEvery = parseInt(key, v);
                            case "--seed" -> seed = parseLong(key, v);
                            case "--data-seed" -> dataSeed = parseLong(key, v);
                            case "--lr" -> lr = parseDouble(key, v);
                            case "--magnitude" -> magnitude = parseDouble(key, v);
                            case "--steps" -> steps = parseInt(key, v);
                            case "--protocol" -> protocol = Protocol.parse(v);
                            case "--pixels", "--init", "--split", "--sgd-sampling", "--bernoulli-batch" ->
                                    settings.add(new String[] {key.substring(2), v});
                            case "--threads" -> {
                                String[] t = v.split(",");
                                intra = parseInt(key, t[0]);
                                inter = t.length > 1 ? parseInt(key, t[1]) : 1;
                            }
                            default -> throw new IllegalArgumentException("unknown option '" + a + "'");
                        }
                    }
                }
            }
            int maxThreads = 4 * Runtime.getRuntime().availableProcessors();
            if (intra < 0 || intra > maxThreads || inter < 0 || inter > maxThreads) {
                throw new IllegalArgumentException("--threads " + intra + "," + inter + ": each count must be in [0, "
                        + maxThreads + "] (0: TensorFlow's default; at most 4 per available core)");
            }
            if (resume != null) {
                given.removeAll(java.util.Set.of("--resume", "--iterations"));
                if (!given.isEmpty()) {
                    throw new IllegalArgumentException("--resume continues a run with the settings in its run.json; "
                            + String.join(", ", given) + " cannot be changed there (only --iterations can)");
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("msgd train: " + e.getMessage());
            err.println(USAGE_TEXT);
            return USAGE;
        }
        try {
            if (benchmark) {
                return benchmark(data == null ? FashionMnist.DEFAULT_DIR : Path.of(data), intra, inter, steps, pytorch, out);
            }
            if (resume != null) {
                Trainer.Outcome o = Trainer.resume(Path.of(resume), iterations == null ? 0 : iterations, err);
                return report(o, Path.of(resume), out);
            }
            if (preset == null || method == null || outDir == null) {
                err.println("msgd train: --preset, --method and --out are required (or --resume DIR, or --benchmark)");
                err.println(USAGE_TEXT);
                return USAGE;
            }
            Preset p = Preset.parse(preset);
            Method m = Method.parse(method, p.sgdBatch(), magnitude);
            for (String[] kv : settings) {
                protocol = protocol.withSetting(kv[0], kv[1]);
            }
            RunConfig c = RunConfig.defaults(p, m, Path.of(outDir)).withProtocol(protocol).withThreads(intra, inter)
                    .withProgress(progress);
            m = c.method();
            if (iterations != null) {
                c = c.withIterations(iterations);
            }
            c = c.withEval(evalEvery == null ? c.evalEvery() : evalEvery, evalSubset == null ? c.evalSubset() : evalSubset);
            if (checkpointEvery != null) {
                c = c.withCheckpointEvery(checkpointEvery);
            }
            c = c.withSeeds(seed == null ? c.seed() : seed, dataSeed == null ? c.dataSeed() : dataSeed);
            if (data != null) {
                c = c.withData(Path.of(data));
            }
            if (lr != null) {
                c = c.withLearningRate(lr);
            }
            err.println("msgd train: " + p.id() + ", " + m.paperName() + ", " + c.iterations() + " iterations, eta="
                    + c.learningRate() + ", seed " + c.seed() + " -> " + c.out());
            return report(Trainer.run(c, null, err), c.out(), out);
        } catch (IllegalArgumentException e) {
            err.println("msgd train: " + e.getMessage());
            return USAGE;
        } catch (IOException e) {
            err.println("msgd train: " + e.getMessage());
            return ERROR;
        }
    }

    private static int report(Trainer.Outcome o, Path dir, PrintStream out) {
        Trainer.Row r = o.last();
        out.println(String.format(Locale.ROOT,
                "%s after %d iterations: train loss %.4f, train accuracy %.4f, test loss %.4f, test accuracy %.4f;"
                        + " %.3f s/step; metrics in %s", switch (o.status()) {
                    case COMPLETED -> "completed";
                    case INTERRUPTED -> "INTERRUPTED";
                    case STOPPED_NON_FINITE -> "STOPPED";
                },
                o.iterationsDone(), r.trainLoss(), r.trainAccuracy(), r.testLoss(), r.testAccuracy(), o.secondsPerStep(),
                dir.resolve("metrics.csv")));
        return switch (o.status()) {
            case COMPLETED -> OK;
            case INTERRUPTED -> INTERRUPTED;
            case STOPPED_NON_FINITE -> NON_FINITE;
        };
    }

    private static int benchmark(Path dataDir, int intra, int inter, int steps, boolean pytorch, PrintStream out)
            throws IOException {
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), 1000, 0).train();
        out.println("full-batch step of ConvSmall on n=1000 Fashion-MNIST images (Algorithm 1, MSGD-Fisher weights)");
        out.println("device: " + Trainer.device(intra, inter));
        Optional<StepBenchmark.Comparison> cmp = pytorch ? StepBenchmark.compare(train, dataDir, intra, inter, 5, steps, 3)
                : Optional.empty();
        if (cmp.isEmpty()) {
            out.println(StepBenchmark.tensorflow(train, intra, inter, 5, steps));
            if (pytorch) {
                out.println("pytorch: not measured (no python3 importing torch, or deep/bench/convsmall_step.py not found;"
                        + " Debian: apt-get install python3-torch)");
            }
            return OK;
        }
        for (int r = 0; r < cmp.get().tensorflow().size(); r++) {
            out.println("round " + (r + 1) + ": " + cmp.get().tensorflow().get(r));
            out.println("round " + (r + 1) + ": " + cmp.get().pytorch().get(r));
        }
        out.println(String.format(Locale.ROOT, "ratio TensorFlow Java / PyTorch images per second, best round of each:"
                + " %.2f (target >= 1.5; per round %s)", cmp.get().ratio(), Arrays.toString(
                Arrays.stream(cmp.get().roundRatios()).map(x -> Math.round(x * 100) / 100.0).toArray())));
        return OK;
    }

    private static int parseInt(String key, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + key + "=" + v + " must be an integer");
        }
    }

    private static long parseLong(String key, String v) {
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + key + "=" + v + " must be an integer");
        }
    }

    private static double parseDouble(String key, String v) {
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("option " + key + "=" + v + " must be a number");
        }
    }
}
