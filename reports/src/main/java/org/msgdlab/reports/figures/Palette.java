package org.msgdlab.reports.figures;

import org.msgdlab.core.claims.Verdict;

import java.awt.Color;
import java.util.Locale;

/**
 * The Okabe–Ito colour-blind-safe palette (Okabe and Ito, "Color Universal Design", 2008) and the
 * colour of each verdict, shared by the figures and the HTML report.
 */
public final class Palette {

    public static final Color BLACK = new Color(0x000000);
    public static final Color ORANGE = new Color(0xE69F00);
    public static final Color SKY_BLUE = new Color(0x56B4E9);
    public static final Color BLUISH_GREEN = new Color(0x009E73);
    public static final Color YELLOW = new Color(0xF0E442);
    public static final Color BLUE = new Color(0x0072B2);
    public static final Color VERMILLION = new Color(0xD55E00);
    public static final Color REDDISH_PURPLE = new Color(0xCC79A7);
    public static final Color GREY = new Color(0x999999);

    /** Colours for curves without a role, in order (yellow last: weak on white). */
    static final Color[] CYCLE = {BLUE, ORANGE, REDDISH_PURPLE, SKY_BLUE, BLUISH_GREEN, VERMILLION, BLACK, YELLOW};

    private Palette() {
    }

    /**
     * The {@code k}-th colour for curves without a role, the cycle repeated.
     *
     * @param k a curve's index, from 0
     * @return its colour
     */
    public static Color cycle(int k) {
        return CYCLE[k % CYCLE.length];
    }

    /**
     * PASS bluish green, APPROXIMATE orange, FAIL vermillion, INCONCLUSIVE sky blue, ERROR reddish purple, NOT_RUN grey,
     * NOT_APPLICABLE blue.
     *
     * @param v the verdict, or null
     * @return its colour (grey for null)
     */
    public static Color of(Verdict v) {
        if (v == null) {
            return GREY;
        }
        return switch (v) {
            case PASS -> BLUISH_GREEN;
            case APPROXIMATE -> ORANGE;
            case FAIL -> VERMILLION;
            case INCONCLUSIVE -> SKY_BLUE;
            case ERROR -> REDDISH_PURPLE;
            case NOT_RUN -> GREY;
            case NOT_APPLICABLE -> BLUE;
        };
    }

    /**
     * {@code #rrggbb}.
     *
     * @param c the colour
     * @return its hex code, lower case (alpha dropped)
     */
    public static String hex(Color c) {
        return String.format(Locale.ROOT, "#%02x%02x%02x", c.getRed(), c.getGreen(), c.getBlue());
    }

    /** {@code c} with alpha {@code a} in [0, 1]. */
    static Color alpha(Color c, double a) {
        return new Color(c.getRed(), c.getGreen(), c.getBlue(), (int) Math.round(255 * a));
    }
}
