package org.msgdlab.reports;

import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.reports.summary.NoiseClassDesign;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The noise-class study's claims as {@code NoiseClassStudyClaim} writes their evidence (R, its set, the band, the look;
 * the rate of lone collapses and its bound), with the committed study's verdicts and numbers (verdicts.md) or others;
 * and the real thing: {@code noise-class-results.json.gz}, the results.json of {@code msgd verify --only deep --claim ...}
 * at commit a0624ba (2026-11-28) reading the committed study, cut to its 12 noise-class claims and 4 other deep claims.
 * <p>
 * The study is deep's, and reports does not see deep: {@link #DESIGN} is what a report is told of it, typed here as
 * deep gives it ({@code NoiseClassReport.design()} in deep's {@code report} package; its {@code NoiseClassReportTest} checks
 * that the two are equal, and that the evidence made here carries the study's claim ids and paper references).
 */
public final class NoiseClassFixture {

    private NoiseClassFixture() {
    }

    /** One noise of the plan: its method name, paper name, family, the id's part and the paper's place. */
    private record Noise(String method, String name, String family, String idPart, String paperRef) {
    }

    /** The six noises, in the plan's order. */
    private static final List<Noise> NOISES = List.of(
            new Noise("msgd-fisher", "MSGD-Fisher", "Gaussian", "msgd-fisher", "Figure 1(a)"),
            new Noise("msgd-cov", "MSGD-Cov", "Gaussian", "msgd-cov", "Figure 3(a), Appendix C"),
            new Noise("msgd-bernoulli-20", "MSGD-Bernoulli-20", "Bernoulli", "msgd-bernoulli-20", "Figure 1(a)"),
            new Noise("msgd-bernoulli-50", "MSGD-Bernoulli-50", "Bernoulli", "msgd-bernoulli-50", "Figure 1(a)"),
            new Noise("msgd-[fisher-10]", "MSGD-[Fisher-10]", "sparse", "msgd-sparse-fisher-10", "Figure 1(a)"),
            new Noise("msgd-[cov-10]", "MSGD-[Cov-10]", "sparse", "msgd-sparse-cov-10", "Figure 3(a), Appendix C"));

    /**
     * The noise-class study as a report is told of it: per noise, recovery then collapse, the band [0.5, 1.5], and its
     * follow-up the support study ({@link SupportFixture#DESIGN}).
     */
    public static final NoiseClassDesign DESIGN = design();

    private static NoiseClassDesign design() {
        List<NoiseClassDesign.Claim> claims = new ArrayList<>();
        for (Noise n : NOISES) {
            claims.add(claim(n, NoiseClassDesign.Kind.RECOVERY));
            claims.add(claim(n, NoiseClassDesign.Kind.COLLAPSE));
        }
        return new NoiseClassDesign(claims, 0.5, 1.5, SupportFixture.DESIGN);
    }

    private static NoiseClassDesign.Claim claim(Noise n, NoiseClassDesign.Kind kind) {
        boolean recovery = kind == NoiseClassDesign.Kind.RECOVERY;
        return new NoiseClassDesign.Claim("deep.noise-class." + n.idPart() + (recovery ? ".recovers-sgd" : ".collapses-no-more-than-sgd"),
                kind, n.name(), n.family(), n.name() + (recovery ? " recovers SGD-50's advantage" : " collapses no more than SGD-50"));
    }

    private static Noise noise(String method) {
        return NOISES.stream().filter(n -> n.method().equals(method)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a noise of the plan: " + method));
    }

    /**
     * The noise of a claim of the study.
     *
     * @param claimId a claim id of the study
     * @return its noise's method name, e.g. {@code msgd-[cov-10]}
     */
    public static String noiseOf(String claimId) {
        return NOISES.stream().filter(n -> claimId.startsWith("deep.noise-class." + n.idPart() + ".")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("not a claim of the study: " + claimId)).method();
    }

    /** The claim of {@code method} of that kind, with its paper reference; its label stands for its statement. */
    private static org.msgdlab.core.claims.EvidenceBuilder claim(String method, NoiseClassDesign.Kind kind) {
        Noise n = noise(method);
        NoiseClassDesign.Claim c = claim(n, kind);
        return Evidence.builder(c.claimId(), n.paperRef(), c.label());
    }

    /**
     * The committed study's twelve claims (and four other deep claims) as {@code msgd verify} wrote them.
     *
     * @param dir where to put the file
     * @return its results
     * @throws java.io.IOException when it cannot be copied
     */
    public static Results committedStudy(java.nio.file.Path dir) throws java.io.IOException {
        java.nio.file.Path file = dir.resolve("noise-class-" + org.msgdlab.core.claims.ResultsFile.NAME);
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(NoiseClassFixture.class.getResourceAsStream(
                "noise-class-results.json.gz"))) {
            java.nio.file.Files.copy(in, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return org.msgdlab.core.claims.ResultsFile.read(file);
    }

    /** One recovery claim's evidence as {@code NoiseClassStudyClaim} builds it: R, its set, the band, the look. */
    public static Evidence recovery(String noise, Verdict v, double r, double lo, double hi, int used, int look) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("paired seeds used", 60);
        p.put("look", look);
        p.put("seeds in the statistic", used);
        p.put("confidence set of R", String.format(java.util.Locale.ROOT, "[%.2f, %.2f]", lo, hi));
        p.put("band", List.of(0.5, 1.5));
        IntervalAnswer a = new IntervalAnswer("R", r, lo, hi, "signed-rank set", new double[0],
                List.of(new IntervalAnswer.Line("band 0.5", 0.5), new IntervalAnswer.Line("band 1.5", 1.5)), used,
                "PASS if R's confidence set lies inside [0.5, 1.5]", "answer of " + noise, true);
        return claim(noise, NoiseClassDesign.Kind.RECOVERY).verdict(v, "at the look").parameters(p).interval(a).build();
    }

    public static Evidence collapse(String noise, Verdict v, int alone) {
        IntervalAnswer a = new IntervalAnswer("P(only X collapses)", alone / 60.0, 0, 0.087 + 0.03 * alone, "Clopper-Pearson",
                new double[0], List.of(new IntervalAnswer.Line("margin 0.1", 0.1)), 60, "PASS if the bound is below 0.1",
                "answer", false);
        return claim(noise, NoiseClassDesign.Kind.COLLAPSE).verdict(v, "at 60").parameters(Map.of("paired seeds used", 60))
                .interval(a).build();
    }

    /** The committed study's verdicts, as its twelve claims give them (verdicts.md). */
    public static List<Evidence> study() {
        List<Evidence> e = new ArrayList<>();
        e.add(recovery("msgd-fisher", Verdict.PASS, 0.8533, 0.59, 1.12, 39, 40));
        e.add(collapse("msgd-fisher", Verdict.PASS, 0));
        e.add(recovery("msgd-cov", Verdict.PASS, 0.8228, 0.61, 1.07, 39, 40));
        e.add(collapse("msgd-cov", Verdict.PASS, 0));
        e.add(recovery("msgd-bernoulli-20", Verdict.PASS, 0.9144, 0.68, 1.28, 38, 40));
        e.add(collapse("msgd-bernoulli-20", Verdict.INCONCLUSIVE, 1));
        e.add(recovery("msgd-bernoulli-50", Verdict.PASS, 0.8836, 0.62, 1.14, 39, 40));
        e.add(collapse("msgd-bernoulli-50", Verdict.PASS, 0));
        e.add(recovery("msgd-[fisher-10]", Verdict.INCONCLUSIVE, 0.6842, 0.35, 0.93, 59, 60));
        e.add(collapse("msgd-[fisher-10]", Verdict.PASS, 0));
        e.add(recovery("msgd-[cov-10]", Verdict.INCONCLUSIVE, 0.6347, 0.39, 0.81, 57, 60));
        e.add(collapse("msgd-[cov-10]", Verdict.INCONCLUSIVE, 2));
        return e;
    }

    public static Results results(List<Evidence> claims) {
        Provenance p = new Provenance(20200712L, "quick", "msgd verify", "0123abcd", "2020-07-12T00:00:00Z",
                "2020-07-12T00:01:00Z", "17.0.15", "Linux amd64", 2, Map.of("msgd-lab", "0.1.0-SNAPSHOT"));
        return new Results(p, List.of(new StudyResult("deep", "Deep", "Section 5", claims)));
    }

}
