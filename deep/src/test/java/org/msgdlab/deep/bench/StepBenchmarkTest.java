package org.msgdlab.deep.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The speed comparison: best round against best round, per-round ratios for the spread. */
class StepBenchmarkTest {

    private static StepBenchmark.Measurement m(String fw, double secondsPerStep) {
        return new StepBenchmark.Measurement(fw, "x", 2, 1000, 20, secondsPerStep);
    }

    @Test
    void theBestRoundOfEachFrameworkIsCompared() {
        // round 2 was disturbed for TensorFlow, round 1 for PyTorch: the best rounds are 0.04 s and 0.10 s
        StepBenchmark.Comparison c = new StepBenchmark.Comparison(
                List.of(m("tf", 0.04), m("tf", 0.09), m("tf", 0.05)),
                List.of(m("pt", 0.20), m("pt", 0.10), m("pt", 0.12)));
        assertEquals(0.04, c.bestTensorflow().secondsPerStep());
        assertEquals(0.10, c.bestPytorch().secondsPerStep());
        assertEquals(2.5, c.ratio(), 1e-12);
        assertArrayEquals(new double[] {5.0, 0.10 / 0.09, 2.4}, c.roundRatios(), 1e-12);
        assertEquals(25_000, c.bestTensorflow().imagesPerSecond(), 1e-9);
    }

    @Test
    void roundsAndStepsMustBePositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StepBenchmark.compare(null, null, 2, 1, 5, 20, 0));
        assertEquals("benchmark rounds=0 and steps=20 must be >= 1", e.getMessage());
    }
}
