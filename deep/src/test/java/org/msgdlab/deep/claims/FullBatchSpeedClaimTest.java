package org.msgdlab.deep.claims;

import org.msgdlab.deep.bench.StepBenchmark;
import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The speed target decided on synthetic rounds: the median ratio against 2.0, either way. */
class FullBatchSpeedClaimTest {

    private static StepBenchmark.Measurement m(String fw, double secondsPerStep) {
        return new StepBenchmark.Measurement(fw, "x", 2, 1000, 20, secondsPerStep);
    }

    private static List<StepBenchmark.Measurement> rounds(String fw, double... s) {
        return java.util.Arrays.stream(s).mapToObj(x -> m(fw, x)).toList();
    }

    private static Evidence decide(double[] tf, double[] pt) {
        return FullBatchSpeedClaim.decide("deep.speed.full-batch-step", "ref", "statement", new StepBenchmark.Comparison(
                rounds("tensorflow-java/onednn", tf), rounds("tensorflow-java/eigen", 0.15, 0.15, 0.16, 0.15, 0.14),
                rounds("pytorch", pt)), 20, 1.0);
    }

    @Test
    void aMedianRatioAtTheTargetPassesThoughOneRoundFallsShort() {
        // TensorFlow 0.05 s at the median, PyTorch 0.11 s: ratio 2.2; round 2 alone is 0.09 vs 0.11 (1.2)
        Evidence e = decide(new double[] {0.05, 0.09, 0.05, 0.04, 0.05}, new double[] {0.11, 0.11, 0.12, 0.10, 0.11});
        assertEquals(Verdict.PASS, e.verdict(), e.toString());
        assertEquals(2.2, (double) e.parameters().get("ratio"), 1e-12);
        assertEquals(3.0, (double) e.parameters().get("kernelRatio"), 1e-12);
    }

    @Test
    void aMedianRatioBelowTheTargetFailsThoughTheBestRoundsWouldPass() {
        // medians 0.06 vs 0.10 s: 1.67; the best rounds (0.04 vs 0.10) would have said 2.5
        Evidence e = decide(new double[] {0.06, 0.04, 0.07, 0.06, 0.06}, new double[] {0.10, 0.10, 0.10, 0.11, 0.10});
        assertEquals(Verdict.FAIL, e.verdict(), e.toString());
        assertEquals(0.10 / 0.06, (double) e.parameters().get("ratio"), 1e-12);
    }

    @Test
    void withoutPytorchTheClaimIsNotRunAndSaysWhatToInstall() {
        Evidence e = FullBatchSpeedClaim.decide("id", "ref", "st", new StepBenchmark.Comparison(
                rounds("tensorflow-java/onednn", 0.05), List.of(), List.of()), 20, 1.0);
        assertEquals(Verdict.NOT_RUN, e.verdict());
        assertTrue(e.toString().contains("python3-torch"), e.toString());
    }
}
