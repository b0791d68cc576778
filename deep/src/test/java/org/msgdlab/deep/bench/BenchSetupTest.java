package org.msgdlab.deep.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Isa;
import org.msgdlab.core.bench.MachineLoad;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which instruction sets the bench times, each step against its own ISA's peak, and the busy line. */
class BenchSetupTest {

    private static final CpuInfo ZEN5 = CpuInfo.parse("vendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t: 2\n"
            + "cpu MHz\t: 2000\nflags\t: avx fma avx2 avx512f\n");
    private static final CpuInfo ZEN3 = CpuInfo.parse("vendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t: 1\n"
            + "cpu MHz\t: 2000\nflags\t: avx fma avx2\n");

    private static BenchSetup setup(CpuInfo cpu, Map<String, String> env, List<IsaCap> caps) {
        return new BenchSetup(Path.of("."), 2, 1, 5, 2, 1, true, true, cpu, IsaCap.InUse.of(cpu, env), caps);
    }

    @Test
    void underTheLaunchersPinTheWidestIsTimedInAChildAndTodaysPathHere() {
        BenchSetup s = setup(ZEN5, Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), BenchSetup.DEFAULT_CAPS);
        assertEquals(Isa.AVX2, s.here().isa());
        assertEquals("ONEDNN_MAX_CPU_ISA=AVX2", s.here().how());
        assertEquals(Map.of(Isa.AVX512, IsaCap.ALL), s.childCaps(true));
        assertEquals(List.of(Isa.AVX2, Isa.AVX512), s.timedIsas(true));
        // train.sh's ALL: today's path is the child; AVX512_CORE and ALL allow one ISA, timed once
        BenchSetup all = setup(ZEN5, Map.of("ONEDNN_MAX_CPU_ISA", "ALL"), List.of(IsaCap.AVX2, IsaCap.AVX512_CORE, IsaCap.ALL));
        assertEquals(Map.of(Isa.AVX2, IsaCap.AVX2), all.childCaps(true));
        // an AVX2 CPU: both caps are this process's own
        assertEquals(Map.of(), setup(ZEN3, Map.of(), BenchSetup.DEFAULT_CAPS).childCaps(true));
        // a process running Eigen times every cap's oneDNN step in children
        assertEquals(List.of(Isa.AVX2, Isa.AVX512), List.copyOf(s.childCaps(false).keySet()));
        assertEquals("ONEDNN_MAX_CPU_ISA unset: the CPU's widest", setup(ZEN5, Map.of(), List.of()).here().how());
        assertEquals("DNNL_MAX_CPU_ISA=AVX2", setup(ZEN5, Map.of("DNNL_MAX_CPU_ISA", "AVX2"), List.of()).here().how());
    }

    @Test
    void aCapIsOneOfOneDnnsNames() {
        assertEquals(IsaCap.AVX512_CORE, IsaCap.parse("avx512_core"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IsaCap.parse("AVX3"));
        assertEquals("--isa AVX3: must be one of [SSE41, AVX, AVX2, AVX512_CORE, ALL] (oneDNN's ONEDNN_MAX_CPU_ISA spelling)",
                e.getMessage());
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
                () -> new BenchSetup(Path.of("."), 2, 1, 5, 0, 1, true, true, ZEN5, IsaCap.InUse.of(ZEN5, Map.of()), List.of()));
        assertEquals("benchmark rounds=1 and steps=0 must be >= 1", r.getMessage());
    }

    @Test
    void eachStepIsAFractionOfThePeakOfItsOwnInstructionSetNeverAnothers() {
        // the same 0.05 s per step (20,000 images/s x 1,587,000 flops = 31.74 GFLOP/s) at avx2 and at avx512 on a
        // Zen 5 core pair at 2 GHz: 24.8% of the avx2 peak (128 GFLOP/s), 12.4% of the avx512 one (256 GFLOP/s)
        StepBenchmark.Measurement avx2 = new StepBenchmark.Measurement("tensorflow-java/onednn", "2.18", 2, 1000, 2, 0.05,
                new IsaCap.InUse(Isa.AVX2, "ONEDNN_MAX_CPU_ISA=AVX2"));
        StepBenchmark.Measurement avx512 = avx2.at(IsaCap.InUse.of(ZEN5, IsaCap.ALL));
        StepBenchmark.Measurement eigen = new StepBenchmark.Measurement("tensorflow-java/eigen", "2.18", 2, 1000, 2, 0.1);
        StepBenchmark.Comparison c = new StepBenchmark.Comparison(List.of(avx2), List.of(eigen), List.of(),
                List.of(new MachineLoad(0.01, 0, 0.5, 2)), Map.of(Isa.AVX512, List.of(avx512)));
        List<String> lines = BenchLines.medians(c, ZEN5, 2);
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("median tensorflow-java/onednn@avx2 2.18: 20000 images/s, 0.0500 s/step, 31.7"
                + " GFLOP/s, 25% of the avx2 FP32 peak (128.0 GFLOP/s)"), lines.get(0));
        assertTrue(lines.get(1).contains("@avx512") && lines.get(1).endsWith("12% of the avx512 FP32 peak (256.0 GFLOP/s)"),
                lines.get(1));
        assertTrue(lines.get(2).contains("no percentage of a peak"), lines.get(2));
        assertEquals(2, BenchLines.peaks(c, ZEN5, 2).size());
    }

    @Test
    void aBusyMachinesTimingIsInconclusiveNotAVerdict() {
        String busy = BenchLines.verdict(new MachineLoad(0.45, 0, 2.9, 2), "the step's rounds");
        assertTrue(busy.startsWith("timing of the step's rounds: INCONCLUSIVE, the machine was busy (other processes used"
                + " 45% >= 10% of the CPUs): "), busy);
        assertTrue(busy.contains("not a speed verdict"), busy);
        String quiet = BenchLines.verdict(new MachineLoad(0.01, 0, 0.4, 2, 0.97), "the step's rounds");
        assertTrue(quiet.startsWith("timing of the step's rounds: the machine was quiet"), quiet);
    }
}
