package org.msgdlab.reports.text;

/** HTML escaping for text and attribute values: the one way a text of a results file reaches the page. */
public final class Html {

    private Html() {
    }

    /**
     * {@code text} with {@code & < > " '} escaped and every control character but a newline and a tab shown as
     * U+FFFD ({@link org.msgdlab.core.io.TextCells#printable}: no ESC or NUL of a results file reaches the page);
     * "" for null.
     *
     * @param text the text, or null
     * @return the escaped text
     */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        String printable = org.msgdlab.core.io.TextCells.printable(text);
        StringBuilder b = new StringBuilder(printable.length() + 16);
        for (int i = 0; i < printable.length(); i++) {
            char c = printable.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
