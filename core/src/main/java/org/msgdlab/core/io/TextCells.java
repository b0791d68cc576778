package org.msgdlab.core.io;

import java.util.regex.Pattern;

/**
 * Text from files a user can edit (a results file's provenance, a run.json's commit, a plan's ids)
 * made inert where msgd writes it into a table: the one place every CSV and Markdown writer quotes
 * its cells.
 * <ul>
 * <li>CSV ({@link #csv}): RFC 4180 quoting, one line per row, no control character, and spreadsheet formula
 *     neutralisation (OWASP, "CSV injection"): a text cell that starts with {@code = + - @}, a tab
 *     or a carriage return gets a leading apostrophe, so that a spreadsheet shows it and never
 *     evaluates it ({@code =HYPERLINK(...)}, {@code =1+1}). A number ({@code -0.25},
 *     {@code +1e-3}) stays a number.</li>
 * <li>Markdown ({@link #markdown}, {@link #markdownCell}, {@link #markdownCode}): one line (a
 *     newline could open a heading or a table), {@code &} and {@code <} as entities (no HTML tag
 *     can open), {@code |} escaped inside a table cell, no backtick inside a code span.</li>
 * <li>A page or a figure ({@link #printable}): control characters other than a newline and a tab shown as
 *     U+FFFD; {@code reports}' HTML escaping applies it to every text.</li>
 * </ul>
 */
public final class TextCells {

    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

    private TextCells() {
    }

    /**
     * A CSV cell: neutralised when it is text that a spreadsheet would take for a formula, line
     * breaks and every other control character but a tab (ESC, NUL) turned to spaces, and quoted when it holds a comma, a quote or an outer space. Null is
     * the empty cell.
     *
     * @param cell the text of the cell
     * @return the cell as written between commas
     */
    public static String csv(String cell) {
        String c = cell == null ? "" : replaceControls(neutralised(cell), ' ', "\t");
        return c.contains(",") || c.contains("\"") || c.startsWith(" ") || c.endsWith(" ")
                ? "\"" + c.replace("\"", "\"\"") + "\"" : c;
    }

    /**
     * {@code cell} with a leading apostrophe when it is text that starts with a character a
     * spreadsheet reads as the start of a formula ({@code = + - @}, tab, carriage return);
     * unchanged otherwise, and always when it is a number.
     *
     * @param cell the text of a cell (not null)
     * @return the text a spreadsheet shows as text
     */
    public static String neutralised(String cell) {
        if (cell.isEmpty() || "=+-@\t\r".indexOf(cell.charAt(0)) < 0 || NUMBER.matcher(cell).matches()) {
            return cell;
        }
        return "'" + cell;
    }

    /**
     * {@code text} with every control character (C0, DEL, C1: an ESC that would colour a terminal, a NUL that
     * ends a C string) as a space: one line of printable text. Null is "".
     *
     * @param text the text
     * @return the text on one line, without control characters
     */
    public static String oneLine(String text) {
        return replaceControls(text, ' ', "");
    }

    /**
     * {@code text} with every control character but a newline and a tab (C0, DEL, C1: an ESC that would colour a
     * terminal, a NUL, a carriage return) as U+FFFD, the replacement character: what a page or a figure shows of
     * text from a file a user can edit (issue 47: ESC and NUL from results.json were copied into index.html). Null
     * is "".
     *
     * @param text the text
     * @return the text with its line breaks and tabs, without other control characters
     */
    public static String printable(String text) {
        return replaceControls(text, '\uFFFD', "\n\t");
    }

    private static String replaceControls(String text, char by, String keep) {
        if (text == null) {
            return "";
        }
        if (text.chars().noneMatch(Character::isISOControl)) {
            return text;
        }
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            b.append(Character.isISOControl(c) && keep.indexOf(c) < 0 ? by : c);
        }
        return b.toString();
    }

    /**
     * Inline Markdown text: on one line (control characters as spaces), {@code &} and {@code <}
     * as HTML entities. Null is "".
     *
     * @param text the text
     * @return text that renders as itself and opens no tag, heading or table
     */
    public static String markdown(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c == '&') {
                b.append("&amp;");
            } else if (c == '<') {
                b.append("&lt;");
            } else if (Character.isISOControl(c)) {
                b.append(' ');
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.toString();
    }

    /**
     * A Markdown table cell: {@link #markdown} with {@code |} escaped.
     *
     * @param text the text
     * @return the cell's text
     */
    public static String markdownCell(String text) {
        return markdown(text).replace("|", "\\|");
    }

    /**
     * The inside of a Markdown code span ({@code `...`}): one line, backticks shown as
     * apostrophes (a code span renders its text as is, so nothing else needs escaping).
     *
     * @param text the text
     * @return text that cannot close the span or leave its line
     */
    public static String markdownCode(String text) {
        if (text == null) {
            return "";
        }
        return text.codePoints().map(c -> Character.isISOControl(c) ? ' ' : c == '`' ? '\'' : c)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }
}
