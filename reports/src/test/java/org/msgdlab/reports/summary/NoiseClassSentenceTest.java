package org.msgdlab.reports.summary;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Provenance;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.StudyResult;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.deep.study.NoiseClassClaim;
import org.msgdlab.reports.ClaimKindsFixture;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The answer to "does the noise class matter?" is made from the noise-class claims' evidence alone: its numbers and
 * lead move with the evidence, it names R as a pseudo-median ratio, and without the claims there is none.
 */
class NoiseClassSentenceTest {

    /** One recovery claim's evidence as {@code NoiseClassStudyClaim} builds it: R, its set, the band, the look. */
    static Evidence recovery(String noise, Verdict v, double r, double lo, double hi, int used, int look) {
        NoiseClassClaim c = new NoiseClassClaim(noise, NoiseClassClaim.Kind.RECOVERY);
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("paired seeds used", 60);
        p.put("look", look);
        p.put("seeds in the statistic", used);
        p.put("confidence set of R", String.format(java.util.Locale.ROOT, "[%.2f, %.2f]", lo, hi));
        p.put("band", List.of(0.5, 1.5));
        IntervalAnswer a = new IntervalAnswer("R", r, lo, hi, "signed-rank set", new double[0],
                List.of(new IntervalAnswer.Line("band 0.5", 0.5), new IntervalAnswer.Line("band 1.5", 1.5)), used,
                "PASS if R's confidence set lies inside [0.5, 1.5]", "answer of " + noise, true);
        return Evidence.builder(c.id(), c.paperRef(), c.statement()).verdict(v, "at the look").parameters(p).interval(a).build();
    }

    static Evidence collapse(String noise, Verdict v, int alone) {
        NoiseClassClaim c = new NoiseClassClaim(noise, NoiseClassClaim.Kind.COLLAPSE);
        IntervalAnswer a = new IntervalAnswer("P(only X collapses)", alone / 60.0, 0, 0.087 + 0.03 * alone, "Clopper-Pearson",
                new double[0], List.of(new IntervalAnswer.Line("margin 0.1", 0.1)), 60, "PASS if the bound is below 0.1",
                "answer", false);
        return Evidence.builder(c.id(), c.paperRef(), c.statement()).verdict(v, "at 60").parameters(Map.of("paired seeds used", 60))
                .interval(a).build();
    }

    /** The committed study's verdicts, as its twelve claims give them (verdicts.md). */
    static List<Evidence> study() {
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

    static Results results(List<Evidence> claims) {
        Provenance p = new Provenance(20200712L, "quick", "msgd verify", "0123abcd", "2020-07-12T00:00:00Z",
                "2020-07-12T00:01:00Z", "17.0.15", "Linux amd64", 2, Map.of("msgd-lab", "0.1.0-SNAPSHOT"));
        return new Results(p, List.of(new StudyResult("deep", "Deep", "Section 5", claims)));
    }

    private static String sentence(List<Evidence> claims) {
        return NoiseClassSentence.of(NoiseClassEvidence.from(results(claims)).orElseThrow());
    }

    @Test
    void theCommittedStudysVerdictsGiveItsAnswerWithItsNumbers() {
        assertEquals("Not measurably, by R (a pseudo-median ratio of a noise's gain over GD to SGD-50's: 0 = as GD,"
                + " 1 = as SGD-50; 60 paired seeds): Gaussian and Bernoulli noises alike (MSGD-Fisher, MSGD-Cov,"
                + " MSGD-Bernoulli-20 and MSGD-Bernoulli-50) keep at least half of SGD-50's advantage over GD (PASS: R"
                + " 0.82–0.91, every set inside [0.5, 1.5]); whether the sparse MSGD-[Fisher-10] and MSGD-[Cov-10] keep at"
                + " least half is open (INCONCLUSIVE: R 0.68 and 0.63, sets [0.35, 0.93] and [0.39, 0.81] straddle 0.5);"
                + " all 6 estimates of R are below 1, and 4 of 6 noises collapse no more often than SGD-50 (PASS; 2 not"
                + " decided).", sentence(study()));
    }

    @Test
    void itSaysWhatRIsAndNothingItDoesNotEstimate() {
        String s = sentence(study());
        assertTrue(s.contains("pseudo-median ratio"), s);
        assertTrue(s.contains("at least half"), s);
        for (String not : List.of("mean share", "points", "as well as SGD-50", "generalizes as")) {
            assertFalse(s.contains(not), "the claims do not estimate '" + not + "': " + s);
        }
        String noDecimals = s.replaceAll("(\\d)\\.(\\d)", "$1$2");
        assertEquals(1, noDecimals.chars().filter(ch -> ch == '.' || ch == '?' || ch == '!').count(), "one sentence: " + s);
        assertTrue(s.endsWith("."), s);
    }

    @Test
    void itsNumbersAndLeadFollowTheEvidence() {
        List<Evidence> claims = new ArrayList<>(study());
        // the Bernoulli noises fail their band: the class may matter
        claims.set(4, recovery("msgd-bernoulli-20", Verdict.FAIL, 0.21, 0.02, 0.44, 39, 40));
        claims.set(6, recovery("msgd-bernoulli-50", Verdict.FAIL, 0.17, -0.05, 0.40, 39, 40));
        String s = sentence(claims);
        assertTrue(s.startsWith("It may, by R"), s);
        assertTrue(s.contains("MSGD-Fisher and MSGD-Cov keep at least half of SGD-50's advantage over GD (PASS: R 0.82–0.85"), s);
        assertTrue(s.contains("MSGD-Bernoulli-20 and MSGD-Bernoulli-50 do not (FAIL: R 0.17–0.21, every set outside [0.5, 1.5])"), s);
    }

    @Test
    void beforeTheFirstLookItSaysSoAndGivesNoVerdict() {
        List<Evidence> claims = study().stream().map(e -> e.claimId().endsWith("recovers-sgd")
                ? recovery(noiseOf(e), Verdict.NOT_RUN, e.estimate(), 0.1, 1.9, 12, 0) : e).toList();
        String s = sentence(claims);
        assertTrue(s.startsWith("Not decided yet, by R"), s);
        assertTrue(s.contains("6 recovery claims before their first look (R so far 0.63–0.91, a description, not a verdict)"), s);
        assertFalse(s.contains("PASS"), s);
    }

    @Test
    void withoutTheNoiseClassClaimsThereIsNoAnswer() {
        assertTrue(NoiseClassEvidence.from(results(List.of())).isEmpty());
        Results theoryOnly = new Results(ClaimKindsFixture.everyKind().provenance(), List.of(ClaimKindsFixture.everyKind().studies().get(0)));
        assertTrue(NoiseClassEvidence.from(theoryOnly).isEmpty());
        // collapse claims alone answer nothing about R
        assertTrue(NoiseClassEvidence.from(results(List.of(collapse("msgd-cov", Verdict.PASS, 0)))).isEmpty());
    }

    @Test
    void aNoisesFamilyComesFromItsMethod() {
        assertEquals("Bernoulli", NoiseClassEvidence.family("msgd-bernoulli-20"));
        assertEquals("Gaussian", NoiseClassEvidence.family("msgd-cov"));
        assertEquals("sparse", NoiseClassEvidence.family("msgd-[fisher-10]"));
        assertEquals("other", NoiseClassEvidence.family("sgd-50"));
    }

    private static String noiseOf(Evidence e) {
        return NoiseClassClaim.all().stream().filter(c -> c.id().equals(e.claimId())).findFirst().orElseThrow().noise();
    }
}
