package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.CenteredExchangeableNoise;
import org.msgdlab.theory.noise.FisherNoise;
import org.msgdlab.theory.noise.SamplingNoise;

/**
 * MSGD-Cov and MSGD-Fisher: Algorithm 1 with a Gaussian noise V on the whole training set, of SGD-b's covariance
 * ({@link CenteredExchangeableNoise#msgdCov}) or the Fisher noise {@code V ~ N(0, I/(bn))} ({@link FisherNoise}).
 *
 * @param b     the b of SGD-b the noise matches, >= 1
 * @param noise which noise
 */
public record MsgdGaussianMethod(int b, Noise noise) implements Algorithm1Method {

    /** The Gaussian noises of the whole training set, written {@code msgd-NAME}; the paper names them MSGD-Name. */
    public enum Noise {
        /** MSGD-Cov. */
        COV {
            @Override
            SamplingNoise of(int n, int b) {
                return CenteredExchangeableNoise.msgdCov(n, b);
            }
        },
        /** MSGD-Fisher. */
        FISHER {
            @Override
            SamplingNoise of(int n, int b) {
                return new FisherNoise(n, b);
            }
        };

        abstract SamplingNoise of(int n, int b);

        /** @return how {@code --method} writes it */
        MethodNames.Spelling spelling() {
            return MethodNames.Spelling.exactly("msgd-" + MethodNames.token(this), b -> new MsgdGaussianMethod(b, this));
        }
    }

    /** @throws IllegalArgumentException when {@code b < 1} */
    public MsgdGaussianMethod {
        MethodChecks.requireB("MSGD_" + noise.name(), b);
    }

    @Override
    public SamplingNoise noise(int n) {
        return noise.of(n, b);
    }

    @Override
    public NoiseClass noiseClass() {
        return NoiseClass.GAUSSIAN;
    }

    @Override
    public boolean centredCovariance() {
        return noise == Noise.COV;
    }

    @Override
    public String paperName() {
        return "MSGD-" + MethodNames.label(noise);
    }

    @Override
    public String id() {
        return "msgd-" + MethodNames.token(noise);
    }
}
