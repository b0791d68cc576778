package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.BernoulliNoise;
import org.msgdlab.theory.noise.SamplingNoise;

import java.util.regex.Pattern;

/**
 * MSGD-Bernoulli: Algorithm 1 keeping each example with probability K/n at weight 1/K
 * ({@link BernoulliNoise}); K is the expected batch, b unless given ({@code msgd-bernoulli-K}).
 *
 * @param b        the SGD batch size, the expected batch when {@code bigBatch} is 0, >= 1
 * @param bigBatch the expected batch K; 0: b
 */
public record MsgdBernoulliMethod(int b, int bigBatch) implements Algorithm1Method {

    static final MethodNames.Spelling SPELLING = MethodNames.Spelling.matching(
            "msgd-bernoulli[-K] (K: expected batch, default b)", Pattern.compile("msgd-bernoulli(?:-(\\d+))?"),
            (name, m) -> new MsgdBernoulliMethod(name.b(), m.group(1) == null ? 0 : expectedBatch(name.size(m.group(1)))));

    /** K of {@code msgd-bernoulli-K}: at least 1 (K = 0 was once read as "the SGD batch b", silently; issue 47). */
    private static int expectedBatch(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("method 'msgd-bernoulli-" + k + "': the expected batch K=" + k + " must be >= 1"
                    + " (msgd-bernoulli alone keeps the SGD batch b)");
        }
        return k;
    }

    /** @throws IllegalArgumentException when {@code b < 1} */
    public MsgdBernoulliMethod {
        MethodChecks.requireB("MSGD_BERNOULLI", b);
    }

    @Override
    public SamplingNoise noise(int n) {
        return new BernoulliNoise(n, bigBatch > 0 ? bigBatch : b);
    }

    @Override
    public NoiseClass noiseClass() {
        return NoiseClass.BERNOULLI;
    }

    @Override
    public String paperName() {
        return bigBatch > 0 ? "MSGD-Bernoulli (expected batch " + bigBatch + ")" : "MSGD-Bernoulli";
    }

    @Override
    public String id() {
        return bigBatch > 0 ? "msgd-bernoulli-" + bigBatch : "msgd-bernoulli";
    }
}
