package org.msgdlab.core.stats;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The support study's losses and dips are counted "per method with exact 95% intervals" (PLAN.md): the
 * Clopper-Pearson interval, checked against scipy.stats.beta.ppf and the closed form at x = 0.
 */
class ClopperPearsonTest {

    @Test
    void endsAgreeWithTheBetaQuantilesAndTheClosedFormAtZero() {
        ClopperPearson none = new ClopperPearson(0, 60);
        assertEquals(0, none.lower(0.05));
        assertEquals(1 - Math.pow(0.025, 1.0 / 60), none.upper(0.05), 1e-12, "x = 0: 1 - (alpha/2)^(1/n)");
        ClopperPearson four = new ClopperPearson(4, 480);     // the second study's four dips in 480 runs
        assertEquals(0.0022750862, four.lower(0.05), 1e-9);
        assertEquals(0.0211982618, four.upper(0.05), 1e-9);
        assertEquals(0.0062299715, new ClopperPearson(3, 100).lower(0.05), 1e-9);
        assertEquals(0.0851760530, new ClopperPearson(3, 100).upper(0.05), 1e-9);
        assertEquals(0.9637833074, new ClopperPearson(100, 100).lower(0.05), 1e-9);
        assertEquals(1, new ClopperPearson(100, 100).upper(0.05));
    }

    @Test
    void badCountsAreRefusedInOneLine() {
        var e = assertThrows(IllegalArgumentException.class, () -> new ClopperPearson(5, 4));
        assertEquals("Clopper-Pearson: events x=5 must be in [0, n] with n=4 >= 1", e.getMessage());
    }
}
