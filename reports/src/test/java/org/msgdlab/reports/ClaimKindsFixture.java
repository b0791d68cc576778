package org.msgdlab.reports;

import org.msgdlab.core.claims.Discrepancy;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.ResultsFile;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.TimingAnswer;
import org.msgdlab.core.claims.Verdict;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Results with a claim of every kind, built as the claims build their evidence: formula claims (one that
 * agrees, one exact check that differs), interval claims (a paired superiority, a signed-rank set with one
 * unbounded end) and timing claims (a speed ratio, an efficiency claim that also compares covariances); and
 * the committed quick run, a results file written before issue 46.
 */
public final class ClaimKindsFixture {

    private ClaimKindsFixture() {
    }

    /** @return results with two claims of each kind */
    public static Results everyKind() {
        Provenance p = new Provenance(20200712L, "quick", "msgd verify", "0123abcd", "2020-07-12T00:00:00Z",
                "2020-07-12T00:01:00Z", "17.0.15", "Linux amd64", 2, Map.of("msgd-lab", "0.1.0-SNAPSHOT"));
        Evidence agrees = Evidence.decide("prop1.without-replacement.covariance", "Proposition 1", "Var[V] = ...", Map.of("n", 1000),
                0.001, List.of(StatisticCheck.of("covariance", 1.9e-5, 1e-7, 1.9e-5, 1.9e-5, 3e-7)), List.of(),
                Discrepancy.none(), 100_000, 1.5, List.of());
        Evidence differs = Evidence.decide("thm1.bound.printed", "Theorem 1", "risk <= C2 / n", Map.of(), 0,
                List.of(StatisticCheck.of("risk / printed bound - 1", 3073073.3, 0, 0, 0, 0)), List.of(), Discrepancy.none(),
                0, 0.1, List.of());
        IntervalAnswer paired = new IntervalAnswer("window test accuracy, SGD-50 minus GD (paired)", 0.01355, 0.0041, 0.02298,
                "one-sided 0.0083-level t bounds at the look at 10 seeds", new double[] {0.012, 0.015, 0.011, 0.016},
                List.of(new IntervalAnswer.Line("no difference", 0), new IntervalAnswer.Line("smallest effect +1.00 points", 0.01)),
                10, "SUPPORTED if lower bound > 0; CONTRADICTED if upper bound < delta = 0.01; UNRESOLVED otherwise",
                "Yes (under the authors-code protocol, does SGD-50 beat GD?): SGD-50 minus GD is +1.36 points on average"
                        + " over 10 paired seeds; the lower bound +0.41 points is above +0.00 points.", true);
        Evidence superiority = Evidence.builder("deep.fashion-mnist.authors-code.sgd-50-above-gd", "Figure 1(a)", "SGD-50 above GD")
                .verdict(Verdict.PASS, "supported at the look at 10 seeds").parameters(Map.of("protocol", "authors-code"))
                .interval(paired).standardError(0.0021).falseAlarmProbability(0.025).samples(10).build();
        IntervalAnswer oneSided = new IntervalAnswer("R", 0.93, 0.61, Double.POSITIVE_INFINITY, "signed-rank confidence set",
                new double[0], List.of(new IntervalAnswer.Line("band 0.5", 0.5), new IntervalAnswer.Line("band 1.5", 1.5)), 20,
                "PASS if R's confidence set lies inside [0.5, 1.5]", "Not decided (does MSGD-Fisher keep R in [0.5, 1.5]?): R ="
                + " 0.93; its confidence set [0.61, +inf) is neither inside nor outside the band [0.5, 1.5].", true);
        Evidence recovery = Evidence.builder("deep.noise-class.msgd-fisher.recovers-sgd", "Section 5", "MSGD-Fisher recovers SGD")
                .verdict(Verdict.INCONCLUSIVE, "undecided at the look of 20").interval(oneSided).samples(20).build();
        TimingAnswer ratio = new TimingAnswer("images per second, TensorFlow Java / PyTorch (medians over the rounds)", 14.99,
                2.0, 5, new double[] {14.2, 15.1, 14.99, 15.3, 14.8}, 0.03, 0.0, 0.5, false, "INCONCLUSIVE when busy");
        Evidence speed = Evidence.builder("deep.speed.full-batch-step", "Section 5", "TensorFlow Java at >= 2x PyTorch")
                .verdict(Verdict.PASS, "ratio 14.99 (target >= 2.0)").parameters(Map.of("load.rule", "INCONCLUSIVE when busy"))
                .timing(ratio).samples(300).seconds(40).build();
        TimingAnswer slower = new TimingAnswer("smallest time ratio per step, explicit noise injection / Algorithm 1", 6.2, 1.0,
                5, new double[0], 0.5, 0.0, 2.1, true, "INCONCLUSIVE when busy");
        Evidence efficiency = Evidence.builder("deep.efficiency.gaussian-noise-injection", "Section 4", "explicit is slower")
                .verdict(Verdict.INCONCLUSIVE, "covariances agree, but the machine was busy").timing(slower)
                .statistics(List.of(StatisticCheck.of("u^T Cov u, Algorithm 1 minus explicit", 1e-6, 2e-6, 0, 0, 6e-6)))
                .falseAlarmProbability(0.001).samples(4000).seconds(12).build();
        return new Results(p, List.of(new StudyResult("theory", "Theory", "Section 3", List.of(agrees, differs)),
                new StudyResult("deep", "Deep", "Section 5", List.of(superiority, recovery, speed, efficiency))));
    }

    /**
     * The committed quick run (every study, written before issue 46), read as a results file is read.
     *
     * @param dir where to put it
     * @return its results
     * @throws java.io.IOException when it cannot be copied
     */
    public static Results committedQuickRun(Path dir) throws java.io.IOException {
        Path file = dir.resolve("quick-" + ResultsFile.NAME);
        try (InputStream in = new GZIPInputStream(ClaimKindsFixture.class.getResourceAsStream(
                "/org/msgdlab/reports/html/quick-results.json.gz"))) {
            Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return ResultsFile.read(file);
    }
}
