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

    /** @return the name in lower case, {@code quick} or {@code full}, as the command line and the provenance write it */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
