package org.msgdlab.app;

import org.msgdlab.onlineregression.bench.RegressionBenchmark;
import org.msgdlab.sde.bench.SdeBenchmark;
import org.msgdlab.theory.bench.CovarianceBenchmark;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Unmatched;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code msgd bench [SUBJECT] [ARGS...]}: runs one module's benchmark, each of which times the
 * hot loop against the obvious alternative in the same run and prints the ratio.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Times a module's hot loop against the obvious alternative.",
                "SUBJECT is theory (Monte Carlo covariance estimate vs triple loop, the default), online-regression"
                        + " (rank-B MSGD step vs per-sample loop), sde (path steps vs naive) or deep (ConvSmall"
                        + " full-batch step vs PyTorch).",
                "Remaining ARGS are passed to the benchmark:",
                "  theory: [--n N] (the noise's dimension n, an n x n covariance; default 1000) [--json FILE]",
                "  online-regression: [--d D] (dimension, default 100) [--batch B] (default 256) [--b b] (default 16)"
                        + " [--json FILE]",
                "  sde: [SECONDS] per measurement, in (0, 600], default 2",
                "  deep: msgd train's benchmark options: [--steps K] (per round; default 30) [--threads INTRA[,INTER]]"
                        + " [--data DIR] [--no-pytorch] [--side-by-side] [--isa CAP[,CAP...]] (ONEDNN_MAX_CPU_ISA caps to"
                        + " time TensorFlow Java at in child JVMs besides this process's own: AVX2, AVX512_CORE, ALL, AVX,"
                        + " SSE41; default AVX2,ALL) [--roofline] (instead of the comparison: where the full-batch step's"
                        + " and an evaluation's time goes, part by part, from TensorFlow's per-op trace, each part's share"
                        + " of the FP32 peak of this process's instruction set, and the bound; --steps K untraced and K"
                        + " traced; not with --isa, --no-pytorch or --side-by-side).",
                "deep prints each framework's instruction set (PyTorch at its own defaults, without the launcher's"
                        + " ONEDNN_MAX_CPU_ISA), each step's share of the FP32 peak of its own instruction set, every round's"
                        + " ratios and load, INCONCLUSIVE when the machine was busy, and the core-hours of a paired seed of"
                        + " the second study under the AVX2 pin (the launcher's default before issue 43) and at the widest instruction set"
                        + " (its default since)."})
final class BenchCommand implements Callable<Integer> {

    /** A module's benchmark entry point: runs with the given arguments and returns an exit code. */
    @FunctionalInterface
    interface Benchmark {
        /**
         * @param args the arguments after SUBJECT
         * @param msgd the whole command line, whose {@code train --benchmark} is deep's benchmark
         * @return the exit code
         */
        int run(List<String> args, CommandLine msgd) throws IOException;
    }

    /** Subject -> its benchmark. */
    static final Map<String, Benchmark> BENCHMARKS = new LinkedHashMap<>();

    static {
        BENCHMARKS.put("theory", (args, msgd) -> exitOk(() -> CovarianceBenchmark.main(args.toArray(String[]::new))));
        BENCHMARKS.put("online-regression", (args, msgd) -> exitOk(() -> RegressionBenchmark.main(args.toArray(String[]::new))));
        BENCHMARKS.put("sde", (args, msgd) -> exitOk(() -> SdeBenchmark.main(args.toArray(String[]::new))));
        // the train command's own options (--steps, --threads, --no-pytorch, --side-by-side, --data)
        BENCHMARKS.put("deep", (args, msgd) -> {
            List<String> all = new ArrayList<>(List.of("--benchmark"));
            all.addAll(args);
            return msgd.getSubcommands().get("train").execute(all.toArray(String[]::new));
        });
    }

    private interface Main {
        void run() throws IOException;
    }

    private static int exitOk(Main main) throws IOException {
        main.run();
        return ExitCode.OK.code();
    }

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SUBJECT", defaultValue = "theory",
            description = "theory, online-regression (or its short id, regression), sde or deep. Default: ${DEFAULT-VALUE}.")
    String subject;

    @Unmatched
    List<String> args = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Benchmark benchmark = BENCHMARKS.get(Modules.name(subject));
        if (benchmark == null) {
            throw new ParameterException(spec.commandLine(), "SUBJECT " + subject + ": unknown benchmark (allowed: "
                    + String.join(", ", BENCHMARKS.keySet()) + ")");
        }
        try {
            return benchmark.run(List.copyOf(args), spec.root().commandLine());
        } catch (NumberFormatException bad) {
            spec.commandLine().getErr().println("msgd bench " + subject + ": a number was expected (" + bad.getMessage() + ")");
            return ExitCode.USAGE.code();
        } catch (IllegalArgumentException bad) {
            // the benchmarks' own argument checks: bad usage, not a failed benchmark
            spec.commandLine().getErr().println("msgd bench " + subject + ": " + bad.getMessage());
            return ExitCode.USAGE.code();
        }
    }
}
