package org.msgdlab.core.claims;

import org.junit.jupiter.api.Test;
import org.msgdlab.core.testing.Rejections;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BudgetTest {

    @Test
    void parsesQuickAndFullInAnyCase() {
        assertEquals(Budget.QUICK, Budget.parse("quick"));
        assertEquals(Budget.FULL, Budget.parse(" FULL "));
        assertEquals("quick", Budget.QUICK.label());
        Rejections.assertRejects(() -> Budget.parse("medium"), "'medium'");
    }

    @Test
    void eachBudgetPicksItsOwnSetting() {
        assertEquals("seconds", Budget.QUICK.pick("seconds", "minutes"));
        assertEquals("minutes", Budget.FULL.pick("seconds", "minutes"));
    }
}
