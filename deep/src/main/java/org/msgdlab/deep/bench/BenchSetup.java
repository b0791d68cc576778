package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Isa;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a comparison of the full-batch step times ({@link StepBenchmark#compare(org.msgdlab.deep.data.ImageSet,
 * BenchSetup)}): threads, steps and rounds, which alternatives, and the instruction sets TensorFlow Java runs at.
 * This process's step runs at the instruction set its environment allows ({@link #here}); each cap of
 * {@link #caps} that allows another one is timed in a child JVM with that {@code ONEDNN_MAX_CPU_ISA}.
 * <p>
 * Immutable and thread-safe.
 *
 * @param dataDir      where Fashion-MNIST is, for the child processes
 * @param intra        TensorFlow (and PyTorch) intra-op threads (0: all the machine's)
 * @param inter        TensorFlow inter-op threads
 * @param warmup       steps run before the timing, in each process
 * @param steps        steps timed per round, >= 1
 * @param rounds       rounds, >= 1
 * @param otherKernels whether to time the other kernels (Eigen against oneDNN) in a child JVM
 * @param pytorch      whether to time PyTorch (when available)
 * @param cpu          the CPU
 * @param here         the instruction set of this process's oneDNN, and where it comes from
 * @param caps         the caps to time TensorFlow Java at besides this process's own (in child JVMs)
 */
public record BenchSetup(Path dataDir, int intra, int inter, int warmup, int steps, int rounds, boolean otherKernels,
                         boolean pytorch, CpuInfo cpu, IsaCap.InUse here, List<IsaCap> caps) {

    /** The caps {@code msgd bench deep} times by default: the AVX2 pin (the launcher's default before issue 43) and the CPU's widest (its default since). */
    public static final List<IsaCap> DEFAULT_CAPS = List.of(IsaCap.AVX2, IsaCap.ALL);

    /**
     * Checks the counts; copies the caps.
     *
     * @throws IllegalArgumentException when {@code rounds} or {@code steps} is below 1, or a thread count or
     *                                  {@code warmup} is negative
     */
    public BenchSetup {
        if (rounds < 1 || steps < 1) {
            throw new IllegalArgumentException("benchmark rounds=" + rounds + " and steps=" + steps + " must be >= 1");
        }
        if (intra < 0 || inter < 0 || warmup < 0) {
            throw new IllegalArgumentException("benchmark intra=" + intra + ", inter=" + inter + " and warmup=" + warmup
                    + " must be >= 0");
        }
        Objects.requireNonNull(cpu, "cpu");
        Objects.requireNonNull(here, "here");
        caps = List.copyOf(caps);
    }

    /**
     * A setup with 5 warm-up steps, the other kernels and PyTorch, no cap besides this process's, and this process's
     * instruction set not known (the CPU's widest assumed, and said).
     *
     * @param dataDir where Fashion-MNIST is
     * @param intra   intra-op threads
     * @param inter   inter-op threads
     * @param steps   steps per round
     * @param rounds  rounds
     * @return the setup
     */
    public static BenchSetup of(Path dataDir, int intra, int inter, int steps, int rounds) {
        CpuInfo cpu = CpuInfo.read();
        return new BenchSetup(dataDir, intra, inter, 5, steps, rounds, true, true, cpu,
                new IsaCap.InUse(cpu.widestIsa(), "not known (no environment given): the CPU's widest assumed"), List.of());
    }

    /**
     * @param environment this process's environment (its {@link IsaCap#VARIABLES} are read)
     * @return this setup with this process's instruction set from {@code environment}
     */
    public BenchSetup withEnvironment(Map<String, String> environment) {
        return new BenchSetup(dataDir, intra, inter, warmup, steps, rounds, otherKernels, pytorch, cpu,
                IsaCap.InUse.of(cpu, environment), caps);
    }

    /**
     * @param more the caps to time TensorFlow Java at besides this process's own
     * @return this setup with {@code more} as its caps
     */
    public BenchSetup withCaps(List<IsaCap> more) {
        return new BenchSetup(dataDir, intra, inter, warmup, steps, rounds, otherKernels, pytorch, cpu, here, more);
    }

    /**
     * @param timeOtherKernels whether to time the other kernels
     * @param timePytorch      whether to time PyTorch
     * @return this setup with those alternatives
     */
    public BenchSetup withAlternatives(boolean timeOtherKernels, boolean timePytorch) {
        return new BenchSetup(dataDir, intra, inter, warmup, steps, rounds, timeOtherKernels, timePytorch, cpu, here, caps);
    }

    /** @return the cores the timing uses: {@code intra}, or all the machine's when 0 */
    public int cores() {
        return intra == 0 ? Runtime.getRuntime().availableProcessors() : intra;
    }

    /**
     * The caps to time in child JVMs: one per instruction set of {@link #caps} other than this process's own (when this
     * process runs oneDNN kernels), the first cap naming each.
     *
     * @param hereIsOneDnn whether this process runs oneDNN kernels (its own step is then at {@code here.isa()})
     * @return cap by the instruction set it allows, in the order of {@link #caps}
     */
    public Map<Isa, IsaCap> childCaps(boolean hereIsOneDnn) {
        Map<Isa, IsaCap> m = new LinkedHashMap<>();
        for (IsaCap c : caps) {
            Isa isa = c.limit(cpu);
            if (!(hereIsOneDnn && isa == here.isa())) {
                m.putIfAbsent(isa, c);
            }
        }
        return m;
    }

    /**
     * The instruction sets TensorFlow Java's oneDNN step is timed at: this process's own (when it runs oneDNN) and
     * those of {@link #childCaps}.
     *
     * @param hereIsOneDnn whether this process runs oneDNN kernels
     * @return the instruction sets, this process's first
     */
    public List<Isa> timedIsas(boolean hereIsOneDnn) {
        List<Isa> l = new ArrayList<>();
        if (hereIsOneDnn) {
            l.add(here.isa());
        }
        l.addAll(childCaps(hereIsOneDnn).keySet());
        return l;
    }
}
