package org.msgdlab.sde.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.sde.SdeStudy;
import org.msgdlab.sde.path.Diffusion;
import org.msgdlab.sde.path.StrongSetup;
import org.msgdlab.sde.path.TestFunction;
import org.msgdlab.sde.path.WeakSetup;
import org.msgdlab.sde.problem.LogisticRegression;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Claim;
import org.msgdlab.core.claims.ClaimRef;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Study;
import org.msgdlab.core.claims.Verdict;
import org.msgdlab.theory.noise.SgdWithReplacement;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Small versions of the study's claims: they pass where the theory holds and fail where it does not. */
class ClaimsTest {

    static final LogisticRegression P = new LogisticRegression.Spec(4, 40, 2.0, 3.0, 3.0, 21).generate();
    static final long SEED = 2024;

    static StrongOrderClaim strong(Diffusion d, int m, int paths, double expected, double wrong) {
        StrongSetup s = new StrongSetup(P, d, 1.0, 4, 6, m, paths);
        return StrongOrderClaim.builder(new ClaimRef("test.strong", "test", "test"), s, s).expected(expected, "test")
                .wrong(wrong, "wrong").iterationName("iteration").build();
    }

    @Test
    void aStrongOrderClaimIsRefusedWithoutTheOrdersItComparesAndTellsThemApartByName() {
        StrongSetup s = new StrongSetup(P, Diffusion.theorem(40, 8), 1.0, 4, 6, 6, 16);
        StrongOrderClaim.Builder b = StrongOrderClaim.builder(new ClaimRef("test.strong", "test", "test"), s, s)
                .expected(2.0, "the theorem").iterationName("iteration");
        NullPointerException e = org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class, b::build);
        assertEquals("wrong order", e.getMessage());
        StrongOrderClaim c = b.wrong(1.0, "strong order 1/2").build();
        assertEquals(new StrongOrderClaim.Order(2.0, "the theorem"), c.expected());
        assertEquals(new StrongOrderClaim.Order(1.0, "strong order 1/2"), c.wrong());
        assertEquals("test.strong", c.id());
        assertEquals("", c.note(), "no note unless given");
    }

    @Test
    void theoremPassesAndRejectsStrongOrderOneHalf() {
        Evidence e = strong(Diffusion.theorem(40, 8), 6, 16, 2.0, 1.0).check(Budget.QUICK, SEED);
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason() + " " + e.statistics());
        assertTrue(e.power().get(0).rejected(), "order 1 (strong order 1/2) must be rejected");
        assertTrue((Boolean) e.parameters().get("reference converged (halving change < SE for every eta fitted)"));
        assertEquals(3, e.series().size());
    }

    /** The contrast: an η-independent diffusion has mean-square order 1, and the harness rejects 2. */
    @Test
    void contrastHasOrderOneAndFailsTheTheoremsOrder() {
        Diffusion fixed = Diffusion.etaIndependent(40, 1, 0.3);
        Evidence asKnown = strong(fixed, 5, 160, 1.0, 2.0).check(Budget.QUICK, SEED);
        assertEquals(Verdict.PASS, asKnown.verdict(), asKnown.verdictReason() + " " + asKnown.statistics());
        assertTrue(asKnown.power().get(0).rejected(), asKnown.statistics().toString());
        Evidence asTheorem = strong(fixed, 5, 160, 2.0, 1.0).check(Budget.QUICK, SEED);
        assertEquals(Verdict.FAIL, asTheorem.verdict(), "order 2 claimed for an order-1/2 scheme must fail");
    }

    /** An unconverged reference is reported as an ERROR of the harness, with the measured change. */
    @Test
    void unconvergedReferenceIsAnError() {
        Evidence e = strong(Diffusion.theorem(40, 8), 1, 64, 2.0, 1.0).check(Budget.QUICK, SEED);
        assertEquals(Verdict.ERROR, e.verdict());
        assertTrue(e.verdictReason().startsWith("reference not converged"), e.verdictReason());
    }

    @Test
    void sameSeedSameNumbers() {
        StrongOrderClaim c = strong(Diffusion.theorem(40, 8), 3, 8, 2.0, 1.0);
        Evidence a = c.check(Budget.QUICK, 5);
        Evidence b = c.check(Budget.QUICK, 5);
        Evidence other = c.check(Budget.QUICK, 6);
        assertEquals(a.estimate(), b.estimate(), 0.0);
        assertEquals(a.standardError(), b.standardError(), 0.0);
        assertFalse(a.estimate() == other.estimate());
    }

    @Test
    void gronwallHoldsAndTheConstantGrowsWithT() {
        StrongSetup s = new StrongSetup(P, Diffusion.theorem(40, 8), 2.0, 32, 2, 6, 12);
        Evidence e = new GronwallClaim("test.gronwall", s, s, new double[] {0.25, 0.5, 1, 2}).check(Budget.QUICK, SEED);
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason());
        assertTrue(e.power().get(0).rejected(), "C(T) must be seen to grow with T");
        assertTrue(e.discrepancyLimit().contains("drops a factor t"));
    }

    @Test
    void weakOrderOfSgdIsOne() {
        WeakSetup w = new WeakSetup(P, 1.0, 4, 6, 2, 2000, 600, List.of(TestFunction.LOSS, TestFunction.SQUARED_NORM));
        Evidence e = new WeakOrderClaim("test.weak", new SgdWithReplacement(40, 20), w, w, new WeakReferences())
                .check(Budget.QUICK, SEED);
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason() + " " + e.statistics());
        assertTrue(e.power().get(0).rejected(), "weak order 2 must be rejected for phi = L: " + e.statistics());
    }

    @Test
    void deterministicLimitIsFirstOrderAndHeunSecond() {
        Evidence e = new DeterministicLimitClaim("test.det", P, 1.0, 4, 7, 1e-13).check(Budget.QUICK, SEED);
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason() + " " + e.statistics());
        assertEquals(1.0, e.estimate(), 0.01);
        assertTrue((Boolean) e.parameters().get("control: Heun resolved as second order"));
        assertTrue(e.power().get(0).rejected());
        assertEquals(0.0, e.falseAlarmProbability());
    }

    @Test
    void studyListsEveryClaimOnceWithStableIds() {
        Study s = SdeStudy.create();
        assertEquals(SdeStudy.ID, s.id());
        Set<String> ids = new HashSet<>();
        for (Claim c : s.claims()) {
            assertTrue(c.id().matches("[a-z0-9]+(\\.[a-z0-9-]+)+"), c.id());
            assertTrue(ids.add(c.id()), "duplicate " + c.id());
            assertFalse(c.statement().isBlank());
        }
        assertEquals(Set.of("sde.strong.logistic", "sde.strong.tanh-network", "sde.strong.gronwall", "sde.strong.contrast",
                "sde.weak.sgd", "sde.weak.msgd-fisher", "sde.weak.msgd-bernoulli", "sde.weak.gaussian-msgd",
                "sde.deterministic-limit"), ids);
        for (Claim c : s.claims()) {
            if (c instanceof StrongOrderClaim so && !c.id().equals("sde.strong.contrast")) {
                assertTrue(so.setup(Budget.QUICK).stepSizes() >= 6, "at least 6 step sizes");
                assertTrue(so.setup(Budget.QUICK).steps(so.setup(Budget.QUICK).stepSizes() - 1) >= 100,
                        "the smallest eta gives at least 100 steps");
            }
        }
    }
}
