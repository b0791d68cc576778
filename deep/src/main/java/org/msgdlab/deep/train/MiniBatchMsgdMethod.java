package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.MiniBatchMsgd;

import java.util.regex.Pattern;

/**
 * [MSGD-Fisher]-B and [MSGD-Cov]-B: Algorithm 2 with isotropic ({@link MiniBatchMsgd#fisherCompensated}) or
 * centred ({@link MiniBatchMsgd#covCompensated}) Gaussian compensatory noise.
 *
 * @param b            the b of SGD-b a NaN magnitude matches, >= 1
 * @param bigBatch     the batch B, >= 1
 * @param magnitude    the compensatory magnitude s, >= 0; NaN: matched to SGD-b
 * @param compensation which compensatory noise
 */
public record MiniBatchMsgdMethod(int b, int bigBatch, double magnitude, Compensation compensation)
        implements Algorithm2Method {

    /** The compensatory noises, written {@code [msgd-NAME]-B} or {@code minibatch-msgd-NAME-B}. */
    public enum Compensation {
        /** [MSGD-Fisher]-B. */
        FISHER {
            @Override
            MiniBatchMsgd of(int n, int bigBatch, double s) {
                return MiniBatchMsgd.fisherCompensated(n, bigBatch, s);
            }
        },
        /** [MSGD-Cov]-B. */
        COV {
            @Override
            MiniBatchMsgd of(int n, int bigBatch, double s) {
                return MiniBatchMsgd.covCompensated(n, bigBatch, s);
            }
        };

        abstract MiniBatchMsgd of(int n, int bigBatch, double s);

        /** @return how {@code --method} writes it */
        MethodNames.Spelling spelling() {
            String t = MethodNames.token(this);
            return MethodNames.Spelling.matching("[msgd-" + t + "]-B (or minibatch-msgd-" + t + "-B)",
                    Pattern.compile("\\[msgd-" + t + "]-(\\d+)|minibatch-msgd-" + t + "-(\\d+)"),
                    (name, m) -> new MiniBatchMsgdMethod(name.b(), name.size(m, 1, 2), name.magnitude(), this));
        }
    }

    /** @throws IllegalArgumentException when {@code b < 1}, {@code bigBatch < 1} or the magnitude is negative */
    public MiniBatchMsgdMethod {
        MethodChecks.requireBatches("MINIBATCH_" + compensation.name(), b, bigBatch);
        MethodChecks.requireMagnitude("MINIBATCH_" + compensation.name(), magnitude);
    }

    @Override
    public MiniBatchMsgd compensated(int n, double s) {
        return compensation.of(n, bigBatch, s);
    }

    @Override
    public boolean centredCovariance() {
        return compensation == Compensation.COV;
    }

    @Override
    public String paperName() {
        return "[MSGD-" + MethodNames.label(compensation) + "]-" + bigBatch;
    }

    @Override
    public String id() {
        return "minibatch-msgd-" + MethodNames.token(compensation) + "-" + bigBatch;
    }
}
