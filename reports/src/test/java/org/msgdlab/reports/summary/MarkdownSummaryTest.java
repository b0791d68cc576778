package org.msgdlab.reports.summary;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.reports.Report;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.PowerCheck;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Golden-file test: {@code msgd report} on a fixed results.json writes exactly summary.golden.md. */
class MarkdownSummaryTest {

    static Results fixedResults() {
        Provenance p = new Provenance(20200712L, "quick", "msgd verify --out fixed", "0123abcd",
                "2020-07-12T00:00:00Z", "2020-07-12T00:01:00Z", "17.0.15", "Linux amd64", 16,
                Map.of("msgd-lab", "0.1.0-SNAPSHOT"));
        Evidence pass = new Evidence("prop1.without-replacement.covariance", "Proposition 1", "Var[V] = ...",
                Verdict.PASS, "agrees", Map.of("n", 1000, "b", 10), 1.9e-5, 1.9e-5, 1e-8, 5e-8, -3.5e-15, 1e-7,
                List.of(), List.of(new PowerCheck("with-replacement formula", "diagonal", 1.998e-5, true, 1.0),
                new PowerCheck("n in place of n-1", "off-diagonal", -1.9e-8, true, 0.8765)),
                "none", 20000, 0.4, List.of());
        Evidence approx = new Evidence("sgd-cov.without-replacement.simulated", "Section 2", "Var = Sigma/b",
                Verdict.APPROXIMATE, "gap (n-b)/(n-1)", Map.of(), 0.1872, 0.1971, 1e-3, 4e-3, -0.05, 1e-7,
                List.of(), List.of(), "factor (n-b)/(n-1) -> 1", 20000, 0.3, List.of());
        Evidence error = Evidence.error("fisher-vs-cov.gradient-noise", "Section 4", "Fisher ~ Cov", "boom | bang", 0.1);
        Evidence notRun = Evidence.notRun("bernoulli.mean", "Section 4", "E[V] = 1/n", "not run: interrupted");
        return new Results(p, List.of(
                new StudyResult("theory.sampling-noise", "Sampling noises", "Sections 2 and 4", List.of(pass, approx)),
                new StudyResult("theory.other", "Other", "Section 4", List.of(error, notRun))));
    }

    @Test
    void reportWritesTheGoldenSummary(@TempDir Path dir) throws Exception {
        // what msgd report prints (one line of counts, not the summary) is app's ReportCommandTest
        Report.write(dir, fixedResults());

        String golden = golden();
        assertEquals(golden, Files.readString(dir.resolve(MarkdownSummary.NAME)));
    }

    @Test
    void provenanceFromAnEditedResultsFileOpensNoHeadingTableOrTag() {
        Results r = fixedResults();
        Provenance p = r.provenance();
        Provenance edited = new Provenance(p.seed(), p.budget(), "msgd verify\n# Owned\n| a | b |\n|---|---|", "\"><img src=x"
                + " onerror=alert(1)>", p.startedAt(), p.finishedAt(), p.javaVersion(), p.os(), p.availableProcessors(), p.versions());
        String md = MarkdownSummary.render(new Results(edited, r.studies()));
        assertEquals(List.of(), md.lines().filter(l -> l.startsWith("# Owned") || l.startsWith("| a |")).toList());
        org.junit.jupiter.api.Assertions.assertTrue(md.contains("- command: `msgd verify # Owned | a | b | |---|---|`\n"), md);
        org.junit.jupiter.api.Assertions.assertTrue(md.contains("- git commit: \"&gt;&lt;img src=x onerror=alert(1)>\n"
                .replace("&gt;", ">")), md);
        org.junit.jupiter.api.Assertions.assertFalse(md.contains("<img"), md);
    }

    private static String golden() throws Exception {
        try (InputStream in = MarkdownSummaryTest.class.getResourceAsStream("summary.golden.md")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
