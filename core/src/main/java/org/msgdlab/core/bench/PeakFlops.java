package org.msgdlab.core.bench;

import java.util.Locale;

/**
 * The machine's theoretical double-precision peak per core at its widest instruction set, for the Java
 * benchmarks (the JIT compiles to the widest the CPU offers): half of {@link Fp32Peak}'s float32 peak of one core
 * at {@link CpuInfo#widestIsa()} (a vector holds half as many doubles), whose Javadoc states what is assumed per
 * instruction set. An estimate, stated as such next to every percentage. Kernels that may run a narrower
 * instruction set (oneDNN under {@code ONEDNN_MAX_CPU_ISA}) take {@link Fp32Peak} of the one they ran.
 */
public final class PeakFlops {

    private PeakFlops() {
    }

    /**
     * The double-precision peak of one core at the CPU's widest instruction set.
     *
     * @return estimated FP64 GFLOP/s of one core; NaN when /proc/cpuinfo gives no clock (not Linux)
     */
    public static double perCoreGflops() {
        return widest().gflops() / 2;
    }

    /**
     * The single-precision peak of one core at the CPU's widest instruction set.
     *
     * @return estimated FP32 GFLOP/s of one core
     */
    public static double perCoreGflopsFloat32() {
        return widest().gflops();
    }

    /**
     * How the peak was estimated, stated next to every percentage of it.
     *
     * @return e.g. {@code "estimated: 3000.000 MHz x 16 double flops/cycle (AVX2: two 256-bit FMA units, ...)"}; the
     *         clock is "?" when /proc/cpuinfo gives none
     */
    public static String assumption() {
        Fp32Peak p = widest();
        return String.format(Locale.ROOT, "estimated: %s MHz x %d double flops/cycle (%s)",
                Double.isNaN(p.mhz()) ? "?" : String.format(Locale.ROOT, "%.3f", p.mhz()), p.flopsPerCycle() / 2, p.why());
    }

    /**
     * The CPU, in words.
     *
     * @return its {@code model name} from /proc/cpuinfo ("unknown CPU" when absent) and the processors
     *         available to this JVM, as {@code "MODEL, N cores"}
     */
    public static String describe() {
        return CpuInfo.read().modelName() + ", " + Runtime.getRuntime().availableProcessors() + " cores";
    }

    private static Fp32Peak widest() {
        CpuInfo cpu = CpuInfo.read();
        return Fp32Peak.of(cpu, cpu.widestIsa(), 1);
    }
}
