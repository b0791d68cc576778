package org.msgdlab.deep.train;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.deep.data.IdxFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The environment a training records is the one its caller passes (deep reads none itself): run.json's
 * {@code bits} hold the variables that move the bits and nothing else, and a run continues only in the
 * environment it was started in.
 */
class TrainingContextTest {

    @TempDir
    static Path tmp;
    static Path data;

    /** A fake environment: one variable that moves the bits, one that does not. */
    static final Map<String, String> CAPPED = Map.of("ONEDNN_MAX_CPU_ISA", "AVX2", "HOME", "/home/someone");

    @BeforeAll
    static void makeData() throws IOException {
        data = IdxFiles.fashionLike(tmp.resolve("fm"), 60, 1000, 9);
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }

    private static RunConfig config(Path out, int iterations) {
        Preset p = Preset.FASHION_MNIST_SMALL;
        return RunConfig.builder(p, Method.parse("gd", p.sgdBatch(), Double.NaN), out).build().withData(data)
                .withIterations(iterations).withEval(2, 0).withCheckpointEvery(2).withProgress(false).withThreads(1, 1);
    }

    @Test
    void onlyTheVariablesThatMoveTheBitsAreKept() {
        TrainingContext c = TrainingContext.uncancelled(CAPPED);
        assertEquals(Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), c.environment());
        assertEquals(List.of("TF_DETERMINISTIC_OPS", "TF_ENABLE_ONEDNN_OPTS"), List.copyOf(TrainingContext.uncancelled(
                Map.of("TF_ENABLE_ONEDNN_OPTS", "0", "TF_DETERMINISTIC_OPS", "1", "PATH", "/bin")).environment().keySet()),
                "sorted by name");
        BitProvenance b = BitProvenance.current(1, 1, CAPPED);
        assertEquals(Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), b.environment());
        assertTrue(b.isa().equals("n/a") || List.of("sse", "avx", "avx2").contains(b.isa()),
                "oneDNN's kernels capped by the given variable, not by this process's: " + b.isa());
    }

    @Test
    void aRunRecordsTheEnvironmentItIsGivenAndContinuesOnlyInTheSame() throws IOException {
        Path dir = tmp.resolve("capped");
        Trainer.run(config(dir, 2), null, quiet(), TrainingContext.uncancelled(CAPPED));
        assertEquals(Map.of("ONEDNN_MAX_CPU_ISA", "AVX2"), BitProvenance.recordedIn(dir).orElseThrow().environment());

        byte[] runJson = Files.readAllBytes(dir.resolve("run.json"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Trainer.resume(dir, 4, quiet(), TrainingContext.uncancelled(Map.of())));
        assertTrue(e.getMessage().contains("environment: {ONEDNN_MAX_CPU_ISA=AVX2} vs {}"), e.getMessage());
        assertArrayEquals(runJson, Files.readAllBytes(dir.resolve("run.json")), "a refusal changes no file");

        Trainer.Outcome continued = Trainer.resume(dir, 4, quiet(), TrainingContext.uncancelled(CAPPED));
        assertEquals(Trainer.Status.COMPLETED, continued.status());
        assertEquals(4, continued.iterationsDone());
    }
}
