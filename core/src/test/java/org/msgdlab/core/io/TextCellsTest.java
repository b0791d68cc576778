package org.msgdlab.core.io;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

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

    @Test
    void noControlCharacterOfAFileReachesATableAPageOrAFigure() {
        // issue 47: an ESC colour sequence and a NUL from results.json were copied into index.html
        assertEquals("red  [31mx y", TextCells.csv("red \u001b[31mx\u0000y"));
        assertEquals("a\tb c", TextCells.csv("a\tb\u0085c"), "a tab stays in a cell; a C1 control goes");
        assertEquals("a\n\tb\uFFFD[31m\uFFFD\uFFFD", TextCells.printable("a\n\tb\u001b[31m\u0000\r"));
        assertEquals("a b c\uFFFFd", TextCells.oneLine("a\nb\u007fc\uFFFFd"), "DEL goes; a noncharacter is no control");
        String clean = "Var[V] = (n-b)/(bn(n-1))";
        assertSame(clean, TextCells.printable(clean), "clean text is returned as is");
        assertEquals("", TextCells.printable(null));
    }
}
