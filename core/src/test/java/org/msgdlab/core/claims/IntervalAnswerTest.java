package org.msgdlab.core.claims;

import com.fasterxml.jackson.core.type.TypeReference;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An interval claim's answer survives the trip through results.json, so a re-rendered report draws the same card. */
class IntervalAnswerTest {

    private static final IntervalAnswer SUPERIORITY = new IntervalAnswer("window test accuracy, SGD-50 minus GD (paired)",
            0.0135, 0.0091, Double.POSITIVE_INFINITY, "one-sided 0.0083-level t bounds at the look at 10 seeds",
            new double[] {0.012, 0.015, Double.NaN, 0.011}, List.of(new IntervalAnswer.Line("no difference", 0),
            new IntervalAnswer.Line("smallest effect +0.5 points", 0.005)), 10, "SUPPORTED if lower bound > 0", "Yes.", true);

    @Test
    void itIsReadBackFromTheParametersItWasWrittenInto() {
        Map<String, Object> p = SUPERIORITY.into(new LinkedHashMap<>(Map.of("protocol", "authors-code")));
        IntervalAnswer back = IntervalAnswer.from(p).orElseThrow();
        assertEquals(SUPERIORITY.estimate(), back.estimate());
        assertEquals(SUPERIORITY.lines(), back.lines());
        assertArrayEquals(SUPERIORITY.observations(), back.observations());
        assertTrue(back.headline());
        assertEquals(Map.of("protocol", "authors-code"), IntervalAnswer.without(p));
    }

    @Test
    void itIsReadBackAfterJsonWhereArraysBecomeListsAndInfinitiesText() throws Exception {
        var mapper = ResultsFile.mapper();
        String json = mapper.writeValueAsString(SUPERIORITY.into(new LinkedHashMap<>()));
        Map<String, Object> read = mapper.readValue(json, new TypeReference<Map<String, Object>>() { });
        IntervalAnswer back = IntervalAnswer.from(read).orElseThrow();
        assertEquals(0.0091, back.lower());
        assertEquals(Double.POSITIVE_INFINITY, back.upper(), json);
        assertEquals(4, back.observations().length);
        assertTrue(Double.isNaN(back.observations()[2]));
        assertEquals(SUPERIORITY.lines(), back.lines());
        assertEquals(10, back.seeds());
        assertEquals(SUPERIORITY.answer(), back.answer());
    }

    @Test
    void aClaimWithoutAnIntervalHasNone() {
        assertFalse(IntervalAnswer.from(Map.of("n", 3)).isPresent());
        assertFalse(IntervalAnswer.from(null).isPresent());
    }
}
