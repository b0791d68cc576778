package org.msgdlab.deep.study;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.IntervalAnswer;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.core.stats.SignedRankRatio;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The noise-class claims' answers as a report shows them: R with its set and the band, in words and numbers. */
class NoiseClassAnswerTest {

    @Test
    void aRecoveryAnswerGivesRItsSetTheBandAndTheLooksInWords() {
        NoiseClassClaim recovery = NoiseClassClaim.all().stream().filter(c -> c.kind() == NoiseClassClaim.Kind.RECOVERY)
                .findFirst().orElseThrow();
        NoiseClassVerdicts.Result r = new NoiseClassVerdicts.Result(recovery, Verdict.PASS, 20, 19, 0.93,
                List.of(new SignedRankRatio.Interval(0.61, 1.32)), 0, 0, "PASS at the look of 20");
        IntervalAnswer a = NoiseClassStudyClaim.answer(r, true);
        assertEquals(0.61, a.lower());
        assertEquals(1.32, a.upper());
        assertTrue(a.answer().startsWith("Yes (does "), a.answer());
        assertTrue(a.answer().contains("R = 0.93") || a.answer().contains("R = 0.930"), a.answer());
        assertTrue(a.rule().contains("looks at [20, 40, 60] paired seeds"), a.rule());
        assertFalse(a.rule().contains("@"), "an array's identity in the rule: " + a.rule());
        assertTrue(a.headline());
        assertEquals(List.of(0.0, 1.0, 0.5, 1.5), a.lines().stream().map(IntervalAnswer.Line::value).toList());
    }

    @Test
    void aCollapseAnswerBeforeItsOnlyLookSaysSoWithTheCounts() {
        NoiseClassClaim collapse = NoiseClassClaim.all().stream().filter(c -> c.kind() == NoiseClassClaim.Kind.COLLAPSE)
                .findFirst().orElseThrow();
        NoiseClassVerdicts.Result r = new NoiseClassVerdicts.Result(collapse, Verdict.NOT_RUN, 0, 9, 0.0, List.of(), 0, 0,
                "decided once, at 60 paired seeds");
        IntervalAnswer a = NoiseClassStudyClaim.answer(r, false);
        assertTrue(a.answer().startsWith("Not decided yet (does "), a.answer());
        assertTrue(a.answer().contains("over 9 paired seeds it collapsed alone at 0, SGD-50 alone at 0"), a.answer());
        assertFalse(a.headline());
        assertTrue(a.upper() > 0 && a.upper() < 1, "a Clopper-Pearson bound: " + a.upper());
    }
}
