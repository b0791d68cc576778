package org.msgdlab.reports.text;

import java.util.Locale;

/** Number formats of the report: four significant digits, a minus sign, powers of ten in HTML. */
public final class Numbers {

    /** What a missing number (NaN) shows. */
    public static final String NONE = "–";

    private Numbers() {
    }

    /**
     * {@code x} with four significant digits as HTML: {@code 0.1872}, {@code 1.900 × 10<sup>−5</sup>};
     * {@value #NONE} for NaN, {@code ∞} for infinities.
     *
     * @param x the number
     * @return its HTML
     */
    public static String html(double x) {
        if (Double.isNaN(x)) {
            return NONE;
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "∞" : "−∞";
        }
        if (x == 0) {
            return "0";
        }
        double a = Math.abs(x);
        if (a >= 1e-3 && a < 1e5) {
            return minus(trim(String.format(Locale.ROOT, "%.4g", x)));
        }
        String e = String.format(Locale.ROOT, "%.3e", x);
        int at = e.indexOf('e');
        String mantissa = e.substring(0, at);
        int exponent = Integer.parseInt(e.substring(at + 1));
        return minus(mantissa) + " × 10<sup>" + minus(Integer.toString(exponent)) + "</sup>";
    }

    /**
     * {@code x} as a percentage with four significant digits ({@code −4.890 %}), HTML.
     *
     * @param x the fraction (0.01 is 1 %)
     * @return its HTML; {@value #NONE} for NaN
     */
    public static String percentHtml(double x) {
        return Double.isNaN(x) ? NONE : html(100 * x) + " %";
    }

    /**
     * {@code x} as plain text with four significant digits ({@code %.4g}, "-" minus); "" for NaN.
     *
     * @param x the number
     * @return its text
     */
    public static String plain(double x) {
        return Double.isNaN(x) ? "" : String.format(Locale.ROOT, "%.4g", x);
    }

    private static String trim(String s) {
        // %.4g of 1000.0 is "1000."; of 0.1000 keep the digits (significant).
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }

    private static String minus(String s) {
        return s.startsWith("-") ? "−" + s.substring(1) : s;
    }
}
