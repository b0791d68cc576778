package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SgdWithReplacement;
import org.msgdlab.theory.noise.SgdWithoutReplacement;

import java.util.regex.Pattern;

/**
 * SGD-b: W = 1/n + V_sgd, the b examples drawn with replacement ({@link SgdWithReplacement}, the paper's
 * default, {@code sgd-b}) or without ({@link SgdWithoutReplacement}, as the authors' code samples,
 * {@code sgd-b-wor}).
 *
 * @param b                  the batch size, >= 1
 * @param withoutReplacement whether the batch holds b distinct examples
 */
public record SgdMethod(int b, boolean withoutReplacement) implements Algorithm1Method {

    static final MethodNames.Spelling SPELLING = MethodNames.Spelling.matching("sgd[-b][-wor]",
            Pattern.compile("sgd(?:-(\\d+))?(-wor)?"), (name, m) ->
                    new SgdMethod(m.group(1) == null ? name.b() : name.size(m.group(1)), m.group(2) != null));

    /** @throws IllegalArgumentException when {@code b < 1} */
    public SgdMethod {
        MethodChecks.requireB(withoutReplacement ? "SGD_WOR" : "SGD", b);
    }

    @Override
    public SamplingNoise noise(int n) {
        return withoutReplacement ? new SgdWithoutReplacement(n, b) : new SgdWithReplacement(n, b);
    }

    /** With batch norm SGD feeds the batch behind W: b examples, repeats included, weight 1/b each. */
    @Override
    public Feeds feeds(int n, boolean batchNorm) {
        return new Algorithm1Feeds(noise(n), n, batchNorm, b);
    }

    @Override
    public String paperName() {
        return "SGD-" + b + (withoutReplacement ? " (without replacement)" : "");
    }

    @Override
    public String id() {
        return "sgd-" + b + (withoutReplacement ? "-wor" : "");
    }
}
