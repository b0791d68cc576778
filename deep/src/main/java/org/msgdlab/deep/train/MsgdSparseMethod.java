package org.msgdlab.deep.train;

import org.msgdlab.theory.noise.ExactCovSparseNoise;
import org.msgdlab.theory.noise.SamplingNoise;
import org.msgdlab.theory.noise.SparseCovNoise;
import org.msgdlab.theory.noise.SparseFisherNoise;

import java.util.regex.Pattern;

/**
 * MSGD-[Fisher-B] and MSGD-[Cov-B]: Algorithm 1 with a sparse Gaussian noise on a batch of B, the Fisher noise
 * ({@link SparseFisherNoise}, form {@code MINI_BATCH_FISHER}, batch drawn without replacement), that of SGD-b's
 * covariance ({@link SparseCovNoise}, n(B-1)/((n-1)B) of it), or the latter rescaled to SGD-b's covariance exactly
 * ({@link ExactCovSparseNoise}, {@code msgd-[cov-exact-B]}).
 *
 * @param b        the b of SGD-b the noise matches, >= 1
 * @param bigBatch the batch B, >= 1
 * @param noise    which noise
 */
public record MsgdSparseMethod(int b, int bigBatch, Noise noise) implements Algorithm1Method {

    /** The sparse noises, written {@code msgd-[NAME-B]} or {@code msgd-sparse-NAME-B}. */
    public enum Noise {
        /** MSGD-[Fisher-B]. */
        FISHER {
            @Override
            SamplingNoise of(int n, int b, int bigBatch) {
                return new SparseFisherNoise(n, b, bigBatch, SparseFisherNoise.Form.MINI_BATCH_FISHER, false);
            }
        },
        /** MSGD-[Cov-B]. */
        COV {
            @Override
            SamplingNoise of(int n, int b, int bigBatch) {
                return new SparseCovNoise(n, b, bigBatch);
            }
        },
        /** MSGD-[Cov-exact-B]: MSGD-[Cov-B] rescaled to SGD-b's covariance exactly, the sparse twin of MSGD-Cov. */
        COV_EXACT {
            @Override
            SamplingNoise of(int n, int b, int bigBatch) {
                return new ExactCovSparseNoise(n, b, bigBatch);
            }
        };

        abstract SamplingNoise of(int n, int b, int bigBatch);

        /** @return how {@code --method} writes it */
        MethodNames.Spelling spelling() {
            String t = MethodNames.token(this);
            return MethodNames.Spelling.matching("msgd-[" + t + "-B] (or msgd-sparse-" + t + "-B)",
                    Pattern.compile("msgd-\\[" + t + "-(\\d+)]|msgd-sparse-" + t + "-(\\d+)"),
                    (name, m) -> new MsgdSparseMethod(name.b(), name.size(m, 1, 2), this));
        }
    }

    /** @throws IllegalArgumentException when {@code b < 1} or {@code bigBatch < 1} ({@code < 2} for MSGD-[Cov-exact-B]) */
    public MsgdSparseMethod {
        MethodChecks.requireBatches("MSGD_SPARSE_" + noise.name(), b, bigBatch);
        if (noise == Noise.COV_EXACT && bigBatch < 2) {
            throw new IllegalArgumentException("method MSGD_SPARSE_COV_EXACT: batch size B=" + bigBatch
                    + " must be >= 2 (one sample's centred noise is 0)");
        }
    }

    @Override
    public SamplingNoise noise(int n) {
        return noise.of(n, b, bigBatch);
    }

    @Override
    public NoiseClass noiseClass() {
        return NoiseClass.SPARSE;
    }

    @Override
    public boolean centredCovariance() {
        return noise != Noise.FISHER;
    }

    @Override
    public String paperName() {
        return "MSGD-[" + MethodNames.label(noise) + "-" + bigBatch + "]";
    }

    @Override
    public String id() {
        return "msgd-sparse-" + MethodNames.token(noise) + "-" + bigBatch;
    }
}
