package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.CheckContext;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * The results `verify` renders are the results it wrote to disk: one rendering path, so that a
 * parameter held in memory as a Java array, even inside a table (the SDE cards' "per step size" rows),
 * reaches the report and the summaries as the list of numbers `msgd report` reads back.
 */
class VerificationRunTest {

    @Test
    void theFinishedResultsAreTheResultsFileReadBack(@TempDir Path dir) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("per step size", List.of(Map.of("h", 0.1, "errors", new double[]{0.5, 0.25})));
        params.put("ci95", new double[]{1.9, 2.1});
        Evidence e = Evidence.builder("sde.example", "Theorem", "weak order 1").verdict(Verdict.PASS, "fits")
                .parameters(params).build();
        Claim claim = new Claim() {
            public String id() {
                return "sde.example";
            }

            public String paperRef() {
                return "Theorem";
            }

            public String statement() {
                return "weak order 1";
            }

            public Evidence check(CheckContext context) {
                return e;
            }
        };
        VerificationRun run = new VerificationRun(dir, new Provenance(1L, "quick", "msgd verify", "abc", "2026-11-26T00:00:00Z",
                null, "17", "Linux amd64", 2, Map.of()), List.of(new Study("sde", "SDE", "Appendix", List.of(claim))));
        run.start();
        run.record(0, 0, e);
        Results finished = run.finish();
        assertEquals(ResultsFile.read(dir.resolve(ResultsFile.NAME)), finished);
        Object ci = finished.studies().get(0).claims().get(0).parameters().get("ci95");
        assertInstanceOf(List.class, ci, "a double[] in memory is a list of numbers in what is rendered: " + ci);
    }
}
