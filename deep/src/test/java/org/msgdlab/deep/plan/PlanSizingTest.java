package org.msgdlab.deep.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.msgdlab.core.stats.BandClaim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A plan sized before its first run ({@link PlanSizing}). The third study's plan file is read as text only: none of
 * its runs is looked at (no statistic of them before 50 complete paired seeds); the second study's committed runs are
 * resampled.
 * <p>
 * <b>The level check and its false-alarm probability.</b> The support plan's six claims on normal worlds (sd 0.87
 * points, the second study's; 4,000 studies per truth): each claim's alpha (its largest of up to four wrong-verdict
 * rates at its boundaries) is at most its share 0.05/6 = 0.00833 plus {@value PlanSizing#Z} Monte Carlo sd (0.00144),
 * 0.0128, i.e. at most 51 wrong verdicts of 4,000. Were every true rate exactly at the share, one of the 18 rates
 * (four per equivalence claim, two per "below" claim) would cross with probability 0.0016 and some rate with at most
 * 0.03; at the rates the plan's own sizing found on such worlds (sizing/normal.txt, 40,000 studies: 0.0041 to 0.0053)
 * one rate crosses with probability 1.1e-8 and some rate with below 2e-7 (at 0.0065, the largest this test's seed
 * measures: 4e-6 and 8e-5).
 * <b>Its power</b>: the named wrong variant, the same rule at six times the family alpha (0.3 in place of 0.05, one-sided
 * 0.006 and 0.024 at the looks), is checked against the plan's share and refused.
 */
class PlanSizingTest {

    static final Path SUPPORT_PLAN = PlanLookTest.SUPPORT.resolve("plan.json");
    static final int STUDIES = 4_000;
    static final long SEED = 20261204L;
    /** The second study's sd of a paired difference in points (size.py: 0.78 to 1.23; 0.87 near its middle). */
    static final double SD = 0.87;
    /** The share 0.05/6 and the level check's limit at {@link #STUDIES}. */
    static final double SHARE = 0.05 / 6;

    /** The support plan's claims on normal worlds of sd 0.87: equivalence sized at theta = 0, "below" at -0.4. */
    static SizingModel normal(PlanFile plan, double equivalenceEffect) {
        Map<String, SizingModel.ClaimModel> m = new LinkedHashMap<>();
        for (PlannedClaim c : plan.claims()) {
            boolean below = ((PlannedClaim.Difference) c).band() instanceof BandClaim.Below;
            m.put(c.name(), new SizingModel.DifferenceModel(SD, below ? -0.4 : equivalenceEffect));
        }
        return new SizingModel("the second study's sd of a paired difference, 0.87 points", m);
    }

    static PlanSizing.Settings settings() {
        return new PlanSizing.Settings(STUDIES, 500, SEED, 0.8, 400);
    }

    /** The same plan with another family alpha. */
    static PlanFile withFamilyAlpha(PlanFile p, double family) {
        PlanFile.Alpha a = p.alpha();
        return new PlanFile(p.file(), p.sha256(), p.name(), p.title(), p.question(), p.protocol(), p.iterations(),
                p.evalEvery(), p.methods(), p.plugins(), p.masterSeed(), p.looks(), p.replaceLeftOut(),
                new PlanFile.Alpha(family, a.reserve(), a.spend(), a.equal()), p.lostRun(), p.claims(), p.amendments(),
                p.sizing());
    }

    @Test
    void sizingReportsAlphaWithinItsStatedBoundOnNormalWorlds() throws Exception {
        PlanFile plan = PlanFileReader.read(SUPPORT_PLAN);
        PlanSizing.Sizing s = PlanSizing.size(plan, new SizingWorlds.Normal(normal(plan, 0)), settings());
        System.out.print(s.render());
        assertEquals(6, s.claims().size());
        for (PlanSizing.ClaimSizing c : s.claims()) {
            assertEquals(SHARE, c.share(), 1e-15);
            assertEquals(List.of(50, 100), c.looks().stream().map(PlanSizing.LookRates::seeds).toList());
            assertTrue(c.keepsShare(STUDIES), c.id() + ": alpha " + c.atCap().alpha() + " at " + c.worst());
            assertTrue(c.looks().get(0).alpha() <= c.atCap().alpha(), "cumulative by look");
        }
        assertFalse(s.render().contains(") OVER"), s.render());

        PlanSizing.Sizing wrong = PlanSizing.size(withFamilyAlpha(plan, 0.3), new SizingWorlds.Normal(normal(plan, 0)),
                new PlanSizing.Settings(STUDIES, 2, SEED, 0.8, 3));
        List<String> refused = new ArrayList<>();
        for (PlanSizing.ClaimSizing c : wrong.claims()) {
            if (!c.keeps(SHARE, STUDIES)) {
                refused.add(c.claim().name());
            }
        }
        assertEquals(6, refused.size(), "the rule at six times its alpha is refused on every claim: " + refused);
        assertTrue(wrong.render().contains("share of the family alpha, 0.3 / 6 = 0.05000"), "its own table states its share");
    }

    /**
     * One claim, class.fisher-vs-cov, at theta = 0 and on its margin theta = 0.42. False alarms: power at 100 seeds is
     * about 0.94 (Monte Carlo sd 0.004), so "&gt;= 0.8" fails with probability far below 1e-9; P(PASS) on the margin,
     * about 0.005, crosses 0.0128 with probability about 1e-8 (as above).
     */
    @Test
    void aDifferenceClaimHasHighPowerAtZeroAndAtMostItsShareOnTheBoundary() throws Exception {
        PlanFile plan = PlanFileReader.read(SUPPORT_PLAN);
        PlanSizing.ClaimSizing atZero = PlanSizing.size(plan, new SizingWorlds.Normal(normal(plan, 0)), settings())
                .claims().get(1);
        PlanSizing.ClaimSizing onMargin = PlanSizing.size(plan, new SizingWorlds.Normal(normal(plan, 0.42)), settings())
                .claims().get(1);
        assertEquals("class.fisher-vs-cov", atZero.claim().name());
        // normal approximation: 100 seeds, Tukey-McLaughlin se ~0.096, t(0.996, 79) 2.72: P(|est| < 0.16) ~ 0.9
        assertTrue(atZero.atCap().power() >= 0.8, "power at theta = 0 with sd 0.87 at 100 seeds: " + atZero.atCap());
        assertTrue(atZero.looks().get(0).power() < 0.5, "one look at 50 seeds spends one-sided 0.001 only: "
                + atZero.looks().get(0));
        assertTrue(atZero.cap().found() && atZero.cap().seeds() <= 100, "a cap for 0.8 within the plan's: " + atZero.cap());
        assertTrue(onMargin.atCap().power() <= SHARE + PlanSizing.Z * Math.sqrt(SHARE * (1 - SHARE) / STUDIES),
                "P(PASS) on the margin is a wrong PASS: " + onMargin.atCap());
        assertFalse(onMargin.cap().found(), "on the margin no cap reaches 0.8: " + onMargin.cap());
    }

    @Test
    void theSecondStudysPlanSizedOnItsOwnRunsGivesFiniteNumbers() throws Exception {
        assumeTrue(Files.isDirectory(PlanLookTest.NOISE_CLASS.resolve("authors-code")), "the committed study is not here");
        PlanFile plan = PlanFileReader.read(PlanLookTest.NOISE_CLASS.resolve("plan.json"));
        SizingWorlds.Resampled worlds = SizingWorlds.Resampled.of(plan, Map.of());
        assertEquals(60, worlds.seeds());
        PlanSizing.Sizing s = PlanSizing.size(plan, worlds, new PlanSizing.Settings(300, 100, SEED, 0.8, 120));
        System.out.print(s.render());
        assertEquals(12, s.claims().size());
        for (PlanSizing.ClaimSizing c : s.claims()) {
            assertEquals(c.claim() instanceof PlannedClaim.EventRate ? 1 : 3, c.looks().size(), c.id());
            for (PlanSizing.LookRates r : c.looks()) {
                assertTrue(r.alpha() >= 0 && r.alpha() <= 1 && r.power() >= 0 && r.power() <= 1, c.id() + " " + r);
                assertTrue(Double.isFinite(r.alphaSe()) && Double.isFinite(r.powerSe()), c.id() + " " + r);
            }
            assertTrue(c.cap().found() ? c.cap().seeds() <= 120 : c.cap().limit() == 120, c.id() + " " + c.cap());
        }
    }

    /**
     * The second study's plan on stated normal worlds (SGD-50's advantage 1.41 points with sd 0.88, the residual sd
     * 0.88; lone collapses at 0.02): every number finite, and power at R = 1 at 60 seeds high. At 600 studies a power
     * near 0.95 (as on the resampled worlds above) falls below 0.8 with probability far below 1e-9.
     */
    @Test
    void theSecondStudysPlanSizedOnStatedNormalWorldsHasPowerAtROne() throws Exception {
        PlanFile plan = PlanFileReader.read(PlanLookTest.NOISE_CLASS.resolve("plan.json"));
        SizingModel model = SizingModel.same(plan, "the first study's advantage and sd", new SizingModel.DifferenceModel(1, 0),
                new SizingModel.RecoveryModel(1.41, 0.88, 0.88, 1), new SizingModel.EventRateModel(0.02));
        PlanSizing.Sizing s = PlanSizing.size(plan, new SizingWorlds.Normal(model), new PlanSizing.Settings(600, 2, SEED, 0.8, 60));
        System.out.print(s.render());
        for (PlanSizing.ClaimSizing c : s.claims()) {
            PlanSizing.LookRates r = c.atCap();
            assertTrue(Double.isFinite(r.alpha()) && Double.isFinite(r.power()), c.id() + " " + r);
            if (c.claim() instanceof PlannedClaim.Recovery) {
                assertEquals("R = 1.00", c.alternative());
                assertTrue(r.power() >= 0.8, c.id() + ": power at R = 1, 60 seeds: " + r);
            }
        }
    }

    @Test
    void aStudyIsNotResampledBeforeItsFirstLook(@TempDir Path dir) throws Exception {
        Files.copy(PlanLookTest.NOISE_CLASS.resolve("plan.json"), dir.resolve("plan.json"));
        PlanFile empty = PlanFileReader.read(dir.resolve("plan.json"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SizingWorlds.Resampled.of(empty, Map.of()));
        assertEquals("sizing: the source study noise-class has 0 counted paired seeds, fewer than its first look's 20: its"
                + " plan computes no statistic before it, so no world is made of its runs", e.getMessage());
    }

    @Test
    void aPlanFilesSizingObjectIsReadAndItsDefectsAreNamed(@TempDir Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(Files.readString(SUPPORT_PLAN));
        ObjectNode sizing = root.putObject("sizing");
        sizing.put("source", "the second study's 60 paired seeds (size.py)");
        ObjectNode claims = sizing.putObject("claims");
        for (var c : root.get("claims")) {
            ObjectNode m = claims.putObject(c.get("name").asText());
            m.put("sd", SD);
            if (c.get("test").asText().equals("below")) {
                m.put("effect", -0.35);
            }
        }
        Path file = dir.resolve("plan.json");
        Files.writeString(file, json.writeValueAsString(root));
        PlanFile plan = PlanFileReader.read(file);
        assertEquals(6, plan.sizing().claims().size());
        assertEquals(new SizingModel.DifferenceModel(SD, 0), plan.sizing().claims().get("class.fisher-vs-cov"));
        assertEquals(new SizingModel.DifferenceModel(SD, -0.35), plan.sizing().claims().get("support.fisher-10-below-fisher"));
        assertEquals(null, PlanFileReader.read(SUPPORT_PLAN).sizing(), "a plan without the key has none");

        ((ObjectNode) claims.get("support.fisher-10-below-fisher")).put("effect", 0.1);
        Files.writeString(file, json.writeValueAsString(root));
        PlanFileException e = assertThrows(PlanFileException.class, () -> PlanFileReader.read(file));
        assertEquals("plan " + file + ": /sizing/claims/support.fisher-10-below-fisher/effect = 0.1: must be < 0: the effect"
                + " a \"below\" claim is sized to find", e.getMessage());
        claims.remove("support.fisher-10-below-fisher");
        Files.writeString(file, json.writeValueAsString(root));
        e = assertThrows(PlanFileException.class, () -> PlanFileReader.read(file));
        assertEquals("plan " + file + ": /sizing/claims/support.fisher-10-below-fisher = (missing): is required", e.getMessage());
    }

    @Test
    void looksAreScaledInProportionToTheCap() {
        assertEquals(List.of(60, 120), java.util.Arrays.stream(SizingSimulation.scaled(new int[]{50, 100}, 120)).boxed().toList());
        assertEquals(List.of(3, 6), java.util.Arrays.stream(SizingSimulation.scaled(new int[]{50, 100}, 6)).boxed().toList());
        assertEquals(null, SizingSimulation.scaled(new int[]{50, 100}, 4), "a first look under 3 seeds");
    }
}
