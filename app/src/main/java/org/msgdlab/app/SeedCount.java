package org.msgdlab.app;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.List;
import java.util.Locale;

/**
 * {@code msgd study --seeds}: {@code auto} (the plan decides how far to train) or a number of paired seeds N &gt;= 0
 * (0: train nothing, read what is there), parsed once where the option is read; the cap, which depends on the plan,
 * is checked by {@link #within}.
 *
 * @param fixed the number of paired seeds, or -1 for {@code auto}
 */
record SeedCount(int fixed) {

    static final SeedCount AUTO = new SeedCount(-1);
    /** How {@code --seeds} writes {@link #AUTO}, and its default in every command that takes it. */
    static final String AUTO_NAME = "auto";

    SeedCount {
        if (fixed < -1) {
            throw new IllegalArgumentException("fixed=" + fixed + " must be >= 0, or -1 for auto");
        }
    }

    /** @return whether the plan decides how many paired seeds to train */
    boolean auto() {
        return fixed < 0;
    }

    /** @return whether the command trains nothing and reads what is there ({@code --seeds 0}) */
    boolean none() {
        return fixed == 0;
    }

    /**
     * The number of paired seeds, checked against the plan's cap.
     *
     * @param cap     the plan's cap
     * @param capName what the cap is, for the message ("" for none)
     * @return the number
     * @throws IllegalArgumentException ({@code --seeds=N must be in [0, cap]}) beyond the cap, or for {@code auto}
     */
    int within(int cap, String capName) {
        if (auto()) {
            throw new IllegalStateException("--seeds=auto has no fixed number");
        }
        if (fixed > cap) {
            throw new IllegalArgumentException("--seeds=" + fixed + " must be in [0, " + cap + "]" + (capName.isEmpty() ? "" : " (" + capName + ")"));
        }
        return fixed;
    }

    /**
     * What {@code --seeds auto} trains to: the first look that has fewer complete paired seeds than it asks for, or the
     * last look (the cap) when every look is complete. The one reading of {@code auto} for every plan.
     *
     * @param looks    the plan's looks, increasing (the last is the cap)
     * @param complete the complete paired seeds on disk
     * @return the paired seeds to train to; 0 when the plan has no look
     */
    static int nextLook(List<Integer> looks, int complete) {
        for (int look : looks) {
            if (complete < look) {
                return look;
            }
        }
        return looks.isEmpty() ? 0 : looks.get(looks.size() - 1);
    }

    @Override
    public String toString() {
        return auto() ? AUTO_NAME : Integer.toString(fixed);
    }

    /** Parses {@code auto} or an integer &gt;= 0; anything else is one line naming the value and the rule. */
    static final class Converter implements ITypeConverter<SeedCount> {
        @Override
        public SeedCount convert(String value) {
            if (value.strip().toLowerCase(Locale.ROOT).equals(AUTO_NAME)) {
                return AUTO;
            }
            try {
                int n = Integer.parseInt(value.strip());
                if (n >= 0) {
                    return new SeedCount(n);
                }
            } catch (NumberFormatException notANumber) {
                // the rule below
            }
            throw new TypeConversionException("'" + value + "' must be auto or an integer >= 0");
        }
    }
}
