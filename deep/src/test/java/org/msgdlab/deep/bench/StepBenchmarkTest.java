package org.msgdlab.deep.bench;

import org.msgdlab.core.bench.MachineLoad;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The speed comparison: median round against median round, per-round ratios for the spread. */
class StepBenchmarkTest {

    private static StepBenchmark.Measurement m(String fw, double secondsPerStep) {
        return new StepBenchmark.Measurement(fw, "x", 2, 1000, 20, secondsPerStep);
    }

    private static List<MachineLoad> quiet(int rounds) {
        return java.util.Collections.nCopies(rounds, new MachineLoad(0.01, 0, 0.1, 2));
    }

    @Test
    void aComparisonHasOneLoadPerRound() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new StepBenchmark.Comparison(
                List.of(m("tf", 0.05), m("tf", 0.05)), List.of(), List.of(), quiet(1)));
        assertTrue(e.getMessage().contains("2 rounds has 1 loads"), e.getMessage());
    }

    @Test
    void theMediansOfTheRoundsAreComparedNotTheBestRounds() {
        // TensorFlow 0.04, 0.09, 0.05 s (median 0.05), PyTorch 0.20, 0.10, 0.12 s (median 0.12):
        // the ratio of medians is 2.4; best against best (0.10 / 0.04) would say 2.5
        StepBenchmark.Comparison c = new StepBenchmark.Comparison(
                List.of(m("tf", 0.04), m("tf", 0.09), m("tf", 0.05)),
                List.of(m("eigen", 0.15), m("eigen", 0.16), m("eigen", 0.14)),
                List.of(m("pt", 0.20), m("pt", 0.10), m("pt", 0.12)), quiet(3));
        assertEquals(20_000, c.tensorflowImagesPerSecond(), 1e-9);
        assertEquals(1000 / 0.12, c.pytorchImagesPerSecond(), 1e-9);
        assertEquals(2.4, c.ratio(), 1e-12);
        assertEquals(3.0, c.kernelRatio(), 1e-12);
        assertArrayEquals(new double[] {5.0, 0.10 / 0.09, 2.4}, c.roundRatios(), 1e-12);
    }

    @Test
    void anEvenNumberOfRoundsTakesTheMeanOfTheMiddleTwo() {
        assertEquals(0.06, StepBenchmark.Comparison.medianSeconds(List.of(m("a", 0.08), m("a", 0.05), m("a", 0.07),
                m("a", 0.01))), 1e-12);
        assertTrue(Double.isNaN(StepBenchmark.Comparison.medianSeconds(List.of())));
    }

    @Test
    void withoutPytorchOrOtherKernelsTheirRatiosAreNotANumber() {
        StepBenchmark.Comparison c = new StepBenchmark.Comparison(List.of(m("tf", 0.05)), List.of(), List.of(), quiet(1));
        assertTrue(Double.isNaN(c.ratio()) && Double.isNaN(c.kernelRatio()));
        assertEquals(0, c.roundRatios().length);
    }

    @Test
    void roundsAndStepsMustBePositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StepBenchmark.compare(null, null, 2, 1, 5, 20, 0, false));
        assertEquals("benchmark rounds=0 and steps=20 must be >= 1", e.getMessage());
    }
}
