package org.msgdlab.core.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The float32 peak is that of the instruction set the kernels ran, per vendor and family where AVX-512 differs. */
class Fp32PeakTest {

    private static CpuInfo cpu(String vendor, int family, double mhz, String flags) {
        return CpuInfo.parse("processor\t: 0\nvendor_id\t: " + vendor + "\ncpu family\t: " + family + "\nmodel\t\t: 17\n"
                + "model name\t: Some CPU\ncpu MHz\t\t: " + mhz + "\nflags\t\t: " + flags + "\n\nprocessor\t: 1\n"
                + "cpu MHz\t\t: 999.0\n");
    }

    private static final String AVX512_FLAGS = "fpu sse4_1 avx fma avx2 avx512f avx512bw avx512vl avx512dq";

    @Test
    void avx2IsTwoFmaUnitsOfEightLanes() {
        // 2.45 GHz x 2 cores x (2 units x 8 lanes x 2 flops = 32 per cycle) = 156.8 GFLOP/s: the README's 157
        Fp32Peak p = Fp32Peak.of(cpu("AuthenticAMD", 25, 2450, AVX512_FLAGS), Isa.AVX2, 2);
        assertEquals(32, p.flopsPerCycle());
        assertEquals(156.8, p.gflops(), 1e-9);
        assertTrue(p.assumption().startsWith("avx2 FP32 peak 156.8 GFLOP/s = 2450 MHz x 2 cores x 32 flops/cycle"),
                p.assumption());
    }

    @Test
    void avx512OnZen4IsDoublePumpedAndNoFasterPerCycleThanAvx2() {
        CpuInfo zen4 = cpu("AuthenticAMD", 25, 2450, AVX512_FLAGS);
        Fp32Peak p = Fp32Peak.of(zen4, Isa.AVX512, 2);
        assertEquals(156.8, p.gflops(), 1e-9);
        assertTrue(p.why().contains("double-pumped"), p.why());
    }

    @Test
    void avx512OnZen5AndOnIntelIsTwoFullWidthFmaUnitsTwiceAvx2() {
        // issue 43's machine type: AMD family 26; 2.0 GHz x 1 core x (2 x 16 x 2 = 64) = 128 GFLOP/s
        assertEquals(128, Fp32Peak.of(cpu("AuthenticAMD", 26, 2000, AVX512_FLAGS), Isa.AVX512, 1).gflops(), 1e-9);
        assertEquals(64, Fp32Peak.of(cpu("AuthenticAMD", 26, 2000, AVX512_FLAGS), Isa.AVX2, 1).gflops(), 1e-9);
        Fp32Peak intel = Fp32Peak.of(cpu("GenuineIntel", 6, 3000, AVX512_FLAGS), Isa.AVX512, 4);
        assertEquals(768, intel.gflops(), 1e-9);
        assertTrue(intel.why().contains("assumed two 512-bit FMA units"), intel.why());
    }

    @Test
    void withoutFmaAMultiplyAndAnAddUnitEachCycle() {
        CpuInfo old = cpu("GenuineIntel", 6, 1000, "fpu sse4_1 avx");
        assertEquals(16, Fp32Peak.of(old, Isa.AVX, 1).gflops(), 1e-9);
        assertEquals(8, Fp32Peak.of(old, Isa.SSE, 1).gflops(), 1e-9);
    }

    @Test
    void anUnknownClockGivesNoPeakAndCoresMustBePositive() {
        assertTrue(Double.isNaN(Fp32Peak.of(CpuInfo.parse(""), Isa.AVX2, 2).gflops()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Fp32Peak.of(cpu("GenuineIntel", 6, 1000, "avx2 fma"), Isa.AVX2, 0));
        assertEquals("peak cores=0 must be >= 1", e.getMessage());
    }

    @Test
    void theCpuIsTheFirstProcessorsAndItsWidestIsaItsFlags() {
        CpuInfo c = cpu("AuthenticAMD", 25, 2450, AVX512_FLAGS);
        assertEquals(2450, c.mhz(), 0);
        assertEquals(Isa.AVX512, c.widestIsa());
        assertTrue(c.amd() && !c.intel());
        assertEquals(Isa.AVX2, cpu("AuthenticAMD", 23, 2450, "sse4_1 avx fma avx2").widestIsa());
    }

    @Test
    void aCapNarrowsTheCpusWidestAndNeverWidensIt() {
        assertEquals(Isa.AVX2, Isa.AVX512.cappedBy("AVX2"));
        assertEquals(Isa.AVX512, Isa.AVX512.cappedBy("avx512_core"));
        assertEquals(Isa.AVX512, Isa.AVX512.cappedBy("ALL"));
        assertEquals(Isa.AVX512, Isa.AVX512.cappedBy(null));
        assertEquals(Isa.AVX2, Isa.AVX2.cappedBy("AVX512_CORE"));
        assertEquals(Isa.SSE, Isa.AVX2.cappedBy("SSE41"));
        assertThrows(IllegalArgumentException.class, () -> Isa.of("avx3"));
    }
}
