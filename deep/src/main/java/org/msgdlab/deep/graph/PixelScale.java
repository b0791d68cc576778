package org.msgdlab.deep.graph;

import java.util.Locale;

/**
 * What the first layer sees of a uint8 pixel: x/255 in [0, 1] (Appendix C) or the raw 0-255 values
 * (the authors' FashionMNIST/mnist.py:37-41 never divides). Carried as this enum from the command line
 * to the graph ({@link DataInGraph#images(org.tensorflow.op.Ops, org.tensorflow.Operand, Class, PixelScale)}),
 * never as a factor compared back.
 */
public enum PixelScale {
    /** x/255 in [0, 1]: {@code unit}. */
    UNIT("x/255 in [0, 1]"),
    /** The raw 0-255 values: {@code raw}. */
    RAW("raw 0-255");

    /** The values {@link #parse} accepts, for messages. */
    public static final String VALUES = "unit (x/255) or raw (0-255)";

    private final String text;

    PixelScale(String text) {
        this.text = text;
    }

    /**
     * {@code unit} or {@code raw}.
     *
     * @param s the value (case and surrounding blanks ignored)
     * @return the scale
     * @throws IllegalArgumentException when {@code s} is neither, the message naming {@code --pixels}, the value
     *                                  and the rule
     */
    public static PixelScale parse(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "unit" -> UNIT;
            case "raw" -> RAW;
            default -> throw new IllegalArgumentException("--pixels=" + s + " must be " + VALUES);
        };
    }

    /** @return how {@link #parse} and run.json's protocol write it: {@code unit} or {@code raw} */
    public String token() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return {@code x/255 in [0, 1]} or {@code raw 0-255}, as run.json's hyper-parameters say it */
    @Override
    public String toString() {
        return text;
    }
}
