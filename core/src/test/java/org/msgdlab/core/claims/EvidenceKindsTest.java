package org.msgdlab.core.claims;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One estimate per claim (issue 46): an interval claim's and a timing claim's {@code estimate} is its point
 * estimate, never a bound, and neither carries a formula claim's paper value, tolerance, discrepancy or limit.
 */
class EvidenceKindsTest {

    static final IntervalAnswer SUPERIORITY = new IntervalAnswer("window test accuracy, SGD-50 minus GD (paired)", 0.01355,
            0.0041, 0.02298, "one-sided 0.0083-level t bounds at the look at 10 seeds", new double[] {0.012, 0.015},
            List.of(new IntervalAnswer.Line("no difference", 0)), 10, "SUPPORTED if lower bound > 0", "Yes.", true);

    static final TimingAnswer SPEED = new TimingAnswer("images per second, TensorFlow Java / PyTorch", 14.99, 2.0, 5,
            new double[] {14.2, 15.1, 14.99, 15.3, 14.8}, 0.02, 0.0, 0.4, false, "INCONCLUSIVE when busy");

    @Test
    void anIntervalClaimsEstimateIsItsPointEstimateAndItHasNoFormulaFields() {
        Evidence e = Evidence.builder("deep.x", "Figure 1(a)", "s").verdict(Verdict.PASS, "supported")
                .headline(0.02298, 0.01, 0.002, 0, 1.298).discrepancyLimit("none: the paper's formula is exact")
                .interval(SUPERIORITY).build();
        assertEquals(0.01355, e.estimate());
        assertEquals(0.002, e.standardError(), "the point estimate's standard error stays");
        assertTrue(Double.isNaN(e.reference()) && Double.isNaN(e.tolerance()) && Double.isNaN(e.discrepancy()));
        assertNull(e.discrepancyLimit());
        assertEquals(Evidence.Kind.INTERVAL, e.kind());
        assertFalse(e.hasFormula());
        assertEquals(e, e.withVerdict(Verdict.FAIL, "x").withVerdict(Verdict.PASS, "supported"), "toBuilder keeps the kind");
    }

    @Test
    void aTimingClaimsEstimateIsItsMeasuredRatio() {
        Evidence e = Evidence.builder("deep.speed", "Section 5", "s").verdict(Verdict.PASS, "fast").timing(SPEED).build();
        assertEquals(14.99, e.estimate());
        assertEquals(Evidence.Kind.TIMING, e.kind());
        assertTrue(SPEED.answer().startsWith("Yes: the median ratio 14.99 over 5 rounds is above the bound 2"), SPEED.answer());
    }

    @Test
    void theConstructorRefusesAnIntervalClaimWhoseEstimateIsABound() {
        IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> new Evidence("deep.x", "r", "s",
                Verdict.PASS, "why", Map.of(), 0.02298, Double.NaN, 0, Double.NaN, Double.NaN, 0.01, List.of(), List.of(), null,
                10, 0, List.of(), SUPERIORITY, null));
        assertTrue(x.getMessage().contains("estimate=0.02298 must be the interval answer's point estimate 0.01355"), x.getMessage());
        IllegalArgumentException limit = assertThrows(IllegalArgumentException.class, () -> new Evidence("deep.speed", "r", "s",
                Verdict.PASS, "why", Map.of(), 14.99, Double.NaN, 0, Double.NaN, Double.NaN, 0, List.of(), List.of(),
                "none: the paper's formula is exact", 10, 0, List.of(), null, SPEED));
        assertTrue(limit.getMessage().contains("discrepancyLimit=\"none: the paper's formula is exact\" must be absent:"
                + " a timing claim has no paper formula"), limit.getMessage());
    }

    @Test
    void aResultsFileWrittenBeforeHoldsTheBoundAndIsReadWithThePointEstimate() {
        Map<String, Object> p = SUPERIORITY.into(new LinkedHashMap<>(Map.of("protocol", "authors-code")));
        StatisticCheck bound = StatisticCheck.of("upper bound", 0.02298, 0.002, 0.01, 0.01, 0);
        Evidence old = new Evidence("deep.x", "r", "s", Verdict.PASS, "why", p, 0.02298, 0.01, 0.002, 0, 1.298, 0.0083,
                List.of(bound), List.of(), "none: the paper's formula is exact", 10, 0, List.of());
        assertEquals(0.01355, old.estimate());
        assertEquals(0.02298, old.interval().upper());
        assertEquals(Map.of("protocol", "authors-code"), old.parameters(), "the answer is lifted out of the parameters");
        assertNull(old.discrepancyLimit());
        assertEquals(List.of(), old.statistics(), "the bound is no statistic against a paper value");
    }

    @Test
    void resultsJsonCarriesTheIntervalAndTimingInTheirOwnFieldsAndAFormulaClaimAsBefore(@TempDir Path dir) throws Exception {
        IntervalAnswer oneSided = new IntervalAnswer("R", 0.93, 0.61, Double.POSITIVE_INFINITY, "set", new double[0],
                List.of(), 20, "PASS if inside [0.5, 1.5]", "Yes.", true);
        Evidence interval = Evidence.builder("deep.r", "r", "s").verdict(Verdict.PASS, "inside").interval(oneSided).build();
        Evidence timing = Evidence.builder("deep.speed", "r", "s").verdict(Verdict.PASS, "fast").timing(SPEED).build();
        Evidence formula = Evidence.decide("prop1.mean", "Proposition 1", "E[V] = 1/n", Map.of(), 0.001,
                List.of(StatisticCheck.of("mean", 0.001, 1e-5, 0.001, 0.001, 3e-5)), List.of(), Discrepancy.none(), 100, 0,
                List.of());
        Provenance prov = new Provenance(1L, "quick", "msgd verify", "abc", "2020-07-12T00:00:00Z", "2020-07-12T00:01:00Z",
                "17", "Linux", 2, Map.of());
        Path file = ResultsFile.write(dir, new Results(prov, List.of(new StudyResult("s", "S", "r",
                List.of(interval, timing, formula)))));
        JsonNode claims = ResultsFile.mapper().readTree(file.toFile()).path("studies").get(0).path("claims");
        assertEquals(0.93, claims.get(0).path("estimate").asDouble());
        assertEquals("Infinity", claims.get(0).path("interval").path("upper").asText(), "a one-sided bound, as text");
        assertFalse(claims.get(0).has("discrepancyLimit"), claims.get(0).toString());
        assertTrue(claims.get(0).path("reference").isNull());
        assertEquals(2.0, claims.get(1).path("timing").path("bound").asDouble());
        assertFalse(claims.get(2).has("interval") || claims.get(2).has("timing"), "a formula claim is written as before");
        assertEquals("none: the paper's formula is exact", claims.get(2).path("discrepancyLimit").asText());

        List<Evidence> back = ResultsFile.read(file).studies().get(0).claims();
        assertEquals(List.of(interval, timing, formula).stream().map(Evidence::estimate).toList(),
                back.stream().map(Evidence::estimate).toList());
        assertEquals(Double.POSITIVE_INFINITY, back.get(0).interval().upper());
        assertEquals(SPEED.ratio(), back.get(1).timing().ratio());
        assertEquals(5, back.get(1).timing().roundRatios().length);
    }
}
