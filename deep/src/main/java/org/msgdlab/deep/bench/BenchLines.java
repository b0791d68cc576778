package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Fp32Peak;
import org.msgdlab.core.bench.Isa;
import org.msgdlab.core.bench.MachineLoad;
import org.msgdlab.deep.bench.StepBenchmark.Comparison;
import org.msgdlab.deep.bench.StepBenchmark.Measurement;
import org.msgdlab.deep.model.ConvSmall;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The lines {@code msgd bench deep} prints of a comparison: each step's speed against the peak of the instruction
 * set it ran (never another one), the ratios to PyTorch per round and their medians, and whether the machine's load
 * makes the timing a speed verdict or INCONCLUSIVE.
 */
final class BenchLines {

    private BenchLines() {
    }

    /** FLOPs of one image's training step ({@link ConvSmall#trainingFlopsPerImage()}). */
    static double flopsPerImage() {
        return ConvSmall.paper().trainingFlopsPerImage();
    }

    /**
     * Every step measured, by its label ({@link Measurement#label()}), in the order printed: TensorFlow Java's oneDNN
     * steps by instruction set, the other kernels, PyTorch.
     */
    static Map<String, List<Measurement>> series(Comparison c) {
        Map<String, List<Measurement>> m = new LinkedHashMap<>();
        c.tensorflowByIsa().values().forEach(v -> m.put(v.get(0).label(), v));
        if (c.tensorflow().get(0).isa() == null) {
            m.put(c.tensorflow().get(0).label(), c.tensorflow());
        }
        if (!c.otherKernels().isEmpty()) {
            m.put(c.otherKernels().get(0).label(), c.otherKernels());
        }
        if (!c.pytorch().isEmpty()) {
            m.put(c.pytorch().get(0).label(), c.pytorch());
        }
        return m;
    }

    /** The peaks of the instruction sets measured, one line each. */
    static List<String> peaks(Comparison c, CpuInfo cpu, int cores) {
        List<Isa> isas = new ArrayList<>();
        for (List<Measurement> s : series(c).values()) {
            if (s.get(0).isa() != null && !isas.contains(s.get(0).isa().isa())) {
                isas.add(s.get(0).isa().isa());
            }
        }
        return isas.stream().map(i -> "peak: " + Fp32Peak.of(cpu, i, cores).assumption()).toList();
    }

    /** Each round's ratios of TensorFlow Java (each instruction set) over PyTorch. */
    static String roundRatios(Comparison c, int round) {
        List<String> parts = new ArrayList<>();
        for (List<Measurement> tf : c.tensorflowByIsa().values()) {
            double[] r = Comparison.roundRatios(tf, c.pytorch());
            if (round < r.length) {
                parts.add(String.format(Locale.ROOT, "%s / %s %.2f", tf.get(0).label(), c.pytorch().get(0).label(), r[round]));
            }
        }
        return parts.isEmpty() ? "" : "ratios: " + String.join("; ", parts);
    }

    /** One line per step: median images/s, GFLOP/s, and the percentage of the peak of its own instruction set. */
    static List<String> medians(Comparison c, CpuInfo cpu, int cores) {
        double flops = flopsPerImage();
        List<String> lines = new ArrayList<>();
        for (List<Measurement> s : series(c).values()) {
            Measurement first = s.get(0);
            double ips = Comparison.imagesPerSecond(s);
            double gflops = ips * flops / 1e9;
            String share;
            if (first.isa() == null) {
                share = "no percentage of a peak: the instruction set of Eigen's kernels is fixed by TensorFlow's build, not"
                        + " known here";
            } else {
                Fp32Peak p = Fp32Peak.of(cpu, first.isa().isa(), cores);
                share = String.format(Locale.ROOT, "%.0f%% of the %s FP32 peak (%.1f GFLOP/s)", 100 * p.fraction(gflops),
                        p.isa().id(), p.gflops());
            }
            lines.add(String.format(Locale.ROOT, "median %s %s: %.0f images/s, %.4f s/step, %.1f GFLOP/s, %s", first.label(),
                    first.version(), ips, s.size() == 0 ? Double.NaN : Comparison.medianSeconds(s), gflops, share));
        }
        return lines;
    }

