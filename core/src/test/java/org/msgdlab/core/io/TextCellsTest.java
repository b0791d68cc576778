package org.msgdlab.core.io;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Cells of the CSV and Markdown tables: quoted, on one line, formulas and tags inert. */
class TextCellsTest {

    @Test
    void aTextCellThatASpreadsheetWouldEvaluateGetsALeadingApostrophe() {
        assertEquals("'=1+1", TextCells.csv("=1+1"));
        assertEquals("\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"", TextCells.csv("=HYPERLINK(\"http://x\",\"y\")"));
        assertEquals("'+cmd", TextCells.csv("+cmd"));
        assertEquals("'-2+3", TextCells.csv("-2+3"));
        assertEquals("'@SUM(A1)", TextCells.csv("@SUM(A1)"));
        assertEquals("'\tx", TextCells.csv("\tx"));
        assertEquals("' x", TextCells.csv("\rx"), "the carriage return neutralised, then put on one line");
    }

    @Test
    void numbersStayNumbersAndPlainTextStaysAsItIs() {
        for (String n : new String[] {"-0.25", "+1e-3", "-3.5E-15", "-7", "1.0", ".5", "-.5"}) {
            assertEquals(n, TextCells.csv(n), n);
        }
        assertEquals("prop1.without-replacement.covariance", TextCells.csv("prop1.without-replacement.covariance"));
        assertEquals("", TextCells.csv(null));
        assertEquals("", TextCells.csv(""));
        assertEquals("\"a, b\"", TextCells.csv("a, b"));
        assertEquals("a b", TextCells.csv("a\nb"));
    }

    @Test
    void markdownTextOpensNoTagHeadingOrTable() {
        assertEquals("\"&gt;&lt;img src=x onerror=alert(1)>".replace("&gt;", ">"),
                TextCells.markdown("\"><img src=x onerror=alert(1)>"));
        assertEquals("msgd verify # Owned | a | b |", TextCells.markdown("msgd verify\n# Owned\r| a | b |"));
        assertEquals("a &amp;lt; b", TextCells.markdown("a &lt; b"));
        assertEquals("a \\| b", TextCells.markdownCell("a | b"));
        assertEquals("rm 'x' # y", TextCells.markdownCode("rm `x`\n# y"));
        assertEquals("", TextCells.markdown(null));
    }
}
