package org.msgdlab.sde.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.sde.fit.OrderFit;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.StatisticCheck;
import org.msgdlab.core.claims.Verdict;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An order fit whose correction sits at its bound cannot FAIL a claim, only leave it INCONCLUSIVE. */
class FitsTest {

    private static final double[] H = {0.25, 0.125, 0.0625, 0.03125, 0.015625};

    /** Exact errors h^p (1 + rho h) + c h^3. */
    private static OrderFit fitOf(double p, double rho, double c) {
        double[] e = new double[H.length];
        for (int i = 0; i < H.length; i++) {
            e[i] = Math.pow(H[i], p) * (1 + rho * H[i]) + c * Math.pow(H[i], 3);
        }
        return OrderFit.fit(H, e, null, 4);
    }

    private static Evidence failed() {
        return Evidence.builder("sde.example", "Appendix B", "order 2").verdict(Verdict.FAIL, "disagrees")
                .headline(1.5, 2, 0.01, 0.05, -0.25).falseAlarmProbability(1e-7).discrepancyLimit("none").samples(1000)
                .seconds(0.1).build();
    }

    @Test
    void aFitWhoseCorrectionIsBeyondItsRangeIsMarkedAtItsBound() {
        // h + 100 h^3: no (p, rho) with -1/2 <= rho h_max <= 2 follows it, even on the four smallest steps
        OrderFit bounded = fitOf(1, 0, 100);
        assertTrue(bounded.correctionAtBound(), bounded.note());
        assertEquals(4, bounded.used());
        OrderFit clean = fitOf(2, 0.5, 0);
        assertFalse(clean.correctionAtBound(), clean.note());
        assertEquals(2, clean.order(), 1e-9);
    }

    @Test
    void aDisagreementAtTheBoundIsWithheldAnAgreementOrAFreeFitIsNot() {
        OrderFit bounded = fitOf(1, 0, 100);
        StatisticCheck disagrees = StatisticCheck.of("order", bounded.order(), 0.01, 2, 2, 0.05);
        String why = Fits.unresolvedAtBound("terminal", disagrees, bounded);
        assertNotNull(why);
        assertTrue(why.contains("rho at its bound") && why.contains("plain log-log slope"), why);
        Evidence e = Fits.withholdFail(failed(), List.of(why));
        assertEquals(Verdict.INCONCLUSIVE, e.verdict());
        assertTrue(e.verdictReason().contains("may be pre-asymptotic"), e.verdictReason());

        StatisticCheck agrees = StatisticCheck.of("order", bounded.order(), 0.01, bounded.order(), bounded.order(), 0.05);
        assertNull(Fits.unresolvedAtBound("terminal", agrees, bounded), "an agreement stays: a larger SE only widens it");

        OrderFit free = fitOf(1.5, 0.5, 0);
        StatisticCheck wrong = StatisticCheck.of("order", free.order(), 0.01, 2, 2, 0.05);
        assertNull(Fits.unresolvedAtBound("terminal", wrong, free), "a free fit's disagreement is a FAIL");
        assertEquals(Verdict.FAIL, Fits.withholdFail(failed(), List.of()).verdict());
    }
}
