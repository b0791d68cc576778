package org.msgdlab.reports.summary;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** lists.csv: the per-seed numbers and other lists of the claims' parameters, one row per element. */
class ListsCsvTest {

    @Test
    void perSeedListsNestedListsAndListsOfRowsBecomeOneRowPerElement() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("pairedSeeds", 2);
        p.put("differences", new double[] {1.29, -0.47});
        p.put("fit", Map.of("steps", List.of(0.25, 0.125)));
        p.put("per step size", List.of(Map.of("eta", 0.25), Map.of("eta", 0.125)));
        p.put("note", List.of("words are not numbers"));
        Evidence e = Evidence.decide("deep.sgd-50-above-gd", "Figure 1(a)", "SGD-50 above GD", p, 0.05,
                List.of(StatisticCheck.of("d", 0.4, 0.1, 0.4, 0.4, 0.3)), List.of(), Discrepancy.none(), 2, 1.0, List.of());
        Results r = new Results(new Provenance(1L, "quick", "msgd verify", "abc", "2026-11-23T00:00:00Z", null, "17",
                "Linux", 2, Map.of()), List.of(new StudyResult("deep.study", "Deep", "Figure 1", List.of(e))));

        assertEquals(String.join("\r\n",
                "study,claim_id,parameter,index,field,value",
                "deep.study,deep.sgd-50-above-gd,differences,0,,1.29",
                "deep.study,deep.sgd-50-above-gd,differences,1,,-0.47",
                "deep.study,deep.sgd-50-above-gd,fit.steps,0,,0.25",
                "deep.study,deep.sgd-50-above-gd,fit.steps,1,,0.125",
                "deep.study,deep.sgd-50-above-gd,per step size,0,eta,0.25",
                "deep.study,deep.sgd-50-above-gd,per step size,1,eta,0.125") + "\r\n", ListsCsv.render(r));
    }

    @Test
    void aListInsideATablesCellGetsOneRowPerElement() {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("eta", 0.25);
        row.put("terminal error by reference level m=1..", List.of(7.4e-4, 1.5e-3));
        row.put("its SE by level", new double[] {7.2e-5, 1.4e-4});
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("per step size", List.of(row));
        Evidence e = Evidence.decide("sde.strong.logistic", "Appendix B", "order 1", p, 0.05,
                List.of(StatisticCheck.of("d", 0.4, 0.1, 0.4, 0.4, 0.3)), List.of(), Discrepancy.none(), 2, 1.0, List.of());
        Results r = new Results(new Provenance(1L, "quick", "msgd verify", "abc", "2026-11-23T00:00:00Z", null, "17",
                "Linux", 2, Map.of()), List.of(new StudyResult("sde", "SDE", "Appendix B", List.of(e))));
        assertEquals(String.join("\r\n",
                "study,claim_id,parameter,index,field,value",
                "sde,sde.strong.logistic,per step size,0,eta,0.25",
                "sde,sde.strong.logistic,per step size,0,terminal error by reference level m=1..[0],7.4E-4",
                "sde,sde.strong.logistic,per step size,0,terminal error by reference level m=1..[1],0.0015",
                "sde,sde.strong.logistic,per step size,0,its SE by level[0],7.2E-5",
                "sde,sde.strong.logistic,per step size,0,its SE by level[1],1.4E-4") + "\r\n", ListsCsv.render(r));
    }

    /**
     * Every number inside a list among the parameters of a real quick run (the report tests' fixture, every study's
     * claims: theory, online-regression, sde, deep, the noise-class study) has its row in lists.csv: counted claim by
     * claim from the JSON itself, whatever its nesting, not by the renderer's own rules.
     */
    @Test
    void everyNumberInAListOfARealQuickRunHasItsRow(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = dir.resolve(org.msgdlab.core.claims.ResultsFile.NAME);
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(
                ListsCsvTest.class.getResourceAsStream("/org/msgdlab/reports/html/quick-results.json.gz"))) {
            java.nio.file.Files.copy(in, file);
        }
        com.fasterxml.jackson.databind.JsonNode tree = org.msgdlab.core.claims.ResultsFile.mapper().readTree(file.toFile());
        Map<String, Integer> inJson = new java.util.TreeMap<>();
        for (com.fasterxml.jackson.databind.JsonNode study : tree.path("studies")) {
            for (com.fasterxml.jackson.databind.JsonNode claim : study.path("claims")) {
                int n = numbersInLists(claim.path("parameters"), false);
                if (n > 0) {
                    inJson.put(claim.path("claimId").asText(), n);
                }
            }
        }
        Map<String, Integer> inCsv = new java.util.TreeMap<>();
        List<String> lines = ListsCsv.render(org.msgdlab.core.claims.ResultsFile.read(file)).lines().skip(1).toList();
        for (String line : lines) {
            inCsv.merge(line.split(",", 3)[1], 1, Integer::sum);
        }
        assertEquals(inJson, inCsv);
        org.junit.jupiter.api.Assertions.assertTrue(inJson.size() > 20 && lines.size() > 1000,
                "a real run has many lists: " + inJson.size() + " claims, " + lines.size() + " rows");
    }

    /** The numbers of {@code node} that stand inside an array, at any depth. */
    private static int numbersInLists(com.fasterxml.jackson.databind.JsonNode node, boolean inList) {
        if (node.isNumber()) {
            return inList ? 1 : 0;
        }
        int n = 0;
        for (com.fasterxml.jackson.databind.JsonNode child : node) {
            n += numbersInLists(child, inList || node.isArray());
        }
        return n;
    }
}
