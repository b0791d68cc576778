package org.msgdlab.deep.bench;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.bench.CpuInfo;
import org.msgdlab.core.bench.Fp32Peak;
import org.msgdlab.core.bench.Isa;
import org.msgdlab.deep.model.ConvSmall;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The roofline of a pass from its parts' times: shares, GFLOP/s and fractions of the peak, the ceiling with the
 * arithmetic at the peak, and what 35% of the peak needs; worked out by hand for a made-up step of ConvSmall at n = 1000
 * on a 2-core AVX2 machine at 2 GHz (peak 2000 MHz x 2 x 32 = 128 GFLOP/s).
 */
class RooflinePartsTest {

    private static final Fp32Peak PEAK = Fp32Peak.of(CpuInfo.parse("vendor_id\t: AuthenticAMD\ncpu family\t: 25\n"
            + "model\t: 1\ncpu MHz\t: 2000\nflags\t: avx fma avx2\n"), Isa.AVX2, 2);
    private static final ConvSmall.MultiplyAdds PAPER = ConvSmall.paper().multiplyAdds();

    /**
     * A step: the arithmetic parts 50 ms (conv1 forward 10, conv2 forward 10, dense 1 + 1 + 1, conv1 weight gradient 12,
     * conv2's 10, conv2 input gradient 5), the rest 24 ms (pool+ReLU 6 and 12 for its gradients, images 1, session 4
     * plus {@code moreSession}, the draw 1): traced 74 ms + moreSession, untraced 70 ms + moreSession.
     */
    private static RooflineParts step(double moreSession, Fp32Peak peak) {
        Map<StepPart, Double> s = new EnumMap<>(StepPart.class);
        s.put(StepPart.CONV1_FORWARD, 0.010);
        s.put(StepPart.CONV2_FORWARD, 0.010);
        s.put(StepPart.DENSE_FORWARD, 0.001);
        s.put(StepPart.CONV1_WEIGHT_GRADIENT, 0.012);
        s.put(StepPart.CONV2_WEIGHT_GRADIENT, 0.010);
        s.put(StepPart.DENSE_WEIGHT_GRADIENT, 0.001);
        s.put(StepPart.CONV2_INPUT_GRADIENT, 0.005);
        s.put(StepPart.DENSE_INPUT_GRADIENT, 0.001);
        s.put(StepPart.POOL_RELU, 0.006);
        s.put(StepPart.POOL_RELU_GRADIENT, 0.012);
        s.put(StepPart.IMAGES, 0.001);
        s.put(StepPart.SESSION, 0.004 + moreSession);
        s.put(StepPart.NOISE_DRAW, 0.001);
        return new RooflineParts("a step", 1000, 3, true, s, 0.074 + moreSession, 0.070 + moreSession, 0.069, PAPER, peak);
    }

    @Test
    void sharesRatesAndFractionsOfThePeak() {
        RooflineParts r = step(0, PEAK);
        assertEquals(128.0, PEAK.gflops(), 1e-12);
        assertEquals(1.587e9, r.flops(), 1e-3);
        assertEquals(0.012 / 0.074, r.share(StepPart.CONV1_WEIGHT_GRADIENT), 1e-12);
        assertEquals(28.8, r.gflops(StepPart.CONV1_FORWARD), 1e-9);          // 288 MFLOP in 10 ms
        assertEquals(0.225, r.ofPeak(StepPart.CONV1_FORWARD), 1e-12);        // of 128 GFLOP/s
        assertEquals(0.5, r.ofPeak(StepPart.CONV2_INPUT_GRADIENT), 1e-12);   // 320 MFLOP in 5 ms = 64 GFLOP/s
        assertEquals(0, r.gflops(StepPart.POOL_RELU_GRADIENT));
        assertEquals(0.050, r.arithmeticSeconds(), 1e-12);
        assertEquals(0.024, r.flopFreeSeconds(), 1e-12);
        assertEquals(0.004, r.traceSeconds(), 1e-12);
        assertEquals(0, r.overlapSeconds(), 1e-12);
        assertEquals(0.1771205357142857, r.untracedOfPeak(), 1e-12);  // 1.587 GFLOP / 70 ms / 128 GFLOP/s
        assertEquals(0.24796875, r.arithmeticOfPeak(), 1e-12);        // 1.587 GFLOP / 50 ms / 128 GFLOP/s
    }

    @Test
    void theCeilingTakesTheTracesCostOutOfTheFlopFreeParts() {
        RooflineParts r = step(0, PEAK);
        // at the peak the arithmetic takes 1.587 / 128 = 12.398 ms; the FLOP-free parts 24 - 4 (the trace) = 20 ms
        assertEquals(0.020, r.flopFreeUntracedSeconds(), 1e-12);
        assertEquals(0.3826862792380034, r.ceiling(), 1e-12);
        // 35%: the step at 1.587 / (0.35 x 128) = 35.424 ms, 15.424 ms of it for 1.587 GFLOP: 80.4% of the peak
        assertEquals(0.8038350217076697, r.neededEfficiency(RooflineParts.PEAK_TARGET), 1e-12);
        assertTrue(r.bound().contains("35% of the peak needs the convolutions and matrix products at 80% of it on average"
                + " (today 24.8%)"), r.bound());
        assertTrue(r.bound().contains("would reach at most 38.3% of the peak"), r.bound());
        // 17 MFLOP in 1 ms is 13.3%: the dense layers' forward pass is the worst (the first of three alike)
        assertTrue(r.bound().contains("conv2 input gradient 50.0% at best, fc1+fc2 forward 13.3% at worst; the"
                + " slowest, conv1 weight gradient, 12.00 ms at 18.8%"), r.bound());
    }

