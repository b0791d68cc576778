package org.msgdlab.core.bench;

import java.util.Locale;
import java.util.Objects;

/**
 * The theoretical float32 peak of the cores a timing used, for the instruction set the kernels ran
 * (never another one: a step run with AVX2 kernels is a fraction of the AVX2 peak, even on an AVX-512 CPU).
 * <pre>
 *   peak [GFLOP/s] = clock [GHz] x cores x vector units x float32 lanes x flops per lane and instruction
 * </pre>
 * with 2 flops per lane for a fused multiply-add and 1 for a separate multiply or add. What is assumed per
 * instruction set, per cycle and core (the vendors' optimization manuals; an estimate, printed with every
 * percentage of it, {@link #assumption()}):
 * <ul>
 *   <li>SSE: one 128-bit multiply and one 128-bit add unit, 2 x 4 x 1 = 8 flops;</li>
 *   <li>AVX (no FMA): one 256-bit multiply and one 256-bit add unit, 2 x 8 x 1 = 16 flops;</li>
 *   <li>AVX2 with FMA: two 256-bit FMA units, 2 x 8 x 2 = 32 flops (Intel since Haswell, AMD since Zen 2);</li>
 *   <li>AVX-512 on Intel: two 512-bit FMA units, 2 x 16 x 2 = 64 flops (Xeon Gold and Platinum; parts with one
 *       512-bit FMA unit, such as Xeon Silver and Bronze, reach half: the percentage is then understated 2x);</li>
 *   <li>AVX-512 on AMD Zen 4 (family 25): the 512-bit instructions are split over the two 256-bit FMA pipes
 *       (double-pumped: 2 x 16 lanes per 2 cycles), 32 flops per cycle, the same as AVX2;</li>
 *   <li>AVX-512 on AMD Zen 5 and later (family 26 and up): two 512-bit FMA pipes, 64 flops (the server parts;
 *       a double-pumped Zen 5 would reach half);</li>
 *   <li>AVX-512 on any other vendor: counted as two 512-bit FMA units, 64 flops.</li>
 * </ul>
 * The clock is {@code /proc/cpuinfo}'s {@code cpu MHz} when it was read (boost and AVX-512 frequency licences
 * move the real one).
 * <p>
 * Immutable and thread-safe.
 *
 * @param isa             the instruction set the kernels ran
 * @param mhz             the clock, MHz (NaN: unknown, then the peak is NaN)
 * @param cores           cores the timing used, >= 1
 * @param units           vector units per core that issue a float32 operation each cycle (a double-pumped
 *                        512-bit instruction counts as one unit)
 * @param flopsPerCycle   float32 flops per cycle and core
 * @param why             the per-cycle assumption in words
 */
public record Fp32Peak(Isa isa, double mhz, int cores, int units, int flopsPerCycle, String why) {

    /**
     * Checks the cores.
     *
     * @throws IllegalArgumentException when {@code cores} is below 1 or {@code flopsPerCycle} not positive
     */
    public Fp32Peak {
        Objects.requireNonNull(isa, "isa");
        if (cores < 1) {
            throw new IllegalArgumentException("peak cores=" + cores + " must be >= 1");
        }
        if (flopsPerCycle < 1) {
            throw new IllegalArgumentException("peak flopsPerCycle=" + flopsPerCycle + " must be >= 1");
        }
    }

    /**
     * The peak of {@code cores} cores of {@code cpu} running kernels of {@code isa} (see the class comment for
     * what is assumed per instruction set).
     *
     * @param cpu   the CPU (vendor, family and clock are read)
     * @param isa   the instruction set the kernels ran
     * @param cores the cores used, >= 1
     * @return the peak
     * @throws IllegalArgumentException when {@code cores} is below 1
     */
    public static Fp32Peak of(CpuInfo cpu, Isa isa, int cores) {
        int flopsPerLane = isa.fusedMultiplyAdd() ? 2 : 1;
        int lanes = isa.float32Lanes();
        return switch (isa) {
            case SSE -> new Fp32Peak(isa, cpu.mhz(), cores, 2, 2 * lanes * flopsPerLane,
                    "SSE: a 128-bit multiply and a 128-bit add unit, 2 x 4 lanes x 1 flop");
            case AVX -> new Fp32Peak(isa, cpu.mhz(), cores, 2, 2 * lanes * flopsPerLane,
                    "AVX without FMA: a 256-bit multiply and a 256-bit add unit, 2 x 8 lanes x 1 flop");
            case AVX2 -> new Fp32Peak(isa, cpu.mhz(), cores, 2, 2 * lanes * flopsPerLane,
                    "AVX2: two 256-bit FMA units, 2 x 8 lanes x 2 flops");
            case AVX512 -> cpu.amd() && cpu.family() < 26
                    ? new Fp32Peak(isa, cpu.mhz(), cores, 1, lanes * flopsPerLane,
                            "AVX-512 on AMD family " + cpu.family() + " (Zen 4 and before): double-pumped on two 256-bit"
                                    + " FMA pipes, 2 x 16 lanes x 2 flops per 2 cycles, as AVX2")
                    : new Fp32Peak(isa, cpu.mhz(), cores, 2, 2 * lanes * flopsPerLane, cpu.amd()
                            ? "AVX-512 on AMD family " + cpu.family() + " (Zen 5 and later): two 512-bit FMA pipes,"
                                    + " 2 x 16 lanes x 2 flops"
                            : "AVX-512 on " + cpu.vendor() + ": assumed two 512-bit FMA units (one on Xeon Silver and"
                                    + " Bronze: half), 2 x 16 lanes x 2 flops");
        };
    }

    /** @return the peak in GFLOP/s: clock x cores x {@link #flopsPerCycle} (NaN when the clock is unknown) */
    public double gflops() {
        return mhz / 1000.0 * cores * flopsPerCycle;
    }

    /**
     * The fraction of this peak that a rate reaches.
     *
     * @param gflopsPerSecond a measured rate, GFLOP/s
     * @return {@code gflopsPerSecond / gflops()}
     */
    public double fraction(double gflopsPerSecond) {
        return gflopsPerSecond / gflops();
    }

    /** @return e.g. "avx2 FP32 peak 156.8 GFLOP/s = 2450 MHz x 2 cores x 32 flops/cycle (AVX2: two 256-bit FMA units, ...)" */
    public String assumption() {
        return String.format(Locale.ROOT, "%s FP32 peak %.1f GFLOP/s = %s MHz x %d cores x %d flops/cycle (%s; estimated)",
                isa.id(), gflops(), Double.isNaN(mhz) ? "?" : String.format(Locale.ROOT, "%.0f", mhz), cores, flopsPerCycle,
                why);
    }
}
