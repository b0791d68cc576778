package org.msgdlab.deep.train;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What run.json records of the way a run's bits were computed, and how two records are compared. */
class BitProvenanceTest {

    @Test
    void theCpuIsNamedWithItsFamilyAndItsWidestInstructionSet(@TempDir Path dir) throws Exception {
        Path zen5 = dir.resolve("zen5");
        Files.writeString(zen5, "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\n"
                + "model name\t: AMD EPYC\nflags\t\t: fpu sse avx avx2 fma avx512f avx512bw\n\nprocessor\t: 1\nmodel name\t: other\n");
        Path zen3 = dir.resolve("zen3");
        Files.writeString(zen3, "cpu family\t: 25\nmodel\t\t: 1\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse avx avx2 fma\n");
        assertEquals(List.of("AMD EPYC (family 26, model 2)", "avx512"), List.of(BitProvenance.cpu(zen5)));
        assertEquals(List.of("AMD EPYC (family 25, model 1)", "avx2"), List.of(BitProvenance.cpu(zen3)));
        assertEquals(List.of("unknown", "unknown"), List.of(BitProvenance.cpu(dir.resolve("missing"))));
    }

    @Test
    void oneDnnUsesTheNarrowerOfTheCpuAndItsCap() {
        assertEquals("avx2", BitProvenance.narrower("avx512", "AVX2"));
        assertEquals("avx512", BitProvenance.narrower("avx512", "AVX512_CORE_AMX"));
        assertEquals("avx2", BitProvenance.narrower("avx2", "AVX512_CORE"));
        assertEquals("avx512", BitProvenance.narrower("avx512", null));
        assertEquals("avx512", BitProvenance.narrower("avx512", "ALL"));
        assertEquals("sse", BitProvenance.narrower("avx2", "SSE41"));
    }

    @Test
    void twoRecordsDifferInTheFieldsTheyNameAndSurviveRunJson() {
        BitProvenance a = new BitProvenance("c1", "", "2.18.0", "onednn", "AMD EPYC (family 26, model 2)", "avx512", "avx2",
                1, 1, Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), "Debian 17.0.15 (OpenJDK 64-Bit Server VM)");
        BitProvenance b = new BitProvenance("c1", "", "2.18.0", "onednn", "AMD EPYC (family 25, model 1)", "avx2", "avx2",
                1, 1, Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), "Debian 17.0.15 (OpenJDK 64-Bit Server VM)");
        assertTrue(a.differences(a).isEmpty());
        List<String> d = a.differences(b);
        assertEquals(2, d.size(), d.toString());
        assertTrue(d.get(0).startsWith("cpu: AMD EPYC (family 26"), d.toString());
        assertTrue(d.get(1).startsWith("cpuIsa: avx512 vs avx2"), d.toString());
        assertEquals(a, BitProvenance.fromMap(a.toMap()));
    }

    @Test
    void onlyTheGivenVariablesThatMoveTheBitsAreRecorded() {
        Map<String, String> capped = Map.of("ONEDNN_MAX_CPU_ISA", "AVX2", "HOME", "/home/someone");
        assertEquals(Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), TrainingContext.uncancelled(capped).environment());
        assertEquals(List.of("TF_DETERMINISTIC_OPS", "TF_ENABLE_ONEDNN_OPTS"), List.copyOf(TrainingContext.uncancelled(
                Map.of("TF_ENABLE_ONEDNN_OPTS", "0", "TF_DETERMINISTIC_OPS", "1", "PATH", "/bin")).environment().keySet()),
                "sorted by name");
        BitProvenance b = BitProvenance.current(1, 1, capped);
        assertEquals(Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), b.environment());
        assertTrue(b.isa().equals("n/a") || List.of("sse", "avx", "avx2").contains(b.isa()),
                "oneDNN's kernels capped by the given variable, not by this process's: " + b.isa());
    }
}
