package org.msgdlab.deep.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.claims.Budget;
import org.msgdlab.core.claims.Evidence;
import org.msgdlab.core.claims.Verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Appendix C.1: ConvSmall has 11,330 parameters, and the check tells the 'same'-padding reading apart. */
class ConvSmallParametersClaimTest {

    @Test
    void convSmallHas11330ParametersAndTheSamePaddingReadingIsRejected() {
        Evidence e = new ConvSmallParametersClaim().check(Budget.QUICK, 1);
        assertEquals(Verdict.PASS, e.verdict(), e.verdictReason());
        assertEquals(11_330, e.estimate());
        // conv1 5x5x1x10+10, conv2 5x5x10x10+10, fc1 7x7x10x50+50, fc2 50x10+10
        assertEquals(260 + 2_510 + 24_550 + 510, ConvSmallParametersClaim.samePaddingCount());
        assertEquals(1, e.power().size());
        assertTrue(e.power().get(0).rejected(), e.power().toString());
    }
}
