package org.msgdlab.deep.bench;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Fp32Peak;
import org.msgdlab.core.bench.Isa;
import org.msgdlab.deep.data.ImageSet;
import org.msgdlab.deep.model.ConvSmall;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The roofline measured on TensorFlow: every arithmetic part of ConvSmall's step found in the real trace, the FLOPs of
 * the images given, the parts adding up to the traced step with one thread, and the lines {@code msgd bench deep
 * --roofline} prints, ending with the load's verdict (the timings of a test are no evidence; the mechanics are).
 */
class RooflineBenchmarkTest {

    private static ImageSet train;
    private static ImageSet test;

    static ImageSet generated(String name, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        byte[] px = new byte[n * 784];
        int[] lb = new int[n];
        for (int i = 0; i < px.length; i++) {
            px[i] = (byte) r.nextInt(256);
        }
        for (int i = 0; i < n; i++) {
            lb[i] = i % 10;
        }
        return new ImageSet(name, n, 28, 28, 1, 10, px, lb);
    }

    @BeforeAll
    static void images() {
        train = generated("train", 60, 1);
        test = generated("test", 90, 2);
    }

    @Test
    void everyArithmeticPartOfTheStepIsFoundAndThePartsAddUp() {
        Fp32Peak peak = Fp32Peak.of(CpuInfo.read(), Isa.AVX2, 1);
        RooflineBenchmark.Result r = RooflineBenchmark.measure(train, test, 1, 1, 1, 1, 3, 1, peak);
        RooflineParts s = r.step();
        for (StepPart p : StepPart.values()) {
            if (p.arithmetic()) {
                assertTrue(s.seconds(p) > 0, p + " of the step: " + s.seconds());
            }
        }
        for (StepPart p : List.of(StepPart.IMAGES, StepPart.POOL_RELU, StepPart.POOL_RELU_GRADIENT, StepPart.LOSS,
                StepPart.UPDATE, StepPart.SESSION, StepPart.NOISE_DRAW)) {
            assertTrue(s.seconds(p) > 0, p + " of the step: " + s.seconds());
        }
        assertEquals(60 * ConvSmall.paper().trainingFlopsPerImage(), s.flops(), 1e-6);
        assertEquals(3, s.passes());
        // one intra-op and one inter-op thread: no two ops at once, so the parts add up to the traced step (the
        // overlap is the parts' sum less the step); the ops ran within the runs
        assertTrue(s.overlapSeconds() <= 0.02 * s.tracedSeconds(), s.sums());
        assertTrue(s.busySeconds() <= s.tracedSeconds(), s.sums());
        assertEquals(s.tracedSeconds(), s.arithmeticSeconds() + s.flopFreeSeconds() - s.overlapSeconds(), 1e-12);

        RooflineParts e = r.evaluation();
        assertEquals((90 + 60) * 2 * ConvSmall.paper().multiplyAdds().forward(), e.flops(), 1e-6);
        for (StepPart p : StepPart.values()) {
            boolean forward = p == StepPart.CONV1_FORWARD || p == StepPart.CONV2_FORWARD || p == StepPart.DENSE_FORWARD;
            if (forward) {
                assertTrue(e.seconds(p) > 0, p + " of the evaluation: " + e.seconds());
            } else if (!p.inEvaluation()) {
                assertEquals(0, e.seconds(p), p + " of the evaluation");
            }
        }
        assertTrue(r.load().cpus() >= 1);
    }

    @Test
    void theReportPrintsBothPassesTheBoundsAndTheLoadsVerdict() {
        CpuInfo cpu = CpuInfo.read();
        BenchSetup setup = new BenchSetup(Path.of("."), 1, 1, 1, 2, 1, false, false, cpu,
                IsaCap.InUse.of(cpu, Map.of(IsaCap.VARIABLE, "AVX2")), List.of());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StepBenchmarkReport.roofline(setup, train, test, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.get(0).startsWith("roofline of ConvSmall (n=60)"), lines.get(0));
        assertEquals(2, lines.stream().filter(l -> l.startsWith("part ")).count(), String.join("\n", lines));
        assertEquals(2, lines.stream().filter(l -> l.startsWith("the parts add up to")).count(), String.join("\n", lines));
        assertEquals(2, lines.stream().filter(l -> l.startsWith("bound")).count(), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("full-batch step of ConvSmall on n=60 images")));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("evaluation of the training loop: 90 test images")));
        String last = lines.get(lines.size() - 1);
        assertTrue(last.startsWith("timing of the roofline's passes: ") && (last.contains("INCONCLUSIVE, the machine was busy")
                || last.contains("the machine was quiet") || last.contains("not measured")), last);
    }
}
