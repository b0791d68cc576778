package org.msgdlab.reports.text;

/** HTML escaping for text and attribute values. */
public final class Html {

    private Html() {
    }

    /**
     * {@code text} with {@code & < > " '} escaped; "" for null.
     *
     * @param text the text, or null
     * @return the escaped text
     */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
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
