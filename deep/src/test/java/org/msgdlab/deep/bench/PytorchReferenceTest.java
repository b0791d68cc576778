package org.msgdlab.deep.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Isa;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** PyTorch runs at its own defaults: our launcher's oneDNN pin does not reach its process. */
class PytorchReferenceTest {

    private static final List<String> SHOW_CAP = List.of("sh", "-c",
            "echo \"${ONEDNN_MAX_CPU_ISA-unset} ${DNNL_MAX_CPU_ISA-unset} ${TF_ENABLE_ONEDNN_OPTS-unset}\"");

    @Test
    @EnabledOnOs(OS.LINUX)
    void thePytorchChildsEnvironmentHasNoOneDnnCapThoughOursHasOne() throws Exception {
        // the control: a child of this JVM as the TensorFlow children start, which sees the pin the build sets for
        // the tests (pom.xml's surefire environment, as the launcher's): the test below is not vacuous
        String ours = Subprocess.run(Subprocess.process(SHOW_CAP, Map.of(), List.of()), "control").strip();
        assertTrue(ours.startsWith("AVX2 "), "the tests run under the launcher's pin (pom.xml); saw: " + ours);
        // PyTorch's process: the same environment without either name of the cap; the rest passes on
        String pytorch = Subprocess.run(PytorchReference.process(SHOW_CAP), "PyTorch's environment").strip();
        assertEquals("unset unset 1", pytorch);
    }

    @Test
    void pytorchsInstructionSetIsTheCpusWidestUnlessItSawACap() throws Exception {
        CpuInfo cpu = CpuInfo.parse("vendor_id\t: AuthenticAMD\ncpu family\t: 25\ncpu MHz\t: 2450\nflags\t: avx fma avx2 avx512f\n");
        ObjectMapper json = new ObjectMapper();
        StepBenchmark.Measurement m = PytorchReference.measurement(json.readTree("{\"version\": \"1.13.1\", \"threads\": 2,"
                + " \"n\": 1000, \"steps\": 30, \"seconds_per_step\": 0.1, \"onednn_max_cpu_isa\": null,"
                + " \"cpu_capability\": \"AVX2\"}"), cpu);
        assertEquals(Isa.AVX512, m.isa().isa());
        assertEquals("ONEDNN_MAX_CPU_ISA unset (PyTorch's default: the CPU's widest); ATen kernels AVX2", m.isa().how());
        assertEquals("pytorch@avx512", m.label());
        StepBenchmark.Measurement pinned = PytorchReference.measurement(json.readTree("{\"version\": \"1.13.1\", \"threads\": 2,"
                + " \"n\": 1000, \"steps\": 30, \"seconds_per_step\": 0.1, \"onednn_max_cpu_isa\": \"AVX2\"}"), cpu);
        assertEquals(Isa.AVX2, pinned.isa().isa());
        assertTrue(pinned.isa().how().startsWith("ONEDNN_MAX_CPU_ISA=AVX2 in PyTorch's environment"), pinned.isa().how());
        assertNull(new StepBenchmark.Measurement("pytorch", "x", 2, 1000, 1, 0.1).isa());
    }
}