    /** The ratio of each TensorFlow Java step over PyTorch, medians and per round, with the target. */
    static List<String> ratios(Comparison c) {
        List<String> lines = new ArrayList<>();
        if (c.pytorch().isEmpty()) {
            return lines;
        }
        for (List<Measurement> tf : c.tensorflowByIsa().values()) {
            double ratio = Comparison.imagesPerSecond(tf) / c.pytorchImagesPerSecond();
            lines.add(String.format(Locale.ROOT, "ratio %s / %s images per second, median of the rounds: %.2f (target >= %.1f;"
                    + " per round %s)", tf.get(0).label(), c.pytorch().get(0).label(), ratio, StepBenchmark.SPEED_TARGET,
                    rounded(Comparison.roundRatios(tf, c.pytorch()))));
        }
        return lines;
    }

    /**
     * The timing's standing: INCONCLUSIVE on a busy machine (not a speed verdict), or evidence on a quiet one.
     *
     * @param load the load (medians over the rounds)
     * @param what what was timed, e.g. "the step's rounds"
     * @return the line
     */
    static String verdict(MachineLoad load, String what) {
        if (!load.measured()) {
            return "timing of " + what + ": the machine's load was not measured (no /proc): no speed verdict";
        }
        if (load.busy()) {
            return "timing of " + what + ": INCONCLUSIVE, the machine was busy (" + load.busyBecause() + "): these are the"
                    + " speeds of a shared machine, not a speed verdict. Measured: " + load.describe() + ". Rule: "
                    + MachineLoad.rule();
        }
        return "timing of " + what + ": the machine was quiet (" + load.describe() + "): the numbers above are evidence."
                + " Rule: " + MachineLoad.rule();
    }

    /**
     * The paired-seed cost lines: each instruction set's core-hours, and the widest's (the launcher's default since
     * issue 43) over the AVX2 pin's (its default before).
     *
     * @param today  the cost under the AVX2 pin (the launcher's default before issue 43)
     * @param widest the cost at the CPU's widest instruction set (the same object when the two are one)
     * @return the lines
     */
    static List<String> pairedSeedCost(PairedSeedCost today, PairedSeedCost widest) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "paired seed of the second study (%s; %d iterations, an evaluation every %d,"
                        + " %d thread per run): core-hours = 1/3600 x sum over the methods of [%d x step + %d x evaluation],"
                        + " full-batch step for %s, small-batch step for the rest", String.join(", ", PairedSeedCost.METHODS),
                PairedSeedCost.ITERATIONS, PairedSeedCost.EVAL_EVERY, StepParts.THREADS, PairedSeedCost.ITERATIONS,
                PairedSeedCost.ITERATIONS / PairedSeedCost.EVAL_EVERY + 1, String.join(", ", PairedSeedCost.fullBatchMethods())));
        lines.add("paired seed, the AVX2 pin (the launcher's default before issue 43): " + today.describe());
        if (widest == today) {
            lines.add("paired seed, the widest instruction set: the same (this CPU offers nothing wider than "
                    + today.parts().isa().isa().id() + ")");
        } else {
            lines.add("paired seed, the widest instruction set (the launcher's default): " + widest.describe());
            lines.add(String.format(Locale.ROOT, "paired seed, widest / AVX2 pin: %.2f of the AVX2 pin's core-hours",
                    widest.coreHours() / today.coreHours()));
        }
        return lines;
    }

    static String rounded(double[] v) {
        return Arrays.toString(Arrays.stream(v).map(x -> Math.round(x * 100) / 100.0).toArray());
    }
}
