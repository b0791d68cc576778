package org.msgdlab.app;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeedCountTest {

    private final SeedCount.Converter parse = new SeedCount.Converter();

    @Test
    void autoOrANumberOfPairedSeedsIsReadOnceWhereTheOptionIsParsed() {
        assertTrue(parse.convert("auto").auto());
        assertTrue(parse.convert("AUTO").auto());
        assertTrue(parse.convert("0").none());
        assertEquals(12, parse.convert("12").within(100, "the plan's cap"));
        assertFalse(parse.convert("12").auto());
    }

    @Test
    void anythingElseIsOneLineNamingTheValueAndTheRule() {
        for (String bad : new String[] {"-3", "abc", "1.5", "", "99999999999"}) {
            TypeConversionException e = assertThrows(TypeConversionException.class, () -> parse.convert(bad), bad);
            assertEquals("'" + bad + "' must be auto or an integer >= 0", e.getMessage());
        }
    }

    @Test
    void theCapDependsOnThePlanAndIsCheckedWhereThePlanIsKnown() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse.convert("101").within(100, "the plan's cap"));
        assertEquals("--seeds=101 must be in [0, 100] (the plan's cap)", e.getMessage());
        assertEquals("--seeds=99 must be in [0, 15]",
                assertThrows(IllegalArgumentException.class, () -> parse.convert("99").within(15, "")).getMessage());
        assertEquals(100, parse.convert("100").within(100, "the plan's cap"));
    }

    /** auto trains to the first look not yet complete, and to the cap once every look is. */
    @Test
    void autoTrainsToTheFirstLookNotYetComplete() {
        List<Integer> looks = List.of(20, 40, 60);
        assertEquals(20, SeedCount.nextLook(looks, 0));
        assertEquals(20, SeedCount.nextLook(looks, 19));
        assertEquals(40, SeedCount.nextLook(looks, 20), "a look reached: the next one");
        assertEquals(60, SeedCount.nextLook(looks, 59));
        assertEquals(60, SeedCount.nextLook(looks, 60), "every look complete: the cap");
        assertEquals(0, SeedCount.nextLook(List.of(), 5), "a plan without a look trains nothing");
    }
}
