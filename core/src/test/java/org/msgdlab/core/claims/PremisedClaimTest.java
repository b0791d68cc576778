package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A claim computed from a premise is decided only when the premise holds; the premise is computed once. */
class PremisedClaimTest {

    /** A claim of a fixed verdict that counts its checks. */
    private record Fixed(String id, Verdict verdict, AtomicInteger checks) implements Claim {
        Fixed(String id, Verdict verdict) {
            this(id, verdict, new AtomicInteger());
        }

        @Override
        public String paperRef() {
            return "ref";
        }

        @Override
        public String statement() {
            return "statement of " + id;
        }

        @Override
        public Evidence check(CheckContext context) {
            checks.incrementAndGet();
            return Evidence.builder(id, "ref", statement()).verdict(verdict, "because " + id).build();
        }
    }

    @Test
    void aClaimRestingOnAFailedPremiseIsInconclusiveWithThePremisesReasonAndIsNotComputed() {
        Fixed own = new Fixed("own", Verdict.PASS);
        Evidence e = new PremisedClaim(own, new Fixed("premise", Verdict.FAIL)).check(Budget.QUICK, 1);
        assertEquals(Verdict.INCONCLUSIVE, e.verdict());
        assertEquals("not decided: it rests on premise, which is FAIL (because premise); a verdict computed from a premise that"
                + " does not hold would say nothing of the object checked", e.verdictReason());
        assertEquals("premise is FAIL", e.parameters().get(PremisedClaim.RESTS_ON));
        assertEquals(0, own.checks().get(), "not computed");
    }

    @Test
    void aClaimRestingOnAHeldPremiseKeepsItsOwnVerdictAndNamesThePremise() {
        Evidence e = new PremisedClaim(new Fixed("own", Verdict.FAIL), new Fixed("premise", Verdict.PASS)).check(Budget.QUICK, 1);
        assertEquals(Verdict.FAIL, e.verdict());
        assertEquals("because own; its premise premise is PASS", e.verdictReason());
        assertEquals("premise is PASS", e.parameters().get(PremisedClaim.RESTS_ON));
    }

    @Test
    void aPremiseThatErredLeavesTheClaimInconclusiveAndOneNotRunLeavesItNotRun() {
        assertEquals(Verdict.INCONCLUSIVE, new PremisedClaim(new Fixed("own", Verdict.PASS), new Fixed("p", Verdict.ERROR))
                .check(Budget.QUICK, 1).verdict());
        assertEquals(Verdict.NOT_RUN, new PremisedClaim(new Fixed("own", Verdict.PASS), new Fixed("p", Verdict.NOT_RUN))
                .check(Budget.QUICK, 1).verdict());
    }

    @Test
    void aMemoizedPremiseIsComputedOncePerBudgetAndSeed() {
        Fixed premise = new Fixed("premise", Verdict.PASS);
        MemoizedClaim memo = new MemoizedClaim(premise);
        memo.check(Budget.QUICK, 1);
        new PremisedClaim(new Fixed("a", Verdict.PASS), memo).check(Budget.QUICK, 1);
        new PremisedClaim(new Fixed("b", Verdict.PASS), memo).check(Budget.QUICK, 1);
        assertEquals(1, premise.checks().get());
        memo.check(Budget.QUICK, 2);
        assertEquals(2, premise.checks().get(), "another seed is another check");
    }

    @Test
    void anErrorClaimReportsItsReasonAndNeedsOne() {
        Evidence e = new ErrorClaim(new ClaimRef("x", "ref", "s"), "plug-in p: create(n=3, b=1) threw IllegalStateException: no").check(Budget.QUICK, 1);
        assertEquals(Verdict.ERROR, e.verdict());
        assertEquals("plug-in p: create(n=3, b=1) threw IllegalStateException: no", e.verdictReason());
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new ErrorClaim(new ClaimRef("x", "ref", "s"), " ")).getMessage().contains("must say why"));
    }
}
