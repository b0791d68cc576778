package org.msgdlab.deep.train;

import java.util.Arrays;

/**
 * GD: W = 1/n, every example every step; no draw.
 *
 * @param b the preset's SGD batch size (recorded with the run, not used), >= 1
 */
public record GdMethod(int b) implements Method {

    static final MethodNames.Spelling SPELLING = MethodNames.Spelling.exactly("gd", GdMethod::new);

    /** @throws IllegalArgumentException when {@code b < 1} */
    public GdMethod {
        MethodChecks.requireB("GD", b);
    }

    @Override
    public String samplingNoise(int n) {
        return "none (W = 1/n)";
    }

    /** Every step feeds the whole training set at weight 1/n. */
    @Override
    public Feeds feeds(int n, boolean batchNorm) {
        int[] all = Algorithm1Feeds.all(n);
        return rng -> {
            double[] w = new double[n];
            Arrays.fill(w, 1.0 / n);
            return new Feed(all, w);
        };
    }

    @Override
    public String id() {
        return SPELLING.syntax();
    }

    @Override
    public String paperName() {
        return "GD";
    }
}
