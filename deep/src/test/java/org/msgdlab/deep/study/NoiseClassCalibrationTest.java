package org.msgdlab.deep.study;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The recovery rule on the noise-class study's own seeds (PLAN.md: alpha "under the data's real shape"):
 * on the committed runs, each noise's worst wrong-verdict rate in its resampled world is no worse than
 * worlds of as many seeds drawn from normal errors, where the rule keeps its alpha: below their
 * prediction bound ({@link NoiseClassCalibration#reference}; a normal world exceeds it with probability
 * 1e-3, so this test's false fail over six noises is below 0.006). The reference itself must sit near the
 * claim's alpha, and on synthetic runs a collapsed seed is counted and kept out.
 */
class NoiseClassCalibrationTest {

    /** The study directory as committed, from the deep module's folder (where Maven runs its tests). */
    static final Path COMMITTED = Path.of("results/noise-class-study");

    @Test
    void onTheCommittedSeedsTheRuleKeepsItsAlpha() throws Exception {
        assumeTrue(Files.isDirectory(COMMITTED.resolve("authors-code")), "the committed study is not here: " + COMMITTED.toAbsolutePath());
        StudyPlan plan = StudyPlan.noiseClass(COMMITTED, COMMITTED);
        StudyRuns runs = StudyRuns.read(plan, StudyPlan.NOISE_CLASS_CAP);
        NoiseClassVerdicts.Seeds seeds = NoiseClassVerdicts.seeds(runs, false);
        assertTrue(seeds.used().size() >= 20, "the committed study has its first look: " + seeds.used().size() + " seeds");
        List<NoiseClassCalibration.Row> rows = NoiseClassCalibration.of(runs, seeds);
        assertEquals(6, rows.size(), "one row per recovery claim");
        NoiseClassCalibration.Reference ref = NoiseClassCalibration.reference(seeds.used().size());
        System.out.println("normal worlds of the same size: " + ref);
        // the yardstick is itself a rule within its alpha: worst of five rates, each about alpha or below
        assertTrue(ref.mean() <= 2 * NoiseClassClaim.claimAlpha(), "normal worlds' mean worst rate " + ref.mean());
        for (NoiseClassCalibration.Row r : rows) {
            System.out.println(r);
            System.out.printf(java.util.Locale.ROOT, "%s: %d seeds, worst wrong-verdict rate %.4f, P(PASS | R=1) %.2f,"
                    + " P(FAIL | R=0) %.2f%n", r.claim().noise(), r.seeds(), r.worstWrong(),
                    r.rates().passAtOne(), r.rates().failAtZero());
            assertTrue(r.worstWrong() <= ref.bound(), r.claim().noise() + ": worst rate " + r.worstWrong()
                    + " above normal worlds' bound " + ref.bound() + ": " + r);
            // a rule that cannot tell a noise recovering nothing from SGD-50 would be no answer
            double power = r.rates().failAtZero();
            assertTrue(power >= 0.95, r.claim().noise() + ": P(FAIL | R=0) " + power + " must be >= 0.95");
        }
    }

    @Test
    void aCollapsedSeedStaysInTheWorldAsALeftOutSeed(@TempDir Path dir) throws Exception {
        StudyPlan plan = StudyPlan.noiseClass(dir.resolve("study"), dir);
        StudyRuns runs = NoiseClassVerdictsTest.runs(plan, 20, (m, s) -> s == 4 && m.equals("msgd-cov")
                ? NoiseClassVerdictsTest.rows(0.79, 0.10, 1.0) : NoiseClassVerdictsTest.synthetic(m, s, 1.0),
                (m, s) -> NoiseClassVerdictsTest.HERE);
        List<NoiseClassCalibration.Row> rows = NoiseClassCalibration.of(runs, NoiseClassVerdicts.seeds(runs, false));
        NoiseClassCalibration.Row fisher = rows.get(0);
        NoiseClassCalibration.Row cov = rows.get(1);
        assertEquals("msgd-fisher", fisher.claim().noise());
        assertEquals(0, fisher.collapsed());
        assertEquals("msgd-cov", cov.claim().noise());
        assertEquals(1, cov.collapsed(), "seed 4's MSGD-Cov run dipped to 0.10");
        assertEquals(20, cov.seeds());
    }
}
