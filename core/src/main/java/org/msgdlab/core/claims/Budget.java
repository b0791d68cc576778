package org.msgdlab.core.claims;

import java.util.Locale;

/** How much computation a verification may spend: {@code quick} (seconds) or {@code full} (minutes). */
public enum Budget {
    QUICK, FULL;

    /**
     * Parses {@code quick} or {@code full} (any case), with a message naming the rule otherwise.
     *
     * @param text the budget as written, surrounding blanks ignored
     * @return the budget it names
     * @throws IllegalArgumentException when {@code text} is neither {@code quick} nor {@code full}
     */
    public static Budget parse(String text) {
        for (Budget b : values()) {
            if (b.name().equalsIgnoreCase(text.trim())) {
                return b;
            }
        }
        throw new IllegalArgumentException("budget '" + text + "' must be one of quick, full");
    }

    /**
     * What this budget buys of two settings: the one place a budget is read, so a check names its two settings and
     * never tests the budget itself.
     *
     * @param quick the setting at {@link #QUICK}
     * @param full  the setting at {@link #FULL}
     * @param <T>   the setting's type
     * @return {@code quick} or {@code full}
     */
    public <T> T pick(T quick, T full) {
        return this == QUICK ? quick : full;
    }

    /** @return the name in lower case, {@code quick} or {@code full}, as the command line and the provenance write it */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
