package org.msgdlab.reports.text;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NumbersTest {

    @Test
    void fourSignificantDigitsWithPowersOfTen() {
        assertEquals("0.1872", Numbers.html(0.18723));
        assertEquals("1.900 × 10<sup>−5</sup>", Numbers.html(1.9e-5));
        assertEquals("−4.890 %", Numbers.percentHtml(-0.0489));
        assertEquals("1000", Numbers.html(1000.0));
        assertEquals("0", Numbers.html(0));
        assertEquals(Numbers.NONE, Numbers.html(Double.NaN));
        assertEquals("∞", Numbers.html(Double.POSITIVE_INFINITY));
        assertEquals("2.000 × 10<sup>5</sup>", Numbers.html(2e5));
    }
}
