package org.msgdlab.reports.summary;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Results;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.reports.ClaimKindsFixture;

import static org.msgdlab.reports.NoiseClassFixture.DESIGN;
import static org.msgdlab.reports.NoiseClassFixture.collapse;
import static org.msgdlab.reports.NoiseClassFixture.recovery;
import static org.msgdlab.reports.NoiseClassFixture.results;
import static org.msgdlab.reports.NoiseClassFixture.study;

import java.util.ArrayList;
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

    private static String sentence(List<Evidence> claims) {
        return NoiseClassSentence.of(NoiseClassEvidence.from(results(claims), DESIGN).orElseThrow());
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

    /** The sentence of the committed study's claims as `msgd verify` wrote them is the one above: nothing of it is typed in. */
    @Test
    void theCommittedStudysResultsFileGivesTheSameSentence(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Results real = org.msgdlab.reports.NoiseClassFixture.committedStudy(dir);
        NoiseClassEvidence ev = NoiseClassEvidence.from(real, DESIGN).orElseThrow();
        assertEquals(6, ev.recoveries().size());
        assertEquals(6, ev.collapses().size());
        assertEquals(60, ev.pairedSeeds());
        assertEquals(sentence(study()), NoiseClassSentence.of(ev));
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

    /**
     * An open set prints with two decimals, as R does (a real claim carries four digits, "[0.3506, 0.9315]"), but
     * never onto a band edge it is not on: 0.4996 stays 0.4996, not 0.50 beside "straddle 0.5"; a set of pieces keeps
     * the claim's words. The forest plot's labels say the same.
     */
    @Test
    void anOpenSetPrintsWithRsDecimalsButNeverOntoABandEdge() {
        NoiseClassEvidence ev = NoiseClassEvidence.from(results(study()), DESIGN).orElseThrow();
        java.util.function.BiFunction<String, double[], NoiseClassEvidence.Recovery> open = (set, lohi) ->
                new NoiseClassEvidence.Recovery("id", "MSGD-X", "sparse", Verdict.INCONCLUSIVE, 0.7, lohi[0], lohi[1], set, 59, 60);
        assertEquals("[0.35, 0.93]", ev.printedSet(open.apply("[0.3506, 0.9315]", new double[]{0.3506, 0.9315})));
        assertEquals("[0.4996, 0.93]", ev.printedSet(open.apply("[0.4996, 0.9315]", new double[]{0.4996, 0.9315})));
        assertEquals("[0.49, 1.5004]", ev.printedSet(open.apply("[0.4912, 1.500]", new double[]{0.4912, 1.50037})));
        assertEquals("[0.50, 1.21]", ev.printedSet(open.apply("[0.5000, 1.207]", new double[]{0.5, 1.207})));
        assertEquals("[0.2, 0.4] \u222a [0.6, 1.7]", ev.printedSet(open.apply("[0.2, 0.4] \u222a [0.6, 1.7]",
                new double[]{0.2, 1.7})));
        assertEquals("(-inf, 0.81]", ev.printedSet(open.apply("(-inf, 0.8101]",
                new double[]{Double.NEGATIVE_INFINITY, 0.8101})));
        // the report's forest plot labels its rows with the same words
        var rows = org.msgdlab.reports.figures.NoiseClassFigures.rows(ev);
        for (int i = 0; i < rows.size(); i++) {
            assertEquals(ev.printedSet(ev.recoveries().get(i)), rows.get(i).set(), rows.get(i).noise());
        }
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
        assertTrue(NoiseClassEvidence.from(results(List.of()), DESIGN).isEmpty());
        Results theoryOnly = new Results(ClaimKindsFixture.everyKind().provenance(), List.of(ClaimKindsFixture.everyKind().studies().get(0)));
        assertTrue(NoiseClassEvidence.from(theoryOnly, DESIGN).isEmpty());
        // collapse claims alone answer nothing about R
        assertTrue(NoiseClassEvidence.from(results(List.of(collapse("msgd-cov", Verdict.PASS, 0))), DESIGN).isEmpty());
    }

    private static String noiseOf(Evidence e) {
        return org.msgdlab.reports.NoiseClassFixture.noiseOf(e.claimId());
    }
}
