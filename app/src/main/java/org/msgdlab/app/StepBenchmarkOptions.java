package org.msgdlab.app;

import org.msgdlab.deep.bench.BenchSetup;
import org.msgdlab.deep.bench.IsaCap;
import org.msgdlab.deep.bench.StepBenchmarkReport;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code msgd train --benchmark} and its options (a picocli mixin of {@link TrainCommand}): the full-batch step timed
 * against PyTorch, side by side, or traced part by part (the roofline). Its options do nothing to a run, and are
 * refused without {@code --benchmark} ({@link #check}).
 */
final class StepBenchmarkOptions {

    /** Rounds of {@code --benchmark}: alternating, compared by their medians. */
    static final int ROUNDS = 5;

    private static final List<String> BENCHMARK_ONLY = List.of("--steps", "--no-pytorch", "--side-by-side", "--isa",
            "--roofline");
    private static final List<String> COMPARISON_ONLY = List.of("--no-pytorch", "--side-by-side", "--isa");
    /** msgd train's options that shape a run, which the benchmark does not read (it reads --threads and --data). */
    private static final List<String> RUN_ONLY = List.of("--preset", "--method", "--out", "--resume", "--iterations",
            "--eval-every", "--eval-subset", "--checkpoint-every", "--seed", "--data-seed", "--lr", "--plugin", "--magnitude",
            "--no-progress", "--protocol", "--pixels", "--init", "--split", "--sgd-sampling", "--bernoulli-batch",
            "--plugin-timeout");

    @Option(names = "--benchmark", description = "Benchmark the full-batch step against PyTorch instead of training.")
    boolean benchmark;

    @Option(names = "--steps", paramLabel = "K", defaultValue = "30", description = "Benchmark steps per round"
            + " (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--isa", paramLabel = "CAP[,CAP...]", split = ",", converter = IsaCapConverter.class,
            defaultValue = "AVX2,ALL", description = "Benchmark: besides this process's own instruction set (its"
            + " ONEDNN_MAX_CPU_ISA; the launcher's default is ALL), also time TensorFlow Java's oneDNN step, in a child JVM, under"
            + " each of these caps of ONEDNN_MAX_CPU_ISA: AVX2, AVX512_CORE, ALL (the CPU's widest), AVX or SSE41; a cap"
            + " that allows this process's own is not timed twice (default: ${DEFAULT-VALUE}, the pin before issue 43 and the"
            + " widest, which the paired-seed cost line compares).")
    List<IsaCap> isa;

    @Option(names = "--no-pytorch", description = "Benchmark TensorFlow Java only.")
    boolean noPytorch;

    @Option(names = "--side-by-side", description = "Benchmark S = 1, 2, 4, 8 full-batch runs side by side in one graph"
            + " against S separate graphs (one intra-op thread each, one Java thread per core) instead.")
    boolean sideBySide;

    @Option(names = "--roofline", description = "Benchmark: instead of the comparison, where the full-batch step's and"
            + " an evaluation's time goes, part by part, from TensorFlow's per-op trace, and each part's share of the FP32"
            + " peak of this process's instruction set (K steps untraced, then K traced).")
    boolean roofline;

    /**
     * Refuses a benchmark option without {@code --benchmark}, a step count below 1, and the comparison's options with
     * {@code --roofline}: one line naming the options.
     *
     * @param parsed the command line as parsed
     * @throws IllegalArgumentException naming the options and the rule
     */
    void check(CommandLine.ParseResult parsed) {
        List<String> given = parsed.matchedOptions().stream().map(OptionSpec::longestName).toList();
        if (!benchmark) {
            // the benchmark's options do nothing to a run: refused rather than ignored
            List<String> benchOnly = given.stream().filter(BENCHMARK_ONLY::contains).toList();
            if (!benchOnly.isEmpty()) {
                throw new IllegalArgumentException(String.join(", ", benchOnly) + " applies to --benchmark only");
            }
        } else if (steps < 1) {
            throw new IllegalArgumentException("--steps=" + steps + " must be >= 1 (benchmark steps per round)");
        } else if (roofline) {
            // the roofline times this process's step alone: the comparison's options do nothing to it
            List<String> comparisonOnly = given.stream().filter(COMPARISON_ONLY::contains).toList();
            if (!comparisonOnly.isEmpty()) {
                throw new IllegalArgumentException(String.join(", ", comparisonOnly) + " does not apply to --roofline (it"
                        + " traces this process's step at its own instruction set; set ONEDNN_MAX_CPU_ISA for another)");
            }
        }
        if (benchmark) {
            // the benchmark times one fixed step: a run's options would be ignored, so they are refused
            List<String> runOnly = given.stream().filter(RUN_ONLY::contains).toList();
            if (!runOnly.isEmpty()) {
                throw new IllegalArgumentException(String.join(", ", runOnly) + " does not apply to --benchmark (it times"
                        + " ConvSmall's MSGD-Fisher full-batch step at n = 1000, seed 1; it reads --threads, --data and its"
                        + " own options)");
            }
        }
    }

    /**
     * Runs the benchmark the options ask for and prints it.
     *
     * @param data  the Fashion-MNIST folder
     * @param intra TensorFlow intra-op threads of this process's step
     * @param inter TensorFlow inter-op threads
     * @param out   where the report goes
     * @throws IOException when the data cannot be read or a child process fails
     */
    void run(Path data, int intra, int inter, PrintStream out) throws IOException {
        if (sideBySide) {
            StepBenchmarkReport.sideBySide(data, steps, out);
        } else if (roofline) {
            StepBenchmarkReport.roofline(BenchSetup.of(data, intra, inter, steps, 1).withEnvironment(Training.environment()),
                    out);
        } else {
            StepBenchmarkReport.fullBatch(BenchSetup.of(data, intra, inter, steps, ROUNDS)
                    .withEnvironment(Training.environment()).withCaps(isa).withAlternatives(true, !noPytorch), out);
        }
    }

    /** {@link IsaCap#parse}. */
    static final class IsaCapConverter implements CommandLine.ITypeConverter<IsaCap> {
        @Override
        public IsaCap convert(String s) {
            return IsaCap.parse(s);
        }
    }
}