    @Test
    void theTracesCostIsTakenOutOfTheSessionsTimeAndNoMore() {
        // a load made the untraced pass 15 ms faster than the traced one: only the session's 4 ms are taken out
        RooflineParts r = step(0, PEAK);
        RooflineParts loaded = new RooflineParts("a step", 1000, 3, true, r.seconds(), 0.074, 0.059, 0.069, PAPER, PEAK);
        assertEquals(0.015, loaded.traceSeconds(), 1e-12);
        assertEquals(0.020, loaded.flopFreeUntracedSeconds(), 1e-12);
        assertEquals(r.ceiling(), loaded.ceiling(), 1e-12);
        // an untraced pass slower than the traced one: nothing taken out
        RooflineParts slower = new RooflineParts("a step", 1000, 3, true, r.seconds(), 0.074, 0.080, 0.069, PAPER, PEAK);
        assertEquals(0, slower.traceSeconds());
        assertEquals(0.024, slower.flopFreeUntracedSeconds(), 1e-12);
    }

    @Test
    void whenTheFlopFreePartsAloneAreLongerThanTheTargetStepItIsOutOfReach() {
        // 16 ms more outside the ops: 36 ms without arithmetic > the 35.4 ms a step at 35% may take
        RooflineParts r = step(0.016, PEAK);
        assertEquals(Double.POSITIVE_INFINITY, r.neededEfficiency(RooflineParts.PEAK_TARGET));
        assertTrue(r.bound().contains("35% of the peak is out of reach unless they shrink: the bound is theirs"), r.bound());
        assertTrue(r.bound().contains("largest: session outside the ops 20.00, pool+ReLU gradients 12.00, pool+ReLU"
                + " forward 6.00"), r.bound());
    }

    @Test
    void theTableHasEveryPartAndThePassTracedAndUntraced() {
        List<String> t = step(0, PEAK).table();
        assertEquals(1 + StepPart.values().length + 2, t.size());
        assertTrue(t.get(0).startsWith("part") && t.get(0).endsWith("% avx2 peak"), t.get(0));
        String conv1 = t.stream().filter(l -> l.startsWith("conv1 forward")).findFirst().orElseThrow();
        assertEquals(List.of("conv1", "forward", "10.00", "13.5%", "0.2880", "28.8", "22.5%"), List.of(conv1.trim().split("\\s+")));
        String pool = t.stream().filter(l -> l.startsWith("pool+ReLU gradients")).findFirst().orElseThrow();
        assertTrue(pool.trim().endsWith("12.00   16.2%        -        -           -"), pool);
        assertTrue(t.get(t.size() - 1).startsWith("pass, untraced"), t.get(t.size() - 1));
    }

    @Test
    void anEvaluationCountsTheForwardPassOnly() {
        Map<StepPart, Double> s = Map.of(StepPart.CONV1_FORWARD, 0.5, StepPart.CONV2_FORWARD, 0.5, StepPart.LOSS, 0.01);
        RooflineParts e = new RooflineParts("eval", 61_000, 1, false, s, 1.01, 1.0, 1.0, PAPER, PEAK);
        // 61,000 images x 2 x 312,500 multiply-adds
        assertEquals(38.125e9, e.flops(), 1);
        assertEquals(0, e.flops(StepPart.CONV1_WEIGHT_GRADIENT));
        assertFalse(e.parts().contains(StepPart.CONV1_WEIGHT_GRADIENT));
        assertFalse(e.parts().contains(StepPart.NOISE_DRAW));
        assertEquals("loss and accuracy", e.name(StepPart.LOSS));
        assertTrue(e.bound().startsWith("bound (avx2 peak 128.0 GFLOP/s): the evaluation reaches"), e.bound());
    }

    @Test
    void withoutAPeakThereAreNoPercentages() {
        RooflineParts r = step(0, null);
        assertTrue(Double.isNaN(r.ofPeak(StepPart.CONV1_FORWARD)) && Double.isNaN(r.ceiling()));
        assertEquals(28.8, r.gflops(StepPart.CONV1_FORWARD), 1e-9);
        assertTrue(r.bound().startsWith("bound: no peak (Eigen's kernels"), r.bound());
        String conv1 = r.table().stream().filter(l -> l.startsWith("conv1 forward")).findFirst().orElseThrow();
        assertTrue(conv1.contains(" 28.8 ") && conv1.trim().endsWith(" -"), conv1);
    }

    @Test
    void timesAndCountsAreChecked() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RooflineParts("x", 1000, 1,
                true, Map.of(StepPart.UPDATE, -1.0), 1, 1, 1, PAPER, PEAK));
        assertEquals("roofline time parameter update=-1.0 must be finite and >= 0 seconds", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new RooflineParts("x", 1000, 0, true, Map.of(), 1, 1, 1,
                PAPER, PEAK));
        assertEquals("roofline images=1000 and passes=0 must be >= 1", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new RooflineParts("x", 1000, 1, true, Map.of(), Double.NaN,
                1, 1, PAPER, PEAK));
        assertEquals("roofline time tracedSeconds=NaN must be finite and >= 0 seconds", e.getMessage());
    }
}
