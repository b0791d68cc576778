package org.msgdlab.core.io;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The parser's errors in the file's terms (issue 47: messages named JsonReadFeature and StreamReadConstraints). */
class JsonErrorsTest {

    /** The results file's mapper: strict about kinds (a text is no number). */
    private static final ObjectMapper MAPPER = org.msgdlab.core.claims.ResultsFile.mapper();

    /** A record with the kinds of value a file holds. */
    record Row(double x, int n, boolean on, List<String> names, Kind kind) {
    }

    enum Kind { ONE, TWO }

    private static String refusal(String json) {
        JsonProcessingException e = assertThrows(JsonProcessingException.class, () -> MAPPER.readValue(json, Row.class));
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JsonProcessingException unparsed) {
            tree = null;
        }
        return JsonErrors.where(e).strip() + ": " + JsonErrors.what(e, tree);
    }

    @Test
    void aValueOfTheWrongKindNamesWhatBelongsAndWhatIsThere() {
        assertEquals("at x (line 1, column 7): must be a number, not the text \"0.5\"", refusal("{\"x\": \"0.5\"}"));
        assertEquals("at n (line 1, column 7): must be a whole number, not the number 1.5", refusal("{\"n\": 1.5}"));
        assertEquals("at on (line 1, column 8): must be true or false, not a list", refusal("{\"on\": [1]}"));
        assertEquals("at names (line 1, column 11): must be a list, not the number 3", refusal("{\"names\": 3}"));
        assertEquals("at kind (line 1, column 10): must be one of ONE, TWO, not the text \"THREE\"",
                refusal("{\"kind\": \"THREE\"}"));
    }

    @Test
    void theParsersLimitsAndFeaturesAreSaidAsTheRuleTheyEnforce() {
        assertEquals("at line 1, column 10: numbers must be finite, not NaN (write null for a number that is missing)",
                refusal("{\"x\": NaN}"));
        assertEquals("at line 1, column 16: numbers must be finite, not -Infinity (write null for a number that is missing)",
                refusal("{\"x\": -Infinity}"));
        assertEquals(": nested deeper than the limit of 1000 levels",
                refusal("{\"unknown\": " + "[".repeat(1001) + "]".repeat(1001) + "}"));
        assertEquals(": a number of 1001 digits, over the limit of 1000", refusal("{\"x\": " + "1".repeat(1001) + "}"));
    }

    @Test
    void plainDropsFeaturesSourcesAndClassNames() {
        assertEquals("Non-standard token 'NaN'", JsonErrors.plain(
                "Non-standard token 'NaN': enable `JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS` to allow"));
        assertEquals("Unexpected close marker ']': expected '}' (for root starting at line 1)", JsonErrors.plain(
                "Unexpected close marker ']': expected '}' (for root starting at [Source: REDACTED "
                        + "(`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1])"));
        assertEquals("Unexpected character ('#' (code 35)): maybe a (non-standard) comment?", JsonErrors.plain(
                "Unexpected character ('#' (code 35)): maybe a (non-standard) comment? (not recognized as one since"
                        + " Feature 'ALLOW_COMMENTS' not enabled for parser)"));
        assertEquals("Cannot deserialize value of type Double from String value (token a text)", JsonErrors.plain(
                "Cannot deserialize value of type `java.lang.Double` from String value (token `JsonToken.VALUE_STRING`)"));
        assertEquals("Unexpected end-of-input in a text", JsonErrors.plain("Unexpected end-of-input in VALUE_STRING"));
        assertEquals("a ? b", JsonErrors.plain("a \u001b b"), "one line, no control character");
    }
}
