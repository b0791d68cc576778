package org.msgdlab.core.claims;

import java.util.Locale;

/** How much computation a verification may spend: {@code quick} (seconds) or {@code full} (minutes). */
public enum Budget {
    QUICK, FULL;

    /** Parses {@code quick} or {@code full} (any case), with a message naming the rule otherwise. */
    public static Budget parse(String text) {
        for (Budget b : values()) {
            if (b.name().equalsIgnoreCase(text.trim())) {
                return b;
            }
        }
        throw new IllegalArgumentException("budget '" + text + "' must be one of quick, full");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
