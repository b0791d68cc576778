package org.msgdlab.deep.claims;

import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.deep.bench.StepBenchmark;
import org.msgdlab.deep.data.FashionMnist;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.ConvSmall;
import org.msgdlab.core.bench.MachineLoad;
import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Fp32Peak;
import org.msgdlab.deep.bench.BenchSetup;
import org.msgdlab.deep.bench.IsaCap;
import org.msgdlab.deep.study.StudyClaim;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.TimingAnswer;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The toolkit's speed target for the Fashion-MNIST full-batch step: TensorFlow Java at least
 * {@value #TARGET} times PyTorch's images per second on the same cores, medians over alternating
 * rounds ({@link StepBenchmark#compare}), PyTorch at its own defaults (without the launcher's
 * {@code ONEDNN_MAX_CPU_ISA}, which its oneDNN would read too); the other kernels' speed, GFLOP/s and the
 * fraction of the FP32 peak of the instruction set TensorFlow Java's oneDNN ran ({@link Fp32Peak}: read from the
 * check context's training environment, {@link StudyClaim#TRAINING}; without one, the CPU's widest is assumed and
 * the evidence says so) go with it. A measured speed, not a sampled one: no false-alarm probability;
 * the rounds' spread is in the evidence, and so is what other processes took of the machine in each
 * round ({@link MachineLoad}): on a busy machine the claim is INCONCLUSIVE, whatever the ratio.
 */
public final class FullBatchSpeedClaim implements Claim {

    /** The claim's id. */
    public static final String ID = "deep.speed.full-batch-step";
    /** Images per second of TensorFlow Java over PyTorch that the target asks for ({@link StepBenchmark#SPEED_TARGET}). */
    public static final double TARGET = StepBenchmark.SPEED_TARGET;
    /** Intra-op threads of the comparison: the machine's two cores, as PyTorch gets. */
    public static final int THREADS = 2;

    private final Path dataDir;

    /** @param dataDir the Fashion-MNIST folder */
    public FullBatchSpeedClaim(Path dataDir) {
        this.dataDir = dataDir;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String paperRef() {
        return "Section 5.1 remark; the toolkit's speed target (deep/README.md, Speed)";
    }

    @Override
    public String statement() {
        return "one full-batch MSGD step of ConvSmall on n = 1,000 Fashion-MNIST images runs at >= 2x PyTorch's"
                + " images per second on the same CPU cores (medians over alternating rounds)";
    }

    @Override
    public Evidence check(CheckContext context) {
        try {
            return evidence(ClaimRef.of(this), context.budget(), dataDir,
                    context.option(StudyClaim.TRAINING).environment());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Measures and decides: PASS when the median ratio reaches {@link #TARGET}, FAIL below it,
     * NOT_RUN without PyTorch.
     *
     * @throws IOException when the data cannot be read or a child process fails
     */
    static Evidence evidence(ClaimRef ref, Budget budget, Path dataDir,
                             Map<String, String> environment) throws IOException {
        long t0 = System.nanoTime();
        ImageSet train = FashionMnist.paperSplit(FashionMnist.load(dataDir), StepBenchmark.FULL_BATCH, 0).train();
        int steps = budget.pick(20, 50);
        int rounds = budget.pick(5, 7);
        BenchSetup setup = BenchSetup.of(dataDir, THREADS, 1, steps, rounds);
        StepBenchmark.Comparison c = StepBenchmark.compare(train, environment.isEmpty() ? setup
                : setup.withEnvironment(environment));
        return decide(ref, c, steps, (System.nanoTime() - t0) / 1e9);
    }

    /**
     * The verdict on measured rounds {@code c} of {@code steps} steps each, which took {@code seconds}.
     *
     * @return PASS when the median ratio reaches {@link #TARGET}, FAIL below, NOT_RUN without PyTorch rounds
     */
    static Evidence decide(ClaimRef ref, StepBenchmark.Comparison c, int steps, double seconds) {
        int rounds = c.tensorflow().size();
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("device", StepBenchmark.device(THREADS, 1));
        params.put("method", rounds + " alternating rounds of " + steps + " steps per framework (after 5 warm-up steps);"
                + " medians over the rounds are compared");
        double flops = ConvSmall.paper().trainingFlopsPerImage();
        CpuInfo cpu = CpuInfo.read();
        IsaCap.InUse isa = c.tensorflow().get(0).isa() != null ? c.tensorflow().get(0).isa()
                : new IsaCap.InUse(cpu.widestIsa(), "not recorded: the CPU's widest assumed");
        Fp32Peak fp32 = Fp32Peak.of(cpu, isa.isa(), THREADS);
        double peak = fp32.gflops();
        params.put("flopsPerImage", flops);
        params.put("peakGflopsFloat32", peak);
        params.put("peakAssumption", fp32.assumption());
        double tf = c.tensorflowImagesPerSecond();
        params.put("tensorflow.kernels", c.tensorflow().get(0).framework());
        params.put("tensorflow.isa", isa.toString());
        params.put("tensorflow.imagesPerSecond", tf);
        params.put("tensorflow.gflops", tf * flops / 1e9);
        params.put("tensorflow.fractionOfPeak", tf * flops / 1e9 / peak);
        params.put("tensorflow.secondsPerStepByRound", seconds(c.tensorflow()));
        putLoad(params, c);
        if (!c.otherKernels().isEmpty()) {
            params.put("otherKernels.kernels", c.otherKernels().get(0).framework());
            params.put("otherKernels.imagesPerSecond", c.otherKernelsImagesPerSecond());
            params.put("otherKernels.secondsPerStepByRound", seconds(c.otherKernels()));
            params.put("kernelRatio", c.kernelRatio());
        }
        if (c.pytorch().isEmpty()) {
            return Evidence.builder(ref).verdict(Verdict.NOT_RUN, "PyTorch not available (Debian: apt-get install"
                    + " python3-torch; and deep/bench/convsmall_step.py); TensorFlow Java alone: "
                    + String.format(Locale.ROOT, "%.0f images/s", tf)).parameters(params)
                    .timing(timing(Double.NaN, c)).samples((long) steps * rounds).seconds(seconds).build();
        }
        double pt = c.pytorchImagesPerSecond();
        params.put("pytorch.version", c.pytorch().get(0).version());
        params.put("pytorch.isa", c.pytorch().get(0).isa() == null ? "not recorded" : c.pytorch().get(0).isa().toString());
        params.put("pytorch.imagesPerSecond", pt);
        params.put("pytorch.gflops", pt * flops / 1e9);
        params.put("pytorch.secondsPerStepByRound", seconds(c.pytorch()));
        params.put("ratioByRound", c.roundRatios());
        double ratio = c.ratio();
        params.put("ratio", ratio);
        // a timing claim: the ratio, its bound, rounds and load in its own field; no paper formula (issue 46)
        TimingAnswer timing = timing(ratio, c);
        Evidence e = Evidence.builder(ref).parameters(params).timing(timing).samples(3L * steps * rounds)
                .seconds(seconds).build();
        MachineLoad load = c.load();
        Verdict verdict = load.busy() ? Verdict.INCONCLUSIVE : timing.met() ? Verdict.PASS : Verdict.FAIL;
        String why = load.busy() ? "the machine was busy (" + load.busyBecause() + "; " + load.describe()
                + ", medians over the rounds): a ratio measured on a shared machine moves with how each framework suffers"
                + " from sharing and is not evidence either way; run again on a quiet machine. Measured: " : "";
        return e.withVerdict(verdict, why + String.format(Locale.ROOT, "TensorFlow Java (%s) %.0f images/s vs PyTorch %.0f"
                        + " images/s, medians of %d alternating rounds: ratio %.2f (target >= %.1f; per round %s); %.1f GFLOP/s,"
                        + " %.0f%% of the %d-core %s FP32 peak (estimated)%s", c.tensorflow().get(0).label(), tf, pt, rounds,
                ratio, TARGET, Arrays.toString(Arrays.stream(c.roundRatios()).map(x -> Math.round(x * 100) / 100.0).toArray()),
                tf * flops / 1e9, 100 * tf * flops / 1e9 / peak, THREADS, isa.isa().id(),
                c.otherKernels().isEmpty() ? "" : String.format(Locale.ROOT, "; %s %.0f images/s (x%.2f)",
                        c.otherKernels().get(0).framework(), c.otherKernelsImagesPerSecond(), c.kernelRatio()))
                + (load.busy() ? "" : "; " + load.describe() + " (medians over the rounds)"));
    }

    /** The timing of the claim: the median ratio (NaN: no PyTorch) against {@link #TARGET}, the rounds and the load. */
    private static TimingAnswer timing(double ratio, StepBenchmark.Comparison c) {
        MachineLoad load = c.load();
        return new TimingAnswer("images per second, TensorFlow Java / PyTorch (medians over the rounds)", ratio, TARGET,
                c.tensorflow().size(), Double.isNaN(ratio) ? new double[0] : c.roundRatios(), load.othersShare(),
                load.stealShare(), load.loadAverage(), load.busy(), loadRule());
    }

    private static String loadRule() {
        return "INCONCLUSIVE when the machine was " + MachineLoad.rule() + ", at the median round";
    }

    /** The machine's load in the evidence: the medians over the rounds and each round's. */
    private static void putLoad(Map<String, Object> params, StepBenchmark.Comparison c) {
        MachineLoad load = c.load();
        params.put("load.othersShare", load.othersShare());
        params.put("load.stealShare", load.stealShare());
        params.put("load.loadAverage", load.loadAverage());
        params.put("load.othersShareByRound", c.loads().stream().mapToDouble(MachineLoad::othersShare).toArray());
        params.put(MachineLoad.RULE_PARAMETER, loadRule());
    }

    private static double[] seconds(List<StepBenchmark.Measurement> ms) {
        return ms.stream().mapToDouble(StepBenchmark.Measurement::secondsPerStep).toArray();
    }
}
